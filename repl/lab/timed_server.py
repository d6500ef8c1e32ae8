"""The server of ``threethirteen bench --server``, in its own process: the real server
(:func:`.service.serve`, no pause before AI turns, the default limits) that also times
its own event loop (a timer every 10 ms), its garbage collector's pauses (``gc.callbacks``)
and counts its prompt renders, and prints what it measured when it is stopped.

``python -m threethirteen.repl.lab.timed_server FOLDER [PROFILE] [--password-file FILE]``:
it prints ``port N`` once it listens; ``SIGUSR1`` says "the play starts now" (the
figures count from then: logging in is not what is measured); with ``PROFILE`` it writes
a cProfile of its event loop's thread.
"""

from __future__ import annotations

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

from ..server.service import ServerSettings, serve
from .server_load import percentile

FULL_PAUSES_KEPT = 2000
"""Full collections whose start and end are kept (to find the moves they held up)."""


class Watch:
    """What the server's event loop and collector did since the play started."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.cpu: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
        self.garbage: dict[int, int] = {0: 0, 1: 0, 2: 0}
        self._cpu_started = 0.0
        self.full: list[tuple[float, float]] = []
        self.renders = 0
        self.objects = 0
        self.frozen = 0
        self._started = 0.0

    def reset(self) -> None:
        """The play starts: count from now."""
        import os
        knob = os.environ.get("TT_GC", "")
        if os.environ.get("TT_GARBAGE"):
            gc.collect()
            gc.set_debug(gc.DEBUG_SAVEALL)

            def dump() -> None:
                gc.collect()
                import collections
                c = collections.Counter(
                    type(o).__module__ + "." + type(o).__qualname__ for o in gc.garbage
                )
                fs = collections.Counter(
                    o.__qualname__ for o in gc.garbage if type(o).__name__ == "function"
                )
                cs = collections.Counter(
                    o.cr_code.co_qualname if hasattr(o, "cr_code") else "" for o in gc.garbage
                )
                with open(os.environ["TT_GARBAGE"], "w") as f:
                    print(len(gc.garbage), file=f)
                    for k, n in c.most_common(60):
                        print(n, k, file=f)
                    for k, n in fs.most_common(60):
                        print("fn", n, k, file=f)
                    for k, n in cs.most_common(10):
                        print("coro", n, k, file=f)
                gc.set_debug(0)
                gc.garbage.clear()

            asyncio.get_running_loop().call_later(10, dump)
        if "freeze" in knob:
            gc.collect()
            gc.freeze()
        self.lags.clear()
        for pauses in self.pauses.values():
            pauses.clear()
        self.cpu = {0: 0.0, 1: 0.0, 2: 0.0}
        self.garbage = {0: 0, 1: 0, 2: 0}
        self.full.clear()
        self.renders = 0
        self.objects = len(gc.get_objects())
        self.frozen = gc.get_freeze_count()
        import os
        if os.environ.get("TT_TYPES"):
            import collections
            c = collections.Counter(
                type(o).__module__ + "." + type(o).__qualname__ for o in gc.get_objects()
            )
            with open(os.environ["TT_TYPES"], "w") as f:
                for k, n in c.most_common(80):
                    print(n, k, file=f)

    def collected(self, phase: str, info: dict[str, Any]) -> None:
        """``gc.callbacks``: the time of each collection, by generation."""
        now = time.perf_counter()
        if phase == "start":
            self._started = now
            self._cpu_started = time.thread_time()
            return
        generation = int(info.get("generation", 2))
        self.pauses.setdefault(generation, []).append(now - self._started)
        self.cpu[generation] = self.cpu.get(generation, 0.0) + time.thread_time() - self._cpu_started
        self.garbage[generation] = self.garbage.get(generation, 0) + int(info.get("collected", 0))
        if generation == 2 and len(self.full) < FULL_PAUSES_KEPT:
            self.full.append((self._started, now))

    def figures(self) -> dict[str, Any]:
        lags = self.lags
        gcs = {
            str(generation): {
                "count": len(pauses),
                "max": max(pauses, default=0.0),
                "total": sum(pauses),
                "cpu": self.cpu.get(generation, 0.0),
                "garbage": self.garbage.get(generation, 0),
            }
            for generation, pauses in self.pauses.items()
        }
        return {
            "lag": {
                "p50": statistics.median(lags) if lags else 0.0,
                "p99": percentile(lags, 0.99),
                "max": max(lags, default=0.0),
            },
            "gc": gcs,
            "full": self.full,
            "renders": self.renders,
            "objects": self.objects,
            "frozen": self.frozen,
        }


def count_renders(watch: Watch) -> None:
    """Count every prompt drawn (``Renderer.render``), in every session."""
    render = Renderer.render

    import collections, os, traceback
    why: collections.Counter[str] = collections.Counter()
    if os.environ.get("TT_WHY"):
        import atexit
        def dump() -> None:
            with open(os.environ["TT_WHY"], "w") as f:
                for k, n in why.most_common(30):
                    print(n, k, file=f)
        atexit.register(dump)

    def counted(self: Renderer, *args: Any, **kwargs: Any) -> None:
        watch.renders += 1
        if os.environ.get("TT_WHY"):
            st = traceback.extract_stack(limit=12)[:-1]
            why[" < ".join(f"{f.name}:{f.lineno}" for f in reversed(st)) + f" done={kwargs.get('is_done')}"] += 1
        render(self, *args, **kwargs)

    Renderer.render = counted  # type: ignore[method-assign]


async def _serve_timed(folder: Path, password: str | None) -> None:
    watch = Watch()
    gc.callbacks.append(watch.collected)
    import os
    for part in os.environ.get("TT_GC", "").split(";"):
        if part.startswith("t="):
            gc.set_threshold(*map(int, part[2:].split(",")))
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

    timer = asyncio.ensure_future(probe())
    settings = ServerSettings(
        host="127.0.0.1", port=0, folder=folder, pace=0.0, password=password
    )
    await serve(settings, ready=ready, report=lambda line: None)
    timer.cancel()
    gc.callbacks.remove(watch.collected)
    print("figures " + json.dumps(watch.figures()), flush=True)


def child(argv: list[str]) -> None:
    """Serve until stopped: ``FOLDER [PROFILE] [--password-file FILE]``."""
    password = None
    if "--password-file" in argv:
        at = argv.index("--password-file")
        password = Path(argv[at + 1]).read_text(encoding="utf-8").strip()
        argv = argv[:at] + argv[at + 2 :]
    folder = Path(argv[0])
    if len(argv) < 2:
        asyncio.run(_serve_timed(folder, password))
        return
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    try:
        asyncio.run(_serve_timed(folder, password))
    finally:
        profiler.disable()
        profiler.dump_stats(argv[1])


if __name__ == "__main__":
    child(sys.argv[1:])
