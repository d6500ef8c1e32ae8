"""``threethirteen simulate --ladder``: the deck ladder measured, as a Markdown table.

For every seat count (2 to 8) and every number of decks that deals round 11 (without
jokers, and with two per deck), how often the stock runs out in round 11 and how often
the safety rule ends it. The measuring is :mod:`core.lab.ladder`'s; this is its front:
the processes, the progress and the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.lab.ladder import LadderCell, LadderJob, measure
from ...core.seats import DECKS_BY_SEATS
from .processes import measured


def ladder_cells(
    jobs: Sequence[LadderJob], workers: int, done: Callable[[int], None]
) -> list[LadderCell]:
    """Measure every job, in ``workers`` processes when more than one, in job order;
    ``done`` is told how many are measured after each."""
    cells: list[LadderCell] = []
    for cell in measured(measure, jobs, workers):
        cells.append(cell)
        done(len(cells))
    return cells


def _share(count: int, rounds: int) -> str:
    return f"{100 * count / rounds:.1f}%"


def ladder_table(cells: Sequence[LadderCell]) -> str:
    """The measurements as a Markdown table; the ladder's choice marked ``*``."""
    lines = [
        "| seats | decks | jokers | stock after the deal | rounds | stock ran out "
        "| safety rule ended it | turns a round |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for cell in cells:
        chosen = " *" if DECKS_BY_SEATS.get(cell.seats) == cell.decks else ""
        lines.append(
            f"| {cell.seats} | {cell.decks}{chosen} | {cell.jokers} | {cell.stock} "
            f"| {cell.rounds} | {_share(cell.ran_out, cell.rounds)} "
            f"| {_share(cell.exhausted, cell.rounds)} | {cell.mean_turns:.1f} |"
        )
    return "\n".join(lines)
