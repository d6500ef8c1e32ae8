"""``threethirteen simulate --ending``: when rounds end, per seat count, as the hard level's
``ENDING`` tables (:mod:`core.lab.ending` measures; this is its front: the processes, the
progress and the tables printed as Python, ready for ``core/ai/hard.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.lab.ending import Counts, EndingJob, add, measure, smoothed
from .processes import measured


def ending_counts(
    jobs: Sequence[EndingJob], workers: int, done: Callable[[int], None]
) -> dict[int, Counts]:
    """The counts per seat count of every job, in ``workers`` processes when more than
    one; ``done`` is told how many jobs are measured after each."""
    total: dict[int, Counts] = {}
    for finished, (job, counts) in enumerate(
        zip(jobs, measured(measure, jobs, workers), strict=True), start=1
    ):
        add(total.setdefault(job.seats, {}), counts)
        done(finished)
    return total


def ending_text(counts: dict[int, Counts], games: str) -> str:
    """The tables as Python: ``ENDING_BY_SEATS = {seats: {round: (chance, …)}}``."""
    lines = [f"# {games}; a turn seen fewer than 50 times ends its round's row", "{"]
    for seats in sorted(counts):
        seen = sum(seen for _, seen in counts[seats].values())
        lines.append(f"    {seats}: {{  # {seen} turns")
        for round_no, rates in smoothed(counts[seats]).items():
            lines.append(f"        {round_no}: ({', '.join(map(str, rates))},),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines)
