"""At a shared table: a player's seat, or a place to watch from, for one connection.

:func:`sit_down` asks the room for a link (:class:`~repl.protocol.link.Link`: the binding,
the view now, the two queues) and makes the connection's :class:`TableSession` around it:
the one seated front (:class:`~repl.kit.seat.SeatFront`) sends acts through the link,
exactly as at a terminal, and the session reads the link's news on the event loop and
hands it to the front, which shows it above the line being typed. The session holds the
link and never the room: it can reach no game state and no card its place may not see.

A player sees the game from their own place (the next seat clockwise is Left); someone
watching sees what every player sees (the discards, how many cards each holds, the
scores), each seat called by its player's name, and the hands only once a round is
scored. The commands of a shared table are here too: ``start``, ``say``, ``who``,
``leave``, ``seed`` (the commitment to it), ``coach``, and the host's ``mute NAME``,
``unmute NAME`` and ``watchers off|on|talk``, each an act the table's master checks; and
``again`` once the game is over, which the server's tables answer (a new table).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Protocol

from ...core.told import Told
from ..kit.front import Command
from ..kit.safe import clean_line, clean_name
from ..kit.screen import Screen
from ..kit.seat import SeatFront, Sitting
from ..kit.table_words import TableTexts, note_text
from ..protocol.acts import Act, Leave, Mute, Play, SetCoach, SetWatchers, Speak, Start
from ..protocol.link import Link
from ..protocol.news import Clock, News, Note, Refusal, Seating, WhileAway
from ..protocol.refused import Refused
from ..words.grammar import SHARED, Parsed

SETTLE = 0.5
"""Seconds a player's next prompt waits for the table to tell the move just typed."""


class Connection(Protocol):
    """What a seat at a table needs of the connection it runs in."""

    @property
    def name(self) -> str:
        """The name its player plays under."""

    def go_to_lobby(self) -> None:
        """Leave the table for the lobby after this line."""

    def sent_away(self) -> None:
        """Leave the table for the lobby now: this session no longer sits there."""

    def may_say(self, table: str) -> str | None:
        """Why this connection may not say a line at ``table`` now (a text key: the lines a
        minute of this session, of its address or of the table are spent), or ``None``;
        a line it may say is counted."""

    def refresh(self) -> None:
        """Draw the prompt and its toolbar again (a clock in it moved on)."""

    def heard(self) -> None:
        """The place took news in (a browser draws its board again)."""

    def again(self, code: str) -> Awaitable[tuple[Link, bool]]:
        """Another game after the table ``code``, which is over: the link to this player's
        seat at the new table, and whether they made it (:class:`Refused` says why not)."""

    def go_to(self, link: Link) -> None:
        """Go to the table of ``link`` after this line."""

    def invited(self, code: str, text: str) -> None:
        """Someone who played here asks for another game at the table ``code`` (``text``
        says so in this player's words; a terminal has said it already)."""

    def fetch(self, code: str) -> str | None:
        """The command that fetches the log of table ``code`` from the player's own
        computer, as they reached this server (``ssh -p 2213 ana@example.org log KITE-7``),
        or ``None`` where there is none to type (a browser has its page's link)."""


def fetch_command(name: str, host: str, port: int, code: str) -> str:
    """What fetches the log of table ``code`` for ``name`` over SSH, from the server at
    ``host`` and ``port`` (``ssh -p 2213 ana@example.org log KITE-7``)."""
    return f"ssh -p {port} {name}@{host} log {code}"


class Linking(Protocol):
    """A table that hands out links (a server's room)."""

    @property
    def code(self) -> str: ...

    def link(
        self, name: str, seat: int | None, *, caps: Callable[[], str | None] | None = None
    ) -> Link: ...


def sit_down(
    room: Linking,
    connection: Connection,
    seat: int | None,
    *,
    lang: str,
    screen: Screen,
    settle: float = SETTLE,
) -> TableSession:
    """Bind ``connection`` to ``seat`` at ``room`` (``None``: to watch there), in ``lang``
    on ``screen``: its session at the table, whose front is ready to begin. The room is
    asked for the link and then let go of: the session keeps only the link. (A connection
    asks the server's tables instead: :mod:`.directory`'s requests, answered with a link.)"""
    code = room.code
    link = room.link(connection.name, seat, caps=lambda: connection.may_say(code))
    session = TableSession(connection, link, settle=settle)
    session.seat_at(lang, screen)
    return session


class TableSession(Sitting):
    """One connection's place at a shared table: a seat (``seat``) or watching (``None``).

    It reads the news of its link (on the event loop) and hands it to its front; it is the
    front's :class:`~repl.kit.seat.Sitting` (where we are on coming, the binding ended on
    leaving), and the maker of a shared table's commands.
    """

    def __init__(self, connection: Connection, link: Link, *, settle: float = SETTLE) -> None:
        self.connection = connection
        self.link = link
        self.seat = link.seat
        self.code = link.facts.code or ""
        self.settle = settle
        """How long the next prompt waits for the news of a move (:data:`SETTLE`)."""
        self.people: tuple[str | None, ...] = ()
        """Who sits where, as last told (the seats' names)."""
        self.coached = False
        """Whether this session turned the coach on (``coach on``)."""
        self.asked: Note | None = None
        """The latest ask for another game this place was told (``server.again_asked``):
        said again in other words when the player switches the language."""
        self._front: SeatFront | None = None
        self._first: list[News] = []
        self._reading: asyncio.Future[None] | None = None
        self._ticking: asyncio.TimerHandle | None = None
        self._settling: asyncio.Future[None] | None = None
        self._again: asyncio.Future[None] | None = None

    def seat_at(self, lang: str, screen: Screen) -> None:
        """Make the front that plays through the link, with who sits where as the table
        said it first."""
        first = self.link.news.take()
        for news in first:
            if isinstance(news, Seating):
                self.people = news.who.people
        fetch = None if self.seat is None else self.connection.fetch(self.code)
        front = SeatFront(
            self.link,
            tx=TableTexts(lang, lambda: self.people, self.seat),
            screen=screen,
            grammar=SHARED,
            sitting=self,
            fetch=fetch,
        )
        self._front = front
        front.add_commands(self.commands(front))
        self._first = first

    @property
    def front(self) -> SeatFront:
        assert self._front is not None, "a front is made before the table tells it"
        return self._front

    # -- the news --------------------------------------------------------------------

    def take(self, news: News) -> None:
        """One piece of news for this place: to the front, and what it means here."""
        if isinstance(news, Seating):
            self.people = news.who.people
        self.front.take(news)
        if isinstance(news, Told | Refusal):
            self._settle()
        if isinstance(news, Note) and news.key == "server.again_asked":
            self.asked = news
            code, said = self.asked_text() or ("", "")
            self.connection.invited(code, said)
        if isinstance(news, Clock) and news.seconds is not None and self._ticking is None:
            self._ticking = asyncio.get_running_loop().call_later(0.2, self._tick)
        self.connection.heard()

    def asked_text(self) -> tuple[str, str] | None:
        """The latest ask for another game in the front's words now (its code, then the
        words), or ``None`` when nobody asked."""
        if self.asked is None:
            return None
        said, _ = note_text(self.asked, self.front.tx, self.connection.name)
        return str(self.asked.values.get("code", "")), said

    async def _read(self) -> None:
        """The link's news, as it comes, until the link is closed."""
        news = self.link.news
        while batch := await news.wait():
            for one in batch:
                self.take(one)

    async def settled(self) -> None:
        """Until the table has told the move just sent, or refused it (at most
        :attr:`settle` seconds): the next prompt is drawn once, under the news, rather than
        drawn, erased for the news and drawn again."""
        if self._again is not None:  # another game asked for: seated there (or refused)
            await asyncio.wait([self._again])
        settling = self._settling
        if settling is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(settling), self.settle)
        if self._settling is settling:
            self._settling = None

    async def _play_again(self, front: SeatFront) -> None:
        """``again``: to the new table, or what refused it said above the prompt."""
        tx = front.tx
        try:
            link, made = await self.connection.again(self.code)
        except Refused as why:
            said = tx(why.key, **why.params)
            front.screen.later(lambda: front.say(said, "class:error"))
            return
        if made:
            code = link.facts.code or ""
            front.screen.later(lambda: front.say(tx("server.again_made", code=code), "class:good"))
        self.connection.go_to(link)

    def _settle(self) -> None:
        if self._settling is not None and not self._settling.done():
            self._settling.set_result(None)

    def _tick(self) -> None:
        """While this seat's turn clock runs, redraw the toolbar each second (its time)."""
        if self.front.time_left() is None:
            self._ticking = None
            return
        self.connection.refresh()
        self._ticking = asyncio.get_running_loop().call_later(1.0, self._tick)

    # -- the sitting -----------------------------------------------------------------

    def sent(self, act: Act) -> None:
        """An act went to the table: after a move the next prompt waits a moment for what
        comes of it."""
        if isinstance(act, Play):
            self._settling = asyncio.get_running_loop().create_future()

    def unseated(self, watching: bool) -> None:
        """The seat was given up in another terminal, or the host closed the table to
        watchers: back to the lobby, bound no more."""
        front = self.front
        key = "server.watchers_sent_away" if watching else "server.unseated"
        front.screen.later(lambda: front.say(front.tx(key), "class:warn"))
        self.connection.sent_away()

    def begin(self) -> None:
        """Speak where we are (and, back at a running game, what happened meanwhile), who
        sits where; then read the table's news as it comes."""
        front = self.front
        tx = front.tx
        title = "server.watching" if self.seat is None else "server.at_table"
        front.say(tx(title, code=self.code), "class:title")
        first, self._first = self._first, []
        for news in first:
            if isinstance(news, WhileAway):
                front.while_away(news)  # said now, before who sits where
            else:
                self.take(news)
        front.show_who()
        started = front.who is not None and front.who.started
        if self.seat is not None and started and front.commitment:
            front.say(tx("server.commitment", digest=front.commitment), "class:dim")
        if self._reading is None:
            self._reading = asyncio.ensure_future(self._read())

    def leave(self) -> None:
        """Get up: the binding ends, and nothing more is read."""
        if self._ticking is not None:
            self._ticking.cancel()
        self.link.send(Leave())
        self.link.news.close()
        if self._reading is not None:
            self._reading.cancel()

    # -- the commands of a shared table ----------------------------------------------

    def commands(self, front: SeatFront) -> dict[str, Command]:
        """``start``, ``who``, ``leave``, ``again``, ``coach``, ``seed``, no ``undo``, and the
        talk."""
        tx = front.tx

        def seated(parsed: Parsed) -> str | None:
            return tx("server.only_watching") if self.seat is None else None

        def undo_problem(parsed: Parsed) -> str | None:
            return seated(parsed) or tx("server.no_undo")

        def start_problem(parsed: Parsed) -> str | None:
            who = front.who
            refusal = None if who is None else who.start_refusal(self.connection.name, self.seat)
            return None if refusal is None else tx(refusal.key, **refusal.values)

        def who(parsed: Parsed) -> str | None:
            front.show_who()
            return None

        def leave(parsed: Parsed) -> str | None:
            self.connection.go_to_lobby()
            return None

        def coach(parsed: Parsed) -> str | None:
            """``coach on|off`` for this seat (``coach``: whether it is on)."""
            if parsed.choice is None:
                front.say(tx("msg.coach_is_on" if self.coached else "msg.coach_is_off"))
                return None
            self.coached = parsed.choice == "on"
            return front.send(SetCoach(self.coached))

        def again(parsed: Parsed) -> str | None:
            if self._again is None or self._again.done():
                self._again = asyncio.ensure_future(self._play_again(front))
            return None

        def again_problem(parsed: Parsed) -> str | None:
            if self.seat is None:
                return tx("server.again_not_yours", code=self.code)
            if front.view is None or front.view.ended is None:
                return tx("server.again_not_over")
            return None

        def seed(parsed: Parsed) -> str | None:
            front.say(tx("server.commitment", digest=front.commitment))
            if front.view is not None and front.view.ended is not None:
                front.reveal()
            return None

        return {
            "undo": Command(lambda parsed: None, undo_problem),
            "start": Command(lambda parsed: front.send(Start()), start_problem),
            "who": Command(who),
            "leave": Command(leave),
            "again": Command(again, again_problem),
            "coach": Command(coach, seated),
            "seed": Command(seed, front.not_begun),
            **self._talk_commands(front),
        }

    def _talk_commands(self, front: SeatFront) -> dict[str, Command]:
        """``say``, and the host's ``mute NAME``, ``unmute NAME`` and ``watchers``."""
        tx = front.tx

        def say(parsed: Parsed) -> str | None:
            line = clean_line(parsed.text)
            if not line:
                return None  # nothing left to say once the unsafe characters are gone
            return front.send(Speak(line))

        def host_problem(parsed: Parsed) -> str | None:
            host = "" if front.who is None else front.who.host
            return None if self.connection.name == host else tx("server.host_decides", host=host)

        def mute(parsed: Parsed) -> str | None:
            return front.send(Mute(clean_name(parsed.text), on=parsed.name == "mute"))

        def watchers(parsed: Parsed) -> str | None:
            if parsed.choice is None:
                now = "on" if front.who is None else front.who.watchers
                front.say(tx(f"server.watchers_now_{now}"))
                return None
            return front.send(SetWatchers(parsed.choice))

        def watchers_problem(parsed: Parsed) -> str | None:
            return None if parsed.choice is None else host_problem(parsed)

        return {
            "say": Command(say),
            "mute": Command(mute, host_problem),
            "unmute": Command(mute, host_problem),
            "watchers": Command(watchers, watchers_problem),
        }
