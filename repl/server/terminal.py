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

from ..kit.front import Quit
from ..kit.seat import log_file_name
from ..words.i18n import Texts
from .display import Display
from .keyboard import Keyboard
from .lines import Lines
from .names import Identity
from .reception import Reception
from .table_session import fetch_command
from .visitor import Visitor


class Guest(Visitor):
    """One person at the server, in their own terminal: the lobby, then a table."""

    def __init__(
        self, service: Reception, who: Identity, chan: asyncssh.SSHServerChannel[bytes]
    ) -> None:
        peer = chan.get_extra_info("peername")
        chosen = service.keys.language(who)  # (``lang`` at an earlier login wins)
        tx = Texts(chosen or language_of(chan.get_environment()))
        super().__init__(service, who=who, address=str(peer[0]) if peer else "", tx=tx)
        self.chan = chan
        self.display = Display(chan, service.limits, self._report)
        self.input = Keyboard(
            service.limits,
            pause=chan.pause_reading,
            resume=chan.resume_reading,
            room=lambda: self.lines.room(),
        )
        self.lines = Lines(
            service, who.name, self.input, self.display.output, self.display.write,
            self.display.redraw,
        )  # fmt: skip
        self.task: asyncio.Task[None] | None = None
        self.told_stopping = False
        """Whether this terminal was told that the server stops (it is told once)."""

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
        last line, once the prompt has left the screen). Asked again, with the session
        not ended yet (its connection closes next): said now."""
        stopped_before, self.lines.stopped = self.lines.stopped, True
        # (a cancel can be lost in a line that ends at that moment: no line comes next)
        if self.task is None or self.task.done() or stopped_before:
            self._tell_stopping()
            return
        self.task.cancel()

    def _tell_stopping(self) -> None:
        if not self.told_stopping:
            self.told_stopping = True
            self.display.write("\r\n" + self.tx("server.stopping") + "\n")

    # -- what the fronts ask -------------------------------------------------------------

    def sent_away(self) -> None:
        """The room bound this connection to its seat no more: to the lobby now, without
        waiting for a line (the prompt ends as if Enter was pressed on nothing)."""
        self.next = (self.lobby(), None)
        self.lines.cut()

    def refresh(self) -> None:
        """Draw the prompt and its toolbar again (a clock in it moved on)."""
        self.lines.refresh()

    def language_changed(self) -> None:
        """Nothing more: the next prompt is drawn in the new words."""

    def fetch(self, code: str) -> str:
        """What fetches the log of table ``code``, as this client reached the server."""
        host, port = reached(self.chan)
        return fetch_command(self.name, host, port, code)

    def keep_log(self, code: str) -> None:
        """A terminal cannot keep a file on the player's computer: the command that does."""
        if self.front is not None:
            said = self.tx("server.fetch_log", fetch=self.fetch(code), file=log_file_name(code))
            self.front.say(said, "class:dim")

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
                    self._tell_stopping()
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
                    self.left(self.place)
                self.service.report(f"{self.name} left ({why})")
                with contextlib.suppress(Exception):
                    self.display.send()
                    self.chan.exit(0)

    async def _serve(self) -> None:
        front, place = self.first()
        self.lines.open(front)
        while True:
            self.front, self.place = front, place
            self.next = None
            front.begin()
            await self.lines.serve(front, place, self.tx, lambda: self.next is not None)
            front.leave()
            self.left(place)
            assert self.next is not None
            front, place = self.next


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
