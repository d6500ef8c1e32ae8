"""How the events of a log group into moves and turns.

One command causes one or more events (a discard that goes out and ends the
round: the discard, going out, the scoring, the next deal): together they are a
*move*, and a log is only ever cut between moves (undo, ``--replay-to``). A
*turn* is one player's take and discard; the replay steps by turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import (
    CardDiscarded,
    CardDrawn,
    Event,
    GameEnded,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundEnd,
    RoundScored,
    StockRebuilt,
)


def is_move_of(event: Event, seat: int) -> bool:
    """A draw or discard of ``seat``: the points an undo goes back to."""
    return isinstance(event, CardDrawn | CardDiscarded) and event.seat == seat


def continues_move(events: Sequence[Event], index: int) -> bool:
    """Whether ``events[index]`` follows from the same move as the event before it.

    A deal follows the start or the scoring before it; going out follows a
    discard; a scoring after someone went out follows the last discard (one ended
    by the safety rule is the start of a draw); a draw follows a stock rebuild;
    the end of the game follows the last scoring.
    """
    if index <= 0:
        return False
    event = events[index]
    if isinstance(event, RoundDealt | PlayerWentOut | GameEnded):
        return True
    if isinstance(event, CardDrawn):
        return isinstance(events[index - 1], StockRebuilt)
    if isinstance(event, RoundScored):
        return event.ended_by == RoundEnd.WENT_OUT
    return False


def move_end(events: Sequence[Event], count: int) -> int:
    """The smallest event count ≥ ``count`` that does not cut a move in two."""
    while count < len(events) and continues_move(events, count):
        count += 1
    return count


def is_turn_end(events: Sequence[Event], index: int) -> bool:
    """Whether ``events[index]`` ends a turn or a stage: a discard (and going out after it),
    a deal, a scoring, the start or the end of the game. ``next turn`` stops there."""
    event = events[index]
    if isinstance(event, CardDiscarded):
        following = events[index + 1] if index + 1 < len(events) else None
        return not isinstance(following, PlayerWentOut)
    return isinstance(event, GameStarted | RoundDealt | RoundScored | PlayerWentOut | GameEnded)
