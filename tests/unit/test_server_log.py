"""The server's log is written by a thread of its own: a stuck standard error never
stops the event loop, and what could not wait is counted, not lost in silence."""

from __future__ import annotations

import io
import threading

from threethirteen.repl.server.server_log import ServerLog


class StuckStream(io.StringIO):
    """Standard error as a paused pipe: writes wait until the test lets them go; the test
    can wait for a number of lines to be written."""

    def __init__(self) -> None:
        super().__init__()
        self.go_on = threading.Event()
        self._lines = threading.Condition()
        self._count = 0
        self.writing = threading.Event()

    def write(self, text: str) -> int:
        self.writing.set()
        self.go_on.wait()
        written = super().write(text)
        with self._lines:
            self._count += text.count("\n")
            self._lines.notify_all()
        return written

    def wait_for_lines(self, count: int) -> bool:
        with self._lines:
            return self._lines.wait_for(lambda: self._count >= count, timeout=60)


class GoneStream(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_lines_are_written_in_order_each_stamped() -> None:
    out = io.StringIO()
    log = ServerLog(out, clock=lambda: "T")
    for n in range(50):
        log.line(f"line {n}")
    log.close()
    assert out.getvalue().splitlines() == [f"T line {n}" for n in range(50)]


def test_a_stuck_standard_error_never_holds_the_caller_and_the_dropped_are_counted() -> None:
    out = StuckStream()
    log = ServerLog(out, clock=lambda: "T", most=3)
    log.line("first")
    assert out.writing.wait(60)  # the writer holds "first", stuck in the write
    for n in range(10):  # three wait in the queue, seven do not fit: none of them waits
        log.line(f"more {n}")
    assert log.dropped == 7
    out.go_on.set()
    assert out.wait_for_lines(4)  # the queue is empty again
    log.line("after")
    log.close(timeout=60)
    assert out.getvalue().splitlines() == [
        "T first",
        "T more 0",
        "T more 1",
        "T more 2",
        "T the log was full: 7 lines were dropped",
        "T after",
    ]
    assert log.dropped == 0


def test_a_standard_error_that_is_gone_loses_its_lines_only() -> None:
    log = ServerLog(GoneStream(), clock=lambda: "T")
    for n in range(5):
        log.line(f"line {n}")
    log.close(timeout=60)  # the writer went through every line and the end: it stopped
    assert not log.writing
