"""Playing a run of simulated games: where (:mod:`.runners`, :mod:`.cluster`), kept in
an ``--out`` file as they finish (:mod:`.results_file`), with the progress on stderr.

The games come back in job order whichever way they were played, so a run's summary
does not depend on the machines: ``--jobs 1``, ``--jobs 2``, ``--cluster local:2`` and a
cluster that lost a worker on the way give the same games and the same summary.

A game's ``--log-dir`` file, ``game-SEED.jsonl``, is written as a new file that takes
its name in one step (:func:`write_log`): what was at that name is never opened, so a
link there is not followed and a FIFO is not waited for. A file of that name from an
earlier run is replaced by this run's game of that seed (running again into the same
folder is the usual thing); a link, a FIFO, a device or a folder there stops the run
before its first game, naming it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from attrs import frozen

from ...core.lab.simulation import GameJob, GameResult, SimulationError
from ..files.atomic import write_atomic
from ..files.paths import odd_file, os_detail
from ..kit.safe import visible
from .cluster import ClusterSpec, DaskRunner
from .progress import Bar, Progress, progress_for
from .results_file import ResultsFile, check_played
from .runners import InProcess, Played, Processes, Runner, batch_size, batches

__all__ = ["Stopped", "Venue", "check_logs", "log_path", "play_all", "play_games", "write_log"]


@frozen(kw_only=True)
class Venue:
    """Where and how a run plays: ``processes`` on this machine, or a Dask ``cluster``;
    ``batch`` games per task (``None``: chosen from the run's size)."""

    processes: int = 1
    cluster: ClusterSpec | None = None
    batch: int | None = None

    def runner(self, players: Sequence[str] = ()) -> Runner:
        """The runner, not yet opened; a cluster's workers must load ``players``."""
        if self.cluster is not None:
            return DaskRunner(self.cluster, players)
        if self.processes > 1:
            return Processes(self.processes)
        return InProcess()


class Stopped(Exception):
    """The run was stopped (Ctrl-C) after ``done`` of ``total`` games."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"stopped after {done} of {total} games")
        self.done = done
        self.total = total


def play_games(
    jobs: Sequence[GameJob],
    venue: Venue,
    *,
    out: Path | None = None,
    log_dir: Path | None = None,
    quiet: bool = False,
    stderr: TextIO = sys.stderr,
) -> list[GameResult]:
    """Every job's result, in job order: read back from ``out`` when it holds the game,
    else played at ``venue`` (and appended to ``out``). Raises ``SimulationError`` at a
    failed game or a file that cannot be used, :class:`Stopped` on Ctrl-C."""
    if log_dir is not None:
        check_logs(log_dir, (job.seed for job in jobs))
    kept = ResultsFile.open(out, jobs) if out is not None else None
    try:
        if kept is not None and not quiet:
            _say_kept(kept, len(jobs), stderr)
        if kept is not None and len(kept.done) == len(jobs):  # nothing to start a venue for
            silent = Progress(len(jobs), stderr, enabled=False)
            results = play_all(jobs, InProcess(), silent, kept=kept)
        else:
            results = _play_at(venue, jobs, kept, log_dir, not quiet, stderr)
        if kept is not None:
            kept.settle(jobs, results)
        return results
    except KeyboardInterrupt:  # while a cluster starts or stops, say, not between games
        raise Stopped(kept.games() if kept is not None else 0, len(jobs)) from None
    finally:
        if kept is not None:
            kept.close()


def _play_at(
    venue: Venue,
    jobs: Sequence[GameJob],
    kept: ResultsFile | None,
    log_dir: Path | None,
    shown: bool,
    stderr: TextIO,
) -> list[GameResult]:
    """The games played at ``venue``, with the progress on ``stderr`` when ``shown``."""
    players = sorted({player for job in jobs for player in job.players})
    with venue.runner(players) as runner:
        done = len(kept.done) if kept is not None else 0
        title = f"{len(jobs) - done} games on {runner.where}"
        with progress_for(len(jobs), stderr, enabled=shown, title=title, done=done) as progress:
            return play_all(jobs, runner, progress, kept=kept, log_dir=log_dir, batch=venue.batch)


def play_all(
    jobs: Sequence[GameJob],
    runner: Runner,
    progress: Progress | Bar,
    *,
    kept: ResultsFile | None = None,
    log_dir: Path | None = None,
    batch: int | None = None,
) -> list[GameResult]:
    """The results of ``jobs`` in job order, the missing ones played by ``runner``."""
    results: list[GameResult | None] = [None] * len(jobs)
    for index, result in (kept.done if kept is not None else {}).items():
        results[index] = result
    todo = [i for i, result in enumerate(results) if result is None]
    if batch is not None:
        size = batch
    elif isinstance(runner, InProcess):
        size = 1  # each game kept as soon as it ends: nothing to win by waiting
    else:
        size = batch_size(len(todo), runner.workers)
    work = batches(todo, size)
    done = len(jobs) - len(todo)
    try:
        for b, played in runner.played([[jobs[i] for i in w] for w in work], log_dir is not None):
            for index, game in zip(work[b], played, strict=True):
                if game.result.error is not None:
                    raise SimulationError(f"game with seed {game.result.seed}: {game.result.error}")
                check_played(jobs[index], game.result)
                results[index] = game.result
            if kept is not None:
                kept.append(
                    [(jobs[i], game.result) for i, game in zip(work[b], played, strict=True)]
                )
            if log_dir is not None:
                _write_logs(log_dir, played)
            done += len(played)
            progress.update(done)
    except KeyboardInterrupt:
        raise Stopped(kept.games() if kept is not None else done, len(jobs)) from None
    return [result for result in results if result is not None]


def _write_logs(log_dir: Path, played: Sequence[Played]) -> None:
    for game in played:
        if game.log is not None:
            write_log(log_path(log_dir, game.result.seed), game.log)


def log_path(log_dir: Path, seed: int) -> Path:
    """Where the log of the game with ``seed`` goes: ``game-SEED.jsonl`` in ``log_dir``."""
    return log_dir / _log_name(seed)


def _log_name(seed: int) -> str:
    return f"game-{seed}.jsonl"


_NOT_FILES = {"link": "a link", "fifo": "a FIFO", "device": "a device", "socket": "a socket"}


def check_logs(log_dir: Path, seeds: Iterable[int]) -> None:
    """Refuse a run whose logs could not be written (``SimulationError``, naming the first
    name taken by no file), before any game is played."""
    try:
        present = set(os.listdir(log_dir))  # one look at the folder, not one per game
    except OSError as error:
        raise SimulationError(f"cannot read the folder {log_dir}: {os_detail(error)}") from None
    for seed in seeds:
        if _log_name(seed) in present:
            _check_log(log_path(log_dir, seed))


def _check_log(path: Path) -> None:
    kind = odd_file(path)  # looked at, not opened: a FIFO is not waited for
    if kind is not None:
        what = _NOT_FILES[kind]
    elif path.is_dir():
        what = "a folder"
    else:
        return
    raise SimulationError(
        f"{path} is {what}, not a file: a game's log replaces only a file of its name "
        f"(move it away, or give another --log-dir)"
    )


def write_log(path: Path, text: str) -> None:
    """Write a game's log at ``path`` as a new file that takes the name in one step (a
    temporary file, synced, then renamed): an earlier run's file there is replaced, and
    a link put there meanwhile is replaced too, never followed. ``SimulationError`` when
    the name is no file's (:func:`check_logs`) or the file cannot be written."""
    _check_log(path)
    try:
        write_atomic(path, text, create_folder=False)
    except OSError as error:
        raise SimulationError(f"cannot write {path}: {os_detail(error)}") from None


def _say_kept(kept: ResultsFile, total: int, stderr: TextIO) -> None:
    """What the ``--out`` file already holds, on stderr."""
    lines = []
    if kept.cut:
        lines.append(
            f"{kept.path}: its last line was cut off (a run stopped while writing it); "
            f"that game is played again"
        )
    if kept.done:
        left = total - len(kept.done)
        rest = f"the other {left} are played now" if left else "none is left to play"
        lines.append(f"{kept.path} holds {len(kept.done)} of this run's {total} games; {rest}")
    if kept.other:
        lines.append(
            f"{kept.path} also holds {kept.other} games of other runs (other seeds, players or\n"
            f"options): they stay in the file and out of this summary"
        )
    for line in lines:  # the file's name as given: shown, not obeyed
        print(visible(line), file=stderr)
