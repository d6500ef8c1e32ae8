"""The lab's measurements spread over processes: each job measured in job order, in
``workers`` processes when more than one (the simulator's ``--jobs``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")


def measured(
    measure: Callable[[Job], Result], jobs: Sequence[Job], workers: int
) -> Iterator[Result]:
    """``measure(job)`` for every job, in job order; ``measure`` must be a module's function
    (it is sent to the processes by name)."""
    if workers <= 1:
        yield from map(measure, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(measure, jobs, chunksize=1)
