"""Your finished games, kept in the data folder: ``threethirteen history`` lists them,
``threethirteen stats`` sums them up, ``threethirteen replay NUMBER`` opens one.

``games/index.jsonl`` holds one line per finished game (when it ended, the seed, the
options, who played, the totals, whether you took help); ``games/game-NUMBER-….jsonl``
is that game's whole log. Both are bounded: the lines of the last :data:`KEEP_GAMES` games
and the logs of the last :data:`KEEP_LOGS` are kept, older ones go as new games come.

A game is kept as it ends: its log is written whole first (a temporary file, then its
name), then its line is appended and synced. A crash at any moment leaves the game kept,
or at worst a log no line names yet (it still replays by its number). The file is read
as strangers' files are: a regular file only, never waited for, its last
:data:`MAX_INDEX_BYTES` at most, each line checked; a line that is not a game is skipped.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import asdict, evolve, frozen

from ...core.events import Event, GameEnded, GameStarted
from ...core.log import encode_log
from .atomic import sync_folder, write_atomic
from .bounded import open_regular
from .paths import data_dir, data_path

HISTORY = "games"
"""The history's folder in the data folder (``history`` is the prompt's own history)."""
INDEX = "index.jsonl"

KEEP_GAMES = 1000
"""The finished games listed and counted (a line of about 250 bytes each)."""
KEEP_LOGS = 200
"""The finished games whose whole log is kept to replay (about 70 KB each: 14 MB at most)."""
TRIM_AFTER = 100
"""Lines past :data:`KEEP_GAMES` before the list is written anew without the oldest (so
it is rewritten once in a hundred games, not at every game)."""

MAX_LINE = 4096
"""The longest line read as a game (a game's line takes about 250 bytes)."""
MAX_INDEX_BYTES = (KEEP_GAMES + TRIM_AFTER) * 1024
"""The end of the list that is read: more than its games take, less than a disk fills."""
MAX_PLAYER = 80
"""The longest name of who played a seat kept (a level, ``human`` or ``module:Class``)."""
MAX_SEED_DIGITS = 40
"""A longer seed is not listed (the game's log has it whole)."""
MAX_NUMBER = 10**9
LOG_NAME = re.compile(r"game-(\d{1,9})-\d{8}-\d{6}\.jsonl")
"""A kept log's name: its number, then when it ended; nothing else is ever opened."""


@frozen(kw_only=True)
class PastGame:
    """One finished game as the history lists it, seen from your seat (``seat``)."""

    number: int
    ended: str
    """When it ended, in local time: ``2026-12-01 21:03``."""
    seed: int | None
    """``None`` for a game whose deals did not come from a seed (or a seed too long)."""
    jokers: int
    aces_high: bool
    players: tuple[str, ...]
    seat: int
    totals: tuple[int, ...]
    winner: int | None
    assisted: bool
    log: str | None = None
    """The file name of its log in the history folder (``None``: not kept)."""

    @property
    def score(self) -> int:
        """Your total penalty points."""
        return self.totals[self.seat]

    @property
    def won(self) -> bool:
        return self.winner == self.seat

    @property
    def place(self) -> int:
        """1 for the lowest total; players with the same total share a place."""
        return 1 + sum(total < self.score for total in self.totals)

    @property
    def shared(self) -> bool:
        """Whether another player ended with your total (two tie, all tie)."""
        return self.totals.count(self.score) > 1

    @property
    def opponents(self) -> tuple[str, ...]:
        """Who played the other seats, clockwise from yours."""
        count = len(self.players)
        return tuple(self.players[(self.seat + i) % count] for i in range(1, count))

    def to_json(self) -> dict[str, Any]:
        """The game as its line of the list holds it."""
        return asdict(self)


def history_path() -> Path:
    """Where the history is (whether or not it is there yet)."""
    return data_path() / HISTORY


def summary(
    events: Sequence[Event], *, seat: int, assisted: bool, number: int, ended: str
) -> PastGame:
    """The history's line for a finished game's ``events``, seen from ``seat``."""
    started, over = events[0], events[-1]
    if not isinstance(started, GameStarted) or not isinstance(over, GameEnded):
        raise ValueError("only a finished game is kept in the history")
    seed = started.seed if started.seeded else None
    if seed is not None and len(str(abs(seed))) > MAX_SEED_DIGITS:
        seed = None
    return PastGame(
        number=number,
        ended=ended,
        seed=seed,
        jokers=started.options.jokers,
        aces_high=started.options.aces_high,
        players=tuple(player[:MAX_PLAYER] for player in started.players),
        seat=seat,
        totals=over.totals,
        winner=over.winner,
        assisted=assisted,
    )


def keep_game(
    events: Sequence[Event], *, seat: int, assisted: bool, folder: Path | None = None
) -> PastGame:
    """Keep a finished game in the history; its line (with its number). :class:`OSError`
    when it cannot be written (nothing half written is left that a reader would take)."""
    folder = folder or data_dir() / HISTORY
    folder.mkdir(exist_ok=True)
    games = read_history(folder).games
    number = 1 + max([0, *(game.number for game in games), *_log_numbers(folder)])
    stamp = time.localtime()
    game = summary(
        events,
        seat=seat,
        assisted=assisted,
        number=number,
        ended=time.strftime("%Y-%m-%d %H:%M", stamp),
    )
    log = f"game-{number:05d}-{time.strftime('%Y%m%d-%H%M%S', stamp)}.jsonl"
    write_atomic(folder / log, encode_log(events), overwrite=False)
    game = evolve(game, log=log)
    _append_line(folder / INDEX, json.dumps(game.to_json(), ensure_ascii=False))
    _forget_old(folder, [*games, game])
    return game


@frozen
class History:
    """The finished games read, oldest first, and how many lines were no game."""

    games: tuple[PastGame, ...]
    skipped: int = 0


def read_history(folder: Path | None = None) -> History:
    """The finished games in the history (none when there is none yet).

    :class:`OSError` when the list is there but cannot be read, or is no regular file
    (:class:`repl.files.bounded.NotAFile`).
    """
    path = (folder or history_path()) / INDEX
    try:
        data = _read_tail(path, MAX_INDEX_BYTES)
    except FileNotFoundError:
        return History(())
    games: dict[int, PastGame] = {}
    skipped = 0
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        game = _past_game(line)
        if game is None or game.number in games:
            skipped += 1
        else:
            games[game.number] = game
    return History(tuple(sorted(games.values(), key=lambda game: game.number)), skipped)


def kept_log(number: int, folder: Path | None = None) -> Path | None:
    """The log of game ``number`` of the history, when it is still kept."""
    folder = folder or history_path()
    try:
        names = os.listdir(folder)
    except OSError:
        return None
    for name in names:
        found = LOG_NAME.fullmatch(name)
        if found and int(found.group(1)) == number and (folder / name).is_file():
            return folder / name
    return None


def _past_game(line: bytes) -> PastGame | None:
    """The game a line of the list holds, or ``None`` when it holds no game (checked field by
    field: the file may have come from anyone)."""
    if len(line) > MAX_LINE:
        return None
    try:
        data = json.loads(line)
        return _checked(data) if isinstance(data, dict) else None
    except (ValueError, TypeError, KeyError, RecursionError):
        return None


def _count(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"not a number from {low} to {high}: {value!r}")
    return value


def _checked(data: dict[str, Any]) -> PastGame:
    totals = data["totals"]
    players = data["players"]
    if not (isinstance(totals, list) and isinstance(players, list)):
        raise ValueError("totals and players are lists")
    if not 2 <= len(totals) <= 8 or len(players) != len(totals):
        raise ValueError("a total and a player for each of 2 to 8 seats")
    seed, winner, log, ended = data["seed"], data["winner"], data["log"], data["ended"]
    if seed is not None and (type(seed) is not int or len(str(abs(seed))) > MAX_SEED_DIGITS):
        raise ValueError("a seed is a whole number")
    if not isinstance(ended, str) or not re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", ended):
        raise ValueError("a time")
    if log is not None and not (isinstance(log, str) and LOG_NAME.fullmatch(log)):
        raise ValueError("a log's name")
    if not all(
        isinstance(p, str) and 0 < len(p) <= MAX_PLAYER and p.isprintable() for p in players
    ):
        raise ValueError("who played")
    if type(data["aces_high"]) is not bool or type(data["assisted"]) is not bool:
        raise ValueError("yes or no")
    return PastGame(
        number=_count(data["number"], 1, MAX_NUMBER),
        ended=ended,
        seed=seed,
        jokers=_count(data["jokers"], 0, 12),
        aces_high=data["aces_high"],
        players=tuple(players),
        seat=_count(data["seat"], 0, len(totals) - 1),
        totals=tuple(_count(total, 0, 10**6) for total in totals),
        winner=None if winner is None else _count(winner, 0, len(totals) - 1),
        assisted=data["assisted"],
        log=log,
    )


def _read_tail(path: Path, limit: int) -> bytes:
    """The last ``limit`` bytes of the regular file ``path`` at most, from a line's start;
    never waits (a FIFO or a device in its place is :class:`NotAFile`), follows no link."""
    fd = open_regular(path, follow=False)
    try:
        size = os.fstat(fd).st_size
        start = max(0, size - limit)
        data = os.pread(fd, limit, start)
    finally:
        os.close(fd)
    if start:  # the first line was cut: it is no game
        data = data[data.find(b"\n") + 1 :] if b"\n" in data else b""
    return data


def _append_line(path: Path, line: str) -> None:
    """Append ``line`` to the list and sync it; a last line left cut by a crash is ended
    first, so the new line stands on its own."""
    fd = open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, follow=False)
    try:
        size = os.fstat(fd).st_size
        lead = b"\n" if size and os.pread(fd, 1, size - 1) != b"\n" else b""
        data = lead + line.encode("utf-8") + b"\n"
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
        os.fsync(fd)
    finally:
        os.close(fd)
    sync_folder(path.parent)


def _log_numbers(folder: Path) -> list[int]:
    return [int(found.group(1)) for found in map(LOG_NAME.fullmatch, os.listdir(folder)) if found]


def _forget_old(folder: Path, games: list[PastGame]) -> None:
    """Remove the logs older than the last :data:`KEEP_LOGS` games, and write the list anew
    with its last :data:`KEEP_GAMES` games once it is :data:`TRIM_AFTER` lines longer."""
    newest = games[-1].number
    for name in os.listdir(folder):
        found = LOG_NAME.fullmatch(name)
        if found and int(found.group(1)) <= newest - KEEP_LOGS:
            (folder / name).unlink(missing_ok=True)
    if len(games) > KEEP_GAMES + TRIM_AFTER:
        kept = games[-KEEP_GAMES:]
        text = "".join(json.dumps(game.to_json(), ensure_ascii=False) + "\n" for game in kept)
        write_atomic(folder / INDEX, text)
