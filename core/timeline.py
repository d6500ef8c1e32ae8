"""The game as its event log, with unlimited undo, an exact redo, and the assisted rule.

Undo goes back to the state before a seat's last move (a draw or a
discard) by cutting the log there; the cut-off events are kept and redo puts
them back verbatim, so redo restores exactly (the log is then what it was).

The rule on help lives here: help cannot be undone, and an undo that goes back
past a card the seat had not seen before (see :func:`reveals_hidden`) is help
too. Assistance recorded in the cut-off part, and that kind of undo, are kept *pending*:
they are written into the log just before the next new event (a move, a hint),
and they are part of :meth:`Timeline.recorded` (what the autosave and a save
file hold). Writing them at once would shift the event count that AI choices
are seeded with, and redo would no longer restore exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from .events import (
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
)
from .log_bounds import records_help
from .moves import is_move_of
from .state import GameState, fold


def reveals_hidden(events: Iterable[Event], seat: int) -> bool:
    """Whether ``events`` showed ``seat`` a card that was hidden before them.

    A stock draw of its own, an opponent's discard or going out, a round's
    scoring (every hand shown) and a new deal all do; taking the discard top
    and one's own discard do not.
    """
    for event in events:
        match event:
            case CardDrawn(seat=who, source=DrawSource.STOCK) if who == seat:
                return True
            case CardDiscarded(seat=who) | PlayerWentOut(seat=who) if who != seat:
                return True
            case RoundScored() | RoundDealt():
                return True
    return False


@frozen
class Checkpoint:
    """A timeline as it was (see :meth:`Timeline.checkpoint`): put back by
    :meth:`Timeline.restore` when a change could not be stored."""

    events: tuple[Event, ...]
    state: GameState
    redo_stack: tuple[tuple[Event, ...], ...]
    pending: tuple[AssistanceUsed, ...]


class Timeline:
    """The events of one game, its current state, the redo stack and pending assistance."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events: tuple[Event, ...] = tuple(events)
        """The log, never changed in place: each change makes a new tuple (readers on other
        threads may hold the old one)."""
        self.state: GameState = fold(self.events)
        self.redo_stack: list[tuple[Event, ...]] = []
        self.pending: list[AssistanceUsed] = []

    # -- reading -------------------------------------------------------------------

    def recorded(self) -> tuple[Event, ...]:
        """The log as it is saved: the events, then any pending assistance."""
        return (*self.events, *self.pending) if self.pending else self.events

    def assisted_for(self, seat: int) -> bool:
        """Whether ``seat`` took help in this game (recorded or pending)."""
        return self.state.is_assisted(seat) or any(p.seat == seat for p in self.pending)

    def can_undo_for(self, seat: int) -> bool:
        """Whether ``seat`` has a move to take back (never once the game is over)."""
        return self.state.ended is None and any(is_move_of(e, seat) for e in self.events)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # -- changing ------------------------------------------------------------------

    def checkpoint(self) -> Checkpoint:
        """The timeline as it is now, to go back to if a change cannot be kept."""
        return Checkpoint(self.events, self.state, tuple(self.redo_stack), tuple(self.pending))

    def restore(self, checkpoint: Checkpoint) -> None:
        """Go back to ``checkpoint``: the log, the state, the redo stack and pending help."""
        self.events, self.state = checkpoint.events, checkpoint.state
        self.redo_stack = list(checkpoint.redo_stack)
        self.pending = list(checkpoint.pending)

    def begin(self) -> None:
        """Prepare for a new event: write pending assistance first (within the log's bound
        on help, :func:`~core.log_bounds.records_help`), and forget the redo stack."""
        pending, self.pending = self.pending, []
        for help in pending:
            if records_help(self.state, help.seat, help.help):
                self._extend((help,))
        self.redo_stack.clear()

    def extend(self, events: Iterable[Event]) -> tuple[Event, ...]:
        """Append events decided on the current state (call :meth:`begin` first); the events
        kept. Help the log's bound no longer records once pending help is written before it
        (:func:`~core.log_bounds.records_help`) is left out."""
        kept = tuple(
            event
            for event in events
            if not isinstance(event, AssistanceUsed)
            or records_help(self.state, event.seat, event.help)
        )
        self._extend(kept)
        return kept

    def _extend(self, events: Iterable[Event]) -> None:
        added = tuple(events)
        self.events, self.state = self.events + added, fold(added, self.state)

    def undo_for(self, seat: int) -> tuple[Event, ...] | None:
        """Go back to before ``seat``'s last move; the events cut off, or ``None``."""
        if not self.can_undo_for(seat):
            return None
        cut = max(i for i, event in enumerate(self.events) if is_move_of(event, seat))
        removed = self.events[cut:]
        self.events = self.events[:cut]
        self.state = fold(self.events)
        self.redo_stack.append(removed)
        for event in removed:
            if isinstance(event, AssistanceUsed):
                self._keep(event)
        if reveals_hidden(removed, seat):
            self._keep(AssistanceUsed(seat=seat, help=Assistance.UNDO))
        return removed

    def redo(self) -> tuple[Event, ...] | None:
        """Put back the events of the latest undo, exactly; ``None`` if there is nothing to redo."""
        if not self.redo_stack:
            return None
        events = self.redo_stack.pop()
        self._extend(events)
        self.pending = [p for p in self.pending if (p.seat, p.help) not in self.state.assisted]
        return events

    def _keep(self, assistance: AssistanceUsed) -> None:
        known = self.state.assisted | {(p.seat, p.help) for p in self.pending}
        if (assistance.seat, assistance.help) not in known:
            self.pending.append(assistance)
