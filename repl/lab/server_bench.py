"""``threethirteen bench --server``: the figures of a server under load, printed.

Two runs against a new server each (:func:`.server_load.measure`): every seat a person,
then the same with an AI seat at the first table (skipped with ``--no-ai``). ``--repeat
R`` plays the first run R times, since one run on a busy machine can mislead. Figures are
printed, never judged.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core import __version__
from ..files.install import install_hint
from ..server.libraries import libraries_logged
from .server_process import SLOW, collection_lines, percentile, row

if TYPE_CHECKING:  # it needs asyncssh (the server extra): imported when measuring
    from .server_load import Figures

MIB = 1 << 20


def bench_server(args: argparse.Namespace) -> int:
    """``--server``: measure, print; the exit code. What the clients' libraries say
    (asyncssh warns as it is imported) is one line each on standard error, once."""
    with libraries_logged(_once_each()):
        return _bench_server(args)


def _once_each() -> Callable[[str, str], None]:
    """Says each kind of thing a library says once, on standard error."""
    said: set[str] = set()

    def say(kind: str, line: str) -> None:
        if kind not in said:
            said.add(kind)
            print(f"the clients' libraries: {line}", file=sys.stderr)

    return say


def _bench_server(args: argparse.Namespace) -> int:
    front = "web" if args.web else "ssh"
    extra = "web" if args.web else "server"
    try:
        from .server_load import Scenario, measure
        from .server_process import ServerRun

        if args.web:
            from . import web_load  # noqa: F401 (aiohttp's client)
    except ImportError as error:
        print(
            f"threethirteen bench --server{' --web' * args.web} needs the {extra} extra "
            f"({error}).\n" + install_hint(extra),
            file=sys.stderr,
        )
        return 1
    how = ServerRun(gc=args.gc)
    tables, moves, think = args.tables, args.moves, args.think
    if args.quick:
        tables, moves, think = 2, 8, 0.3
    plain = Scenario(tables=tables, humans=args.humans, moves=moves, think=think, front=front)
    with_ai = Scenario(
        tables=tables,
        humans=args.humans,
        moves=moves,
        think=think,
        ai_table=args.level,
        front=front,
    )
    clients = "browsers (WebSocket)" if args.web else "SSH terminals"
    print(
        f"threethirteen {__version__} server benchmark: {tables} tables of {args.humans} "
        f"people in {clients}, {moves} moves each, {think:g} s to think; collector {args.gc}"
    )
    if args.web:
        print("from a move sent to every other player at its table receiving its board (ms):")
    else:
        print("from a move typed to every other player at its table seeing it (ms):")
    print(f"{'':<36}{'moves':>7}{'p50':>9}{'p99':>9}{'max':>9}")
    runs = []
    for number in range(args.repeat):
        figures = measure(plain, how)
        label = f"{args.humans} people at every table"
        row(label if args.repeat == 1 else f"{label}, run {number + 1}", figures.latencies)
        server_lines(figures, args.web)
        runs.append(figures)
    if args.repeat > 1:
        summary(runs)
    if args.no_ai:
        return 0
    second = measure(with_ai, how)
    row(f"AI seat ({args.level}) at table 1: others", second.latencies)
    row("  ... at the AI's own table", second.ai_latencies)
    server_lines(second, args.web)
    first = runs[0]
    before, after = percentile(first.latencies, 0.99), percentile(second.latencies, 0.99)
    print(f"the other tables' p99 with the AI seat: {(after - before) * 1000:+.1f} ms")
    return 0


def typed(figures: Figures) -> int:
    """Moves typed in the run (measured, at the AI's table, or never seen by all)."""
    return len(figures.latencies) + len(figures.ai_latencies) + figures.missing


def server_lines(figures: Figures, web: bool = False) -> None:
    """What the server spent in a run: CPU, memory, the loop's lag, the collector."""
    sessions = figures.sessions
    moves = max(typed(figures), 1)
    play = figures.server_cpu - figures.setup_cpu
    print(
        f"  server CPU in play: {play / moves * 1000:.1f} ms per move (its event loop "
        f"{figures.loop_cpu / moves * 1000:.1f} ms), {play / figures.play_wall:.0%} of a core "
        f"over {figures.play_wall:.0f} s"
    )
    print(
        f"  server CPU: {figures.server_cpu / sessions * 1000:.0f} ms per session in all"
        f" ({figures.setup_cpu / sessions * 1000:.0f} ms to log in and sit down)"
    )
    per = (figures.server_rss_peak - figures.server_rss_before) / sessions / MIB
    print(
        f"  server memory: {per:.2f} MiB per session ({sessions} sessions; peak RSS "
        f"{figures.server_rss_peak / MIB:.0f} MiB, {figures.server_rss_before / MIB:.0f} "
        "MiB before)"
    )
    lag = figures.loop_lag
    print(
        f"  server event loop lag: p50 {lag.get('p50', 0) * 1000:.1f} ms, "
        f"p99 {lag.get('p99', 0) * 1000:.1f} ms, max {lag.get('max', 0) * 1000:.1f} ms"
    )
    print("  server garbage collections in play:")
    for line in collection_lines(figures.collector, figures.reclaims):
        print("    " + line)
    if figures.slow:
        print(
            f"  moves over {SLOW * 1000:.0f} ms: {figures.slow}, of which "
            f"{figures.held_by_full} in flight during a full collection"
        )
    tracked = figures.objects + figures.frozen
    drawn = "" if web else f"prompts drawn in play: {figures.renders / moves:.1f} per move; "
    print(
        f"  {drawn}objects the collector holds: {tracked / sessions / 1000:.1f}k per session "
        f"({tracked:,}, of them {figures.frozen:,} frozen)"
    )
    print(f"  the clients' own CPU (this process): {figures.clients_cpu:.1f} s")
    if figures.refused:
        print(f"  moves refused by the server's rate limit: {figures.refused}")
    if figures.missing or figures.stalled:
        print(
            f"  not measured: {figures.missing} moves never seen by everyone, "
            f"{figures.stalled} tables stuck"
        )


def summary(done: list[Figures]) -> None:
    """The median of each figure over repeated runs."""
    p50 = statistics.median(percentile(f.latencies, 0.5) for f in done)
    p99 = statistics.median(percentile(f.latencies, 0.99) for f in done)
    top = statistics.median(max(f.latencies, default=0.0) for f in done)
    cpu = statistics.median((f.server_cpu - f.setup_cpu) / max(typed(f), 1) for f in done)
    full = statistics.median(f.collector.get("2", {}).get("max", 0.0) for f in done)
    print(
        f"median of {len(done)} runs: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {top * 1000:.1f} ms; server CPU {cpu * 1000:.1f} ms per move; longest full "
        f"collection {full * 1000:.1f} ms"
    )
