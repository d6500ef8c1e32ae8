"""The game's files at a terminal: ``save`` and ``load``.

Each function does one step with the files and returns what happened (or why not) as a
value; it never speaks. The commands of the game (:mod:`repl.solo.game`) ask the player
what needs asking (replace a file? play the complete part of a cut-off one?) and say the
outcome in the player's language.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from ...core.errors import GameError, LogFormatError
from ...core.events import Event
from ...core.log import TruncatedLogError, encode_log
from ..files.atomic import write_atomic
from ..files.paths import odd_file
from ..files.reading import load_file
from ..files.save_names import (
    SAVE_SUFFIX,
    bad_save_name,
    find_save,
    kept_games,
    names_a_path,
    save_path,
    saves_dir,
    seed_in_name,
)
from ..words.i18n import Texts


def default_save_name(seed: int | None) -> str:
    """``threethirteen-SEED-DATE-TIME``: what ``save`` alone calls the game."""
    return f"threethirteen-{seed_in_name(seed)}-{time.strftime('%Y%m%d-%H%M%S')}"


def save_problem(name: str, tx: Texts) -> str | None:
    """Why ``save NAME`` cannot write, or ``None``: a name no file can have, or a path
    into a folder that does not exist (it is not made: a typo would hide the save)."""
    if bad_save_name(name):
        return tx("msg.save_bad_name", name=name)
    path = save_path(name)
    if path.is_dir():
        return tx("msg.save_bad_name", name=name)
    if names_a_path(name) and not path.parent.is_dir():
        return tx("msg.save_no_folder", folder=path.parent.absolute())
    return None


def load_problem(name: str, tx: Texts) -> str | None:
    """Why ``load NAME`` finds nothing (saying so if the working folder has that file)."""
    if find_save(name) is not None:
        return None
    if names_a_path(name):
        return tx("msg.no_file", path=name)
    said = tx("msg.no_save", name=name, folder=saves_dir())
    if Path(name).is_file():
        said += " " + tx("msg.no_save_here", name=name)
    return said


# -- save -------------------------------------------------------------------------------


@frozen(kw_only=True)
class SavePlan:
    """Where ``save`` writes: the file, whether one is there already (``exists``; then the
    player must say yes), and what odd kind of file it is, if it is one (a link, a pipe:
    replaced itself, never written through)."""

    name: str
    path: Path
    exists: bool
    odd: str | None


@frozen(kw_only=True)
class Saved:
    """The log was written to ``path``: ``events`` events."""

    path: Path
    events: int


@frozen(kw_only=True)
class SaveFailed:
    """The log was not written: it appeared meanwhile (``exists``), or the system said
    ``detail``."""

    path: Path
    exists: bool = False
    detail: str = ""


def plan_save(name: str | None, seed: int | None) -> SavePlan:
    """Where ``save [NAME]`` writes: a name goes into the saves folder and a path (with a
    slash) is taken as given; ``.jsonl`` is added when missing."""
    name = name or default_save_name(seed)
    path = save_path(name).absolute()
    odd = odd_file(path)
    return SavePlan(name=name, path=path, exists=odd is not None or path.exists(), odd=odd)


def write_save(plan: SavePlan, events: Sequence[Event], *, overwrite: bool) -> Saved | SaveFailed:
    """Write the log (with any pending help) where ``plan`` says, never over a file unless
    ``overwrite``; what happened."""
    path = plan.path
    try:
        if not names_a_path(plan.name):
            path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, encode_log(events), create_folder=False, overwrite=overwrite)
    except FileExistsError:  # it appeared meanwhile: still never overwritten unasked
        return SaveFailed(path=path, exists=True)
    except (OSError, ValueError) as error:
        detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return SaveFailed(path=path, detail=detail)
    return Saved(path=path, events=len(events))


# -- load -------------------------------------------------------------------------------


@frozen(kw_only=True)
class Loaded:
    """The saved game at ``path``, whole."""

    path: Path
    events: tuple[Event, ...]


@frozen(kw_only=True)
class CutOff:
    """The saved game at ``path`` whose last line was cut off: the complete ``events``
    before it (to play on from, if the player wants), and the ``error``."""

    path: Path
    events: tuple[Event, ...]
    error: TruncatedLogError


@frozen(kw_only=True)
class Unreadable:
    """A saved game that cannot be loaded: not found (``path`` is ``None``), or why not."""

    path: Path | None
    error: GameError | None = None
    detail: str = ""


def read_saved(name: str) -> Loaded | CutOff | Unreadable:
    """The saved game ``name``, found as ``save`` names it."""
    found = find_save(name)
    if found is None:
        return Unreadable(path=None)
    path = found.absolute()
    try:
        return Loaded(path=path, events=load_file(path).events)
    except TruncatedLogError as error:
        return CutOff(path=path, events=error.prefix.events, error=error)
    except LogFormatError as error:
        # the file could not be read at all: its path is said once, with why
        if error.key == "file_unreadable":
            return Unreadable(path=path, detail=str(error.params["detail"]))
        return Unreadable(path=path, error=error)


# -- what load can open -------------------------------------------------------------------


@frozen(kw_only=True)
class Loadable:
    """A game ``load`` opens by its ``name``: a save, or an unfinished game kept aside
    (``kept``); its seed and round when it can be read (``None`` when it cannot), and
    whether it is over."""

    name: str
    path: Path
    kept: bool
    seed: int | None = None
    round_no: int | None = None
    over: bool = False


def loadable_games() -> list[Loadable]:
    """Every game ``load NAME`` finds by its name alone: the saves, then the unfinished
    games kept aside (oldest first). Each is read without deciding its moves again."""
    try:
        saves = sorted(p for p in saves_dir().glob("*" + SAVE_SUFFIX) if p.is_file())
    except OSError:
        saves = []
    return [_described(path, kept=False) for path in saves] + [
        _described(path, kept=True) for path in kept_games()
    ]


def _described(path: Path, *, kept: bool) -> Loadable:
    try:
        log = load_file(path, rules=False)
    except TruncatedLogError as error:
        log = error.prefix
    except LogFormatError:
        return Loadable(name=path.name, path=path, kept=kept)
    state = log.state
    round_no = state.round.round_no if state.round else len(state.score_sheet)
    return Loadable(
        name=path.name,
        path=path,
        kept=kept,
        seed=state.seed,
        round_no=round_no,
        over=state.ended is not None,
    )
