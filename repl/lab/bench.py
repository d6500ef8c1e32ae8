"""``threethirteen bench``: the engine's speed, printed as figures (never asserted).

It times the meld solver on random dealt hands (3–8, 9–11 and 12–14 cards,
with 0/2/4 jokers, both ace options), cold (caches cleared before each call)
and warm (the same hand again), then events folded per second and a whole
simulated game. ``--quick`` is the smoke run CI does.

``--server`` measures a server under load instead: tables of scripted SSH clients
at once, then the same with an AI seat at one table (:mod:`repl.lab.server_load`).

This is the command's front (its options and the printed figures); the measuring
is :mod:`core.lab.benchmark`'s, with this process's clock.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from ...core import __version__
from ...core.lab.benchmark import SIZE_BANDS, random_hands, time_games, time_solver
from ...core.players import LEVELS
from ..kit.command_line import command_parser, quiet_when_the_reader_leaves

DESCRIPTION = """\
Measure the engine's speed and print the figures (speed
is never asserted in a test).

Times the meld solver on random dealt hands of 3-8, 9-11
and 12-14 cards (0, 2 or 4 jokers, aces low and high),
cold (caches cleared before each call) and warm (the
same hand again): the median (p50) and the 99th
percentile (p99) in microseconds. Then events folded per
second, and the time of a whole simulated game.

With --server: starts a server (threethirteen serve) on
127.0.0.1 in a temporary folder and plays --tables
tables at once with scripted SSH clients, each typing
its own moves. Prints the time from a move typed to the
last other player at its table seeing it (p50, p99 in
ms), the server's CPU time and memory per session and
its event loop's lag; then the same with a --level AI
seat at the first table, and whether the other tables
notice it. Needs the server extra (asyncssh).
"""
"""What ``threethirteen bench --help`` says first (plain text, at most 60 columns)."""


@quiet_when_the_reader_leaves
def main(argv: list[str] | None = None) -> int:
    """Measure and print; the exit code."""
    parser = command_parser("threethirteen bench", DESCRIPTION)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke run: 60 hands per band and one game (what CI runs); "
        "with --server, 2 tables and 8 moves each",
    )
    parser.add_argument(
        "--hands", type=int, default=3000, metavar="N", help="hands per size band (default 3000)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=2026,
        metavar="S",
        help="seed of the random hands and games (default 2026)",
    )
    server = parser.add_argument_group("the server (--server)")
    server.add_argument("--server", action="store_true", help="measure a server under load instead")
    server.add_argument(
        "--tables", type=int, default=25, metavar="N", help="tables at once (default 25)"
    )
    server.add_argument(
        "--humans",
        type=int,
        default=4,
        choices=(2, 3, 4),
        metavar="H",
        help="people at each table, 2-4 (default 4)",
    )
    server.add_argument(
        "--moves",
        type=int,
        default=40,
        metavar="M",
        help="moves typed per table, a draw or a discard each (default 40)",
    )
    server.add_argument(
        "--think",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="pause before each move typed, on average (default 1.0; each is 0.5-1.5 times it)",
    )
    server.add_argument(
        "--level",
        default="hard",
        choices=LEVELS,
        metavar="L",
        help="the AI seat of the second run (default hard)",
    )
    args = parser.parse_args(argv)
    if args.server:
        if args.tables < 1 or args.moves < 1:
            parser.error("--tables and --moves must be at least 1")
        if not 0 <= args.think <= 60:
            parser.error("--think must be 0-60 seconds")
        return bench_server(args)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    count = 60 if args.quick else args.hands
    games = 1 if args.quick else 5
    rng = random.Random(args.seed)

    print(f"threethirteen {__version__} benchmark ({count} hands per band, seed {args.seed})")
    print(f"{'meld solver':<24}{'cold p50':>10}{'cold p99':>10}{'warm p50':>10}{'warm p99':>10}")
    for low, high in SIZE_BANDS:
        hands = random_hands(count, low, high, rng)
        cold = time_solver(hands, cold=True, clock=time.perf_counter)
        warm = time_solver(hands, cold=False, clock=time.perf_counter)
        label = f"{low}-{high} cards (µs)"
        print(f"{label:<24}{cold[0]:>10.1f}{cold[1]:>10.1f}{warm[0]:>10.1f}{warm[1]:>10.1f}")

    times = time_games(args.seed, games, clock=time.perf_counter)
    print(f"events folded per second: {times.events_per_second:,.0f} ({times.events} events)")
    print(f"a whole simulated game (4 lowest-penalty players): {times.game_seconds * 1000:.0f} ms")
    return 0


def bench_server(args: argparse.Namespace) -> int:
    """``--server``: two runs, every seat a person, then one table with an AI seat."""
    try:
        from .server_load import SLOW, Figures, Scenario, measure, percentile
    except ImportError as error:
        print(
            f"threethirteen bench --server needs the server extra ({error}):\n"
            "  pip install 'threethirteen[server]'",
            file=sys.stderr,
        )
        return 1
    tables, moves, think = args.tables, args.moves, args.think
    if args.quick:
        tables, moves, think = 2, 8, 0.3
    plain = Scenario(tables=tables, humans=args.humans, moves=moves, think=think)
    with_ai = Scenario(
        tables=tables, humans=args.humans, moves=moves, think=think, ai_table=args.level
    )
    print(
        f"threethirteen {__version__} server benchmark: {tables} tables of {args.humans} "
        f"people, {moves} moves each, {think:g} s to think"
    )
    print("from a move typed to every other player at its table seeing it (ms):")
    print(f"{'':<36}{'moves':>7}{'p50':>9}{'p99':>9}{'max':>9}")

    def row(label: str, latencies: tuple[float, ...]) -> None:
        p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
        top = max(latencies, default=0.0)
        figures = f"{p50 * 1000:>9.1f}{p99 * 1000:>9.1f}{top * 1000:>9.1f}"
        print(f"{label:<36}{len(latencies):>7}{figures}")

    def server(figures: Figures) -> None:
        sessions = figures.sessions
        typed = len(figures.latencies) + len(figures.ai_latencies) + figures.missing
        mib = 1 << 20
        per = (figures.server_rss_peak - figures.server_rss_before) / sessions / mib
        lag = figures.loop_lag
        play = figures.server_cpu - figures.setup_cpu
        print(
            f"  server CPU: {figures.server_cpu / sessions * 1000:.0f} ms per session in all"
            f" ({figures.setup_cpu / sessions * 1000:.0f} ms to log in and sit down)"
        )
        print(
            f"  server CPU in play: {play / max(typed, 1) * 1000:.1f} ms per move, "
            f"{play / figures.play_wall:.0%} of a core over {figures.play_wall:.0f} s"
        )
        print(
            f"  server memory: {per:.2f} MiB per session ({sessions} sessions; peak RSS "
            f"{figures.server_rss_peak / mib:.0f} MiB, {figures.server_rss_before / mib:.0f} "
            "MiB before)"
        )
        print(
            f"  server event loop lag: p50 {lag.get('p50', 0) * 1000:.1f} ms, "
            f"p99 {lag.get('p99', 0) * 1000:.1f} ms, max {lag.get('max', 0) * 1000:.1f} ms"
        )
        print(f"  server garbage collections in play: {collections(figures.collector)}")
        if figures.slow:
            print(
                f"  moves over {SLOW * 1000:.0f} ms: {figures.slow}, of which "
                f"{figures.held_by_full} in flight during a full collection"
            )
        print(
            f"  prompts drawn in play: {figures.renders / max(typed, 1):.1f} per move; "
            f"objects tracked at the start of play: {figures.objects / sessions / 1000:.1f}k "
            f"per session ({figures.objects:,}, {figures.frozen:,} frozen)"
        )
        print(f"  the clients' own CPU (this process): {figures.clients_cpu:.1f} s")
        if figures.refused:
            print(f"  moves refused by the server's rate limit: {figures.refused}")
        if figures.missing or figures.stalled:
            print(
                f"  not measured: {figures.missing} moves never seen by everyone, "
                f"{figures.stalled} tables stuck"
            )

    first = measure(plain)
    row(f"{args.humans} people at every table", first.latencies)
    server(first)
    second = measure(with_ai)
    row(f"AI seat ({args.level}) at table 1: others", second.latencies)
    row("  ... at the AI's own table", second.ai_latencies)
    server(second)
    before, after = percentile(first.latencies, 0.99), percentile(second.latencies, 0.99)
    change = (after - before) * 1000
    print(f"the other tables' p99 with the AI seat: {change:+.1f} ms")
    return 0


def collections(collector: dict[str, dict[str, float]]) -> str:
    """The collector's pauses in words: per generation, how many, the longest, the total."""
    said = []
    for generation, name in (("0", "young"), ("1", "middle"), ("2", "full")):
        pauses = collector.get(generation, {})
        count = int(pauses.get("count", 0))
        said.append(
            f"{count} {name} (longest {pauses.get('max', 0.0) * 1000:.1f} ms, "
            f"total {pauses.get('total', 0.0) * 1000:.0f} ms, "
            f"CPU {pauses.get('cpu', 0.0) * 1000:.0f} ms, {int(pauses.get('garbage', 0)):,} freed)"
        )
    return ", ".join(said)


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
