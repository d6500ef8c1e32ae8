"""Where the simulator's games are played: in this process, in a pool of processes
(``--jobs N``) or on a Dask cluster (``--cluster``, :mod:`.cluster`).

Every way plays the same thing, :func:`play_batch`: a few games, each dealt from its own
seed and played by :func:`~core.lab.simulation.play_job`, so a game's result does not
depend on where, when or next to what it was played. A runner hands back each batch as
it finishes, in whatever order; the caller puts the games back in job order.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import AbstractContextManager
from typing import Protocol

from attrs import frozen

from ...core import __version__
from ...core.errors import GameError
from ...core.lab.simulation import GameJob, GameResult, SimulationError, play_job
from ...core.log import encode_log
from ...core.players import load_policy

__all__ = [
    "BATCHES_PER_WORKER",
    "BATCH_MOST",
    "InProcess",
    "Played",
    "Processes",
    "Runner",
    "batch_size",
    "batches",
    "play_batch",
    "same_version",
    "worker_ready",
]

BATCH_MOST = 8
"""At most this many games are sent as one task. Sending a task to a Dask worker and
back costs about 2 ms; the cheapest game (greedy or easy at four seats) takes about
100 ms, so a batch of 8 keeps that overhead well under 1% (docs/cluster.md has the
measurements)."""

BATCHES_PER_WORKER = 4
"""A short run is cut into at least this many batches per worker, so that the workers
finish at about the same time and a lost worker loses little."""


@frozen(kw_only=True)
class Played:
    """One game played: its result and, when logs are kept, its log as JSON lines."""

    result: GameResult
    log: str | None = None


def play_batch(jobs: Sequence[GameJob], keep_logs: bool, version: str) -> list[Played]:
    """Play ``jobs`` one after another, each decision timed by this process's clock.

    ``version`` is the version of threethirteen that asked: a worker with another one
    would play other games, so it refuses (a worker of a cluster runs its own install).
    """
    same_version(version)
    played = []
    for job in jobs:
        result, log = play_job(job, clock=time.perf_counter)
        text = encode_log(log) if keep_logs and result.error is None else None
        played.append(Played(result=result, log=text))
    return played


def same_version(version: str) -> None:
    """Refuse a run of another version of threethirteen (``SimulationError``): its games
    would not be the same."""
    if version != __version__:
        raise SimulationError(
            f"a worker runs threethirteen {__version__}, but the run is threethirteen "
            f"{version}: install the same version on every worker"
        )


def worker_ready(players: Sequence[str], version: str) -> str | None:
    """What a worker of a cluster says before the games are sent: why it cannot play them
    (another version, a player it cannot load), or ``None``. Loading the players also
    imports what the games need, so the first batch is not the slowest."""
    try:
        same_version(version)
        for spec in players:
            load_policy(spec)
    except (SimulationError, GameError) as error:
        return str(error)
    return None


def batch_size(games: int, workers: int) -> int:
    """How many games go into one task: at most :data:`BATCH_MOST`, and small enough that
    each worker gets :data:`BATCHES_PER_WORKER` tasks.

    >>> batch_size(1000, 2), batch_size(40, 2), batch_size(3, 8)
    (8, 5, 1)
    """
    return max(1, min(BATCH_MOST, math.ceil(games / (max(1, workers) * BATCHES_PER_WORKER))))


def batches(indices: Sequence[int], size: int) -> list[list[int]]:
    """``indices`` cut into consecutive batches of ``size`` (the last may be shorter)."""
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


class Runner(Protocol):
    """Plays batches of games somewhere; opened with ``with`` and closed after."""

    workers: int
    """How many games it plays at once (to choose the batch size)."""
    where: str
    """Where the games are played, in a few words: ``"2 processes"``."""

    def __enter__(self) -> Runner: ...

    def __exit__(self, *exc: object) -> None: ...

    def played(
        self, work: Sequence[Sequence[GameJob]], keep_logs: bool
    ) -> Iterator[tuple[int, list[Played]]]:
        """``(i, games)`` for each batch ``work[i]``, as the batches finish."""
        ...


class InProcess(AbstractContextManager["InProcess"]):
    """Every game in this process, one after another (``--jobs 1``)."""

    workers = 1
    where = "this process"

    def __exit__(self, *exc: object) -> None:
        return None

    def played(
        self, work: Sequence[Sequence[GameJob]], keep_logs: bool
    ) -> Iterator[tuple[int, list[Played]]]:
        for i, jobs in enumerate(work):
            yield i, play_batch(jobs, keep_logs, __version__)


class Processes(AbstractContextManager["Processes"]):
    """A pool of ``workers`` processes on this machine (``--jobs N``)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.where = f"{workers} processes"
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Processes:
        self.pool = ProcessPoolExecutor(max_workers=self.workers)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            # on an error or Ctrl-C the games not yet started are dropped, not waited for
            self.pool.shutdown(wait=True, cancel_futures=exc[0] is not None)
            self.pool = None

    def played(
        self, work: Sequence[Sequence[GameJob]], keep_logs: bool
    ) -> Iterator[tuple[int, list[Played]]]:
        assert self.pool is not None, "open the pool with `with` first"
        index: dict[Future[list[Played]], int] = {
            self.pool.submit(play_batch, jobs, keep_logs, __version__): i
            for i, jobs in enumerate(work)
        }
        pending = set(index)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=index.__getitem__):
                yield index[future], future.result()
