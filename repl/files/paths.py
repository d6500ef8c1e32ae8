"""Where the game keeps its files: the data folder (``$XDG_DATA_HOME/threethirteen``,
``~/.local/share/threethirteen`` by default), and what is found in a file's place."""

from __future__ import annotations

import os
import stat
from pathlib import Path

APP = "threethirteen"
AUTOSAVE = "autosave.jsonl"
"""The game in play, in the data folder."""
LESSON = "learn.jsonl"
"""The lesson's own log, in the data folder (``threethirteen learn``)."""


def os_detail(error: OSError) -> str:
    """An operating system error in a few words (``No space left on device``)."""
    return error.strerror or str(error)


def data_path() -> Path:
    """Where this game keeps its files (whether or not the folder is there)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative path is ignored, as for the config
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / APP


def data_dir() -> Path:
    """Where this game keeps its files, created on first use; :class:`OSError` when it
    cannot be (a file has its name, a read-only disk)."""
    path = data_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


def odd_file(path: Path) -> str | None:
    """What is at ``path`` when it is there but is neither a file nor a folder: ``link``
    (a symbolic link, even one to a file), ``fifo``, ``device`` or ``socket``."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "socket" if stat.S_ISSOCK(mode) else None
