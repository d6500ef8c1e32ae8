"""The server's log: one line per thing that happened, on standard error, never waited for;
and its refusals, each kind from each address logged once within a window (:class:`Refusals`).

A line is stamped and queued on the event loop, and a thread of its own writes it: a
standard error that is a slow pipe, a full terminal or a paused ``ssh`` never stops a
table. The queue is bounded (:data:`QUEUE_LINES`); while it is full, lines are counted
instead of kept, and the count is written as a line of its own as soon as there is room.

>>> import io
>>> out = io.StringIO()
>>> log = ServerLog(out, clock=lambda: "2026-12-03 10:00:00")
>>> log.line("table KITE-7 made by ana (here)")
>>> log.close()
>>> out.getvalue()
'2026-12-03 10:00:00 table KITE-7 made by ana (here)\\n'
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import TextIO

from attrs import define

QUEUE_LINES = 10_000
"""Lines that may wait for the writer (a few megabytes at most)."""

CLOSE_SECONDS = 1.0
"""The longest :meth:`ServerLog.close` waits for the lines still queued."""

_END = None


def stamp() -> str:
    """The time a line of the log begins with (local time, to the second)."""
    return time.strftime("%Y-%m-%d %H:%M:%S")


class ServerLog:
    """A log written to ``stream`` by a thread of its own; :meth:`line` never blocks."""

    def __init__(
        self, stream: TextIO, *, clock: Callable[[], str] = stamp, most: int = QUEUE_LINES
    ) -> None:
        self.stream = stream
        self.clock = clock
        self.dropped = 0
        """Lines not kept since the last that was, because the queue was full."""
        self._lock = threading.Lock()
        self._queue: queue.Queue[str | None] = queue.Queue(maxsize=most)
        self._writer = threading.Thread(target=self._write, name="server log", daemon=True)
        self._writer.start()

    def line(self, text: str) -> None:
        """Log ``text`` (one line: the caller has made it safe), stamped now."""
        stamped = f"{self.clock()} {text}"
        with self._lock:
            try:
                if self.dropped:
                    said = f"{self.clock()} the log was full: {self.dropped} lines were dropped"
                    self._queue.put_nowait(said)
                    self.dropped = 0
                self._queue.put_nowait(stamped)
            except queue.Full:
                self.dropped += 1

    @property
    def writing(self) -> bool:
        """Whether the writer still runs (until :meth:`close` has written the end)."""
        return self._writer.is_alive()

    def close(self, timeout: float = CLOSE_SECONDS) -> None:
        """Write what is queued (within ``timeout`` seconds), then stop the writer."""
        deadline = time.monotonic() + timeout
        with self._lock:
            try:
                self._queue.put(_END, timeout=timeout)
            except queue.Full:
                return
        self._writer.join(max(deadline - time.monotonic(), 0.0))

    def _write(self) -> None:
        while (text := self._queue.get()) is not _END:
            try:
                self.stream.write(text + "\n")
                self.stream.flush()
            except (OSError, ValueError):  # standard error is gone: the lines go with it
                continue


@define
class _Said:
    at: float
    more: int = 0


class Refusals:
    """The server's log of refusals: one line per kind and address within ``window``
    seconds; the next line of that kind and address says how many were not logged.

    A flood of refusals from many addresses is bounded too: past ``keys`` kinds and
    addresses within the window, the rest count as one address, ``*``. Any thread may
    log (what a library says on a table's worker, :mod:`~.libraries`).
    """

    def __init__(self, report: Callable[[str], None], window: float, keys: int = 4096) -> None:
        self.report = report
        self.window = window
        self.keys = keys
        self._said: dict[tuple[str, str], _Said] = {}
        self._lock = threading.Lock()

    def __call__(self, kind: str, address: str, line: str) -> bool:
        """Log ``line`` unless ``kind`` from ``address`` was logged within the window;
        whether it was logged."""
        with self._lock:
            return self._log(kind, address, line)

    def _log(self, kind: str, address: str, line: str) -> bool:
        now = time.monotonic()
        key = (kind, address)
        said = self._said.get(key)
        if said is None and len(self._said) >= self.keys:
            self._forget(now)
            if len(self._said) >= self.keys:
                key = (kind, "*")
                said = self._said.get(key)
        if said is not None and now - said.at < self.window:
            said.more += 1
            return False
        more = said.more if said is not None else 0
        self._said[key] = _Said(now)
        self.report(line + (f" (and {more} more like it before)" if more else ""))
        return True

    def _forget(self, now: float) -> None:
        for key in [key for key, said in self._said.items() if now - said.at >= self.window]:
            del self._said[key]
