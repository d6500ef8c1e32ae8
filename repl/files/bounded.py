"""The one way a file from outside is read: a regular file, opened without waiting, at
most so many bytes.

A file's place may hold anything a stranger put there: a FIFO nobody writes to (an open
for reading would wait for a writer), ``/dev/zero`` or a terminal (endless, or taken as
our own), a folder, a file of gigabytes, a link to any of them. So a file is opened with
``O_NONBLOCK`` (a FIFO does not hang), ``O_NOCTTY`` (a terminal never becomes ours),
``O_CLOEXEC`` (no child inherits it) and, where the caller asks, ``O_NOFOLLOW`` (a link
is refused, not followed); what was opened must be a regular file (:class:`NotAFile`),
and at most ``limit`` bytes and one more are read (:class:`TooLarge`), so nothing is
read past the bound. The game's logs, its statistics, the config, the history and the
server's plans, names and limits all read through here.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

READ = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
"""How a file from outside is opened for reading."""


class NotAFile(OSError):
    """What is in a file's place is no regular file (a FIFO, a device, a folder, or a link
    where none is followed): it is not read. ``mode`` is what was found (``None``: a link)."""

    def __init__(self, path: Path, mode: int | None) -> None:
        said = "a link, not a file" if mode is None else "not a regular file"
        super().__init__(errno.EINVAL, said, str(path))
        self.mode = mode


class TooLarge(ValueError):
    """A file larger than the bound it is read with; ``size`` is what it holds (at least
    one byte more than ``limit`` when it could not be told)."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(f"{path.name} has over {limit} bytes")
        self.size, self.limit = size, limit


def open_regular(path: Path, flags: int = READ, mode: int = 0o600, *, follow: bool = True) -> int:
    """A regular file's descriptor, opened with ``flags`` (and ``O_NOFOLLOW`` unless
    ``follow``); anything else in its place is :class:`NotAFile`, never waited for."""
    looked: int | None
    try:  # looked at before it is opened: opening a device may do something
        looked = (os.stat if follow else os.lstat)(path).st_mode
    except FileNotFoundError:
        looked = None if flags & os.O_CREAT else stat.S_IFREG  # the open says it
    if looked is not None and not stat.S_ISREG(looked):
        raise NotAFile(path, None if stat.S_ISLNK(looked) else looked)
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | (0 if follow else os.O_NOFOLLOW), mode)
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:  # O_NOFOLLOW met a link
            raise NotAFile(path, None) from None
        raise
    found = os.fstat(fd).st_mode
    if not stat.S_ISREG(found):
        os.close(fd)
        raise NotAFile(path, found)
    return fd


def read_at_most(fd: int, limit: int) -> bytes:
    """What ``fd`` holds, up to ``limit`` bytes and one more: the one more tells that a
    file is too large without reading the rest of it."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_bounded(path: Path, limit: int, *, follow: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`NotAFile` (nothing is read), :class:`TooLarge` (a file larger than
    ``limit``: told by its size before it is read, or by the byte past it) or the
    :class:`OSError` of the open or the read (``FileNotFoundError`` when there is none).
    """
    fd = open_regular(path, follow=follow)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise TooLarge(path, size, limit)
        data = read_at_most(fd, limit)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while it was read, or says it is smaller than it is
        raise TooLarge(path, len(data), limit)
    return data


def read_text(path: Path, limit: int, *, follow: bool = True) -> str:
    """The UTF-8 text of ``path``, read as :func:`read_bounded` reads it (text that is not
    UTF-8 is a :class:`UnicodeDecodeError`, a :class:`ValueError` as :class:`TooLarge` is)."""
    return read_bounded(path, limit, follow=follow).decode("utf-8")
