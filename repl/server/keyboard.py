"""A client's keys, as prompt_toolkit reads them: bounded, paced, never blocking.

What a client types arrives from its SSH channel (the connection's bytes already paced by
:class:`~.ssh.Throttle`) in pieces of any size. They wait in a small backlog, and when the
backlog is full the channel stops reading, so the client's SSH window stays shut and the
client waits, not the server. A piece at a time is decoded and parsed into key presses
here, and prompt_toolkit is handed them in small batches on the event loop: no pipe, no
blocking write, no file descriptor. Every key costs prompt_toolkit a walk of its key
bindings (half a millisecond here), so keys are paced by a token bucket
(:attr:`~.limits.Limits.keys_per_second`; a bracketed paste is one key), and keys that
could change nothing are dropped before prompt_toolkit sees them: text past the longest
line (it would be refused whole), a backspace on an empty line (it would only ring the
bell, a packet back to the client each). A key that ends,
clears or completes a line (Enter, Ctrl-C, Ctrl-D, Tab, F2) makes the prompt do real work
(run a command, say a note, restart the prompt), so those have a bucket of their own
(:attr:`~.limits.Limits.line_keys_per_second`), and a batch ends with one.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import time
from collections import deque
from collections.abc import Callable, Iterator

from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from ..kit.internals import BoundedPasteParser, forget_prefixes, forget_typeahead
from .limits import Limits
from .shares import Bucket

LINE_KEYS = frozenset(
    {Keys.ControlM, Keys.ControlJ, Keys.ControlC, Keys.ControlD, Keys.ControlI, Keys.BackTab,
     Keys.F2}
)  # fmt: skip
"""Keys that end, clear or complete a line: each costs the server a command, a note or a
new prompt, so they are paced on their own."""

TICK = 0.05
"""The shortest time between two pieces parsed, or two batches handed to prompt_toolkit
(each may redraw)."""

CHUNK = 1024
"""The most bytes parsed at once."""

BACKLOG = 8192
"""Bytes received and not yet parsed, beyond which the channel stops reading."""

BATCH = 64
"""The most keys handed over at once."""

AHEAD = 1024
"""Parsed keys that may wait for prompt_toolkit; beyond them, bytes stay unparsed."""

SEQUENCE = 32
"""The longest run of digits and ``;`` kept in an escape sequence (``ESC [ 1 ; 2 R``):
prompt_toolkit's parser holds such a run whole, whatever its length."""

PREFIXES = 4096
"""Entries prompt_toolkit's parser may cache (one per escape sequence prefix it has seen,
from every client, kept for good) before the cache is emptied."""


class Keyboard(Input):
    """One client's keys for prompt_toolkit, fed from its channel by :meth:`received`.

    ``pause`` and ``resume`` stop and restart reading the channel: the backlog of bytes
    not yet parsed stays small. ``room`` says how many more characters the line being
    typed may take (``None``: no line is being typed, nothing is dropped).
    """

    def __init__(
        self,
        limits: Limits,
        *,
        pause: Callable[[], None],
        resume: Callable[[], None],
        room: Callable[[], int | None] = lambda: None,
    ) -> None:
        self.limits = limits
        self._room = room
        self._pause = pause
        self._resume = resume
        self._any = Bucket(rate=limits.keys_per_second, burst=limits.keys_burst)
        self._lines = Bucket(rate=limits.line_keys_per_second, burst=limits.line_keys_burst)
        self._backlog = bytearray()
        self._paused = False
        self._keys: deque[KeyPress] = deque()
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._parser = BoundedPasteParser(self._keys.append, most=limits.line * 4)
        self._escape = -1  # where in ``ESC [ digits`` the last character was (-1: not)
        self._callbacks: list[Callable[[], None] | None] = []
        self._timer: asyncio.TimerHandle | None = None
        self._last = 0.0
        self._ended = False

    # -- from the channel ---------------------------------------------------------------

    def received(self, data: bytes) -> None:
        """Bytes from the client: kept (the channel pauses when too many wait), never parsed
        here."""
        if self._ended:
            return
        self._backlog += data
        if not self._paused and len(self._backlog) >= BACKLOG:
            self._paused = True
            self._pause()
        self._wake()

    def end(self) -> None:
        """The client has no more to send: what it sent is still read, then the end."""
        self._ended = True
        self._wake()

    @property
    def waiting(self) -> int:
        """Bytes received and not yet let through."""
        return len(self._backlog)

    # -- pacing -------------------------------------------------------------------------

    def _wake(self, delay: float = 0.0) -> None:
        if self._timer is not None:
            return
        with contextlib.suppress(RuntimeError):  # no loop: nothing is reading yet
            loop = asyncio.get_running_loop()
            since = time.monotonic() - self._last
            self._timer = loop.call_later(max(delay, TICK - since, 0.0), self._pump)

    def _pump(self) -> None:
        self._timer = None
        self._last = time.monotonic()
        if self._backlog and len(self._keys) < AHEAD:
            chunk = bytes(self._backlog[:CHUNK])
            del self._backlog[:CHUNK]
            self._parse(self._decoder.decode(chunk))
        if self._paused and len(self._backlog) < BACKLOG // 2:
            self._paused = False
            self._resume()
        if self._ended and not self._backlog:
            self._parse(self._decoder.decode(b"", final=True))
        callback = self._callbacks[-1] if self._callbacks else None
        if callback is not None and (self._ready() or self.closed):
            callback()  # prompt_toolkit calls read_keys
        self._again()

    def _again(self) -> None:
        """Come back when there is more to let through, or a paced key may go."""
        if self._timer is not None or not self._callbacks or self._callbacks[-1] is None:
            return
        delays = []
        if self._backlog and len(self._keys) < AHEAD:
            delays.append(TICK)
        if self._keys:
            delays.append(self._wait(self._keys[0]))
        if delays:
            self._wake(min(delays))

    def _wait(self, key: KeyPress) -> float:
        """Seconds until ``key`` may be handed over."""
        wait = self._any.wait(1)
        return max(wait, self._lines.wait(1)) if key.key in LINE_KEYS else wait

    def _ready(self) -> bool:
        if not self._keys:
            return False
        first = self._keys[0]
        return self._wait(first) == 0.0 or self._idle(first, self._room(), 0)

    def _idle(self, key: KeyPress, room: int | None, typed: int) -> bool:
        """Whether ``key`` can change nothing: text past the line's room, or a backspace
        on an empty line (``typed``: characters of this batch before it)."""
        if room is None:
            return False
        if _is_text(key):
            return typed >= room
        return key.key == Keys.ControlH and typed == 0 and room > self.limits.line

    def _parse(self, text: str) -> None:
        forget_prefixes(PREFIXES)  # every client's prefixes, in one cache of the process
        self._parser.feed(self._clip(text))

    def _clip(self, text: str) -> str:
        """``text`` with each run of digits in an escape sequence held to :data:`SEQUENCE`."""
        if "\x1b" not in text and self._escape < 0:
            return text
        kept = []
        for char in text:
            if char == "\x1b":
                self._escape = 0
            elif self._escape == 0:
                self._escape = 1 if char == "[" else -1
            elif self._escape > 0:
                if char in "0123456789;<":
                    self._escape += 1
                    if self._escape > SEQUENCE:
                        continue
                else:
                    self._escape = -1
            kept.append(char)
        return "".join(kept)

    # -- what prompt_toolkit asks -------------------------------------------------------

    def read_keys(self) -> list[KeyPress]:
        """The next batch of keys: at most :data:`BATCH`, as many as the buckets let go,
        ending at a line key."""
        batch: list[KeyPress] = []
        room, typed = self._room(), 0
        while self._keys and len(batch) < BATCH:
            key = self._keys[0]
            if self._idle(key, room, typed):
                self._keys.popleft()
                continue
            if self._wait(key) > 0.0:
                break
            batch.append(self._keys.popleft())
            self._any.take(1)
            typed += _is_text(key)
            if key.key in LINE_KEYS:
                self._lines.take(1)
                break
        if self._keys or self._backlog:
            self._wake()
        return batch

    def flush_keys(self) -> list[KeyPress]:
        if self._backlog:
            return []  # more is coming: an escape may still be the start of a sequence
        self._parser.flush()
        return self.read_keys()

    @property
    def closed(self) -> bool:
        return self._ended and not self._backlog and not self._keys

    def fileno(self) -> int:
        raise NotImplementedError("a client's keyboard has no file descriptor")

    def typeahead_hash(self) -> str:
        return f"ssh-keyboard-{id(self)}"

    def raw_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def cooked_mode(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()

    def attach(
        self, input_ready_callback: Callable[[], None]
    ) -> contextlib.AbstractContextManager[None]:
        return self._with(input_ready_callback)

    def detach(self) -> contextlib.AbstractContextManager[None]:
        return self._with(None)

    @contextlib.contextmanager
    def _with(self, callback: Callable[[], None] | None) -> Iterator[None]:
        self._callbacks.append(callback)
        self._wake()
        try:
            yield
        finally:
            self._callbacks.pop()
            self._wake()

    def close(self) -> None:
        """Nothing more is read; prompt_toolkit's keys kept for this keyboard are let go."""
        self._ended = True
        self._backlog.clear()
        self._keys.clear()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        forget_typeahead(self)  # kept per input, in a table that is never emptied


def _is_text(key: KeyPress) -> bool:
    """Whether ``key`` types a character into the line (any character that is no named
    key: a zero-width space is typed into the line as well as a letter)."""
    return not isinstance(key.key, Keys) and len(key.key) == 1
