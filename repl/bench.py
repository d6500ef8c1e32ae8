"""``threethirteen bench``: the engine's speed, printed as figures (never asserted).

It times the meld solver on random dealt hands (3–8, 9–11 and 12–14 cards,
with 0/2/4 jokers, both ace options), cold (caches cleared before each call)
and warm (the same hand again), then events folded per second and a whole
simulated game. ``--quick`` is the smoke run CI does.

This is the command's front (its options and the printed figures); the measuring
is :mod:`core.benchmark`'s, with this process's clock.
"""

from __future__ import annotations

import random
import time

from threethirteen.core import __version__
from threethirteen.core.benchmark import SIZE_BANDS, random_hands, time_games, time_solver
from threethirteen.repl.command_line import command_parser, quiet_when_the_reader_leaves

DESCRIPTION = """\
Measure the engine's speed and print the figures (speed
is never asserted in a test).

Times the meld solver on random dealt hands of 3-8, 9-11
and 12-14 cards (0, 2 or 4 jokers, aces low and high),
cold (caches cleared before each call) and warm (the
same hand again): the median (p50) and the 99th
percentile (p99) in microseconds. Then events folded per
second, and the time of a whole simulated game.
"""
"""What ``threethirteen bench --help`` says first (plain text, at most 60 columns)."""


@quiet_when_the_reader_leaves
def main(argv: list[str] | None = None) -> int:
    """Measure and print; the exit code."""
    parser = command_parser("threethirteen bench", DESCRIPTION)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke run: 60 hands per band and one game (what CI runs)",
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
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
