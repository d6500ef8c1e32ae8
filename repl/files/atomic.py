"""Whole files written in one step (a temporary file, synced, then renamed), names made
durable, a file moved in one step, and a broken file moved aside under a name no file has.

Every file the program writes whole, or moves, goes through here (a server's tables and
names, the autosave, the statistics ...): none is written by hand elsewhere."""

from __future__ import annotations

import errno
import os
import tempfile
import time
from pathlib import Path


def write_atomic(
    path: Path,
    text: str,
    *,
    mode: int | None = None,
    create_folder: bool = True,
    overwrite: bool = True,
) -> None:
    """Replace ``path`` by ``text`` in one step: readers see the old file or the new one.

    The text goes to a temporary file in the same folder, is synced, then takes the
    file's name. ``mode`` gives the new file those permissions (a rewritten file keeps
    its own); otherwise it is readable by its owner only. Without ``create_folder`` a
    missing folder is an error; without ``overwrite`` an existing file is never
    replaced (``FileExistsError``), even one that appeared while the text was written.
    """
    if create_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            if mode is not None:
                os.chmod(temp, mode)
            os.fsync(file.fileno())
        if overwrite:
            os.replace(temp, path)
        else:
            _link_new(Path(temp), path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make the names in ``folder`` durable (a file created, renamed or moved aside there):
    without this a power cut may lose a new name though its file's bytes were synced.

    A file system that cannot sync a folder is left as it is: the files are synced.
    """
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _link_new(temp: Path, path: Path) -> None:
    """Give ``temp`` the name ``path`` only if no file has it (a hard link cannot overwrite)."""
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: look, then rename
        if path.exists():
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(temp, path)
        return
    temp.unlink()


def move(path: Path, target: Path) -> None:
    """Give ``path`` the name ``target`` in one step (a rename, over any file of that name)
    and make the new name durable (:func:`sync_folder` of the target's folder; the old
    name's folder is the caller's to sync when it is another)."""
    os.replace(path, target)
    sync_folder(target.parent)


def move_aside(path: Path, kind: str, suffix: str) -> Path:
    """Give ``path`` a new name beside it, ``KIND-DATE-TIME[-N]SUFFIX``, taken by no file."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{kind}-{stamp}{suffix}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{kind}-{stamp}-{number}{suffix}")
    move(path, target)
    return target
