"""The server of ``threethirteen bench --server``, in its own process: the real server
(:func:`.service.serve`, no pause before AI turns, the default limits) that also times
its own event loop (a timer every 10 ms) and prints the lag when it is stopped.

``python -m threethirteen.repl.lab.timed_server FOLDER [PROFILE]``: it prints ``port N``
once it listens, and with ``PROFILE`` writes a cProfile of its event loop's thread.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
from pathlib import Path

from ..server.service import ServerSettings, serve
from .server_load import percentile


async def _serve_timed(folder: Path) -> None:
    lags: list[float] = []

    async def probe() -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.01)
            lags.append(loop.time() - before - 0.01)

    def ready(host: str, port: int, fingerprint: str) -> None:
        print(f"port {port}", flush=True)

    timer = asyncio.ensure_future(probe())
    settings = ServerSettings(host="127.0.0.1", port=0, folder=folder, pace=0.0)
    await serve(settings, ready=ready, report=lambda line: None)
    timer.cancel()
    figures = {
        "p50": statistics.median(lags) if lags else 0.0,
        "p99": percentile(lags, 0.99),
        "max": max(lags, default=0.0),
    }
    print("lag " + json.dumps(figures), flush=True)


def child(argv: list[str]) -> None:
    """Serve until stopped: ``FOLDER [PROFILE]``."""
    folder = Path(argv[0])
    if len(argv) < 2:
        asyncio.run(_serve_timed(folder))
        return
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    try:
        asyncio.run(_serve_timed(folder))
    finally:
        profiler.disable()
        profiler.dump_stats(argv[1])


if __name__ == "__main__":
    child(sys.argv[1:])
