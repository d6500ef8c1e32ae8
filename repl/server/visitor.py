"""One person at the server, however they came (a terminal over SSH, a browser): the fronts
they move between, the lobby and a table, and where they go next.

A :class:`Visitor` is the :class:`~.table_session.Connection` a table's session talks to. What
differs by the way in is the screen, how lines are read, and what fetches a finished
game's log; moving between the lobby and the tables is the same, and is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Protocol

from ..kit.front import Front
from ..kit.screen import Screen
from ..protocol.link import Link
from ..words.i18n import Texts
from .directory import PlayAgain
from .lines import Says
from .lobby import LobbyFront
from .names import Identity
from .reception import Reception
from .table_session import TableSession


class AskingScreen(Screen, Protocol):
    """A person's screen, which answers yes with the keys of their language."""

    yes_keys: str


class Visitor(ABC):
    """Someone logged in (``who``: their name, and the key or the password that proved it)
    from ``address``: in the lobby or at a table (:attr:`front`, and :attr:`place` there),
    and where they go next (:attr:`next`)."""

    screen: AskingScreen

    def __init__(self, service: Reception, *, who: Identity, address: str, tx: Texts) -> None:
        self.service = service
        self.who = who
        self.address = address
        """Where the connection comes from (tables and talk are capped per address)."""
        self.tx = tx
        self.says = Says(service, address)
        self.front: Front | None = None
        self.place: TableSession | None = None
        """Where this person is at a table, while their front is that table's."""
        self.next: tuple[Front, TableSession | None] | None = None
        """The front (and place) to go to once the line in hand is done."""

    @property
    def name(self) -> str:
        """The name they play under."""
        return self.who.name

    def first(self) -> tuple[Front, TableSession | None]:
        """Where to begin: back at a running game of this player, else the lobby."""
        link = self.service.door.back(self.who, self.may_say)
        return self.seat(link) if link is not None else (self.lobby(), None)

    def lobby(self) -> LobbyFront:
        return LobbyFront(
            self.service.door,
            who=self.who,
            tx=self.tx,
            screen=self.screen,
            go=self._go,
            language=self._language,
            address=self.address,
            may_say=self.may_say,
            fetch=self.fetch,
            keep_log=self.keep_log,
        )

    def seat(self, link: Link) -> tuple[Front, TableSession]:
        """The front at the table of ``link`` (the player's seat, or a place to watch
        from), and this connection's session there, which keeps the link."""
        place = TableSession(self, link)
        place.seat_at(self.tx.lang, self.screen)
        return place.front, place

    def left(self, place: TableSession | None) -> None:
        """The table of ``place`` was left: a seat at a table whose game has not started is
        given up (the room keeps its plan), a table nobody sits at is forgotten. Both are
        the hall's, asked by the table's code: this connection holds no room."""
        if place is not None and place.seat is not None:
            self.service.door.leave(place.code, self.name)

    def _go(self, link: Link) -> None:
        self.next = self.seat(link)

    def _language(self, lang: str) -> None:
        """``lang``: the words of ``lang`` from now on, and at this player's next login
        (kept with their name, over a restart too)."""
        self.service.keys.choose(self.who, lang)
        self.tx = Texts(lang)
        self.screen.yes_keys = self.tx.yes_keys
        self.language_changed()
        self.next = (self.lobby(), None)

    @abstractmethod
    def language_changed(self) -> None:
        """The player chose another language (``lang``): what else its screen needs."""

    # -- what a table asks of its connection (:class:`~.table_session.Connection`) ------

    def go_to_lobby(self) -> None:
        self.next = (self.lobby(), None)

    async def again(self, code: str) -> tuple[Link, bool]:
        asked = PlayAgain(self.who, code, self.address, self.may_say)
        return await self.service.door.again(asked)

    def go_to(self, link: Link) -> None:
        self._go(link)

    def invited(self, code: str, text: str) -> None:  # noqa: B027  (a terminal said it)
        """Someone asks for another game at the table ``code``: a terminal has said
        ``text`` already."""

    def may_say(self, table: str) -> str | None:
        return self.says.may_say(table)

    @abstractmethod
    def sent_away(self) -> None:
        """The room bound this connection to its seat no more: to the lobby now, without
        waiting for a line."""

    @abstractmethod
    def refresh(self) -> None:
        """A clock at the table moved on: show it again."""

    def heard(self) -> None:  # noqa: B027  (a terminal shows news as the front says it)
        """The place at a table took news in."""

    def fetch(self, code: str) -> str | None:
        """What fetches the log of table ``code`` from the player's own computer (``None``:
        nothing to type)."""
        return None

    @abstractmethod
    def keep_log(self, code: str) -> None:
        """``log CODE`` in the lobby, for a finished table of this player's (checked): say
        the command that fetches its log (:meth:`fetch`), or send the log as a file."""
