"""Where the game's words go: a terminal (prompt_toolkit) or plain text (scripts, pipes).

:class:`Screen` is what the table needs from a front end: show styled text (and news
that comes while the person types, as the terminal allows), wait (for the narration's
speed, or for a key), and ask yes or no.
:class:`TerminalScreen` does it with prompt_toolkit; :class:`PlainScreen`
prints plain text and never waits, so a scripted game runs at once.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import termios
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from types import FrameType
from typing import Protocol, TextIO, cast

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.formatted_text import FormattedText, StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.renderer import print_formatted_text as print_fragments
from prompt_toolkit.styles import (
    DEFAULT_ATTRS,
    Attrs,
    BaseStyle,
    default_pygments_style,
    default_ui_style,
    merge_styles,
)

from .command_line import CLOSED_PIPE, stop_writing
from .render import Text, fit, plain, reflow
from .safe import visible
from .style import mark_wilds

MAX_WIDTH = 100

INTERRUPTED = "^C"
"""What a question answered with Ctrl-C shows after it, as a terminal echoes the key."""


class Screen(Protocol):
    """What the table needs from a front end."""

    interactive: bool
    draws_table: bool
    """Whether the screen draws the table itself, from the seat's view (a browser's): the
    table is then never shown to it as text."""

    @property
    def width(self) -> int: ...

    def show(self, text: Text) -> None:
        """Print styled text (newlines included); a control character in it is shown as
        :func:`repl.kit.safe.visible` writes it, never obeyed."""

    def sleep(self, seconds: float) -> None:
        """Wait, unless the player interrupted the narration."""

    def wait_key(self, message: str) -> bool:
        """Wait for a key; ``False`` when it was Ctrl-C (stop)."""

    def pause(self, message: str) -> None:
        """Wait for a key before going on (a round's scoring read), where one person's key
        may be waited for: not once Ctrl-C stopped the narration, never by a script, never
        on a loop that serves others too."""

    def later(self, show: Callable[[], None]) -> None:
        """Show something that happened, in order: at once, or (at a server) above the line
        being typed at the end of this turn of the loop."""

    def confirm(self, question: str, default: bool) -> bool:
        """Ask yes or no; a screen that cannot ask answers ``default``."""

    def ask(self, question: str, default: bool) -> bool:
        """Ask yes or no, as :meth:`confirm`, where Ctrl-C answers nothing: it raises
        :class:`KeyboardInterrupt`, and the one who asked leaves everything as it was."""

    def interruptible(self) -> contextlib.AbstractContextManager[None]:
        """Within it, Ctrl-C sets :attr:`interrupted` instead of raising."""

    @property
    def interrupted(self) -> bool: ...


def _terminal_input(given: Input | None) -> int | None:
    """The file descriptor of the terminal the keys come from: the process's own, when no
    other input was given (a test's pipe, a server's channel) and it is a terminal."""
    if given is not None:
        return None
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return None
    return fd if os.isatty(fd) else None


def safe_text(text: Text) -> Text:
    """``text`` with every fragment passed through :func:`repl.kit.safe.visible`: what comes
    from a file or a keyboard (a name, a reason, a line typed) can hold control characters."""
    return [(style, visible(fragment)) for style, fragment in text]


class _RememberedStyle(BaseStyle):
    """A style that never changes, each style string's attributes worked out once."""

    def __init__(self, style: BaseStyle) -> None:
        self._style = style
        self._attrs: dict[tuple[str, Attrs], Attrs] = {}

    def get_attrs_for_style_str(self, style_str: str, default: Attrs = DEFAULT_ATTRS) -> Attrs:
        key = (style_str, default)
        attrs = self._attrs.get(key)
        if attrs is None:
            if len(self._attrs) >= _REMEMBERED:  # the game's style strings are few
                self._attrs.clear()
            attrs = self._attrs[key] = self._style.get_attrs_for_style_str(style_str, default)
        return attrs

    @property
    def style_rules(self) -> list[tuple[str, str]]:
        return self._style.style_rules

    def invalidation_hash(self) -> Hashable:
        return self._style.invalidation_hash()


_REMEMBERED = 4096
_MERGED: dict[int, tuple[BaseStyle, _RememberedStyle]] = {}


def remembered_style(style: BaseStyle) -> BaseStyle:
    """``style`` over prompt_toolkit's defaults, as printing merges them, its answers
    remembered: one for every screen printing in ``style``."""
    known = _MERGED.get(id(style))
    if known is None or known[0] is not style:
        merged = merge_styles([default_ui_style(), default_pygments_style(), style])
        known = _MERGED[id(style)] = (style, _RememberedStyle(merged))
    return known[1]


class Unattended:
    """A screen nobody waits at: it never sleeps or waits for a key, shows news at once,
    and a question gets its default answer (a script's, a browser's)."""

    def sleep(self, seconds: float) -> None:
        return None

    def wait_key(self, message: str) -> bool:
        return True

    def pause(self, message: str) -> None:
        return None

    def later(self, show: Callable[[], None]) -> None:
        show()

    def confirm(self, question: str, default: bool) -> bool:
        return default

    def ask(self, question: str, default: bool) -> bool:
        return default

    @contextlib.contextmanager
    def interruptible(self) -> Iterator[None]:
        yield

    @property
    def interrupted(self) -> bool:
        return False


class PlainScreen(Unattended):
    """Plain text to a stream; no waiting, no questions (scripts and pipes)."""

    interactive = False
    draws_table = False

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    @property
    def width(self) -> int:
        return 80

    def show(self, text: Text) -> None:
        try:
            self.stream.write(plain(fit(safe_text(text), self.width)))
            self.stream.flush()
        except BrokenPipeError:
            # the reader went away (``| head``): stop quietly, as command-line tools do
            stop_writing(self.stream)
            raise SystemExit(CLOSED_PIPE) from None


class TerminalScreen:
    """A real terminal through prompt_toolkit; keeps a plain transcript for tests.

    With ``shared_loop`` (a server's session) its yes/no and key questions leave the event
    loop's exception handler to the loop's owner, it never pauses for a key, and ``later``
    shows what happened as its session does (above the prompt).
    """

    interactive = True
    draws_table = False

    def __init__(
        self,
        *,
        style: BaseStyle,
        plain_text: bool,
        input: Input | None = None,
        output: Output | None = None,
        yes_keys: str = "yj",
        shared_loop: bool = False,
        later: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self.style = style
        self.shared_loop = shared_loop
        self._later = later
        # merged once, and shared by every screen of the same style: prompt_toolkit's
        # print_formatted_text merges the styles again at every call and works out each
        # style string's attributes anew, and a server prints for many sessions
        self._merged = remembered_style(style)
        self.plain_text = plain_text
        self.input = input
        self.output = output
        self.yes_keys = yes_keys
        self.transcript: list[str] = []
        self._interrupted = False

    @property
    def width(self) -> int:
        # the output's own size first: shutil asks the environment and the process's
        # terminal (a system call), at every line a server prints for any session
        columns = None
        if self.output is not None:
            with contextlib.suppress(Exception):
                columns = self.output.get_size().columns
        if columns is None:
            columns = shutil.get_terminal_size((80, 24)).columns
        return max(40, min(columns, MAX_WIDTH))

    def show(self, text: Text) -> None:
        """Print ``text`` where the prompt is not: the loop calls this between prompts, and a
        server above a running prompt from within ``run_in_terminal``."""
        text = fit(safe_text(mark_wilds(text) if self.plain_text else text), self.width)
        self.transcript.append(plain(text))
        output = self.output or get_app_session().output
        if self.plain_text:
            fragments: StyleAndTextTuples = [("", plain(text))]
            depth = ColorDepth.DEPTH_1_BIT
        else:
            fragments = cast(StyleAndTextTuples, text)
            depth = output.get_default_color_depth()
        print_fragments(output, FormattedText(fragments), self._merged, color_depth=depth)
        output.flush()

    def sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self._interrupted and (left := end - time.monotonic()) > 0:
            time.sleep(min(left, 0.05))

    def _run_keys(self, message: str, bindings: KeyBindings) -> str:
        # wrapped: a question naming a long path must be read whole before it is answered;
        # broken between words at the terminal's width as it is now ("[Y/n]" stays whole)
        shown = visible(message)

        def text() -> StyleAndTextTuples:
            columns = get_app().output.get_size().columns
            return cast(StyleAndTextTuples, fit([("", shown)], max(columns, 1)))

        control = FormattedTextControl(text)
        window = Window(control, wrap_lines=True, dont_extend_height=True)
        app: Application[str] = Application(
            layout=Layout(window),
            key_bindings=bindings,
            style=self.style,
            input=self.input,
            output=self.output,
            erase_when_done=True,
        )
        return app.run(handle_sigint=False, set_exception_handler=not self.shared_loop)

    def wait_key(self, message: str) -> bool:
        bindings = KeyBindings()

        @bindings.add("<any>")
        def _any(event: KeyPressEvent) -> None:
            event.app.exit(result="go")

        @bindings.add("c-c")
        def _stop(event: KeyPressEvent) -> None:
            event.app.exit(result="stop")

        answer = self._run_keys(message, bindings)
        if answer == "stop":
            self._interrupted = True
        return answer != "stop"

    def pause(self, message: str) -> None:
        if not self.shared_loop and not self._interrupted:
            self.wait_key(message)

    def later(self, show: Callable[[], None]) -> None:
        if self._later is None:
            show()
        else:
            self._later(show)

    def confirm(self, question: str, default: bool) -> bool:
        """Ask; the answer is shown as the key pressed (``j`` in German), Enter as the
        language's own word for the default (:attr:`yes_keys` starts with it); Ctrl-C,
        Ctrl-D and Escape answer no."""
        return self._answer(question, default, interrupt=False)

    def ask(self, question: str, default: bool) -> bool:
        """As :meth:`confirm`, but Ctrl-C answers nothing: the question stays on the screen
        with ``^C`` after it, and :class:`KeyboardInterrupt` is raised."""
        return self._answer(question, default, interrupt=True)

    def _answer(self, question: str, default: bool, *, interrupt: bool) -> bool:
        bindings = KeyBindings()
        for key in self.yes_keys + self.yes_keys.upper() + "nN":

            @bindings.add(key)
            def _key(event: KeyPressEvent) -> None:
                event.app.exit(result=event.data.lower())

        for key in ("c-d", "escape"):

            @bindings.add(key)
            def _no(event: KeyPressEvent) -> None:
                event.app.exit(result="n")

        @bindings.add("c-c")
        def _stop(event: KeyPressEvent) -> None:
            event.app.exit(result=INTERRUPTED if interrupt else "n")

        @bindings.add("enter")
        def _default(event: KeyPressEvent) -> None:
            event.app.exit(result=self.yes_keys[0] if default else "n")

        said = self._run_keys(question, bindings)
        # the question stays on the screen with its answer, broken between words
        self.show([*reflow([("", question), ("class:label", said)], self.width), ("", "\n")])
        if said == INTERRUPTED:
            raise KeyboardInterrupt
        return said in self.yes_keys

    @contextlib.contextmanager
    def interruptible(self) -> Iterator[None]:
        self._interrupted = False
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def _flag(signum: int, frame: FrameType | None) -> None:
            self._interrupted = True

        previous = signal.signal(signal.SIGINT, _flag)
        try:
            with self._no_echo():
                yield
        finally:
            signal.signal(signal.SIGINT, previous)

    @contextlib.contextmanager
    def _no_echo(self) -> Iterator[None]:
        """While the narration runs, the terminal echoes no key: Ctrl-C as ``^C`` before
        the lines it skips, a word typed ahead in the middle of them. The keys stay in the
        terminal's queue, and the next prompt reads and shows them."""
        fd = _terminal_input(self.input)
        if fd is None:
            yield
            return
        try:
            before = termios.tcgetattr(fd)
        except termios.error:
            yield
            return
        quiet = list(before)
        quiet[3] &= ~(termios.ECHO | termios.ECHOCTL)  # the local modes
        termios.tcsetattr(fd, termios.TCSANOW, quiet)  # TCSANOW: no key typed ahead is lost
        try:
            yield
        finally:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(fd, termios.TCSANOW, before)

    @property
    def interrupted(self) -> bool:
        return self._interrupted
