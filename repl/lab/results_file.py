"""The simulator's ``--out`` file: one line per finished game, so that a long run can be
stopped at any moment (a kill, a full disk, a lost machine) and continued by the same
command.

A line says the game (seed, players, options) and what it showed (totals, winner,
rounds gone out, round penalties), in a fixed order and nothing else: the same game
gives the same bytes wherever it was played. Decision times are measurements of a
machine and stay out. The lines are appended as the games finish, each batch synced
before the next is asked for; a run reads the lines back and plays only the games that
are missing.

The file may come from anywhere (results are shared), so it is read as a stranger's
file: a regular file only, lines of bounded length, every value checked against the
game it claims to be. One process writes it at a time (a lock).
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ...core.cards import ROUNDS, joker_choices
from ...core.lab.simulation import GameJob, GameResult, SimulationError
from ...core.seats import MAX_SEATS, MIN_SEATS, decks_for
from ..files.atomic import sync_folder, write_atomic
from ..files.bounded import NotAFile, open_regular
from ..files.paths import os_detail

__all__ = [
    "LINE_MOST",
    "ResultsFile",
    "ResultsFileError",
    "check_played",
    "game_key",
    "result_line",
]

LINE_MOST = 16_384
"""The longest line taken (a game of eight seats is about 600 bytes)."""

TOTAL_MOST = 100_000
"""No game total comes near this; a larger number is no game's."""

Key = tuple[int, tuple[str, ...], int, bool]


class ResultsFileError(SimulationError):
    """The ``--out`` file cannot be used or written; the message says why, in a line."""


def game_key(job: GameJob) -> Key:
    """What identifies a game in the file: seed, players, jokers, aces high."""
    return (job.seed, job.players, job.options.jokers, job.options.aces_high)


def result_line(job: GameJob, result: GameResult) -> str:
    """The game's line, without its newline: the same game gives the same bytes."""
    fields: dict[str, Any] = {
        "seed": job.seed,
        "players": list(job.players),
        "jokers": job.options.jokers,
        "aces": "high" if job.options.aces_high else "low",
        "totals": list(result.totals),
        "winner": result.winner,
        "went_out": list(result.went_out),
        "rounds": result.rounds,
        "penalties": [list(seat) for seat in result.penalties],
    }
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=True)


def check_played(job: GameJob, result: GameResult) -> None:
    """A game that came back from a worker is the game asked for and agrees with itself,
    by the same checks as a line read back: so every line written is one a run takes."""
    _parse(result_line(job, result).encode(), f"the game a worker played with seed {job.seed}")
    if result.seed != job.seed:
        raise ResultsFileError(
            f"a worker sent the game with seed {result.seed} for seed {job.seed}"
        )


class ResultsFile:
    """An open ``--out`` file, locked for this run: the games it already holds (by job),
    and :meth:`append` for the ones that finish."""

    def __init__(
        self,
        path: Path,
        fd: int,
        done: dict[int, GameResult],
        other: int,
        *,
        start: int,
        cut: bool,
    ) -> None:
        self.path = path
        self.fd = fd
        self.done = done
        """The results already in the file, by the index of their job in this run."""
        self.other = other
        """Lines of games that are not part of this run (other seeds, players, options)."""
        self.cut = cut
        """Whether a last line cut by a crash was found (and dropped: its game is replayed)."""
        self.start = start
        """Where this run's lines begin."""

    @classmethod
    def open(cls, path: Path, jobs: Sequence[GameJob]) -> ResultsFile:
        """Open or create ``path`` for ``jobs``, lock it and read the games it holds.

        :class:`ResultsFileError` when it is no regular file, another process writes it,
        or a line is not a game of this kind (the line's number said).
        """
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC
        try:
            fd = open_regular(path, flags, 0o644, follow=False)
        except NotAFile as error:
            raise ResultsFileError(f"{path} is {error.strerror}: results go into a file") from None
        except OSError as error:
            raise ResultsFileError(f"cannot open {path}: {os_detail(error)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(fd)
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise ResultsFileError(
                    f"another run is writing {path}: one run at a time per file"
                ) from None
            raise ResultsFileError(f"cannot lock {path}: {os_detail(error)}") from None
        try:
            opened = cls._read(path, fd, jobs)
        except BaseException:
            os.close(fd)
            raise
        sync_folder(path.parent)
        return opened

    @classmethod
    def _read(cls, path: Path, fd: int, jobs: Sequence[GameJob]) -> ResultsFile:
        wanted = {game_key(job): i for i, job in enumerate(jobs)}
        done: dict[int, GameResult] = {}
        lines: dict[int, bytes] = {}
        other = 0
        end = 0  # where the last whole line ends
        for number, start, line in _lines(fd, path):
            if not line.endswith(b"\n"):
                break  # cut by a crash while it was written
            end = start + len(line)
            body = line.rstrip(b"\n")
            key, result = _parse(body, f"{path} line {number}")
            index = wanted.get(key)
            if index is None:
                other += 1
            elif index in done and lines[index] != body:
                raise ResultsFileError(
                    f"{path} line {number}: the game with seed {key[0]} is in the file "
                    f"twice with different results; it is no run's file"
                )
            else:
                done[index] = result
                lines[index] = body
        cut = os.fstat(fd).st_size > end
        if cut:
            os.ftruncate(fd, end)
            os.fsync(fd)
        return cls(path, fd, done, other, start=end, cut=cut)

    def append(self, games: Sequence[tuple[GameJob, GameResult]]) -> None:
        """Append the lines of ``games`` and sync them: once this returns, a crash loses
        none of them."""
        data = "".join(result_line(job, result) + "\n" for job, result in games).encode()
        try:
            written = 0
            while written < len(data):
                written += os.write(self.fd, data[written:])
            os.fsync(self.fd)
        except OSError as error:
            raise ResultsFileError(
                f"cannot write {self.path}: {os_detail(error)}; the games written before "
                f"are kept, and the same command continues from them"
            ) from None

    def games(self) -> int:
        """This run's games in the file now: those it held, and the whole lines appended
        since (counted on the disk, so a stop at any moment is told truly)."""
        appended, at = 0, self.start
        while chunk := os.pread(self.fd, 1 << 20, at):
            appended += chunk.count(b"\n")
            at += len(chunk)
        return len(self.done) + appended

    def settle(self, jobs: Sequence[GameJob], results: Sequence[GameResult]) -> None:
        """Once every game of the run is in (``results`` of ``jobs``): write the file anew
        in one step, the lines of other runs first as they were, then this run's in job
        order, so that a run gives the same bytes wherever and in how many goes it was
        played. Nothing is written when the file is in that order already."""
        lines = [result_line(job, result) for job, result in zip(jobs, results, strict=True)]
        ours = {line.encode() + b"\n" for line in lines}
        now = [line for _, _, line in _lines(self.fd, self.path)]
        others = [line for line in now if line not in ours]
        settled = b"".join(others) + "".join(line + "\n" for line in lines).encode()
        if b"".join(now) == settled:
            return
        try:
            mode = os.fstat(self.fd).st_mode & 0o777
            write_atomic(self.path, settled.decode(), mode=mode, create_folder=False)
        except OSError as error:
            raise ResultsFileError(
                f"cannot put {self.path} in order: {os_detail(error)}; every game is in it"
            ) from None

    def close(self) -> None:
        """Unlock and close the file."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def _lines(fd: int, path: Path) -> Iterator[tuple[int, int, bytes]]:
    """``(number, offset, line)`` for each line, its newline kept; a line longer than
    :data:`LINE_MOST` is :class:`ResultsFileError`."""
    with os.fdopen(os.dup(fd), "rb") as stream:
        stream.seek(0)
        number, offset = 0, 0
        while line := stream.readline(LINE_MOST + 1):
            number += 1
            if len(line) > LINE_MOST:
                raise ResultsFileError(
                    f"{path} line {number} is over {LINE_MOST} bytes: no game's line"
                )
            yield number, offset, line
            offset += len(line)


def _parse(body: bytes, where: str) -> tuple[Key, GameResult]:
    """A line as a game's key and result; :class:`ResultsFileError` naming ``where``."""
    try:
        data = json.loads(body)
        if not isinstance(data, dict) or list(data) != _FIELDS:
            raise ValueError("its fields are not a game result's")
        players = data["players"]
        if not (
            isinstance(players, list)
            and MIN_SEATS <= len(players) <= MAX_SEATS
            and all(isinstance(p, str) and 0 < len(p) <= 200 for p in players)
        ):
            raise ValueError("its players are not 2 to 8 names")
        seats = len(players)
        aces = data["aces"]
        if aces not in ("low", "high"):
            raise ValueError("aces are low or high")
        jokers = data["jokers"]
        if type(jokers) is not int or jokers not in joker_choices(decks_for(seats)):
            raise ValueError(f"{str(jokers)[:20]} jokers are not dealt at {seats} seats")
        key: Key = (_int(data["seed"], -(2**63), 2**63), tuple(players), jokers, aces == "high")
        rounds = _int(data["rounds"], ROUNDS, ROUNDS)
        totals = _ints(data["totals"], seats, 0, TOTAL_MOST)
        went_out = _ints(data["went_out"], seats, 0, rounds)
        penalty_rows = data["penalties"]
        if not isinstance(penalty_rows, list) or len(penalty_rows) != seats:
            raise ValueError("the penalties are not one row per seat")
        penalties = tuple(_ints(row, rounds, 0, TOTAL_MOST) for row in penalty_rows)
        winner = data["winner"]
        if winner is not None:
            winner = _int(winner, 0, seats - 1)
    except (ValueError, RecursionError) as error:
        raise ResultsFileError(f"{where} is no game result: {error}") from None
    result = GameResult(
        seed=key[0],
        totals=totals,
        winner=winner,
        went_out=went_out,
        rounds=rounds,
        penalties=penalties,
    )
    _check_sums(result, where)
    return key, result


_FIELDS = [
    "seed",
    "players",
    "jokers",
    "aces",
    "totals",
    "winner",
    "went_out",
    "rounds",
    "penalties",
]


def _int(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{str(value)[:20]} is not a number from {low} to {high}")
    return value


def _ints(value: object, count: int, low: int, high: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"a list of {count} numbers was expected")
    return tuple(_int(item, low, high) for item in value)


def _check_sums(result: GameResult, where: str) -> None:
    """A result agrees with itself: totals are the sums of the penalties, the winner has
    the lowest total alone ("two tie, all tie"), a round has at most one seat going out."""
    lowest = min(result.totals)
    alone = [seat for seat, total in enumerate(result.totals) if total == lowest]
    rows = zip(result.penalties, result.totals, strict=True)
    if any(sum(row) != total for row, total in rows):
        problem = "a total is not the sum of its round penalties"
    elif result.winner != (alone[0] if len(alone) == 1 else None):
        problem = "the winner is not the one lowest total"
    elif sum(result.went_out) > result.rounds:
        problem = "more seats went out than there were rounds"
    else:
        return
    raise ResultsFileError(f"{where} is no game result: {problem}")
