"""What the libraries say, as lines of the server's log: Python's warnings, what a library
logs (from warnings up), an error that ends a thread, and an error Python cannot raise
(``Exception ignored in …``).

Each is one line of the log, in its form (stamped, made safe, one line however many the
library wrote) and held to its window: ``say(kind, line)`` logs a kind once within the
log's window (:class:`~.server_log.Refusals`), however often it is said. Without this, Python
prints each one on standard error as it is, every time; asyncssh 2.24 with cryptography 51
warns five times, ten lines, as it is imported. So ``threethirteen serve`` installs it
before it imports a library of the server (:func:`libraries_logged`), and
:func:`~.running.serve` around the server it runs.

>>> said = []
>>> with libraries_logged(lambda kind, line: said.append(line)):
...     warnings.warn("old ways", UserWarning, stacklevel=1)
...     logging.getLogger("asyncio").warning("socket.send() raised exception.")
>>> said[0].startswith("warning: UserWarning: old ways (")
True
>>> said[1]
'asyncio: socket.send() raised exception.'
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import traceback
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from ..kit.safe import visible

Say = Callable[[str, str], object]
"""Logs ``line`` once per ``kind`` within the log's window; may be called on any thread."""

LONGEST = 400
"""The longest line one thing a library says makes, in characters."""


def one_line(text: str) -> str:
    """``text`` made safe (:func:`~..kit.safe.visible`) on one line of at most
    :data:`LONGEST` characters: the lines a library wrote are joined by `` | ``.

    >>> one_line("first\\n  second\\n")
    'first | second'
    """
    lines = [part.strip() for part in visible(text).splitlines()]
    return " | ".join(part for part in lines if part)[:LONGEST]


def where(filename: str, lineno: int) -> str:
    """A place in a library's source, short: from its package on (the folder and the file
    elsewhere), and the line.

    >>> where("/venv/lib/python3.11/site-packages/asyncssh/crypto/misc.py", 32)
    'asyncssh/crypto/misc.py:32'
    >>> where("/home/ana/bot/tools/play.py", 7)
    'tools/play.py:7'
    """
    parts = Path(filename).parts
    for root in ("site-packages", "dist-packages"):
        if root in parts[:-1]:
            return f"{'/'.join(parts[parts.index(root) + 1 :])}:{lineno}"
    return f"{'/'.join(parts[-2:])}:{lineno}"


class LibraryLog(logging.Handler):
    """What the libraries log (asyncio's ``socket.send() raised exception.`` at every write
    to a connection that is gone, asyncssh's errors), from warnings up: a line each, once
    per logger and message within the window."""

    def __init__(self, say: Say) -> None:
        super().__init__(logging.WARNING)
        self.say = say

    def emit(self, record: logging.LogRecord) -> None:
        try:
            said = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                said += f": {record.exc_info[1]!r}"
            kind = f"log {record.name} {str(record.msg)[:60]}"
            self.say(kind, one_line(f"{record.name}: {said}"))
        except Exception:  # the log must not fail the server (nor print on its own)
            return


def _warned(
    say: Say,
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """``warnings.showwarning``: a warning is a line, once per kind and message."""
    with contextlib.suppress(Exception):
        text = str(message)
        kind = f"warning {category.__name__} {text[:60]}"
        say(kind, one_line(f"warning: {category.__name__}: {text} ({where(filename, lineno)})"))


def _thread_ended(say: Say, args: threading.ExceptHookArgs) -> None:
    """``threading.excepthook``: an error that ends a thread is a line (a thread ended by
    ``SystemExit`` says nothing, as Python's own hook)."""
    if args.exc_type is SystemExit:
        return
    with contextlib.suppress(Exception):
        name = args.thread.name if args.thread is not None else "?"
        kind = f"thread {args.exc_type.__name__}"
        said = f"error on the thread {name}: {args.exc_value!r}{_at(args.exc_traceback)}"
        say(kind, one_line(said))


def _unraisable(say: Say, unraisable: Any) -> None:
    """``sys.unraisablehook``: an error Python could not raise (in a ``__del__``, a
    callback of the collector) is a line; the object is named by its qualified name or
    its type (its own ``repr`` may be long, or fail)."""
    with contextlib.suppress(Exception):
        error = unraisable.exc_value
        what = unraisable.err_msg or "Exception ignored in"
        found = unraisable.object
        name = getattr(found, "__qualname__", None) or type(found).__name__
        kind = f"unraisable {type(error).__name__} {str(name)[:60]}"
        said = f"{what}: {str(name)[:80]}: {error!r}"
        say(kind, one_line(said + _at(unraisable.exc_traceback)))


def _at(trace: TracebackType | None) -> str:
    """Where an error was raised, as `` at FOLDER/FILE:LINE`` (nothing without a trace)."""
    frames = traceback.extract_tb(trace)[-1:] if trace is not None else []
    return f" at {where(frames[0].filename, frames[0].lineno or 0)}" if frames else ""


@contextlib.contextmanager
def libraries_logged(say: Say) -> Iterator[None]:
    """Within it, whatever a library says is a line of the log through ``say``: warnings,
    logging, errors that end threads or cannot be raised. Afterwards, as before. Within
    another, it takes the other's place (each thing is said once)."""
    handler = LibraryLog(say)
    root = logging.getLogger()
    outer = [one for one in root.handlers if isinstance(one, LibraryLog)]
    for one in outer:
        root.removeHandler(one)
    shown, thread_hook, unraisable_hook = (
        warnings.showwarning,
        threading.excepthook,
        sys.unraisablehook,
    )
    root.addHandler(handler)
    warnings.showwarning = lambda *args, **named: _warned(say, *args, **named)
    threading.excepthook = lambda args: _thread_ended(say, args)
    sys.unraisablehook = lambda unraisable: _unraisable(say, unraisable)
    try:
        yield
    finally:
        root.removeHandler(handler)
        for one in outer:
            root.addHandler(one)
        warnings.showwarning = shown
        threading.excepthook = thread_hook
        sys.unraisablehook = unraisable_hook
