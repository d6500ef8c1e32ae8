"""One person at a server, in their own terminal: the lobby, then a table.

Each SSH session with a terminal runs a :class:`Guest`: its own prompt_toolkit app
session (input from the channel, output to it), and the fronts it moves between. Its
jobs are each another's: the terminal as drawn, with the table's news shown above the
prompt in batches (:class:`~.display.Display`); the keys, counted and paced before they
are parsed (:class:`~.keyboard.Keyboard`); the lines read and run at the front, and the
lines said at tables (:class:`~.lines.Lines`, :class:`~.lines.Says`). The guest moves the
person between the lobby and the tables, and ends the session.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from typing import Any

import asyncssh
from prompt_toolkit.application.current import create_app_session

from ..kit.front import Front, Quit
from ..words.i18n import Texts
from .display import Display
from .house import Service
from .keyboard import Keyboard
from .lines import Lines, Says
from .lobby import LobbyFront
from .room import Room
from .seat import TableSession, fetch_command, sit_down


class Guest:
    """One person at the server, in their own terminal: the lobby, then a table."""

    def __init__(self, service: Service, name: str, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.service = service
        self.name = name
        self.chan = chan
        peer = chan.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        """Where the connection comes from (as :class:`~.ssh.GameServer` counts it)."""
        self.tx = Texts(language_of(chan.get_environment()))
        self.display = Display(chan, service.limits, self._report)
        self.input = Keyboard(
            service.limits,
            pause=chan.pause_reading,
            resume=chan.resume_reading,
            room=lambda: self.lines.room(),
        )
        self.lines = Lines(service, name, self.input, self.display.output, self.display.write)
        self.says = Says(service, self.address)
        self.front: Front | None = None
        self.place: TableSession | None = None
        """Where this connection is at a table, while its front is that table's."""
        self._next: tuple[Front, TableSession | None] | None = None
        self.task: asyncio.Task[None] | None = None

    def _report(self, what: str) -> None:
        self.service.report(f"{self.name}: {what}")

    # -- what the client does ------------------------------------------------------------

    def received(self, data: bytes) -> None:
        """Bytes from the client: counted and paced by the keyboard before any is parsed."""
        self.input.received(data)

    def ended(self) -> None:
        """The client sent its end of input: Ctrl-D, then nothing more."""
        self.input.received(b"\x04")
        self.input.end()

    def resized(self) -> None:
        """The client's terminal changed size: its prompt is drawn again."""
        self.display.resized(self.lines.running)

    def stopping(self) -> None:
        """The server stops: end this terminal's session (:meth:`run` says so, under the
        last line, once the prompt has left the screen)."""
        self.lines.stopped = True  # a cancel can be lost in a line that ends at that moment
        if self.task is None or self.task.done():
            self.display.write("\r\n" + self.tx("server.stopping") + "\n")
            return
        self.task.cancel()

    # -- what the fronts ask -------------------------------------------------------------

    def go_to_lobby(self) -> None:
        self._next = (self._lobby(), None)

    def sent_away(self) -> None:
        """The room bound this connection to its seat no more: to the lobby now, without
        waiting for a line (the prompt ends as if Enter was pressed on nothing)."""
        self._next = (self._lobby(), None)
        self.lines.cut()

    def refresh(self) -> None:
        """Draw the prompt and its toolbar again (a clock in it moved on)."""
        self.lines.refresh()

    def fetch(self, code: str) -> str:
        """What fetches the log of table ``code``, as this client reached the server."""
        host, port = reached(self.chan)
        return fetch_command(self.name, host, port, code)

    def may_say(self, table: str) -> str | None:
        """Why this session may not say a line at ``table`` now, or ``None`` (counted)."""
        return self.says.may_say(table)

    # -- the session ---------------------------------------------------------------------

    async def run(self) -> None:
        self.task = asyncio.current_task()
        self.service.present.add(self)
        with create_app_session(input=self.input, output=self.display.output):
            self.display.context = contextvars.copy_context()  # this connection's app session
            self.screen = self.display.screen(self.input, self.tx.yes_keys)
            why = "quit"
            try:
                await self._serve()
            except Quit:
                pass
            except EOFError:
                why = "end of input"
            except asyncio.CancelledError:
                why = "server stopping" if self.service.stopping else "connection closed"
                if self.service.stopping:  # the prompt is gone: said under the last line
                    self.display.write("\r\n" + self.tx("server.stopping") + "\n")
            except Exception as error:  # a client never takes the server down
                why = "error"
                self._report(f"error: {error!r}")
                with contextlib.suppress(Exception):
                    self.display.write(
                        "The server hit an error; it is logged. Please connect again.\n"
                    )
            finally:
                self.service.present.discard(self)
                self.input.close()
                self.display.stop()
                if self.front is not None:
                    self.front.leave()
                    self._left(self.place)
                self.service.report(f"{self.name} left ({why})")
                with contextlib.suppress(Exception):
                    self.display.send()
                    self.chan.exit(0)

    async def _serve(self) -> None:
        room = self.service.hall.seat_waiting_for(self.name)
        front, place = self._seat(room, "play") if room is not None else (self._lobby(), None)
        del room  # the session keeps its port, never the room
        self.lines.open(front)
        while True:
            self.front, self.place = front, place
            self._next = None
            front.begin()
            await self.lines.serve(front, place, self.tx, lambda: self._next is not None)
            front.leave()
            self._left(place)
            assert self._next is not None
            front, place = self._next

    def _left(self, place: TableSession | None) -> None:
        """The table of ``place`` was left: a seat at a table whose game has not started is
        given up (the room keeps its plan), a table nobody sits at is forgotten. Both are
        the hall's, asked by the table's code: this connection holds no room."""
        if place is None or place.seat is None:
            return
        self.service.hall.leave(place.port.code, self.name)

    # -- fronts --------------------------------------------------------------------------

    def _lobby(self) -> LobbyFront:
        return LobbyFront(
            self.service.hall,
            name=self.name,
            tx=self.tx,
            screen=self.screen,
            go=self._go,
            language=self._language,
            address=self.address,
            fetch=self.fetch,
        )

    def _seat(self, room: Room, how: str) -> tuple[Front, TableSession]:
        """The front at ``room``, and this connection's session there: the player's own
        seat, or a place to watch from."""
        seat = room.seat_of(self.name) if how == "play" else None
        place = sit_down(room, self, seat, lang=self.tx.lang, screen=self.screen)
        return place.front, place

    def _go(self, room: Room, how: str) -> None:
        self._next = self._seat(room, how)

    def _language(self, lang: str) -> None:
        self.tx = Texts(lang)
        self.screen.yes_keys = self.tx.yes_keys
        self._next = (self._lobby(), None)


def reached(chan: asyncssh.SSHServerChannel[bytes]) -> tuple[str, int]:
    """The address and port ``chan``'s client connected to."""
    where = chan.get_extra_info("sockname")
    if isinstance(where, tuple) and len(where) >= 2:
        return str(where[0]), int(where[1])
    return "HOST", 2213


def language_of(env: Any) -> str:
    """German when the client's locale is German (``LANG``, ``LC_ALL``, ``LC_MESSAGES``)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = str(env.get(name, "")) if hasattr(env, "get") else ""
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
