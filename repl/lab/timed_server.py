"""The server of ``threethirteen bench --server``, in its own process: the real server
(:func:`.running.serve`, no pause before AI turns, the default limits, run as
``threethirteen serve`` runs it: :func:`.process.run`) that also times its own event loop
(a timer every 10 ms) and its garbage collector's pauses (``gc.callbacks``), counts the
prompts it draws, and prints what it measured when it is stopped.

``python -m threethirteen.repl.lab.timed_server FOLDER [--profile FILE] [--password-file
FILE] [--gc tuned|default] [--web]``: it prints ``port N`` once it listens (and ``web N``,
the web front's port, with ``--web``); ``SIGUSR1`` says "the play starts now" (the figures
count from then: logging in is not what is measured); ``--gc default`` leaves CPython's
collector as it is (to compare).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from prompt_toolkit.renderer import Renderer

from ..server.limits import Limits
from ..server.process import Collector, run
from ..server.running import ServerSettings, serve
from ..server.serve import password_option
from .server_process import percentile

FULL_PAUSES_KEPT = 2000
"""Full collections whose start and end are kept (to find the moves they held up)."""


class Watch:
    """What the server's event loop and collector did since the play started."""

    def __init__(self, collector: Collector | None) -> None:
        self.collector = collector
        self.lags: list[float] = []
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.cpu: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
        self.freed: dict[int, int] = {0: 0, 1: 0, 2: 0}
        self.full: list[tuple[float, float]] = []
        self.renders = 0
        self.objects = 0
        self.frozen = 0
        self.reclaims = 0
        self.loop_cpu = 0.0
        self._started = 0.0
        self._cpu_started = 0.0

    def reset(self) -> None:
        """The play starts: count from now."""
        self.lags.clear()
        for generation in self.pauses:
            self.pauses[generation] = []
            self.cpu[generation] = 0.0
            self.freed[generation] = 0
        self.full.clear()
        self.renders = 0
        self.objects = len(gc.get_objects())
        self.frozen = gc.get_freeze_count()
        self.reclaims = self.collector.reclaims if self.collector is not None else 0
        self.loop_cpu = time.thread_time()

    def collected(self, phase: str, info: dict[str, Any]) -> None:
        """``gc.callbacks``: how long each collection held the process, by generation."""
        now = time.perf_counter()
        if phase == "start":
            self._started = now
            self._cpu_started = time.thread_time()
            return
        generation = int(info.get("generation", 2))
        self.pauses.setdefault(generation, []).append(now - self._started)
        cpu = time.thread_time() - self._cpu_started
        self.cpu[generation] = self.cpu.get(generation, 0.0) + cpu
        self.freed[generation] = self.freed.get(generation, 0) + int(info.get("collected", 0))
        if generation == 2 and len(self.full) < FULL_PAUSES_KEPT:
            self.full.append((self._started, now))

    def figures(self) -> dict[str, Any]:
        lags = self.lags
        collections = {
            str(generation): {
                "count": len(pauses),
                "max": max(pauses, default=0.0),
                "total": sum(pauses),
                "cpu": self.cpu.get(generation, 0.0),
                "freed": self.freed.get(generation, 0),
            }
            for generation, pauses in self.pauses.items()
        }
        reclaims = self.collector.reclaims if self.collector is not None else 0
        return {
            "lag": {
                "p50": statistics.median(lags) if lags else 0.0,
                "p99": percentile(lags, 0.99),
                "max": max(lags, default=0.0),
            },
            "gc": collections,
            "full": self.full,
            "reclaims": reclaims - self.reclaims,
            "renders": self.renders,
            "objects": self.objects,
            "frozen": self.frozen,
            "loop_cpu": time.thread_time() - self.loop_cpu,
        }


def count_renders(watch: Watch) -> None:
    """Count every prompt drawn (``Renderer.render``), in every session."""
    render = Renderer.render

    def counted(self: Renderer, *args: Any, **kwargs: Any) -> None:
        watch.renders += 1
        render(self, *args, **kwargs)

    Renderer.render = counted  # type: ignore[method-assign]


async def _serve_timed(folder: Path, password: str | None, watch: Watch, web: bool) -> None:
    gc.callbacks.append(watch.collected)
    count_renders(watch)

    async def probe() -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.01)
            watch.lags.append(loop.time() - before - 0.01)

    def ready(host: str, port: int, fingerprint: str) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signal.SIGUSR1, watch.reset)
        print(f"port {port}", flush=True)

    def web_ready(host: str, port: int) -> None:
        print(f"web {port}", flush=True)

    timer = asyncio.ensure_future(probe())
    settings = ServerSettings(
        host="127.0.0.1",
        port=0,
        folder=folder,
        pace=0.0,
        password=password,
        web_port=0 if web else None,
        # every browser of a bench is a new name and a session of its own: the caps on new
        # names and on the server's sessions are not what is measured (the moves are)
        limits=Limits(
            new_names_per_hour=1_000_000,
            new_names_reserve=0,
            sessions_total=4096,
            connections_total=4096,
        ),
    )
    try:
        await serve(
            settings,
            ready=ready,
            report=lambda line: None,
            collector=watch.collector,
            web_ready=web_ready,
        )
    finally:
        timer.cancel()
        gc.callbacks.remove(watch.collected)
    figures = watch.figures()
    print("figures " + json.dumps(figures), flush=True)


def child(argv: list[str]) -> None:
    """Serve until stopped (the options: see the module)."""
    parser = argparse.ArgumentParser(prog="timed_server")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--profile", type=Path, default=None)
    parser.add_argument("--password-file", type=Path, default=None)
    parser.add_argument("--gc", choices=("tuned", "default"), default="tuned")
    parser.add_argument("--web", action="store_true")
    args = parser.parse_args(argv)
    password = password_option(parser, args.password_file)
    collector = Collector() if args.gc == "tuned" else None
    watch = Watch(collector)
    main = _serve_timed(args.folder, password, watch, args.web)
    if args.profile is None:
        run(main, collector=collector)
        return
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    try:
        run(main, collector=collector)
    finally:
        profiler.disable()
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    child(sys.argv[1:])
