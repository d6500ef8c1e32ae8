"""What a table tells: each change of the game as one place at it may know it.

The records a :class:`~core.table.Table` hands out. A :class:`Told` is one change
(:data:`Change`) as one seat (or someone watching) is told it: its events redacted for that
seat (:mod:`core.seen`) and the seat's view before and after (:mod:`core.views`). A
:class:`Hint` names the helper AI's move and never the card a stock draw would show; an
:class:`AiFailure` is for the table's owner alone.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from .cards import Card
from .events import CardDiscarded, CardDrawn, DrawSource, Event
from .rules import Discard, Draw
from .seen import Seen
from .state import GameState
from .views import SeatView


@frozen(kw_only=True)
class Moved:
    """Events were added: a move and what it caused, an AI turn, a call for help.

    ``auto`` is true when the AI played this seat's turn for its person (``auto``).
    """

    events: tuple[Seen, ...]
    auto: bool = False


@frozen(kw_only=True)
class TookBack:
    """The person took their last move back: ``removed`` are the events cut off the log."""

    seat: int
    removed: tuple[Seen, ...]
    newly_assisted: bool
    """The undo went back past a card the seat had not seen: the game is now assisted."""


@frozen(kw_only=True)
class PlayedAgain:
    """The person played the undone events again, exactly: ``events``."""

    seat: int
    events: tuple[Seen, ...]


Change = Moved | TookBack | PlayedAgain


@frozen(kw_only=True)
class Told:
    """One change of the game as the place ``seat`` (``None``: someone watching) is told it:
    what changed, redacted for that seat, and the seat's view before and after it.

    ``number`` counts the changes the table has told (its state id): a session that was
    given the view of change ``n`` takes only what is told after it.
    """

    seat: int | None
    number: int
    change: Change
    before: SeatView | None
    """``None`` when the change is the game's start."""
    after: SeatView


@frozen(kw_only=True)
class AiFailure:
    """The AI of ``seat`` failed (``error``); a ``level`` AI played that turn instead.

    Only the table's owner hears this (the error may name the failing AI's cards)."""

    seat: int
    error: Exception
    level: str


@frozen(kw_only=True)
class Hint:
    """What the helper AI would do now, and why: ``command`` is the move, ``card`` the card
    it names (the top of the discard pile to take, or the card to discard)."""

    command: Draw | Discard
    card: Card | None
    reason: str

    @staticmethod
    def of(events: tuple[Event, ...], reason: str) -> Hint:
        """The hint a decision's events make, without the card a stock draw would show."""
        for event in events:
            if isinstance(event, CardDrawn):
                source = event.source
                card = event.card if source == DrawSource.DISCARD else None
                return Hint(command=Draw(seat=event.seat, source=source), card=card, reason=reason)
            if isinstance(event, CardDiscarded):
                command = Discard(seat=event.seat, card=event.card)
                return Hint(command=command, card=event.card, reason=reason)
        raise ValueError("a decision without a move")


Listener = Callable[[Told], None]
"""What hears a table's changes, as one seat may know them."""


@frozen(kw_only=True)
class Snapshot:
    """The table as it was after its ``number``-th change told: the state, the log as it is
    stored, and the seats that took help (some of it pending after an undo)."""

    number: int
    state: GameState
    events: tuple[Event, ...]
    helped: frozenset[int]
