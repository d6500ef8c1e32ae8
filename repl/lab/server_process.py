"""The measured server in a child process: how it runs, starting and stopping it, and what
``/proc`` says of its CPU time and memory (:mod:`.timed_server` is the child's side).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from attrs import frozen

SLOW = 0.1
"""A move slower than this (seconds) is looked at: was a full collection under way?"""


def percentile(values: tuple[float, ...] | list[float], share: float) -> float:
    """The value at ``share`` (0-1) of the sorted values (nearest rank); 0 if none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@frozen(kw_only=True)
class ServerRun:
    """How the measured server runs: its collector (see :mod:`.timed_server`), and a
    password file for clients without a key."""

    gc: str = "tuned"
    """``tuned`` (as ``threethirteen serve``) or ``default`` (CPython's own settings)."""
    password_file: Path | None = None
    profile: Path | None = None
    """Write a cProfile of the server's event loop here."""
    web: bool = False
    """Serve the web front too (``serve --web``), on a port of its own."""

    def argv(self, folder: Path) -> list[str]:
        argv = [sys.executable, "-m", "threethirteen.repl.lab.timed_server", str(folder)]
        argv += ["--gc", self.gc]
        if self.password_file is not None:
            argv += ["--password-file", str(self.password_file)]
        if self.profile is not None:
            argv += ["--profile", str(self.profile)]
        if self.web:
            argv += ["--web"]
        return argv


def proc_cpu(pid: int) -> float:
    """A process's CPU time so far (user and system, every thread), in seconds."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as file:
        fields = file.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_memory(pid: int, key: str) -> int:
    """A line of ``/proc/PID/status`` in bytes (``VmRSS``, ``VmHWM``: the peak)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as file:
        for line in file:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0


async def start_server(folder: Path, how: ServerRun) -> tuple[asyncio.subprocess.Process, int]:
    """The server in a child process; the process and the port its clients connect to:
    the SSH one, or the web front's with ``how.web``."""
    child = await asyncio.create_subprocess_exec(
        *how.argv(folder), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL
    )
    assert child.stdout is not None
    line = await asyncio.wait_for(child.stdout.readline(), 30)
    if not line.startswith(b"port "):
        raise RuntimeError(f"the server did not start: {line!r}")
    if how.web:
        line = await asyncio.wait_for(child.stdout.readline(), 30)
        if not line.startswith(b"web "):
            raise RuntimeError(f"the server's web front did not start: {line!r}")
    return child, int(line.split()[1])


async def stop_server(child: asyncio.subprocess.Process, wait: float = 120.0) -> dict[str, Any]:
    """Stop the server (killed if it has not stopped within ``wait`` seconds); what it
    measured of itself (see :mod:`.timed_server`), nothing when it was killed."""
    child.terminate()
    try:
        out, _ = await asyncio.wait_for(child.communicate(), wait)
    except TimeoutError:
        child.kill()
        await child.wait()
        return {}
    for line in out.decode().splitlines():
        if line.startswith("figures "):
            figures: dict[str, Any] = json.loads(line[len("figures ") :])
            return figures
    return {}


# -- the figures, in words --------------------------------------------------------------


def row(label: str, latencies: tuple[float, ...]) -> None:
    """One line of the latency table: moves, p50, p99 and max in ms."""
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    top = max(latencies, default=0.0)
    print(f"{label:<36}{len(latencies):>7}{p50 * 1000:>9.1f}{p99 * 1000:>9.1f}{top * 1000:>9.1f}")


def collection_lines(collector: dict[str, dict[str, float]], reclaims: int = 0) -> list[str]:
    """The collector's pauses in words: per generation, how many, the longest (wall
    time), the total (wall and CPU), and the objects freed."""
    lines = []
    for generation, name in (("0", "young"), ("1", "middle"), ("2", "full")):
        pauses = collector.get(generation, {})
        longest, total = pauses.get("max", 0.0) * 1000, pauses.get("total", 0.0) * 1000
        cpu, freed = pauses.get("cpu", 0.0) * 1000, int(pauses.get("freed", 0))
        lines.append(
            f"{name:<7}{int(pauses.get('count', 0)):>6} · longest {longest:6.1f} ms · total "
            f"{total:6.0f} ms (CPU {cpu:5.0f} ms) · {freed:,} objects freed"
        )
    if reclaims:
        lines.append(f"of the full ones, {reclaims} looked at every object (frozen ones too)")
    return lines
