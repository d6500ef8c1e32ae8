"""``threethirteen bench``: the engine's speed, printed as figures (never asserted).

It times the meld solver on random dealt hands (3–8, 9–11 and 12–14 cards,
with 0/2/4 jokers, both ace options), cold (caches cleared before each call)
and warm (the same hand again), then events folded per second and a whole
simulated game. ``--quick`` is the smoke run CI does.

``--server`` measures a server under load instead: tables of scripted SSH clients
at once (``--web``: WebSocket clients, as the browser's page), then the same with an AI
seat at one table (:mod:`repl.lab.server_bench`). (A soak, normal tables beside hostile
clients, is a test's tool: ``python -m tests.helpers.soak``, in the repository only.)

This is the command's front (its options and the printed figures); the measuring
is :mod:`core.lab.benchmark`'s, with this process's clock.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from ...core import __version__
from ...core.lab.benchmark import (
    SIZE_BANDS,
    high_percentile,
    random_hands,
    time_games,
    time_last_round_decisions,
    time_solver,
)
from ...core.players import LEVELS
from ...core.seats import DEFAULT_SEATS, MAX_SEATS, MIN_SEATS, decks_for
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
ms), the server's CPU time per move and memory per
session, its event loop's lag, its garbage collections
and the prompts it drew per move; then the same with a
--level AI seat at the first table, and whether the
other tables notice it. Needs the server extra
(asyncssh).

With --server --web: the same, each player a browser's
WebSocket (serve --web) sending the lines the page sends;
the time is from a move sent to the last other player at
its table receiving the board that shows it. Needs the
web extra (aiohttp).
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
    venues = parser.add_argument_group("the simulator's venues (--venues)")
    venues.add_argument(
        "--venues",
        action="store_true",
        help="games a second in this process, 2 processes and local Dask clusters of 1 and "
        "2 workers (needs the cluster extra)",
    )
    venues.add_argument(
        "--games", type=int, default=40, metavar="N", help="games at each venue (default 40)"
    )
    venues.add_argument(
        "--players",
        default="easy",
        choices=LEVELS,
        metavar="LEVEL",
        help="greedy, easy, medium or hard in every seat (default easy: cheap games show "
        "the overhead best)",
    )
    server = parser.add_argument_group("the server (--server)")
    server.add_argument("--server", action="store_true", help="measure a server under load instead")
    server.add_argument(
        "--web",
        action="store_true",
        help="the people play in browsers: WebSocket clients of serve --web, as the page "
        "(needs the web extra)",
    )
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
    server.add_argument(
        "--no-ai", action="store_true", help="skip the second run (with an AI seat)"
    )
    server.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="R",
        help="play the first run R times and give each and their median (default 1)",
    )
    server.add_argument(
        "--gc",
        default="tuned",
        choices=("tuned", "default"),
        help="the server's garbage collector: tuned (as threethirteen serve) or CPython's "
        "default settings, to compare",
    )
    args = parser.parse_args(argv)
    if args.venues:
        if not 1 <= args.games <= 100_000:
            parser.error("--games must be 1 to 100000")
        from .venue_bench import bench_venues

        return bench_venues(4 if args.quick else args.games, args.players, args.seed)
    if args.server:
        if args.tables < 1 or args.moves < 1 or args.repeat < 1:
            parser.error("--tables, --moves and --repeat must be at least 1")
        if not 0 <= args.think <= 60:
            parser.error("--think must be 0-60 seconds")
        from .server_bench import bench_server

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
    rounds = 1 if args.quick else 30
    _hard_decisions(DEFAULT_SEATS, rounds, args.seed)
    for seats in (MIN_SEATS, MAX_SEATS):
        _at_seats(seats, count, games, args.seed)
        _hard_decisions(seats, rounds, args.seed)
    return 0


def _hard_decisions(seats: int, rounds: int, seed: int) -> None:
    """The hard level's decisions in round 11 (the longest hands) at a table of ``seats``, in
    CPU time: the work of a decision, which a busy machine does not stretch as it does the
    time on the wall."""
    took = time_last_round_decisions(seed, rounds, clock=time.process_time, seats=seats)
    p50, p99 = statistics.median(took) * 1000, high_percentile(took, 0.99) * 1000
    print(
        f"a hard decision in round 11 (CPU): p50 {p50:.0f} ms, p99 {p99:.0f} ms ({len(took)} timed)"
    )


def _at_seats(seats: int, count: int, games: int, seed: int) -> None:
    """The solver on hands from the decks of a table of ``seats``, and its games folded."""
    decks = decks_for(seats)
    rng = random.Random(seed)
    print()
    print(f"at {seats} seats ({decks} {'deck' if decks == 1 else 'decks'})")
    for low, high in SIZE_BANDS:
        hands = random_hands(count, low, high, rng, decks)
        cold = time_solver(hands, cold=True, clock=time.perf_counter)
        warm = time_solver(hands, cold=False, clock=time.perf_counter)
        label = f"{low}-{high} cards (µs)"
        print(f"{label:<24}{cold[0]:>10.1f}{cold[1]:>10.1f}{warm[0]:>10.1f}{warm[1]:>10.1f}")
    times = time_games(seed, games, clock=time.perf_counter, seats=seats)
    print(f"events folded per second: {times.events_per_second:,.0f} ({times.events} events)")
    print(f"a whole simulated game ({seats} players): {times.game_seconds * 1000:.0f} ms")


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
