"""Reproducing a game: the bug report of ``report``, and rebuilding a game from a log.

``report`` writes the game's log as a valid ``.jsonl`` save and a sibling ``.txt``
note (version, platform, seed, options) in the data folder, and prints the line
that reproduces the game to that point:
``threethirteen play --replay-to /…/report-2026-11-30-seed42.jsonl:137``.

``--replay-to FILE:N`` folds the first N events of the file again, after
moving N forward to the end of the move it may cut (a discard and the deal it
led to are one move), verifying that prefix against the rules, and making sure
the move the prefix ends with is complete.
"""

from __future__ import annotations

import platform
import shlex
import time
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, metadata
from pathlib import Path

from attrs import frozen

from ...core import __version__
from ...core.errors import GameError, LogFormatError
from ...core.events import (
    Event,
    GameStarted,
)
from ...core.log import TruncatedLogError, encode_log
from ...core.moves import move_end
from ...core.state import fold
from ...core.verify import verify_events
from ..words.i18n import Texts
from .atomic import write_atomic
from .reading import load_file
from .save_names import seed_in_name


class ReproduceError(Exception):
    """A game cannot be rebuilt; ``key`` and ``params`` say why (see :mod:`repl.words.i18n`)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


# -- report ----------------------------------------------------------------------------


@frozen
class Report:
    """The files a report wrote, the number of events and the line that reproduces them."""

    log: Path
    notes: Path
    events: int
    line: str


PACKAGE = "threethirteen"


def issues_url() -> str | None:
    """Where bug reports go: the installed package's ``Issues`` project URL, if it has one."""
    try:
        entries = metadata(PACKAGE).get_all("Project-URL") or []
    except PackageNotFoundError:
        return None
    for entry in entries:
        label, _, url = str(entry).partition(",")
        url = url.strip()
        if label.strip().lower() == "issues" and url.startswith("https://") and url.isprintable():
            return url
    return None


def reproduce_line(path: Path, events: int) -> str:
    """``threethirteen play --replay-to PATH:N``, quoted for a shell when it must be."""
    return f"threethirteen play --replay-to {shlex.quote(f'{path}:{events}')}"


def _fresh_stem(folder: Path, seed: int | None, day: str) -> str:
    stem = f"report-{day}-seed{seed_in_name(seed)}"
    number = 1
    candidate = stem
    while (folder / f"{candidate}.jsonl").exists() or (folder / f"{candidate}.txt").exists():
        number += 1
        candidate = f"{stem}-{number}"
    return candidate


def write_report(events: Sequence[Event], *, folder: Path, settings: str) -> Report:
    """Write the log and its note into ``folder``; ``settings`` describes the player's options.

    Raises ``OSError`` when a file cannot be written.
    """
    started = events[0]
    assert isinstance(started, GameStarted)
    stem = _fresh_stem(folder, started.seed, time.strftime("%Y-%m-%d"))
    log = folder / f"{stem}.jsonl"
    notes = folder / f"{stem}.txt"
    line = reproduce_line(log, len(events))
    state = fold(events)
    options = started.options
    where = (
        "game over"
        if state.ended is not None
        else f"round {state.round.round_no}"
        if state.round
        else "between rounds"
    )
    text = "\n".join(
        [
            f"threethirteen {__version__} bug report, written {time.strftime('%Y-%m-%d %H:%M')}",
            f"version: threethirteen {__version__}",
            f"platform: {platform.platform()}",
            f"python: {platform.python_version()} ({platform.python_implementation()})",
            f"seed: {started.seed}",
            f"options: jokers {options.jokers}, aces {'high' if options.aces_high else 'low'}",
            f"players: {', '.join(started.players)}",
            f"settings: {settings}",
            f"events: {len(events)} ({where})",
            f"log: {log}",
            f"reproduce: {line}",
            f"check: threethirteen replay {shlex.quote(str(log))} --verify",
            "",
            "What went wrong (please describe it here):",
            "",
        ]
    )
    write_atomic(log, encode_log(events))
    write_atomic(notes, text)
    return Report(log=log, notes=notes, events=len(events), line=line)


# -- rebuilding ------------------------------------------------------------------------


@frozen
class Rebuilt:
    """A game rebuilt from the file at ``path``: its first ``len(events)`` events.

    ``asked`` is the N that was asked for; ``moved_over`` names the events N was
    moved across to reach the end of a move; ``cut_line`` is the file's cut-off
    last line, if any; ``total`` counts the file's complete events.
    """

    path: Path
    events: tuple[Event, ...]
    asked: int
    total: int
    moved_over: tuple[str, ...] = ()
    cut_line: int | None = None


def parse_target(text: str) -> tuple[Path, int]:
    """``FILE:N`` as a path and an event number."""
    path, colon, number = text.rpartition(":")
    if not colon or not path or not number.isdigit() or len(number) > 9:
        raise ReproduceError("reproduce.bad_target", target=text)
    return Path(path).expanduser(), int(number)


def rebuild(path: Path, asked: int) -> Rebuilt:
    """The first ``asked`` events of the log at ``path`` (moved to the end of a move).

    Raises :class:`ReproduceError` when the file cannot be read, ``asked`` is out
    of range, or the prefix does not verify; ``LogFormatError`` problems are
    turned into one naming the line.
    """
    cut_line = None
    try:
        events = load_file(path).events
    except TruncatedLogError as error:
        events = error.prefix.events
        cut_line = error.line
        if asked > len(events):
            raise ReproduceError("reproduce.cannot", path=path, error=error) from None
    except LogFormatError as error:
        raise ReproduceError("reproduce.cannot", path=path, error=error) from None
    if not 1 <= asked <= len(events):
        raise ReproduceError("reproduce.out_of_range", number=asked, path=path, n=len(events))
    started = events[0]
    assert isinstance(started, GameStarted)
    if not started.seeded:
        raise ReproduceError("reproduce.not_seeded", path=path)
    count = move_end(events, asked)
    prefix = events[:count]
    verdict = verify_events(prefix)
    if not verdict.ok:
        raise ReproduceError(
            "reproduce.does_not_verify", path=path, line=verdict.line, problem=verdict.problem
        )
    if not verdict.complete:
        raise ReproduceError("reproduce.unfinished_move", path=path, n=count)
    moved = tuple(type(event).__name__ for event in events[asked:count])
    return Rebuilt(path, prefix, asked, len(events), moved, cut_line)


def explain(error: ReproduceError, tx: Texts) -> str:
    """The reason a game cannot be rebuilt, in the player's language."""
    params = {
        name: tx.error(value) if isinstance(value, GameError) else value
        for name, value in error.params.items()
    }
    return tx(error.key, **params)
