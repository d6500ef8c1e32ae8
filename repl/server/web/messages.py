"""What goes over a browser's socket: the messages read from it (each bounded before it is
parsed, docs/web.md), the outbox that holds what waits to be sent to it (bounded too), and
the screen that fills the outbox with what the fronts say.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from attrs import frozen

from ...kit.render import Text
from ...kit.screen import Unattended, safe_text
from ...protocol.acts import Act
from ...protocol.codec import read_act
from .board import Json

FILE_PIECE = 64 * 1024
"""The most bytes of a file one ``file`` message carries (:meth:`Outbox.send_file`)."""

MOST_FRAME = 4096
"""The longest message a browser may send, in bytes (a line is at most
:attr:`~..limits.Limits.line` characters; the WebSocket closes on a longer one)."""

COLUMNS = range(30, 121)
MOST_LINE = 400
"""The width the status line is made for (the page wraps it)."""
"""The widths (in characters) a page may ask the game's text to be broken at."""


@frozen
class Hello:
    """A browser's login: the name it asks for, its key, its language, its text's width,
    and the table it was invited to."""

    name: str
    key: str
    lang: str
    columns: int
    table: str | None = None
    """The code of the invite link the page was opened at, if any."""


def read_message(text: str) -> dict[str, Any] | None:
    """A message from a browser (already bounded in size), or ``None`` if it is not one."""
    if len(text) > MOST_FRAME:
        return None
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return None
    return message


def read_hello(message: dict[str, Any]) -> Hello | None:
    """The login in ``message``, or ``None`` if it is not one."""
    name, key = message.get("name"), message.get("key")
    if message.get("type") != "login" or not isinstance(name, str) or not isinstance(key, str):
        return None
    lang = "de" if message.get("lang") == "de" else "en"
    columns = message.get("columns")
    width = columns if isinstance(columns, int) and columns in COLUMNS else 80
    table = message.get("table")
    invited = table[:12] if isinstance(table, str) and table else None
    return Hello(name=name[:40], key=key[:64], lang=lang, columns=width, table=invited)


def read_line(message: dict[str, Any]) -> str | None:
    """The line in ``message``, or ``None`` if it is not one."""
    text = message.get("text")
    if message.get("type") != "line" or not isinstance(text, str):
        return None
    return text


def read_page_act(message: dict[str, Any]) -> Act | None:
    """The act in ``message`` (``{"type": "act", "act": {...}}``: a click on the board,
    with the state id of the board it was made on), or ``None`` if it is not one
    (:func:`~...protocol.codec.read_act`)."""
    if message.get("type") != "act":
        return None
    return read_act(message.get("act"))


def read_lang(message: dict[str, Any]) -> str | None:
    """The language ``message`` switches to (``{"type": "lang", "lang": "de"}``), or
    ``None`` if it is not one."""
    lang = message.get("lang")
    if message.get("type") != "lang" or lang not in ("en", "de"):
        return None
    return str(lang)


def read_fetch(message: dict[str, Any]) -> str | None:
    """The table code whose log ``message`` asks for (``log``), or ``None``."""
    code = message.get("code")
    if message.get("type") != "log" or not isinstance(code, str):
        return None
    return code


Path = list[str | int]
"""Where a value sits in a board: its keys and list indices, from the top."""


def changes(old: Any, new: Any, at: Path | None = None) -> list[list[Any]]:
    """What changed from the board ``old`` to ``new``, as ``[path, value]`` pairs (the
    ``patch`` message, docs/web.md): a dict with the same keys and a list of the same length
    are compared within, anything else is sent whole where it differs.

    >>> changes({"a": 1, "b": [1, {"c": 2}]}, {"a": 1, "b": [1, {"c": 3}]})
    [[['b', 1, 'c'], 3]]
    >>> changes({"a": None}, {"a": {"x": 1}})
    [[['a'], {'x': 1}]]
    """
    at = [] if at is None else at
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return [op for key in new for op in changes(old[key], new[key], [*at, key])]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [op for k, item in enumerate(new) for op in changes(old[k], item, [*at, k])]
    return [[at, new]]


def patched(board: Json, ops: list[list[Any]]) -> Json:
    """``board`` with the changes of a ``patch`` made (a copy where they are made).

    >>> old = {"a": 1, "b": [1, {"c": 2}]}
    >>> new = {"a": 2, "b": [1, {"c": 3}]}
    >>> patched(old, changes(old, new)) == new, old["b"][1]["c"]
    (True, 2)
    """
    board = dict(board)
    for path, value in ops:
        if not path:
            return dict(value)
        node: Any = board
        for key in path[:-1]:
            child = node[key]
            child = dict(child) if isinstance(child, dict) else list(child)
            node[key] = child
            node = child
        node[path[-1]] = value
    return board


def encoded(message: Json) -> str:
    """``message`` as it goes over the wire: compact JSON, UTF-8 as it is."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class Outbox:
    """What waits to be sent to one browser, bounded: a browser that leaves more than
    ``most`` bytes unread (UTF-8, with what its connection holds, ``unsent()``) is let go.

    A file (a finished game's log, up to a few MiB) is the server's own large answer, not a
    sign of a client that reads too slowly: it goes in pieces of at most
    :data:`FILE_PIECE` bytes (:meth:`send_file`), and the next piece is taken only when
    all before it has been sent and the connection has drained (the pump waits for that
    after each message), so it never fills the buffer.

    >>> box = Outbox(1 << 20, unsent=lambda: 0, overflow=lambda: None)
    >>> box.put_text('"♥♦♣♠"'); box.waiting  # bytes, not characters
    14
    """

    def __init__(self, most: int, *, unsent: Callable[[], int], overflow: Callable[[], None]):
        self.most = most
        self.unsent = unsent
        self.overflow = overflow
        self._waiting: deque[tuple[str, int]] = deque()
        self._bytes = 0
        self._file: FilePieces | None = None
        self._ready = asyncio.Event()
        self.closed = False

    @property
    def waiting(self) -> int:
        """The bytes of the messages that wait here (a file's pieces not counted)."""
        return self._bytes

    @property
    def sending_file(self) -> bool:
        """Whether a file is on its way (its last piece not taken yet)."""
        return self._file is not None

    def put(self, message: Json) -> None:
        """Send ``message`` (in order); nothing once closed."""
        if not self.closed:
            self.put_text(encoded(message))

    def put_text(self, text: str) -> None:
        """Send a message already encoded (:func:`encoded`)."""
        if self.closed:
            return
        size = len(text.encode("utf-8"))
        self._bytes += size
        if self._bytes + self.unsent() > self.most:
            self.abort()
            self.overflow()
            return
        self._waiting.append((text, size))
        self._ready.set()

    def send_file(self, name: str, data: bytes) -> bool:
        """Send ``data`` (UTF-8) as the file ``name``, in ``file`` messages of at most
        :data:`FILE_PIECE` bytes, between the other messages; whether it goes (not while
        another file is on its way, nor once closed)."""
        if self.closed or self._file is not None:
            return False
        piece = max(min(FILE_PIECE, self.most // 8), 1024)
        self._file = FilePieces(name, data, piece)
        self._ready.set()
        return True

    async def get(self) -> str | None:
        """The next message to send (``None``: closed): what waits first, then the next
        piece of a file."""
        while True:
            if self._waiting:
                text, size = self._waiting.popleft()
                self._bytes -= size
                return text
            if self._file is not None:
                text = self._file.next_message()
                if self._file.done:
                    self._file = None
                return text
            if self.closed:
                return None
            self._ready.clear()
            await self._ready.wait()

    def close(self) -> None:
        """Take no more: what waits is still sent, then :meth:`get` says the end (the rest
        of a file is not: the page keeps only a whole one)."""
        self.closed = True
        self._file = None
        self._ready.set()

    def abort(self) -> None:
        """Take no more, and drop what waits."""
        self.close()
        self._waiting.clear()
        self._bytes = 0


class FilePieces:
    """A file on its way to a browser: ``file`` messages, each a piece of at most
    ``piece`` bytes cut between two characters, all but the last marked ``more``.

    >>> pieces = FilePieces("kite-7.jsonl", "♥♦♣♠".encode(), piece=7)
    >>> [pieces.next_message() for _ in range(2)]  # doctest: +NORMALIZE_WHITESPACE
    ['{"type":"file","name":"kite-7.jsonl","text":"♥♦","more":true}',
     '{"type":"file","name":"kite-7.jsonl","text":"♣♠","more":false}']
    >>> pieces.done
    True
    """

    def __init__(self, name: str, data: bytes, piece: int) -> None:
        self.name = name
        self.data = data
        self.piece = max(piece, 4)  # (a character is at most 4 bytes)
        self.at = 0
        self.done = False

    def next_message(self) -> str:
        """The next piece as a message (an empty file is one empty piece)."""
        data, start = self.data, self.at
        end = min(start + self.piece, len(data))
        cut = end
        while start < cut < len(data) and data[cut] & 0xC0 == 0x80:
            cut -= 1  # not within a character: before its first byte
        end = cut if cut > start else end  # (no character starts there: not UTF-8 anyway)
        self.at = end
        self.done = end >= len(data)
        text = data[start:end].decode("utf-8", "replace")
        return encoded({"type": "file", "name": self.name, "text": text, "more": not self.done})


def joined(text: Text) -> list[list[str]]:
    """``text`` as few parts as it can be: a fragment in the style of the one before, or a
    space between two, joins it.

    >>> joined([("a", "two"), ("", " "), ("a", "words"), ("", "\\n"), ("b", "x")])
    [['a', 'two words'], ['', '\\n'], ['b', 'x']]
    """
    parts: list[list[str]] = []
    for style, fragment in text:
        if not fragment:
            continue
        if parts and (parts[-1][0] == style or (fragment == " " and parts[-1][0])):
            parts[-1][1] += fragment
        else:
            parts.append([style, fragment])
    return parts


class WebScreen(Unattended):
    """A browser's screen: what the fronts show goes out as ``text`` messages; it never
    waits and never asks (a question has its default answer)."""

    interactive = True
    draws_table = True

    def __init__(self, outbox: Outbox, columns: int, changed: Callable[[], None]) -> None:
        self.outbox = outbox
        self.columns = columns
        self.changed = changed
        self.yes_keys = "yj"

    @property
    def width(self) -> int:
        return self.columns

    @contextlib.contextmanager
    def wide(self) -> Iterator[None]:
        """Within it, the screen is as wide as the longest line (the status line, which
        the page wraps itself)."""
        columns, self.columns = self.columns, MOST_LINE
        try:
            yield
        finally:
            self.columns = columns

    def show(self, text: Text) -> None:
        parts = joined(safe_text(text))
        if parts:
            self.outbox.put({"type": "text", "parts": parts})
        self.changed()
