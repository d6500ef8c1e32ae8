"""At a shared table: a player's seat, or a place to watch from, for one connection.

:class:`RoomLink` is the :class:`~repl.kit.seat.SeatLink` of the server: the one seated
front (:class:`~repl.kit.seat.SeatFront`) plays through it exactly as at a terminal, but
every command goes to the :class:`~.room.Room` with this connection's
:class:`~.room.Binding`, which the room checks first; moves run on the room's worker
thread and their outcome is told later, above the line the player is typing. The front
is given only what its seat may know: the room passes on what the table redacted for
that seat. A player sees the game from their own place (the next seat clockwise is
Left); someone watching sees what every player sees (the discards, how many cards each
holds, the scores), each seat called by its player's name, and the hands only once a
round is scored. The commands of a shared table are here too: ``start``, ``say``,
``who``, ``leave``, ``seed`` (the commitment to it), and the host's ``mute NAME``,
``unmute NAME`` and ``watchers off|on|talk``.

Who may say what, and the lines made safe, are :mod:`.talk`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import Protocol

from ...core.events import Event, GameEnded, RoundScored
from ...core.rules import Discard, Draw
from ...core.seen import Seen
from ...core.told import Hint, Moved, Told
from ...core.turns import Scope
from ...core.views import SeatView
from ..kit.front import Command
from ..kit.manner import Manner
from ..kit.narrate import narrate
from ..kit.render import Text, from_place, table_order
from ..kit.seat import SeatFront
from ..words.grammar import Parsed
from ..words.i18n import Texts
from .room import Note, Refused, Room
from .talk import MAX_SAY, clean_line, clean_name

__all__ = ["MAX_SAY", "RoomLink", "TableTexts", "clean_line", "show_note", "who_text"]

SETTLE = 0.5
"""Seconds a player's next prompt waits for the table to tell the move just typed."""

WHO_WATCHERS = 10
"""The names of those watching that ``who`` lists (then how many more)."""


class Connection(Protocol):
    """What a seat at a table needs of the connection it runs in."""

    name: str

    def later(self, show: Callable[[], None]) -> None:
        """Show something above the prompt, in this connection's terminal, in order."""

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

    def server_address(self) -> tuple[str, int]:
        """The address and port this connection reached the server at (what a player types
        to connect again)."""


class RoomLink:
    """One connection's place at a shared table: a seat (``seat``) or watching (``None``).

    Made by binding the connection to the room; :meth:`leave` ends the binding.
    """

    def __init__(
        self, room: Room, connection: Connection, seat: int | None, *, settle: float = SETTLE
    ) -> None:
        self.room = room
        self.connection = connection
        self.seat = seat
        self.settle = settle
        """How long the next prompt waits for the news of a move (:data:`SETTLE`)."""
        host, port = connection.server_address()
        fetch = f"ssh -p {port} {connection.name}@{host} log {room.code}"
        self.manner = Manner(
            code=room.code,
            fetch=fetch if seat is not None else None,
            over="server.bar_over",
            keys=False,
            assisted=False,
            what_next=False,
            immediate=False,
        )
        self.front: SeatFront | None = None
        self._ticking: asyncio.TimerHandle | None = None
        self._settling: asyncio.Future[None] | None = None
        self._away = room.away_since.get(connection.name) if seat is not None else None
        self.binding, self._view = room.bind(self, connection.name, seat)

    # -- the link --------------------------------------------------------------------

    def attach(self, front: SeatFront) -> None:
        self.front = front

    def _front(self) -> SeatFront:
        assert self.front is not None, "a front is attached before the table tells it"
        return self.front

    def view(self) -> SeatView | None:
        return self._view

    def seen(self) -> tuple[Seen, ...]:
        return self.room.seen(self.binding)

    def send(self, command: Draw | Discard) -> None:
        self._settling = asyncio.get_running_loop().create_future()
        self._done(self.room.submit(self.binding, command, self._front().told))

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

    def hint(self) -> None:
        front = self._front()

        def heard(task: asyncio.Future[Hint]) -> None:
            if task.cancelled():
                return
            error = task.exception()
            if error is not None:
                self._refused(error)
            else:
                front.hinted(task.result())

        self.room.hint(self.binding, front.told).add_done_callback(heard)

    def auto(self, scope: Scope | None) -> None:
        try:
            self.room.auto(self.binding, scope)
        except Exception as error:  # the room refused it (the binding ended, the game is over)
            self._refused(error)

    def autopilot(self) -> Scope | None:
        return self.room.autopilot(self.binding)

    def names(self) -> list[str]:
        """Everyone at the table, and whoever is muted there (``mute``, ``unmute``)."""
        talk = self.room.talk
        return list(dict.fromkeys([*talk.here(), *talk.muted]))

    def time_left(self) -> float | None:
        return None if self.seat is None else self.room.time_left(self.seat)

    def _tick(self) -> None:
        """While this seat's turn clock runs, redraw the toolbar each second (its time)."""
        if self.time_left() is None:
            self._ticking = None
            return
        self.connection.refresh()
        self._ticking = asyncio.get_running_loop().call_later(1.0, self._tick)

    def later(self, show: Callable[[], None]) -> None:
        self.connection.later(show)

    def turn_back(self) -> None:
        return None

    def pause_after_round(self, scored: RoundScored) -> None:
        return None  # a shared table never waits for one person's key

    def game_over(self, ended: GameEnded, *, assisted: bool) -> list[tuple[str, str]]:
        return []  # the server keeps no one's statistics

    def before_command(self) -> None:
        return None

    def leave_question(self) -> str | None:
        return None

    def leave(self, front: SeatFront) -> None:
        if self._ticking is not None:
            self._ticking.cancel()
        self.room.unbind(self.binding)

    def remember(self, name: str, value: str) -> None:
        return None

    def crash_log(self) -> tuple[int | None, Sequence[Event]]:
        return None, ()  # a crash file must not hold the secret seed or other hands

    def _done(self, task: asyncio.Future[object]) -> None:
        def told(task: asyncio.Future[object]) -> None:
            if not task.cancelled() and task.exception() is not None:
                self._refused(task.exception())
                self._settle()

        task.add_done_callback(told)

    def _refused(self, error: BaseException | None) -> None:
        if error is None:
            return
        front = self._front()
        if isinstance(error, Refused):
            said = front.tx(error.key, **error.params)
            self.later(lambda: front.say(said, "class:error"))
            return
        front.refused(error)

    # -- what the room tells ---------------------------------------------------------

    def hear(self, told: Told) -> None:
        self._front().hear(told)
        self._settle()
        if self._ticking is None and told.after.my_turn and self.room.plan.turn_time:
            self._ticking = asyncio.get_running_loop().call_later(0.2, self._tick)

    def note(self, note: Note) -> None:
        front = self._front()
        self.later(lambda: show_note(front, note, self.connection.name))

    def unseated(self) -> None:
        """The seat was given up in another terminal, or the host closed the table to
        watchers: back to the lobby, bound no more."""
        front = self._front()
        key = "server.watchers_sent_away" if self.seat is None else "server.unseated"
        self.later(lambda: front.say(front.tx(key), "class:warn"))
        self.connection.sent_away()

    # -- where we are ----------------------------------------------------------------

    def begin(self, front: SeatFront) -> None:
        """Say where we are (and, back at a running game, what happened meanwhile)."""
        room, tx = self.room, front.tx
        if self.seat is None:
            front.say(tx("server.watching", code=room.code), "class:title")
            front.screen.show(who_text(room, tx, None))
            return
        front.say(tx("server.at_table", code=room.code), "class:title")
        away = self._away
        missed = room.missed(self.binding, away) if away is not None else None
        if missed is not None and away is not None and away < missed.after.event_count:
            front.say(tx("server.while_away", n=missed.after.event_count - away), "class:dim")
            before = missed.before
            wild = before.round.wild_rank if before is not None and before.round else None
            if isinstance(missed.change, Moved):
                front.tell(narrate(missed.change.events, wild, tx, me=self.seat), missed.after)
        front.screen.show(who_text(room, tx, self.seat))
        if room.started and front.commitment:
            front.say(tx("server.commitment", digest=front.commitment), "class:dim")
        if self.time_left() is not None:  # back at the table on a turn with its clock running
            self._tick()

    # -- the commands of a shared table ----------------------------------------------

    def commands(self, front: SeatFront) -> dict[str, Command]:
        tx = front.tx

        def seated(parsed: Parsed) -> str | None:
            return tx("server.only_watching") if self.seat is None else None

        def undo_problem(parsed: Parsed) -> str | None:
            return seated(parsed) or tx("server.no_undo")

        def start_problem(parsed: Parsed) -> str | None:
            if self.seat is None:
                return tx("server.only_watching")
            if self.room.started:
                return tx("server.already_started")
            plan = self.room.plan
            if plan.host != self.connection.name:
                return tx("server.host_only", host=plan.host)
            if plan.missing():
                return tx("server.seats_for_people", n=plan.missing(), ai=plan.ai)
            return None

        def start(parsed: Parsed) -> str | None:
            self._done(asyncio.ensure_future(self.room.start(self.binding)))
            return None

        def who(parsed: Parsed) -> str | None:
            front.screen.show(who_text(self.room, tx, self.seat))
            return None

        def leave(parsed: Parsed) -> str | None:
            self.connection.go_to_lobby()
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
            "seed": Command(seed, front.not_begun),
            **self._talk_commands(front),
        }

    def _talk_commands(self, front: SeatFront) -> dict[str, Command]:
        """``say``, and the host's ``mute NAME``, ``unmute NAME`` and ``watchers``."""
        tx, room = front.tx, self.room

        def say(parsed: Parsed) -> str | None:
            line = clean_line(parsed.text)
            if not line:
                return None  # nothing left to say once the unsafe characters are gone
            try:
                room.talk.say(self.binding, line, lambda: self.connection.may_say(room.code))
            except Refused as error:
                return front.refuse(tx(error.key, **error.params))
            return None

        def host_problem(parsed: Parsed) -> str | None:
            host = room.plan.host
            return None if self.connection.name == host else tx("server.host_decides", host=host)

        def mute(parsed: Parsed) -> str | None:
            name = clean_name(parsed.text)
            try:
                if parsed.name == "mute":
                    room.talk.mute(self.binding, name)
                else:
                    room.talk.unmute(self.binding, name)
            except Refused as error:
                return front.refuse(tx(error.key, **error.params))
            return None

        def watchers(parsed: Parsed) -> str | None:
            if parsed.choice is None:
                front.say(tx(f"server.watchers_now_{room.talk.watchers}"))
                return None
            try:
                room.talk.set_watchers(self.binding, parsed.choice)
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


def who_text(room: Room, tx: Texts, me: int | None) -> Text:
    """Every seat from ``me``'s place, as the table shows them (the others clockwise from
    the left, then you at the bottom), or by number for someone watching: who plays it."""
    out: Text = []
    players = room.plan.players()
    count = len(room.plan.people)
    order = from_place(None, count) if me is None else table_order(me, count)
    width = max(8, *(len(tx.place(seat)) for seat in order))
    for seat in order:
        place = tx.place(seat)
        name = room.plan.people[seat]
        if name:
            state = "server.here" if room.present(name) else "server.away"
            host = tx("server.host") if name == room.plan.host else ""
            helped = tx("server.assisted") if room.started and room.assisted(seat) else ""
            muted = tx("server.muted_mark") if name in room.talk.muted else ""
            who = f"{name}{host} ({tx(state)}{helped}{muted})"
        else:
            level = players[seat]
            known = tx.has(f"level.{level}")
            level = tx(f"level.{level}") if known else level
            who = tx("server.ai_level", level=level) if room.started else "—"
        out += [("", f"  {place:<{width}} {who}"), ("", "\n")]
    watching = [
        tx("server.who_muted", name=name) if name in room.talk.muted else name
        for name in room.talk.watching()
    ]
    if room.talk.watchers == "off":
        out += [("class:dim", tx("server.who_no_watchers")), ("", "\n")]
    elif watching:
        shown = ", ".join(watching[:WHO_WATCHERS])
        if len(watching) > WHO_WATCHERS:
            shown = tx("server.who_more", names=shown, n=len(watching) - WHO_WATCHERS)
        key = "server.who_talking" if room.talk.watchers == "talk" else "server.who_watching"
        out += [("class:dim", tx(key, names=shown)), ("", "\n")]
    return out
