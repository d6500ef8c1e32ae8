"""One person's terminal, as the server draws it: what prompt_toolkit writes, and what the
table tells while the person types.

What prompt_toolkit writes is sent to the client once per turn of the event loop, as one
SSH packet (:class:`_Channel`). What the table tells is shown above the line being typed,
in order, never in the middle of it: everything told within one turn of the event loop is
one batch, printed where the prompt was and the prompt drawn once under it
(:meth:`Display.later`). The terminal is drawn at most :attr:`~.limits.Limits.columns` by
:attr:`~.limits.Limits.rows`, whatever size the client says, and drawn again once when the
client says it changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
from collections.abc import Callable
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit.application import Application, run_in_terminal
from prompt_toolkit.application.current import get_app_or_none
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output

from ..kit.internals import draw_now, resized, running_in_terminal
from ..kit.screen import TerminalScreen
from ..kit.style import STYLE
from .limits import Limits
from .ssh_bytes import let_go, unread

RESIZE = 0.1
"""Seconds a change of the terminal's size waits, so that a flood of them redraws once."""


class Display:
    """The client's terminal: prompt_toolkit's output to it (:attr:`output`), sent once a
    turn of the event loop, and the table's news shown above the prompt in batches.

    ``report`` logs a problem of this terminal (the server's log)."""

    def __init__(
        self,
        chan: asyncssh.SSHServerChannel[bytes],
        limits: Limits,
        report: Callable[[str], None],
    ) -> None:
        self.chan = chan
        self.limits = limits
        self.report = report
        term = chan.get_terminal_type() or "xterm"
        self.plain = term == "dumb" or "NO_COLOR" in chan.get_environment()
        """Whether the terminal is drawn without colour (``TERM=dumb`` or ``NO_COLOR``)."""
        stream = cast(TextIO, _Channel(self))
        self.output = _Terminal(stream, self.size, term=term, enable_cpr=False)
        # asked at every prompt drawn and every line shown: read the environment once
        depth = ColorDepth.DEPTH_1_BIT if self.plain else None
        self.output.default_color_depth = depth or self.output.get_default_color_depth()
        self.context: contextvars.Context | None = None
        """Where a batch is shown: prompt_toolkit finds this connection's prompt by a
        context variable, and a table tells its news from another context."""
        self._unsent: list[str] = []
        self._sending: asyncio.Handle | None = None
        self._shows: list[Callable[[], None]] = []
        self._showing: asyncio.Handle | asyncio.Future[None] | None = None
        self._resize: asyncio.TimerHandle | None = None
        self._redrawing: asyncio.Handle | None = None

    def size(self) -> Size:
        """The client's terminal as drawn: at least 40 by 10, at most the server's limits
        (SSH lets a client say 2³²−1 columns, and a redraw costs what it has)."""
        width, height, _, _ = self.chan.get_terminal_size()
        limits = self.limits
        return Size(
            rows=min(max(height, 10), limits.rows), columns=min(max(width, 40), limits.columns)
        )

    def screen(self, keys: Input, yes_keys: str) -> TerminalScreen:
        """The screen the fronts show on: this terminal, with ``keys``, the news shown in
        batches (:meth:`later`), the event loop shared with every other connection."""
        return TerminalScreen(
            style=STYLE,
            plain_text=self.plain,
            input=keys,
            output=self.output,
            yes_keys=yes_keys,
            shared_loop=True,
            later=self.later,
        )

    # -- what is sent --------------------------------------------------------------------

    def write(self, data: str) -> None:
        """Write to the client's terminal now (after what prompt_toolkit wrote before); a
        client that leaves more than :attr:`~.limits.Limits.write_buffer` unread is let go
        (:func:`~.ssh_bytes.unread`)."""
        self._unsent.append(data.replace("\n", "\r\n"))
        self.send()

    def buffer(self, data: str) -> None:
        """What prompt_toolkit writes: sent at the end of this turn of the event loop, so
        that a batch (the prompt erased, the lines told, the prompt drawn again) leaves
        as one packet, encrypted once."""
        self._unsent.append(data)
        if self._sending is None:
            self._sending = asyncio.get_running_loop().call_soon(self.send)

    def send(self) -> None:
        """Send what is written and not sent yet."""
        if self._sending is not None:
            self._sending.cancel()
            self._sending = None
        data, self._unsent = "".join(self._unsent), []
        if not data:
            return
        if unread(self.chan) > self.limits.write_buffer:
            self.report("the client reads too slowly; closing")
            let_go(self.chan)
            return
        with contextlib.suppress(Exception):
            self.chan.write(data.encode("utf-8", "replace"))

    def resized(self, prompt: Callable[[], Application[Any] | None]) -> None:
        """The client's terminal changed size: the running ``prompt()`` redrawn once,
        however often it is said (a prompt also finds the new size by itself within half
        a second)."""
        if self._resize is not None:
            return
        with contextlib.suppress(RuntimeError):
            loop = asyncio.get_running_loop()
            self._resize = loop.call_later(RESIZE, self._redraw, prompt)

    def _redraw(self, prompt: Callable[[], Application[Any] | None]) -> None:
        self._resize = None
        app = prompt()
        if app is not None:
            with contextlib.suppress(Exception):
                resized(app)

    def redraw(self) -> None:
        """Draw the prompt again (its toolbar changed), at the end of this turn of the event
        loop: once however often it is asked, and not at all when a batch of news draws it
        then anyway (:meth:`later`). prompt_toolkit's ``invalidate`` would draw it a second
        time after such a batch, and keeps rescheduling itself while the loop is busy."""
        if self._redrawing is None and self._showing is None:
            loop = asyncio.get_running_loop()
            self._redrawing = loop.call_soon(self._redraw_prompt, context=self.context)

    def _redraw_prompt(self) -> None:
        self._redrawing = None
        if self._showing is not None:
            return  # a batch was told since: it draws the prompt
        app = get_app_or_none()
        if app is None or not app.is_running or app.is_done or running_in_terminal(app):
            return  # no prompt on the screen, or one put aside: it is drawn when it is back
        try:
            draw_now(app)
        except Exception as error:
            self.report(f"cannot draw: {error!r}")

    def stop(self) -> None:
        """Nothing more is shown or redrawn (what is written is still sent)."""
        if self._resize is not None:
            self._resize.cancel()
        if self._redrawing is not None:
            self._redrawing.cancel()
        if isinstance(self._showing, asyncio.Handle):
            self._showing.cancel()

    # -- what the table tells ------------------------------------------------------------

    def later(self, show: Callable[[], None]) -> None:
        """Show something above the prompt, in order, without breaking the line being typed.

        What is told within one turn of the event loop (a table's move to each seat, a
        note) is shown together at the end of it, in one batch (:meth:`_show_batch`)."""
        self._shows.append(show)
        if self._showing is None:
            loop = asyncio.get_running_loop()
            self._showing = loop.call_soon(self._show_batch, context=self.context)

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
        if running_in_terminal(app):  # someone else prints above it
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
            draw_now(app)
        except Exception as error:  # one bad screen must not silence the table
            self.report(f"cannot show: {error!r}")

    def _after_waiting(self, done: asyncio.Future[None]) -> None:
        self._showing = None
        if not done.cancelled() and done.exception() is not None:
            self.report(f"cannot show: {done.exception()!r}")
        if self._shows:
            self._show_batch()

    def _show_all(self, shows: list[Callable[[], None]]) -> None:
        for show in shows:
            try:
                show()
            except Exception as error:
                self.report(f"cannot show: {error!r}")


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
    the event loop (:meth:`Display.buffer`)."""

    encoding = "utf-8"

    def __init__(self, display: Display) -> None:
        self.display = display

    def write(self, data: str) -> int:
        self.display.buffer(data)
        return len(data)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("an SSH channel has no file descriptor")
