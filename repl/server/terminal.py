"""One person at a server, in their own terminal: the lobby, then a table.

Each SSH session with a terminal runs a :class:`Guest`: its own prompt_toolkit app
session (input from the channel, output to it), the game's prompt with completion and
the toolbar, and the fronts it moves between. What the table tells while the person
types is shown above their line, in order, never in the middle of it: everything told
within one turn of the event loop is one batch, printed where the prompt was and the
prompt drawn once under it (see :meth:`Guest.later`). What prompt_toolkit writes is sent
to the client once per turn of the loop, as one SSH packet (:class:`_Channel`).

The keys come through a :class:`~.keyboard.Keyboard`: counted and paced before they are
parsed, handed to the prompt without a pipe or a blocking write. The terminal is drawn
at most :attr:`~.house.Limits.columns` by :attr:`~.house.Limits.rows`, whatever size the
client says. The prompts leave the event loop's exception handler and its signals to the
server (:mod:`.service`): a player's prompt never takes Ctrl-C from the server's own
terminal, nor asks the server's standard input to press Enter.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application, run_in_terminal
from prompt_toolkit.application.current import create_app_session, get_app_or_none
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output

from ..kit.front import Front, Quit
from ..kit.loop import make_session, prompt_for
from ..kit.screen import TerminalScreen
from ..kit.style import STYLE
from ..words.i18n import Texts
from .house import Service, address_of
from .keyboard import Keyboard
from .lobby import LobbyFront
from .room import Room
from .seat import TableSession, sit_down
from .wire import let_go, unread


class Guest:
    """One person at the server, in their own terminal: the lobby, then a table."""

    def __init__(self, service: Service, name: str, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.service = service
        self.name = name
        self.chan = chan
        peer = chan.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        """Where the connection comes from (as :class:`~.ssh.GameServer` counts it)."""
        self.tx = Texts(_language(chan.get_environment()))
        self.input = Keyboard(
            service.limits, pause=chan.pause_reading, resume=chan.resume_reading, room=self._room
        )
        self.front: Front | None = None
        self.place: TableSession | None = None
        """Where this connection is at a table, while its front is that table's."""
        self._next: tuple[Front, TableSession | None] | None = None
        self._shows: list[Callable[[], None]] = []
        self._showing: asyncio.Handle | asyncio.Future[None] | None = None
        self._context: contextvars.Context | None = None
        """Where :meth:`_show_batch` runs: prompt_toolkit finds this connection's prompt by
        a context variable, and a table tells its news from another context."""
        self._unsent: list[str] = []
        self._sending: asyncio.Handle | None = None
        self._lines: deque[float] = deque()
        self._says: deque[float] = deque()
        self._session: PromptSession[str] | None = None
        self._resize: asyncio.TimerHandle | None = None
        self.task: asyncio.Task[None] | None = None
        self._stopped = False
        term = chan.get_terminal_type() or "xterm"
        env = chan.get_environment()
        self.plain = term == "dumb" or "NO_COLOR" in env
        stream = cast(TextIO, _Channel(self))
        depth = ColorDepth.DEPTH_1_BIT if self.plain else None
        self.output = _Terminal(stream, self._size, term=term, enable_cpr=False)
        # asked at every prompt drawn and every line shown: read the environment once
        self.output.default_color_depth = depth or self.output.get_default_color_depth()

    # -- the terminal --------------------------------------------------------------------

    def _size(self) -> Size:
        """The client's terminal as drawn: at least 40 by 10, at most the server's limits
        (SSH lets a client say 2³²−1 columns, and a redraw costs what it has)."""
        width, height, _, _ = self.chan.get_terminal_size()
        limits = self.service.limits
        return Size(
            rows=min(max(height, 10), limits.rows), columns=min(max(width, 40), limits.columns)
        )

    def write(self, data: str) -> None:
        """Write to the client's terminal now (after what prompt_toolkit wrote before); a
        client that leaves more than :attr:`~.house.Limits.write_buffer` unread is let go
        (:func:`~.wire.unread`)."""
        self._unsent.append(data.replace("\n", "\r\n"))
        self._send()

    def _buffer(self, data: str) -> None:
        """What prompt_toolkit writes: sent at the end of this turn of the event loop, so
        that a batch (the prompt erased, the lines told, the prompt drawn again) leaves
        as one packet, encrypted once."""
        self._unsent.append(data)
        if self._sending is None:
            self._sending = asyncio.get_running_loop().call_soon(self._send)

    def _send(self) -> None:
        if self._sending is not None:
            self._sending.cancel()
            self._sending = None
        data, self._unsent = "".join(self._unsent), []
        if not data:
            return
        if unread(self.chan) > self.service.limits.write_buffer:
            self.service.report(f"{self.name}: the client reads too slowly; closing")
            let_go(self.chan)
            return
        with contextlib.suppress(Exception):
            self.chan.write(data.encode("utf-8", "replace"))

    def _room(self) -> int | None:
        """How many more characters the line being typed may take (one past the longest
        line, so that the prompt says it is too long), if a line is being typed."""
        session = self._session
        if session is None or not session.app.is_running:
            return None
        return self.service.limits.line + 1 - len(session.default_buffer.text)

    def received(self, data: bytes) -> None:
        """Bytes from the client: counted and paced by the keyboard before any is parsed."""
        self.input.received(data)

    def ended(self) -> None:
        """The client sent its end of input: Ctrl-D, then nothing more."""
        self.input.received(b"\x04")
        self.input.end()

    def resized(self) -> None:
        """The client's terminal changed size: redrawn once, however often it is said (a
        prompt also finds the new size by itself within half a second)."""
        if self._resize is not None:
            return
        with contextlib.suppress(RuntimeError):
            self._resize = asyncio.get_running_loop().call_later(RESIZE, self._redraw)

    def _redraw(self) -> None:
        self._resize = None
        session = self._session
        if session is not None and session.app.is_running:
            with contextlib.suppress(Exception):
                session.app._on_resize()

    def stopping(self) -> None:
        """The server stops: say so, and end this terminal's session."""
        self.write("\r\n" + self.tx("server.stopping") + "\n")
        self._stopped = True  # a cancel can be lost in a line that ends at that moment
        if self.task is not None:
            self.task.cancel()

    # -- what the fronts ask -------------------------------------------------------------

    def later(self, show: Callable[[], None]) -> None:
        """Show something above the prompt, in order, without breaking the line being typed.

        What is told within one turn of the event loop (a table's move to each seat, a
        note) is shown together at the end of it, in one batch (:meth:`_show_batch`)."""
        self._shows.append(show)
        if self._showing is None:
            loop = asyncio.get_running_loop()
            self._showing = loop.call_soon(self._show_batch, context=self._context)

    def go_to_lobby(self) -> None:
        self._next = (self._lobby(), None)

    def sent_away(self) -> None:
        """The room bound this connection to its seat no more: to the lobby now, without
        waiting for a line (the prompt ends as if Enter was pressed on nothing)."""
        self._next = (self._lobby(), None)
        session = self._session
        if session is not None and session.app.is_running:
            session.app.exit(result="")

    def refresh(self) -> None:
        """Draw the prompt and its toolbar again (a clock in it moved on)."""
        session = self._session
        if session is not None and session.app.is_running:
            session.app.invalidate()

    def server_address(self) -> tuple[str, int]:
        """The address and port the client connected to (its view of the server)."""
        where = self.chan.get_extra_info("sockname")
        if isinstance(where, tuple) and len(where) >= 2:
            return str(where[0]), int(where[1])
        return "HOST", 2213

    def may_say(self, table: str) -> str | None:
        """Why this session may not say a line at ``table`` now, or ``None`` (the line is
        counted then): each session, each address (all its sessions) and each table has
        its lines a minute."""
        service, limits = self.service, self.service.limits
        address = address_of(self.address)
        says, now = self._says, time.monotonic()
        while says and now - says[0] > 60.0:
            says.popleft()
        if len(says) >= limits.says_per_minute:
            return "server.say_slower"
        if service.said_from.count(address) >= limits.says_per_address:
            return "server.says_from_address"
        if service.said_at.count(table) >= limits.says_per_table:
            return "server.says_at_table"
        says.append(now)
        service.said_from.add(address)
        service.said_at.add(table)
        return None

    # -- the session ---------------------------------------------------------------------

    async def run(self) -> None:
        self.task = asyncio.current_task()
        self.service.present.add(self)
        with create_app_session(input=self.input, output=self.output):
            self._context = contextvars.copy_context()  # this connection's app session
            self.screen = TerminalScreen(
                style=STYLE,
                plain_text=self.plain,
                input=self.input,
                output=self.output,
                yes_keys=self.tx.yes_keys,
                shared_loop=True,
                later=self.later,
            )
            why = "quit"
            try:
                await self._serve()
            except Quit:
                pass
            except EOFError:
                why = "end of input"
            except asyncio.CancelledError:
                why = "server stopping" if self.service.stopping else "connection closed"
            except Exception as error:  # a client never takes the server down
                why = "error"
                self.service.report(f"{self.name}: error: {error!r}")
                with contextlib.suppress(Exception):
                    self.write("The server hit an error; it is logged. Please connect again.\n")
            finally:
                self.service.present.discard(self)
                self.input.close()
                if self._resize is not None:
                    self._resize.cancel()
                if isinstance(self._showing, asyncio.Handle):
                    self._showing.cancel()
                if self.front is not None:
                    self.front.leave()
                    self._left(self.place)
                self.service.report(f"{self.name} left ({why})")
                with contextlib.suppress(Exception):
                    self._send()
                    self.chan.exit(0)

    async def _serve(self) -> None:
        room = self.service.hall.seat_waiting_for(self.name)
        front, place = self._seat(room, "play") if room is not None else (self._lobby(), None)
        del room  # the session keeps its port, never the room
        session = make_session(front, history_path=None, input=self.input, output=self.output)
        self._session = session
        while True:
            self.front, self.place = front, place
            self._next = None
            front.begin()
            prompt_for(session, front, below=True)
            while self._next is None:
                if self._stopped:
                    raise asyncio.CancelledError
                idle = self.service.limits.lobby_idle if isinstance(front, LobbyFront) else None
                try:
                    # the server's loop: its exception handler and its signals stay the server's
                    prompt = session.prompt_async(handle_sigint=False, set_exception_handler=False)
                    line = await asyncio.wait_for(prompt, idle)
                except KeyboardInterrupt:
                    continue
                except TimeoutError:
                    self.write(self.tx("server.idle") + "\n")
                    raise Quit from None
                if self._next is not None:
                    break  # sent away from the table while the line was being typed
                if len(line) > self.service.limits.line:
                    front.refuse(self.tx("server.line_too_long", limit=self.service.limits.line))
                    continue
                if not _within(
                    self._lines, self.service.limits.commands, self.service.limits.per_seconds
                ):
                    front.refuse(self.tx("server.slow_down"))
                    continue
                try:
                    front.execute(line)
                except (Quit, EOFError):
                    raise
                except Exception as error:  # logged here; the player and the table go on
                    self.service.report(f"{self.name}: error in {line[:40]!r}: {error!r}")
                    front.refuse(self.tx("server.error"))
                if place is not None:
                    await place.settled()  # a move typed: its news, then the prompt
            front.leave()
            self._left(place)
            front, place = self._next

    def _left(self, place: TableSession | None) -> None:
        """The table of ``place`` was left: a seat at a table whose game has not started is
        given up (the room keeps its plan), a table nobody sits at is forgotten. Both are
        the hall's, asked by the table's code: this connection holds no room."""
        if place is None or place.seat is None:
            return
        self.service.hall.leave(place.port.code, self.name)

    def _show_batch(self) -> None:
        """Show what was told since the last batch: above the prompt, which is drawn once
        again under it. prompt_toolkit's ``run_in_terminal`` does the same for one
        function, in a task of its own, and draws the prompt twice; a prompt that
        something else has put aside (``run_in_terminal`` in use) is waited for."""
        self._showing = None
        shows, self._shows = self._shows, []
        if not shows:
            return
        app = get_app_or_none()
        if app is None or not app.is_running or app.is_done:
            self._show_all(shows)  # no prompt on the screen: print where the cursor is
            return
        if app._running_in_terminal:  # someone else prints above it
            waiting = asyncio.ensure_future(
                run_in_terminal(functools.partial(self._show_all, shows))
            )
            self._showing = waiting
            waiting.add_done_callback(self._after_waiting)
            return
        try:
            app.renderer.erase()  # the prompt and its toolbar, gone; the cursor where it began
            self._show_all(shows)
            app.renderer.request_absolute_cursor_position()
            redraw(app)
        except Exception as error:  # one bad screen must not silence the table
            self.service.report(f"{self.name}: cannot show: {error!r}")

    def _after_waiting(self, done: asyncio.Future[None]) -> None:
        self._showing = None
        if not done.cancelled() and done.exception() is not None:
            self.service.report(f"{self.name}: cannot show: {done.exception()!r}")
        if self._shows:
            self._show_batch()

    def _show_all(self, shows: list[Callable[[], None]]) -> None:
        for show in shows:
            try:
                show()
            except Exception as error:
                self.service.report(f"{self.name}: cannot show: {error!r}")

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


class _Terminal(Vt100_Output):
    """The client's terminal, never asked where its cursor is.

    prompt_toolkit asks a terminal for the cursor's row (a CPR request) before drawing a
    toolbar, and waits up to a second for the answer after output above the prompt; a
    client that does not answer (a script, some terminals) would wait at every move. The
    room under the prompt is reserved instead (the menu's rows), so there is nothing to ask.
    """

    def get_rows_below_cursor_position(self) -> int:
        return 1


class _Channel:
    """The text stream prompt_toolkit writes to: the client's terminal, sent once a turn of
    the event loop (:meth:`Guest._buffer`)."""

    encoding = "utf-8"

    def __init__(self, guest: Guest) -> None:
        self.guest = guest

    def write(self, data: str) -> int:
        self.guest._buffer(data)
        return len(data)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("an SSH channel has no file descriptor")


RESIZE = 0.1
"""Seconds a change of the terminal's size waits, so that a flood of them redraws once."""


def redraw(app: Application[Any]) -> None:
    """Draw ``app``'s prompt now, as ``run_in_terminal`` does after its function.

    ``Application.invalidate`` would draw it too, but later: it schedules the drawing with
    ``call_soon_threadsafe`` (a write to the loop's own pipe) and, while the loop is busy,
    schedules it again on every turn for up to 10 ms, which on a busy server is most of
    the time its prompts cost. ``_redraw`` is prompt_toolkit's own way for the loop's
    thread (``run_in_terminal`` calls it), there since 3.0.0; without it, invalidate."""
    draw = getattr(app, "_redraw", None)
    if callable(draw):
        draw()
    else:  # pragma: no cover - a prompt_toolkit without it
        app.invalidate()


def _within(times: deque[float], most: int, seconds: float) -> bool:
    """Count one more use now; whether at most ``most`` fall within the last ``seconds``."""
    now = time.monotonic()
    while times and now - times[0] > seconds:
        times.popleft()
    if len(times) >= most:
        return False
    times.append(now)
    return True


def _language(env: Any) -> str:
    """German when the client's locale is German (``LANG``, ``LC_ALL``, ``LC_MESSAGES``)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = str(env.get(name, "")) if hasattr(env, "get") else ""
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
