"""When a round ends, measured per seat count: the hard level's ``ENDING`` tables.

``ENDING[r][k]`` is the chance that another player goes out between a seat's k-th turn
(counted from 0) of round r and its next turn, so that the next turn is its last. With more
players there are more who may go out first; with two, only one. Each table is measured on
whole games played by one level in every seat, dealt from seeds ``S, S + 1 …``:

>>> counts = count_endings(play_game(7, ("greedy",) * 3))
>>> all(ended <= seen for ended, seen in counts.values())
True

A turn is counted while nobody has gone out yet (the last turns after someone went out are
no question of when the round ends). The rates are then smoothed as the four-seat table
was: cut where fewer than ``least`` turns were seen, and never falling from one turn to the
next (a round only gets nearer its end).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from ..events import CardDiscarded, Event, PlayerWentOut, RoundDealt, RoundScored
from ..players import play_game

Counts = dict[tuple[int, int], tuple[int, int]]
"""For (round, turn): how often another player went out before the next turn, and how
often that turn was seen."""


@frozen(kw_only=True)
class EndingJob:
    """Whole games at ``seats``, ``player`` in every seat, dealt from each of ``seeds``."""

    seats: int
    seeds: tuple[int, ...]
    player: str


def count_endings(events: Sequence[Event]) -> Counts:
    """What one game's log shows: for every turn of every seat before anyone went out,
    whether another player went out before that seat's next turn."""
    counts: Counts = {}
    open_turns: dict[int, tuple[int, int]] = {}  # seat -> (round, its turn) awaiting its next
    made: dict[int, int] = {}
    round_no = 0
    out = False
    for event in events:
        if isinstance(event, RoundDealt):
            round_no, out, made, open_turns = event.round_no, False, {}, {}
        elif isinstance(event, CardDiscarded) and not out:
            _close(counts, open_turns.pop(event.seat, None), ended=False)
            turn = made.get(event.seat, 0)
            made[event.seat] = turn + 1
            open_turns[event.seat] = (round_no, turn)
        elif isinstance(event, PlayerWentOut):
            out = True
            open_turns.pop(event.seat, None)  # going out oneself ends no question
            for waiting in open_turns.values():
                _close(counts, waiting, ended=True)
            open_turns = {}
        elif isinstance(event, RoundScored) and not out:  # the safety rule ended it
            for waiting in open_turns.values():
                _close(counts, waiting, ended=False)
            open_turns = {}
    return counts


def _close(counts: Counts, turn: tuple[int, int] | None, *, ended: bool) -> None:
    if turn is not None:
        seen_ended, seen = counts.get(turn, (0, 0))
        counts[turn] = (seen_ended + ended, seen + 1)


def measure(job: EndingJob) -> Counts:
    """The counts of every game of ``job``, added up."""
    total: Counts = {}
    for seed in job.seeds:
        add(total, count_endings(play_game(seed, (job.player,) * job.seats)))
    return total


def add(total: Counts, more: Counts) -> None:
    """Add ``more`` into ``total``."""
    for key, (ended, seen) in more.items():
        old_ended, old_seen = total.get(key, (0, 0))
        total[key] = (old_ended + ended, old_seen + seen)


def smoothed(counts: Counts, least: int = 50) -> dict[int, tuple[float, ...]]:
    """``ENDING`` from the counts: for each round the rate per turn, in hundredths, up to
    the first turn seen fewer than ``least`` times, never falling from turn to turn."""
    table: dict[int, tuple[float, ...]] = {}
    for round_no in sorted({r for r, _ in counts}):
        rates: list[float] = []
        for turn in range(max(k for r, k in counts if r == round_no) + 1):
            ended, seen = counts.get((round_no, turn), (0, 0))
            if seen < least:
                break
            rate = round(ended / seen, 2)
            rates.append(max(rate, rates[-1]) if rates else rate)
        table[round_no] = tuple(rates) or (0.5,)
    return table


def ending_jobs(seats: Iterable[int], seeds: tuple[int, ...], player: str) -> list[EndingJob]:
    """One job per seat count and ten seeds, so that processes share the work evenly."""
    return [
        EndingJob(seats=count, seeds=seeds[i : i + 10], player=player)
        for count in seats
        for i in range(0, len(seeds), 10)
    ]
