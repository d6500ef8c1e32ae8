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


def find_save(name: str) -> Path | None:
    """The file ``load NAME`` reads, looked for as ``save NAME`` writes it; ``None`` if none."""
    base = Path(name).expanduser() if names_a_path(name) else saves_dir() / name
    for path in (base, with_save_suffix(base)):
        if path.is_file():
            return path
    return None




def bad_save_name(name: str) -> bool:
    """A name no file can have: a folder (``..``, ``games/``), or with a NUL in it."""
    folder = name.rstrip().endswith(("/", os.sep)) or Path(name).name in ("", ".", "..")
    return folder or "\0" in name
