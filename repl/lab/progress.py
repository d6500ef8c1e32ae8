"""How far a long measurement is, on stderr: prompt_toolkit's progress bar on a terminal
(games done, their rate, the time left), plain lines in a pipe or a log file.

Both count from where a run started: games read back from an ``--out`` file are done
but were not played now, so they count as done and not into the rate.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import TextIO

from prompt_toolkit.formatted_text import AnyFormattedText
from prompt_toolkit.input import DummyInput, Input
from prompt_toolkit.layout.dimension import AnyDimension, Dimension
from prompt_toolkit.output import create_output
from prompt_toolkit.shortcuts import ProgressBar
from prompt_toolkit.shortcuts.progress_bar import formatters
from prompt_toolkit.shortcuts.progress_bar.base import ProgressBarCounter

__all__ = ["Bar", "Pace", "Progress", "progress_for"]


class Pace:
    """Items done out of a total, the rate of those done since the start, the time left."""

    def __init__(self, total: int, done: int = 0, label: str = "games") -> None:
        self.total = total
        self.first = done
        self.done = done
        self.label = label
        self.start = time.monotonic()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    @property
    def rate(self) -> float:
        """Items a second since the start (0 before the first)."""
        elapsed = self.elapsed
        return (self.done - self.first) / elapsed if elapsed > 0 else 0.0

    def left_text(self) -> str:
        """``about 2 min left``, ``time left ?`` before the first item is done, and
        ``done in 12 s`` at the end."""
        if self.done >= self.total:
            return f"done in {_duration(self.elapsed)}"
        rate = self.rate
        if rate <= 0:
            return "time left ?"
        return f"about {_duration((self.total - self.done) / rate)} left"

    def text(self) -> str:
        """``games 37/200 (12 s, 3.1 games/s, about 52 s left)``."""
        return (
            f"{self.label} {self.done}/{self.total} ({self.elapsed:.0f} s, "
            f"{self.rate:.1f} {self.label}/s, {self.left_text()})"
        )


def _duration(seconds: float) -> str:
    """``12 s``, ``4 min``, ``2.5 h``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class Progress:
    """Plain progress lines on ``stream``: rewritten in place on a terminal (and erased at
    the end), else a line every 10%."""

    def __init__(
        self, total: int, stream: TextIO, enabled: bool, label: str = "games", done: int = 0
    ) -> None:
        self.pace = Pace(total, done, label)
        self.stream = stream
        self.enabled = enabled and total > 1
        self.tty = stream.isatty()
        self.step = max(1, total // 10)
        self.said = done // self.step

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def update(self, done: int) -> None:
        """``done`` items are done now."""
        self.pace.done = done
        if not self.enabled:
            return
        if self.tty:
            self.stream.write(f"\r{self.pace.text()}\x1b[K")
        elif done // self.step > self.said or done == self.pace.total:
            self.said = done // self.step
            self.stream.write(self.pace.text() + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Erase the progress line on a terminal, so the results start on a clean line."""
        if self.enabled and self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


class _PaceText(formatters.Formatter):
    """The bar's last column: the rate and the time left."""

    def __init__(self, pace: Pace) -> None:
        self.pace = pace

    def text(self) -> str:
        return f"{self.pace.rate:.1f} {self.pace.label}/s, {self.pace.left_text()}"

    def format(
        self, progress_bar: ProgressBar, progress: ProgressBarCounter[object], width: int
    ) -> AnyFormattedText:
        return self.text()

    def get_width(self, progress_bar: ProgressBar) -> AnyDimension:
        """As wide as its text (the bar takes what is left), so nothing of it is cut."""
        return Dimension.exact(len(self.text()))


SignalHandler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None
"""A signal's handler as ``signal.getsignal`` gives it (``None``: set outside Python)."""


class Bar:
    """prompt_toolkit's progress bar on the terminal of ``stream``: a title, the count, the
    bar, the rate and the time left; Ctrl-C stops the run as it would without it.

    While it reads the keys (standard input is the terminal) the terminal sends no SIGINT:
    the bar reads Ctrl-C as a key, and prompt_toolkit sends this process SIGINT, which
    raises ``KeyboardInterrupt`` in the main thread. A program started with SIGINT ignored
    (a script's job in the background, a test run started as one) would drop that signal
    and play on to the end, so while the bar reads the keys SIGINT is Python's
    ``KeyboardInterrupt``, whatever it was before.
    """

    def __init__(self, total: int, stream: TextIO, title: str, done: int = 0) -> None:
        self.pace = Pace(total, done)
        self.reads_keys = os.isatty(0)
        keys: Input | None = None if self.reads_keys else DummyInput()
        self.bar = ProgressBar(
            title=title,
            formatters=[
                formatters.Label(),
                formatters.Text(" "),
                formatters.Progress(),
                formatters.Text(" "),
                formatters.Bar(sym_a="#", sym_b="#", sym_c="."),
                formatters.Text(" "),
                _PaceText(self.pace),
            ],
            output=create_output(stdout=stream),
            input=keys,
        )
        self.counter: ProgressBarCounter[object] | None = None
        self.sigint_before: SignalHandler = None
        """SIGINT's handler before the bar, put back after it (``None``: none was changed)."""

    def __enter__(self) -> Bar:
        before = signal.getsignal(signal.SIGINT)
        # a signal's handler is set in the main thread only (and prompt_toolkit turns the
        # key into SIGINT only for a bar made there); one set outside Python (None) could
        # not be put back
        main = threading.current_thread() is threading.main_thread()
        if self.reads_keys and main and before is not None:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            self.sigint_before = before
        try:
            self.bar.__enter__()
        except BaseException:
            self._put_back_sigint()
            raise
        self.counter = self.bar(label="games", total=self.pace.total)
        self.counter.items_completed = self.pace.done
        return self

    def __exit__(self, *exc: object) -> None:
        if self.counter is not None:
            self.counter.done = self.pace.done >= self.pace.total
            self.counter.stopped = True
        try:
            self.bar.__exit__(*exc)
        finally:  # once the bar reads no more keys: a Ctrl-C until then still stops the run
            self._put_back_sigint()

    def _put_back_sigint(self) -> None:
        if self.sigint_before is not None:
            signal.signal(signal.SIGINT, self.sigint_before)
            self.sigint_before = None

    def update(self, done: int) -> None:
        """``done`` games are done now."""
        self.pace.done = done
        if self.counter is not None:
            self.counter.items_completed = done
            self.bar.invalidate()


def progress_for(
    total: int, stream: TextIO, *, enabled: bool, title: str, done: int = 0
) -> Progress | Bar:
    """The bar on a terminal that can draw it, plain lines elsewhere (a pipe, a file,
    ``TERM=dumb``), nothing shown when not ``enabled`` or for a single game."""
    drawable = stream.isatty() and os.environ.get("TERM", "") not in ("", "dumb")
    if enabled and total - done > 1 and drawable:
        return Bar(total, stream, title, done)
    return Progress(total, stream, enabled, done=done)
