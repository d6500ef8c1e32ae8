"""Your results across games at a terminal: ``stats.json`` in the data folder."""

from __future__ import annotations

import json
from pathlib import Path

from attrs import asdict, define, frozen

from ...core.events import GameEnded
from .atomic import move_aside, write_atomic
from .bounded import read_text
from .paths import data_dir


@define
class Stats:
    """Your results across games: every game finished (``played``), of them the assisted
    ones (the AI played for you, a hint, an undo past a seen card) and those of your own
    (``own``). Only a game of your own counts as won, in the average and as the best: an
    assisted game's result is not yours alone."""

    played: int = 0
    won: int = 0
    no_winner: int = 0
    total_sum: int = 0
    best: int | None = None
    assisted: int = 0
    own: int = 0

    @property
    def average(self) -> float | None:
        """Your average total over the games of your own."""
        return self.total_sum / self.own if self.own else None

    def record(self, ended: GameEnded, *, seat: int, assisted: bool) -> None:
        """Count one finished game: an assisted one as played and assisted only."""
        self.played += 1
        if assisted:
            self.assisted += 1
            return
        total = ended.totals[seat]
        self.own += 1
        self.won += ended.winner == seat
        self.no_winner += ended.winner is None
        self.total_sum += total
        self.best = total if self.best is None else min(self.best, total)


def stats_path() -> Path:
    return data_dir() / "stats.json"


@frozen
class StatsFile:
    """The statistics as read, and where a broken file was kept (``None``: none was)."""

    stats: Stats
    kept: Path | None = None


def read_stats(path: Path | None = None) -> StatsFile:
    """The statistics file (empty statistics when it is missing).

    A file that is cut off, too large (over :data:`MAX_STATS_BYTES`) or holds what
    statistics cannot be (``{"played": "x"}``) is moved aside as
    ``stats-broken-DATE.json``, never overwritten: its name is in :attr:`StatsFile.kept`.
    A file that is there but cannot be read, or is no regular file (a FIFO, a link to
    ``/dev/zero``: :class:`NotAFile`), raises :class:`OSError` and is left as it is.
    """
    path = path or stats_path()
    try:
        return StatsFile(_parse_stats(read_text(path, MAX_STATS_BYTES)))
    except FileNotFoundError:
        return StatsFile(Stats())
    except ValueError:  # not UTF-8, not JSON, not statistics
        return StatsFile(Stats(), kept=move_aside(path, "stats-broken", ".json"))


MAX_STATS_BYTES = 64 * 1024
"""The largest statistics file read (its counts take about 200 bytes)."""


def _parse_stats(text: str) -> Stats:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the statistics are not an object")
    fields = {}
    # statistics written before ``own`` counted every game as one's own, assisted or not
    defaults = asdict(Stats()) | {"own": data.get("played", 0)}
    for name, default in defaults.items():
        value = data.get(name, default)
        counts = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        if not (counts or (name == "best" and value is None)):
            raise ValueError(f"{name} is not a count: {value!r}")
        fields[name] = value
    return Stats(**fields)


def save_stats(stats: Stats, path: Path | None = None) -> None:
    """Write the statistics atomically."""
    data = {"version": 1, **asdict(stats)}
    write_atomic(path or stats_path(), json.dumps(data, indent=2) + "\n")
