"""At a shared table: a player's seat, or a place to watch from, for one connection.

:func:`sit_down` binds a connection to its seat (or to watch) and makes its
:class:`TableSession`: the one seated front (:class:`~repl.kit.seat.SeatFront`) plays
through the port the room handed out (:class:`~.port.RoomPort`), exactly as at a
terminal, and the session holds that port and never the room. Every command carries this
connection's :class:`~.room.Binding`, which the room checks first; moves run on the
room's worker thread and their outcome is told later, above the line the player is
typing. The front is given only what its seat may know: the room passes on what the table
redacted for that seat. A player sees the game from their own place (the next seat
clockwise is Left); someone watching sees what every player sees (the discards, how many
cards each holds, the scores), each seat called by its player's name, and the hands only
once a round is scored. The commands of a shared table are here too: ``start``, ``say``,
``who``, ``leave``, ``seed`` (the commitment to it), and the host's ``mute NAME``,
``unmute NAME`` and ``watchers off|on|talk``.

Who may say what, and the lines made safe, are :mod:`.talk`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import Protocol

from ...core.events import CardDiscarded, CardDrawn
from ...core.lab.analysis import Decision
from ...core.told import Hint, Moved, Told
from ..kit.coach import coach_line
from ..kit.front import Command
from ..kit.narrate import narrate
from ..kit.render import Text, from_place, table_order
from ..kit.screen import Screen
from ..kit.seat import SeatFront, Sitting
from ..words.grammar import SHARED, Parsed
from ..words.i18n import Texts
from .binding import Note, Refused
from .port import RoomPort, Who
from .room import Room
from .talk import MAX_SAY, clean_line, clean_name

__all__ = [
    "MAX_SAY",
    "TableSession",
    "TableTexts",
    "clean_line",
    "show_note",
    "sit_down",
    "who_text",
]

SETTLE = 0.5
"""Seconds a player's next prompt waits for the table to tell the move just typed."""

WHO_WATCHERS = 10
"""The names of those watching that ``who`` lists (then how many more)."""


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

    def fetch(self, code: str) -> str | None:
        """The command that fetches the log of table ``code`` from the player's own
        computer, as they reached this server (``ssh -p 2213 ana@example.org log KITE-7``),
        or ``None`` where there is none to type (a browser has its page's link)."""


def fetch_command(name: str, host: str, port: int, code: str) -> str:
    """What fetches the log of table ``code`` for ``name`` over SSH, from the server at
    ``host`` and ``port`` (``ssh -p 2213 ana@example.org log KITE-7``)."""
    return f"ssh -p {port} {name}@{host} log {code}"


def sit_down(
    room: Room,
    connection: Connection,
    seat: int | None,
    *,
    lang: str,
    screen: Screen,
    settle: float = SETTLE,
) -> TableSession:
    """Bind ``connection`` to ``seat`` at ``room`` (``None``: to watch there), in ``lang``
    on ``screen``: its session at the table, whose front is ready to begin. The room is
    asked for the port and then let go of: the session keeps only the port."""
    session = TableSession(connection, seat, settle=settle)
    port = room.bind(session, connection.name, seat)
    session.seat_at(port, TableTexts(lang, lambda: port.people(), seat), screen)
    return session


class TableSession(Sitting):
    """One connection's place at a shared table: a seat (``seat``) or watching (``None``).

    It is what the room tells (:class:`~.binding.Session`: the table's news, the notes, an
    end of the binding), the front's :class:`~repl.kit.seat.Sitting` (where we are on
    coming, the binding ended on leaving), and the maker of a shared table's commands.
    """

    def __init__(self, connection: Connection, seat: int | None, *, settle: float = SETTLE) -> None:
        self.connection = connection
        self.seat = seat
        self.settle = settle
        """How long the next prompt waits for the news of a move (:data:`SETTLE`)."""
        self.coached = False
        """Whether this session turned the coach on (``coach on``)."""
        self._port: RoomPort | None = None
        self._front: SeatFront | None = None
        self._ticking: asyncio.TimerHandle | None = None
        self._settling: asyncio.Future[None] | None = None

    def seat_at(self, port: RoomPort, tx: Texts, screen: Screen) -> None:
        """Take the port the room handed out, and make the front that plays through it."""
        self._port = port
        fetch = None if self.seat is None else self.connection.fetch(port.code)
        front = SeatFront(
            port,
            tx=tx,
            screen=screen,
            grammar=SHARED,
            sitting=self,
            code=port.code,
            fetch=fetch,
            names=lambda: port.who().names(),
        )
        self._front = front
        front.add_commands(self.commands(front))

    @property
    def port(self) -> RoomPort:
        assert self._port is not None, "a session is seated before it is used"
        return self._port

    @property
    def front(self) -> SeatFront:
        assert self._front is not None, "a front is made before the table tells it"
        return self._front

    async def settled(self) -> None:
        """Until the table has told the move just sent, or refused it (at most
        :attr:`settle` seconds): the next prompt is drawn once, under the news, rather than
        drawn, erased for the news and drawn again."""
        settling = self._settling
        if settling is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(settling), self.settle)
        if self._settling is settling:
            self._settling = None

    def _settle(self) -> None:
        if self._settling is not None and not self._settling.done():
            self._settling.set_result(None)

    def _tick(self) -> None:
        """While this seat's turn clock runs, redraw the toolbar each second (its time)."""
        if self.port.time_left() is None:
            self._ticking = None
            return
        self.connection.refresh()
        self._ticking = asyncio.get_running_loop().call_later(1.0, self._tick)

    def _later(self, show: Callable[[], None]) -> None:
        self.front.screen.later(show)

    # -- what the port tells of a command sent ------------------------------------------

    def sent(self, outcome: asyncio.Future[object], *, move: bool) -> None:
        if move:
            self._settling = asyncio.get_running_loop().create_future()

        def told(task: asyncio.Future[object]) -> None:
            if not task.cancelled() and task.exception() is not None:
                self.refused(task.exception())
                self._settle()

        outcome.add_done_callback(told)

    def asked(self, hint: asyncio.Future[Hint]) -> None:
        front = self.front

        def heard(task: asyncio.Future[Hint]) -> None:
            if task.cancelled():
                return
            error = task.exception()
            if error is not None:
                self.refused(error)
            else:
                front.hinted(task.result())

        hint.add_done_callback(heard)

    def advised(self, decision: Decision, move: CardDrawn | CardDiscarded) -> None:
        """The coach's verdict on this seat's last move, said above the prompt."""
        front = self.front
        self._later(lambda: front.say(coach_line(decision, move, front.tx), "class:warn"))

    def refused(self, error: BaseException | None) -> None:
        if error is None:
            return
        front = self.front
        if isinstance(error, Refused):
            said = front.tx(error.key, **error.params)
            self._later(lambda: front.say(said, "class:error"))
            return
        front.refused(error)

    # -- what the room tells ---------------------------------------------------------

    def hear(self, told: Told) -> None:
        self.front.hear(told)
        self._settle()
        if self._ticking is None and told.after.my_turn and self.port.turn_time:
            self._ticking = asyncio.get_running_loop().call_later(0.2, self._tick)

    def note(self, note: Note) -> None:
        front = self.front
        self._later(lambda: show_note(front, note, self.connection.name))

    def unseated(self) -> None:
        """The seat was given up in another terminal, or the host closed the table to
        watchers: back to the lobby, bound no more."""
        front = self.front
        key = "server.watchers_sent_away" if self.seat is None else "server.unseated"
        self._later(lambda: front.say(front.tx(key), "class:warn"))
        self.connection.sent_away()

    # -- coming and going ------------------------------------------------------------

    def begin(self) -> None:
        """Say where we are (and, back at a running game, what happened meanwhile)."""
        port, front = self.port, self.front
        tx = front.tx
        if self.seat is None:
            front.say(tx("server.watching", code=port.code), "class:title")
            front.screen.show(who_text(port.who(), tx, None))
            return
        front.say(tx("server.at_table", code=port.code), "class:title")
        away = port.away
        missed = port.missed(away) if away is not None else None
        if missed is not None and away is not None and away < missed.after.event_count:
            front.say(tx("server.while_away", n=missed.after.event_count - away), "class:dim")
            before = missed.before
            wild = before.round.wild_rank if before is not None and before.round else None
            if isinstance(missed.change, Moved):
                front.tell(narrate(missed.change.events, wild, tx, me=self.seat), missed.after)
        who = port.who()
        front.screen.show(who_text(who, tx, self.seat))
        if who.started and front.commitment:
            front.say(tx("server.commitment", digest=front.commitment), "class:dim")
        if port.time_left() is not None:  # back at the table on a turn with its clock running
            self._tick()

    def leave(self) -> None:
        if self._ticking is not None:
            self._ticking.cancel()
        self.port.leave()

    # -- the commands of a shared table ----------------------------------------------

    def commands(self, front: SeatFront) -> dict[str, Command]:
        tx, port = front.tx, self.port

        def seated(parsed: Parsed) -> str | None:
            return tx("server.only_watching") if self.seat is None else None

        def undo_problem(parsed: Parsed) -> str | None:
            return seated(parsed) or tx("server.no_undo")

        def start_problem(parsed: Parsed) -> str | None:
            if self.seat is None:
                return tx("server.only_watching")
            who = port.who()
            if who.started:
                return tx("server.already_started")
            if who.host != self.connection.name:
                return tx("server.host_only", host=who.host)
            if who.missing:
                return tx("server.seats_for_people", n=who.missing, ai=who.ai)
            return None

        def start(parsed: Parsed) -> str | None:
            port.start()
            return None

        def who(parsed: Parsed) -> str | None:
            front.screen.show(who_text(port.who(), tx, self.seat))
            return None

        def leave(parsed: Parsed) -> str | None:
            self.connection.go_to_lobby()
            return None

        def coach(parsed: Parsed) -> str | None:
            """``coach on|off`` for this seat (``coach``: whether it is on)."""
            if parsed.choice is not None:
                try:
                    port.coach(parsed.choice == "on")
                except Refused as why:
                    return front.refuse(tx(why.key, **why.params))
                self.coached = parsed.choice == "on"
                front.say(tx("msg.coach_on" if self.coached else "msg.coach_off"))
            else:
                front.say(tx("msg.coach_is_on" if self.coached else "msg.coach_is_off"))
            return None

        def seed(parsed: Parsed) -> str | None:
            front.say(tx("server.commitment", digest=front.commitment))
            if front.view is not None and front.view.ended is not None:
                front.reveal()
            return None

        return {
            "undo": Command(lambda parsed: None, undo_problem),
            "start": Command(start, start_problem),
            "who": Command(who),
            "leave": Command(leave),
            "coach": Command(coach, seated),
            "seed": Command(seed, front.not_begun),
            **self._talk_commands(front),
        }

    def _talk_commands(self, front: SeatFront) -> dict[str, Command]:
        """``say``, and the host's ``mute NAME``, ``unmute NAME`` and ``watchers``."""
        tx, port = front.tx, self.port

        def say(parsed: Parsed) -> str | None:
            line = clean_line(parsed.text)
            if not line:
                return None  # nothing left to say once the unsafe characters are gone
            try:
                port.say(line, lambda: self.connection.may_say(port.code))
            except Refused as error:
                return front.refuse(tx(error.key, **error.params))
            return None

        def host_problem(parsed: Parsed) -> str | None:
            host = port.who().host
            return None if self.connection.name == host else tx("server.host_decides", host=host)

        def mute(parsed: Parsed) -> str | None:
            name = clean_name(parsed.text)
            try:
                if parsed.name == "mute":
                    port.mute(name)
                else:
                    port.unmute(name)
            except Refused as error:
                return front.refuse(tx(error.key, **error.params))
            return None

        def watchers(parsed: Parsed) -> str | None:
            if parsed.choice is None:
                front.say(tx(f"server.watchers_now_{port.who().watchers}"))
                return None
            try:
                port.set_watchers(parsed.choice)
            except Refused as error:
                return front.refuse(tx(error.key, **error.params))
            return None

        def watchers_problem(parsed: Parsed) -> str | None:
            return None if parsed.choice is None else host_problem(parsed)

        return {
            "say": Command(say),
            "mute": Command(mute, host_problem),
            "unmute": Command(mute, host_problem),
            "watchers": Command(watchers, watchers_problem),
        }


def show_note(front: SeatFront, note: Note, me: str = "") -> None:
    """Something that happened at the table besides a move, said at ``front`` of the player
    ``me`` (what happened to them is said to them as "you")."""
    tx = front.tx
    values = dict(note.values)
    key = note.key
    if values.get("name") == me and tx.has(f"{key}_you"):
        key = f"{key}_you"
    if "seat" in values:
        values["seat"] = tx.place(int(str(values["seat"])))
    warn = ("msg.ai_failed", "server.hurry", "server.time_up_you", "server.muted_you")
    style = "class:good" if key == "server.said" else "class:warn" if key in warn else "class:dim"
    if "name" in values:
        values["name"] = clean_name(str(values["name"]))
    front.say(tx(key, **values), style)
    if note.key == "server.started":
        front.say(tx("server.commitment", digest=front.commitment), "class:dim")
        if front.view is None or not front.view.my_turn:  # on your turn the deal showed it
            front.show_table()


class TableTexts(Texts):
    """The words of a shared table: every seat called by its player's name (an AI seat by its
    number), the seat ``me`` being "you"; ``place`` still says where a seat sits, seen from
    ``me`` with the names of the table's size (Left, Top, Right at four; Left, Top left, Top,
    Top right, Right at six), or its number for someone watching (``me`` is ``None``)."""

    def __init__(
        self, lang: str, names: Callable[[], Sequence[str | None]], me: int | None
    ) -> None:
        super().__init__(lang, seats=len(names()))
        self.names = names
        self.me = me

    def seat(self, seat: int) -> str:
        if seat == self.me:
            return self("seat.0")
        name = self.names()[seat]
        return clean_name(name) if name else self("server.ai_seat", n=seat + 1)

    def place(self, seat: int) -> str:
        if self.me is None:
            return str(seat + 1)
        return super().seat((seat - self.me) % self.seat_count)


def who_text(who: Who, tx: Texts, me: int | None) -> Text:
    """Every seat from ``me``'s place, as the table shows them (the others clockwise from
    the left, then you at the bottom), or by number for someone watching: who plays it."""
    out: Text = []
    count = len(who.people)
    order = from_place(None, count) if me is None else table_order(me, count)
    width = max(8, *(len(tx.place(seat)) for seat in order))
    for seat in order:
        place = tx.place(seat)
        name = who.people[seat]
        if name:
            state = "server.here" if name in who.here else "server.away"
            host = tx("server.host") if name == who.host else ""
            helped = tx("server.assisted") if who.started and seat in who.assisted else ""
            muted = tx("server.muted_mark") if name in who.muted else ""
            shown = f"{name}{host} ({tx(state)}{helped}{muted})"
        else:
            level = who.players[seat]
            known = tx.has(f"level.{level}")
            level = tx(f"level.{level}") if known else level
            shown = tx("server.ai_level", level=level) if who.started else "—"
        out += [("", f"  {place:<{width}} {shown}"), ("", "\n")]
    watching = [
        tx("server.who_muted", name=name) if name in who.muted else name for name in who.watching
    ]
    if who.watchers == "off":
        out += [("class:dim", tx("server.who_no_watchers")), ("", "\n")]
    elif watching:
        listed = ", ".join(watching[:WHO_WATCHERS])
        if len(watching) > WHO_WATCHERS:
            listed = tx("server.who_more", names=listed, n=len(watching) - WHO_WATCHERS)
        key = "server.who_talking" if who.watchers == "talk" else "server.who_watching"
        out += [("class:dim", tx(key, names=listed)), ("", "\n")]
    return out
