"""``threethirteen bench --venues``: how fast the simulator plays at each venue.

The same games (seeds S, S + 1 …, one level in every seat) are played in this process,
in two processes, and on local Dask clusters of one and two workers, with one game per
task and with a batch per task. It prints games a second and, against this process,
what a task costs per game: the overhead the batch size is chosen to hide. Starting a
venue (a pool, a cluster) is timed apart from playing.
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence

from ...core.ai import hands
from ...core.events import GameOptions
from ...core.lab.simulation import GameJob
from ...core.melds import clear_cache
from .cluster import ClusterError, ClusterSpec
from .playing import Venue, play_all
from .progress import Progress
from .runners import BATCH_MOST

__all__ = ["bench_venues"]


def _timed(venue: Venue, jobs: Sequence[GameJob]) -> tuple[float, float]:
    """Seconds to open ``venue`` and seconds to play ``jobs`` there (wall clock)."""
    clear_cache()
    hands.clear_cache()  # every venue starts cold: no process inherits another's solved hands
    start = time.perf_counter()
    with venue.runner(jobs[0].players) as runner:
        opened = time.perf_counter()
        play_all(jobs, runner, Progress(len(jobs), io.StringIO(), enabled=False), batch=venue.batch)
        return opened - start, time.perf_counter() - opened


def bench_venues(games: int, level: str, seed: int) -> int:
    """Print games a second at each venue; 0, or 2 when Dask is not installed."""
    jobs = [
        GameJob(seed=seed + i, players=(level,) * 4, options=GameOptions()) for i in range(games)
    ]
    venues = [
        ("this process (--jobs 1)", Venue()),
        ("2 processes (--jobs 2)", Venue(processes=2, batch=1)),
        ("local:1, 1 game a task", Venue(cluster=ClusterSpec(workers=1), batch=1)),
        (
            f"local:1, {BATCH_MOST} games a task",
            Venue(cluster=ClusterSpec(workers=1), batch=BATCH_MOST),
        ),
        ("local:2, 1 game a task", Venue(cluster=ClusterSpec(workers=2), batch=1)),
        ("local:2, chosen batch", Venue(cluster=ClusterSpec(workers=2))),
    ]
    print(
        f"the simulator's venues: {games} games of {level} at four seats, "
        f"seeds {seed}–{seed + games - 1}"
    )
    print(f"{'venue':<28}{'start s':>9}{'games/s':>9}{'ms/game':>9}{'overhead ms/game':>18}")
    alone: float | None = None
    for name, venue in venues:
        try:
            started, played = _timed(venue, jobs)
        except ClusterError as error:
            print(f"{name:<28} {error}")
            return 2
        per_game = played / games * 1000
        if alone is None:
            alone = per_game
        workers = venue.cluster.workers if venue.cluster is not None else venue.processes
        # the work of a game spread over the workers, against this process's time per game
        overhead = per_game * workers - alone
        print(f"{name:<28}{started:>9.2f}{games / played:>9.2f}{per_game:>9.1f}{overhead:>18.1f}")
    print(
        "overhead: the time per game at that venue times its workers, less the time per game "
        "in this process"
    )
    return 0
