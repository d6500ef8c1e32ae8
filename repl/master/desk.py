"""What a table's master asks of its keeper (:class:`Keeper`, and who sits where:
:class:`Seats`), and what its parts ask of the master (:class:`Desk`): its acts
(:mod:`.acting`) and its turns (:mod:`.drive`) are written against it, and the master
(:class:`~.master.Master`) is it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol, TypeVar

from attrs import frozen

from ...core.events import CardDiscarded, CardDrawn, Event
from ...core.state import GameState
from ...core.table import Table
from ...core.turns import Scope
from ..protocol.acts import Binding
from ..protocol.link import Facts
from ..protocol.news import News, Note, Who
from .coach import Coaching, Lane
from .engine import Engine
from .talk import Talk

_T = TypeVar("_T")

Caps = Callable[[], str | None]
"""Why one place may not say a line now (a text key: its lines a minute are spent), or
``None``; a line it may say is counted."""


@frozen(kw_only=True)
class Seats:
    """Who sits where at a table, as its keeper has it: each seat's person (``None``: an
    AI's, or free before the start), who plays each seat as the log will name it, the host,
    how many people must still sit down before the start, and how many seats the AI may
    take (``None``: every free one)."""

    people: tuple[str | None, ...]
    players: tuple[str, ...]
    host: str = ""
    missing: int = 0
    ai: int | None = None


class Keeper(Protocol):
    """What a master asks of whoever keeps its table: a server's room (its plan and its log
    on disk), or the game at a terminal (its autosave and statistics)."""

    def seats(self) -> Seats:
        """Who sits where now."""
        ...

    def report(self, line: str) -> None:
        """A line for the server's log (a failure nobody at the table should read)."""

    def failed(self, what: str, error: Exception) -> None:
        """``what`` failed with an error nobody expected (``server.error`` to the place
        that asked, unless this raises it on: at a terminal it goes up to the loop, which
        writes a crash file)."""

    async def deal(self) -> Sequence[Event]:
        """The events that begin the game, with the seats they deal on disk first
        (:class:`~.refused.Refused` when they cannot be)."""
        ...

    def seat_game(self, events: Sequence[Event], *, fresh: bool) -> Table:
        """The table of the game ``events`` (``fresh``: just dealt, stored first), made where
        changes are made."""
        ...

    def piloted(self, seat: int, scope: Scope | None, since: int) -> None:
        """``seat`` asked the AI to play for it (``None``: no more), the log then at
        ``since`` events: remembered for a restart where the keeper keeps such things."""

    def over(self) -> None:
        """The game came to its end (once)."""

    def played(self, seat: int, before: GameState, move: CardDrawn | CardDiscarded) -> None:
        """A person's ``move`` at ``seat`` was played, the game ``before`` it (the lesson at
        a terminal says what it was worth)."""

    def changed(self) -> None:
        """The game changed (a move, an AI turn, a game begun): a server's table is not
        idle, and its lobby's listing may have changed."""




class Desk(Protocol):
    """A table's master, as its parts see it."""

    keeper: Keeper
    engine: Engine
    facts: Facts
    table: Table | None
    closed: bool
    starting: bool
    coaching: Coaching
    lane: Lane
    talk: Talk

    @property
    def started(self) -> bool: ...

    @property
    def finished(self) -> bool: ...

    def bound(self) -> list[Binding]: ...

    def who(self) -> Who: ...

    def seated(self) -> bool: ...

    def is_bound(self, binding: Binding) -> bool: ...

    def seat_of(self, binding: Binding) -> int: ...

    def caps(self, binding: Binding) -> Caps: ...

    def unlink(self, binding: Binding) -> None: ...

    def to(self, binding: Binding, news: News) -> None: ...

    def tell(self, note: Note, *, seat: int | None = None, name: str | None = None) -> None: ...

    def tell_seat(self, seat: int | None, news: News) -> None: ...

    def refuse(self, binding: Binding, error: BaseException) -> None: ...

    def begin(self, table: Table, *, told: bool = True) -> None: ...

    def go_on(self) -> None: ...

    def auto(self, seat: int, scope: Scope | None) -> int: ...

    def spawn(self, work: Awaitable[_T]) -> asyncio.Future[_T]: ...

    async def change(
        self, binding: Binding | None, work: Callable[[], _T], what: str, think: bool = False
    ) -> _T: ...

