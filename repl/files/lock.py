"""One game per data folder: the lock a terminal game takes on its folder."""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path

LOCK = "lock"

_claimed: dict[str, int] = {}  # lock file -> its descriptor, held until this process ends


def claim_folder(folder: Path) -> int | None:
    """Take ``folder`` for this process's terminal game (its autosave, its statistics);
    the pid of another process's game that holds it, else ``None``.

    The lock file ``lock`` is locked with ``flock`` and holds the pid of whoever took
    it. The system frees the lock of a process that ended, however it ended, so a
    lock left by a dead game is taken over as it is, with no race. A folder where no
    lock file can be made is not claimed (``None``): its trouble is told elsewhere.
    """
    path = os.path.abspath(folder / LOCK)
    if path in _claimed:
        return None
    # a link is not followed (its target would be cut to our pid), a FIFO is not waited for
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY
    try:
        fd = os.open(path, flags, 0o600)
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO, a device: no lock of ours
        os.close(fd)
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        holder = _pid_in(fd) if error.errno in (errno.EAGAIN, errno.EACCES) else None
        os.close(fd)
        return holder
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    _claimed[path] = fd
    return None


def _pid_in(fd: int) -> int:
    """The pid in a lock file (0 while its holder has not yet written it)."""
    text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    return int(text) if text.isdigit() else 0
