"""Saved games' names: where ``save NAME`` writes and ``load NAME`` looks."""

from __future__ import annotations

import os
from pathlib import Path

from .paths import data_path

SAVES = "saves"
SAVE_SUFFIX = ".jsonl"


LONG_SEED = 20
"""The most digits of a seed a file name holds whole (a log may carry thousands)."""


def seed_in_name(seed: int | None) -> str:
    """A seed as a file name says it: whole up to :data:`LONG_SEED` digits, else its first
    16 and how many there are (``1234567890123456-4000digits``), well under 255 bytes."""
    text = str(seed)
    return text if len(text) <= LONG_SEED else f"{text[:16]}-{len(text)}digits"


def saves_dir() -> Path:
    """Where ``save NAME`` puts a game: ``saves`` in the data folder (made by the first save)."""
    return data_path() / SAVES


def names_a_path(name: str) -> bool:
    """Whether a save's name is a path as given (a slash in it: ``./game``, ``~/g``, ``/tmp/g``)
    rather than a name in the saves folder."""
    return "/" in name or os.sep in name


def with_save_suffix(path: Path) -> Path:
    """``path`` ending in ``.jsonl`` (added when missing)."""
    return path if path.name.endswith(SAVE_SUFFIX) else path.with_name(path.name + SAVE_SUFFIX)


def save_path(name: str) -> Path:
    """Where ``save NAME`` writes: ``saves/NAME.jsonl``, or the path NAME names."""
    base = Path(name).expanduser() if names_a_path(name) else saves_dir() / name
    return with_save_suffix(base)


KEPT = "unfinished"
"""How an unfinished game kept aside is named in the data folder: ``unfinished-DATE-TIME.jsonl``
(by ``new``, ``load``, or no to "Resume it?": :meth:`.log_file.LogFile.keep_aside`)."""


def kept_games() -> list[Path]:
    """The unfinished games kept aside in the data folder, oldest first (their names hold
    the date and time they were kept); none when the folder cannot be read."""
    try:
        found = data_path().glob(f"{KEPT}-*{SAVE_SUFFIX}")
        return sorted(path for path in found if path.is_file())
    except OSError:
        return []


def is_kept_game(path: Path) -> bool:
    """Whether ``path`` is an unfinished game kept aside in the data folder."""
    name = path.name
    in_data = path.parent.absolute() == data_path().absolute()
    return in_data and name.startswith(f"{KEPT}-") and name.endswith(SAVE_SUFFIX)


def find_save(name: str) -> Path | None:
    """The file ``load NAME`` reads, looked for as ``save NAME`` writes it, then among the
    unfinished games kept aside (``load unfinished-20250102-093000``); ``None`` if none."""
    if names_a_path(name):
        bases = [Path(name).expanduser()]
    else:
        bases = [saves_dir() / name]
        if name.startswith(f"{KEPT}-"):
            bases.append(data_path() / name)
    for base in bases:
        for path in (base, with_save_suffix(base)):
            if path.is_file():
                return path
    return None


def bad_save_name(name: str) -> bool:
    """A name no file can have: a folder (``..``, ``games/``), or with a NUL in it."""
    folder = name.rstrip().endswith(("/", os.sep)) or Path(name).name in ("", ".", "..")
    return folder or "\0" in name
