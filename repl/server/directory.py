"""The server's tables as a front sees them: a directory the hall publishes after each
change, and the requests that make, join and watch a table, each answered with a link.

A front (the lobby in a terminal, the browser's list of tables) never holds a table: it
reads the hall's latest :class:`Directory`, a record that never changes (each open table a
:class:`Listed`: its plan, whether its game started, the round in play; the tables that
cannot be resumed), and the name checks read the same. To sit down it sends a request
(:class:`MakeTable`, :class:`JoinTable`, :class:`WatchTable`) and is answered with a
:class:`~repl.protocol.link.Link` to the table's master, or :class:`~repl.protocol.refused.Refused`
and why. What the hall answers is :class:`Tables`.

>>> waiting = Listed("KITE-7", Plan(code="KITE-7", host="ana", people=("ana", None, None, None)))
>>> waiting.taken, waiting.free, [waiting.player(seat) for seat in range(4)]
(1, 3, ['ana', None, None, None])
>>> running = Listed("KITE-7", waiting.plan, started=True, round_no=2)
>>> running.taken, running.free, running.player(1)
(4, 0, 'medium')
>>> running.seat_words(1, Texts("en")), waiting.seat_words(1, Texts("de"))
('AI 2 (medium)', 'frei')
>>> Directory((waiting,)).seated("ana"), Directory((running,)).waiting_for("ana") is running
(True, True)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Protocol

from attrs import frozen

from ..protocol.link import Link
from ..words.i18n import Texts
from .kept import Kept
from .names import Identity
from .plan import Plan

MaySay = Callable[[str], str | None]
"""Why the one who asks may not say a line at the table of a code now (a text key), or
``None``: counted per connection, address and table by them (a line they may say is
counted); the place's caps at the table (:class:`~repl.master.desk.Caps`)."""


def never_silenced(code: str) -> str | None:
    """Whoever asks may say every line (a test's, a script's)."""
    return None


@frozen
class Listed:
    """One open table as the lobby lists it: its ``code`` and ``plan`` (who sits where, the
    options), whether its game ``started``, the round in play (``round_no``: 0 before the
    deal and between rounds)."""

    code: str
    plan: Plan
    started: bool = False
    round_no: int = 0

    def player(self, seat: int) -> str | None:
        """Who plays ``seat``: a person's name, the AI's level once the game started (the
        AI plays every seat no person took), or ``None`` for a seat still free."""
        name = self.plan.people[seat]
        if name:
            return name
        return self.plan.level if self.started else None

    def ai(self, seat: int) -> bool:
        """Whether the AI plays ``seat`` (only once the game started: before, a seat
        without a person is free)."""
        return self.started and not self.plan.people[seat]

    @property
    def taken(self) -> int:
        """The seats taken: by people, and once the game started by the AI too."""
        return self.plan.seats if self.started else self.plan.seats - self.free

    @property
    def free(self) -> int:
        """The seats a person may still take (none once the game started)."""
        return 0 if self.started else self.plan.people.count(None)

    def seat_words(self, seat: int, tx: Texts) -> str:
        """``seat`` as the lobby shows it, in the words of ``tx``: the person's name, the AI
        with its number and level, or free."""
        if self.ai(seat):
            return tx("server.ai_short", number=seat + 1, level=tx.level(self.plan.level))
        return self.plan.people[seat] or tx("server.seat_free")

    def row(self, tx: Texts, me: str) -> dict[str, object]:
        """This table in the browser's list of tables (the ``tables`` message, in the
        words of ``tx``, for the player ``me``): each seat as the lobby shows it (a free
        seat ``null``), the seats the AI plays, the seats taken."""
        seats = range(self.plan.seats)
        return {
            "code": self.code,
            "seats": self.plan.seats,
            "taken": self.taken,
            "people": [None if self.player(s) is None else self.seat_words(s, tx) for s in seats],
            "ai": [seat for seat in seats if self.ai(seat)],
            "started": self.started,
            "round": self.round_no if self.started else None,
            "options": options_text(self.plan, tx),
            "mine": me in self.plan.people,
        }


@frozen
class Directory:
    """The server's tables as the hall published them last: the open ones, oldest first
    (``tables``), and those that cannot be resumed (``kept``). Never changed: the hall
    publishes a new one after each change."""

    tables: tuple[Listed, ...] = ()
    kept: tuple[Kept, ...] = ()

    def find(self, code: str) -> Listed | None:
        """The open table with ``code`` (any case), if there is one."""
        code = code.strip().upper()[:12]
        return next((table for table in self.tables if table.code == code), None)

    def find_kept(self, code: str) -> Kept | None:
        """The table with ``code`` (any case) that cannot be resumed, if there is one."""
        code = code.strip().upper()[:12]
        return next((kept for kept in self.kept if kept.code == code), None)

    def kept_of(self, name: str) -> list[Kept]:
        """The tables ``name`` sat at that cannot be resumed."""
        return [kept for kept in self.kept if name in kept.people()]

    def seated(self, name: str) -> bool:
        """Whether ``name`` has a seat at an open table."""
        return any(name in table.plan.people for table in self.tables)

    def waiting_for(self, name: str) -> Listed | None:
        """A running game where ``name`` has a seat (to go back to it at once)."""
        return next(
            (table for table in self.tables if table.started and name in table.plan.people),
            None,
        )


@frozen
class Past:
    """A table that is over, as its players look it up: its ``plan`` (who sat there, how
    it ended) and ``stem``, the name of its files in ``tables/past``."""

    stem: str
    plan: Plan


class NoLog(enum.Enum):
    """Why ``log CODE`` sends no log."""

    NONE = "none"
    """No table with that code that the player sat at."""
    RUNNING = "running"
    """Its game is not over yet."""
    CLOSED = "closed"
    """It was closed before its end: its seed stays a secret."""


# -- the requests ---------------------------------------------------------------------


@frozen
class MakeTable:
    """``who`` (connected from ``address``) makes a table set up as ``plan``, and sits at
    its first seat; ``may_say`` bounds what they may say there."""

    who: Identity
    plan: Plan
    address: str = ""
    may_say: MaySay = never_silenced


@frozen
class JoinTable:
    """``who`` sits down at the table ``code``: their own seat in a game they play, else
    the next free one before the start."""

    who: Identity
    code: str
    may_say: MaySay = never_silenced


@frozen
class PlayAgain:
    """``who`` (connected from ``address``), who played at the table ``code`` whose game is
    over, asks for another game: a new table set up as it was, or the one its players were
    asked to already."""

    who: Identity
    code: str
    address: str = ""
    may_say: MaySay = never_silenced


@frozen
class WatchTable:
    """``who`` watches the table ``code``."""

    who: Identity
    code: str
    may_say: MaySay = never_silenced


class Tables(Protocol):
    """The server's tables, as a front asks for them (the hall answers): the directory,
    the requests, and the tables that are over of the one who asks."""

    @property
    def directory(self) -> Directory:
        """The directory as published after the latest change."""

    @property
    def abandoned_after(self) -> float:
        """Seconds after which a table nobody is at is closed."""

    async def make(self, request: MakeTable) -> Link:
        """A new table, once its plan with the maker's seat is on disk: the maker's link.
        :class:`~repl.protocol.refused.Refused` says why not."""

    async def join(self, request: JoinTable) -> Link:
        """A seat at the table, once it is on disk: its link (or why not)."""

    async def again(self, request: PlayAgain) -> tuple[Link, bool]:
        """Another game after a table that is over: the asker's seat at the new table, once
        it is on disk, and whether they made it (or why not)."""

    def seat_now(self, request: JoinTable) -> Link | None:
        """The player's own seat at the table, if it is on disk already (a game they play,
        a seat they kept): its link at once; ``None`` when a seat must be taken first
        (:meth:`join`). :class:`~repl.protocol.refused.Refused` says why not."""

    def watch(self, request: WatchTable) -> Link:
        """A place to watch the table from (or why not)."""

    def back(self, who: Identity, may_say: MaySay) -> Link | None:
        """The seat of ``who`` at a running game, if they have one (to go back to it at
        once)."""

    def leave(self, code: str, name: str) -> None:
        """``name`` left the table ``code`` (a seat before the start is given up)."""

    def history(self, who: Identity) -> Sequence[Past]:
        """The tables ``who`` sat at that are over, the latest first."""

    def closed_news(self, who: Identity) -> Sequence[Past]:
        """The tables of ``who`` closed while nobody was there that they have not been
        told of (from now on they have)."""

    def log_problem(self, who: Identity, code: str) -> NoLog | None:
        """Why ``log CODE`` would send ``who`` no log of table ``code`` (``None``: it would)."""

    def report(self, line: str) -> None:
        """A line of the server's log."""


def options_text(plan: Plan, tx: Texts) -> str:
    """A table's options as the lobby lists them: jokers, aces, the AI's level (and how
    many seats it may take), the turn clock."""
    aces = tx("aces.high") if plan.aces_high else tx("aces.low")
    options = tx("server.options", jokers=plan.jokers, aces=aces, level=tx.level(plan.level))
    if plan.ai is not None:
        if plan.ai == 1:
            options += tx("server.ai_most_one")
        else:
            options += tx("server.ai_most", n=plan.ai) if plan.ai else tx("server.no_ai")
    if plan.turn_time:
        options += tx("server.turn_time", seconds=plan.turn_time)
    return options
