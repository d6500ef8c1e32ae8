"""``threethirteen bench``: the engine's speed, printed as figures (never asserted).

It times the meld solver on random dealt hands (3–8, 9–11 and 12–14 cards,
with 0/2/4 jokers, both ace options), cold (caches cleared before each call)
and warm (the same hand again), then events folded per second and a whole
simulated game. ``--quick`` is the smoke run CI does.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

from threethirteen.core import __version__
from threethirteen.core.cards import Card, new_deck
from threethirteen.core.events import Event, GameOptions
from threethirteen.core.melds import best_arrangement, clear_cache
from threethirteen.core.rules import Discard, Draw, decide, legal_commands, new_game
from threethirteen.core.state import GameState, evolve, fold
from threethirteen.repl.command_line import command_parser, quiet_when_the_reader_leaves

SIZE_BANDS: tuple[tuple[int, int], ...] = ((3, 8), (9, 11), (12, 14))


def random_hands(
    count: int, low: int, high: int, rng: random.Random
) -> list[tuple[tuple[Card, ...], int, bool]]:
    """``count`` (hand, round, aces_high) deals of ``low``–``high`` cards from a double deck."""
    hands = []
    for i in range(count):
        deck = list(new_deck((0, 2, 4)[i % 3]))
        rng.shuffle(deck)
        size = rng.randint(low, high)
        hands.append((tuple(deck[:size]), rng.randint(1, 11), rng.random() < 0.5))
    return hands


def _percentile(samples: Sequence[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def time_solver(
    hands: list[tuple[tuple[Card, ...], int, bool]], *, cold: bool
) -> tuple[float, float]:
    """Median and p99 microseconds per ``best_arrangement`` call."""
    samples = []
    clock = time.perf_counter
    for hand, round_no, aces_high in hands:
        if cold:
            clear_cache()
        else:
            best_arrangement(hand, round_no, aces_high=aces_high)
        start = clock()
        best_arrangement(hand, round_no, aces_high=aces_high)
        samples.append((clock() - start) * 1e6)
    return statistics.median(samples), _percentile(samples, 0.99)


def _lowest_penalty_move(state: GameState, rng: random.Random) -> Draw | Discard:
    """A plain player for timing: random draw, discard to the lowest penalty."""
    moves = legal_commands(state)
    if isinstance(moves[0], Draw):
        return rng.choice(moves)
    assert state.round is not None
    round_ = state.round

    def penalty(move: Draw | Discard) -> int:
        assert isinstance(move, Discard)
        rest = list(round_.hands[move.seat])
        rest.remove(move.card)
        return best_arrangement(rest, round_.round_no).penalty

    return min(moves, key=penalty)


Chooser = Callable[[GameState, random.Random], Draw | Discard]


def simulate(seed: int, choose: Chooser) -> list[Event]:
    """One whole game; its log."""
    rng = random.Random(seed)
    state, events = new_game(seed, GameOptions(jokers=2))
    log = list(events)
    while state.ended is None:
        for event in decide(state, choose(state, rng)):
            state = evolve(state, event)
            log.append(event)
    return log


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
        cold = time_solver(hands, cold=True)
        warm = time_solver(hands, cold=False)
        label = f"{low}-{high} cards (µs)"
        print(f"{label:<24}{cold[0]:>10.1f}{cold[1]:>10.1f}{warm[0]:>10.1f}{warm[1]:>10.1f}")

    start = time.perf_counter()
    logs = [simulate(args.seed + i, _lowest_penalty_move) for i in range(games)]
    game_seconds = (time.perf_counter() - start) / games
    events = [event for log in logs for event in log]
    start = time.perf_counter()
    for log in logs:
        fold(log)
    fold_seconds = time.perf_counter() - start
    print(f"events folded per second: {len(events) / fold_seconds:,.0f} ({len(events)} events)")
    print(f"a whole simulated game (4 lowest-penalty players): {game_seconds * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
