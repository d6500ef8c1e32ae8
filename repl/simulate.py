"""``threethirteen simulate``: let AI players play many games and measure them.

Game i is dealt from seed S + i, so two runs with different players see the
same deals (a duplicate comparison). Each player is a level (``greedy``,
``easy``, ``medium``, ``hard``) or an importable ``module:Class``.

``--compare A,B --against BASELINE`` runs the whole duplicate method at once:
each candidate in each seat in turn with the baseline in the other three, and
the baseline alone at the table, all on the same seeds. It reports each
candidate's mean game total against the baseline's in the same seat on the same
deals, and each pair of candidates against each other, with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from attrs import frozen
from threethirteen.core.cards import SEATS
from threethirteen.core.errors import GameError
from threethirteen.core.events import (
    SEAT_NAMES,
    DrawSource,
    Event,
    GameEnded,
    GameOptions,
    PlayerWentOut,
    RoundScored,
)
from threethirteen.core.log import encode_log
from threethirteen.core.players import Policy, load_policy, policy_turn
from threethirteen.core.rules import new_game
from threethirteen.core.state import evolve
from threethirteen.core.views import PlayerView
from threethirteen.repl.command_line import command_parser, quiet_when_the_reader_leaves
from threethirteen.repl.results import (
    GameResult,
    compare_text,
    json_object,
    json_safe,
    mean_interval,
    percentile,
    table_text,
)

__all__ = ["GameJob", "GameResult", "main", "mean_interval", "percentile", "play_game"]


@frozen(kw_only=True)
class GameJob:
    """One game to play: its seed, options, players and where to write its log."""

    seed: int
    players: tuple[str, ...]
    options: GameOptions
    log_dir: str | None = None


class _Timed:
    """A policy wrapped so that the time of each of its choices is recorded."""

    def __init__(self, policy: Policy, clock: Callable[[], float]) -> None:
        self.policy = policy
        self.clock = clock
        self.times: list[float] = []

    @property
    def last_reason(self) -> str:
        reason = getattr(self.policy, "last_reason", "")
        return reason if isinstance(reason, str) else ""

    def choose_draw(self, view: PlayerView) -> str | DrawSource:
        start = self.clock()
        choice = self.policy.choose_draw(view)
        self.times.append((self.clock() - start) * 1000)
        return choice

    def choose_discard(self, view: PlayerView) -> Any:
        start = self.clock()
        choice = self.policy.choose_discard(view)
        self.times.append((self.clock() - start) * 1000)
        return choice


def player_label(spec: str, seat: int) -> str:
    """How errors name a player: ``'hard' (seat Top)``."""
    return f"{spec!r} (seat {SEAT_NAMES[seat]})"


def play_game(job: GameJob) -> GameResult:
    """Play one whole game; a player that fails to load or moves illegally ends it with an error."""
    try:
        seats = [_Timed(load_policy(spec), time.perf_counter) for spec in job.players]
    except GameError as error:
        return GameResult(seed=job.seed, error=str(error))
    state, first = new_game(job.seed, job.options, players=job.players)
    log: list[Event] = list(first)
    went_out = [0] * SEATS
    penalties: list[list[int]] = [[] for _ in range(SEATS)]
    rounds = 0
    while state.ended is None:
        seat = state.turn
        assert seat is not None
        try:
            events = policy_turn(state, seats[seat], player_label(job.players[seat], seat))
        except GameError as error:
            return GameResult(seed=job.seed, error=str(error))
        except Exception as error:  # a bot's own crash is its problem, named as such
            label = player_label(job.players[seat], seat)
            return GameResult(seed=job.seed, error=f"the player {label} failed: {error!r}")
        for event in events:
            state = evolve(state, event)
            if isinstance(event, PlayerWentOut):
                went_out[event.seat] += 1
            elif isinstance(event, RoundScored):
                rounds += 1
                for s, score in enumerate(event.scores):
                    penalties[s].append(score.penalty)
        log.extend(events)
    if job.log_dir is not None:
        path = Path(job.log_dir) / f"game-{job.seed}.jsonl"
        path.write_text(encode_log(log), encoding="utf-8")
    ended = log[-1]
    assert isinstance(ended, GameEnded)
    return GameResult(
        seed=job.seed,
        totals=ended.totals,
        winner=ended.winner,
        went_out=tuple(went_out),
        rounds=rounds,
        penalties=tuple(tuple(p) for p in penalties),
        decision_ms=tuple(tuple(seat.times) for seat in seats),
    )


def run_games(jobs: Sequence[GameJob], workers: int) -> Iterator[GameResult]:
    """Play ``jobs``, in ``workers`` processes when more than one; results in job order."""
    if workers <= 1 or len(jobs) <= 1:
        yield from map(play_game, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play_game, jobs, chunksize=1)


# -- progress and running ------------------------------------------------------------


class Progress:
    """``games 37/200`` on stderr: rewritten in place on a terminal (and erased at the end),
    else a line every 10%."""

    def __init__(self, total: int, stream: TextIO, enabled: bool, label: str = "games") -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled and total > 1
        self.tty = stream.isatty()
        self.label = label
        self.start = time.monotonic()
        self.step = max(1, total // 10)

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        if self.tty or done % self.step == 0 or done == self.total:
            elapsed = time.monotonic() - self.start
            left = elapsed / done * (self.total - done) if done else 0.0
            text = f"{self.label} {done}/{self.total} ({elapsed:.0f} s, about {left:.0f} s left)"
            self.stream.write(f"\r{text}\x1b[K" if self.tty else text + "\n")
            self.stream.flush()

    def close(self) -> None:
        """Erase the progress line on a terminal, so the results start on a clean line."""
        if self.enabled and self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def play_all(jobs: Sequence[GameJob], workers: int, progress: Progress) -> list[GameResult]:
    """Play every job with progress; raise ``SimulationError`` at the first failed game."""
    results = []
    for done, result in enumerate(run_games(jobs, workers), start=1):
        if result.error is not None:
            progress.close()
            raise SimulationError(f"game with seed {result.seed}: {result.error}")
        results.append(result)
        progress.update(done)
    progress.close()
    return results


class SimulationError(Exception):
    """A game could not be played to the end (a player failed); the message names it."""


def _check_players(players: Iterable[str]) -> None:
    """Load each player once up front, so a bad name fails before any game is played."""
    for seat, spec in enumerate(players):
        try:
            load_policy(spec)
        except GameError as error:
            raise SimulationError(f"{player_label(spec, seat)}: {error}") from None


# -- the duplicate comparison --------------------------------------------------------


def compare(
    candidates: Sequence[str],
    baseline: str,
    seeds: Sequence[int],
    options: GameOptions,
    workers: int,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Each candidate in each seat in turn against three baselines, and the baseline table.

    A candidate's difference on a seed is its total minus the baseline's total in the
    same seat on the same deal, averaged over the four seats; two candidates are
    compared the same way, seat by seat. Intervals are over seeds.
    """
    lineups = [tuple([baseline] * SEATS)]
    for candidate in candidates:
        for seat in range(SEATS):
            lineup = [baseline] * SEATS
            lineup[seat] = candidate
            lineups.append(tuple(lineup))
    jobs = [GameJob(seed=s, players=lineup, options=options) for lineup in lineups for s in seeds]
    results = play_all(jobs, workers, progress or Progress(len(jobs), sys.stderr, False))
    n = len(seeds)
    base = results[:n]
    base_mean = statistics.fmean(t for game in base for t in game.totals)

    def seat_totals(k: int) -> list[list[int]]:
        """Candidate ``k``'s total per seed and seat."""
        block = results[n * (1 + SEATS * k) :]
        return [[block[seat * n + i].totals[seat] for seat in range(SEATS)] for i in range(n)]

    def versus(mine: list[list[int]], theirs: list[list[int]]) -> dict[str, Any]:
        per_seed = [
            statistics.fmean(a - b for a, b in zip(x, y, strict=True))
            for x, y in zip(mine, theirs, strict=True)
        ]
        diff, half = mean_interval(per_seed)
        return {"difference": diff, "interval95": [diff - half, diff + half]}

    base_totals = [list(game.totals) for game in base]
    reports = []
    totals = []
    for k, candidate in enumerate(candidates):
        mine = seat_totals(k)
        totals.append(mine)
        block = results[n * (1 + SEATS * k) : n * (1 + SEATS * (k + 1))]
        wins = sum(block[seat * n + i].winner == seat for seat in range(SEATS) for i in range(n))
        times = [
            t
            for seat in range(SEATS)
            for g in block[seat * n : (seat + 1) * n]
            for t in g.decision_ms[seat]
        ]
        mean_total = statistics.fmean(t for row in mine for t in row)
        report: dict[str, Any] = {"candidate": candidate, "mean_total": mean_total}
        report.update(versus(mine, base_totals))
        report["relative"] = report["difference"] / base_mean
        report["relative_interval95"] = [x / base_mean for x in report["interval95"]]
        report["win_share"] = wins / (SEATS * n)
        report["decision_ms"] = {"p50": percentile(times, 0.5), "p99": percentile(times, 0.99)}
        reports.append(report)
    pairs = []
    for i, first in enumerate(candidates):
        for j in range(i + 1, len(candidates)):
            pair = {"candidate": candidates[j], "reference": first}
            pair.update(versus(totals[j], totals[i]))
            pairs.append(pair)
    return {
        "baseline": baseline,
        "games_per_lineup": n,
        "seeds": [seeds[0], seeds[-1]],
        "options": {"jokers": options.jokers, "aces_high": options.aces_high},
        "baseline_mean_total": base_mean,
        "candidates": reports,
        "pairs": pairs,
    }


# -- the command ---------------------------------------------------------------------


DESCRIPTION = """\
Let AI players play many games and measure them.

Game i is dealt from seed S + i, so two runs with
different players see the same deals. A player is a
level (greedy, easy, medium, hard) or an importable
module:Class. The table shows per seat the mean game
total with its 95% interval, wins, how often the seat
went out, its mean penalty per round and how long its
decisions took; a legend under it says what each
column means.

--compare A,B --against BASE plays the duplicate method:
each candidate in each seat in turn with BASE in the
other three, and BASE alone at the table, on the same
seeds. It reports each candidate against BASE in the
same seat on the same deals, and each pair of
candidates, with 95% intervals.
"""
"""What ``threethirteen simulate --help`` says first (plain text, at most 60 columns)."""


def _parser() -> argparse.ArgumentParser:
    parser = command_parser("threethirteen simulate", DESCRIPTION)
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="how many games (default 100)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="game i is dealt from seed S + i, i = 0, 1, 2 … (default 1)",
    )
    parser.add_argument(
        "--players",
        default="medium,medium,medium,medium",
        metavar="A,B,C,D",
        help="the four seats (You, Left, Top, Right): levels or module:Class "
        "(default: medium in every seat)",
    )
    parser.add_argument(
        "--jokers", type=int, choices=(0, 2, 4), default=0, help="jokers in the deck (default 0)"
    )
    parser.add_argument(
        "--aces",
        choices=("low", "high"),
        default="low",
        help="aces low (A-2-3, an ace costs 1) or high (Q-K-A, 15); default low",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="play in N processes, at most one per CPU (default 1)",
    )
    parser.add_argument(
        "--log-dir",
        metavar="DIR",
        help="write each game's log into DIR as game-SEED.jsonl (threethirteen replay opens it)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of the table"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    parser.add_argument(
        "--compare",
        metavar="A,B,…",
        help="the duplicate method: each of these players in each seat against three BASE",
    )
    parser.add_argument(
        "--against",
        metavar="BASE",
        default="greedy",
        help="the other three players of --compare (default greedy)",
    )
    return parser


@quiet_when_the_reader_leaves
def main(argv: list[str] | None = None) -> int:
    """Run the simulator; 0 on success, 2 on a bad option or a failed player."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    options = GameOptions(jokers=args.jokers, aces_high=args.aces == "high")
    seeds = [args.seed + i for i in range(args.games)]
    jobs = min(args.jobs, os.cpu_count() or 1) if args.jobs > 1 else 1
    try:
        if args.compare:
            candidates = [p.strip() for p in args.compare.split(",")]
            _check_players([*candidates, args.against])
            count = len(seeds) * (1 + SEATS * len(candidates))
            progress = Progress(count, sys.stderr, not args.quiet)
            report = compare(candidates, args.against, seeds, options, jobs, progress)
            print(json.dumps(json_safe(report), indent=2) if args.json else compare_text(report))
            return 0
        players = tuple(p.strip() for p in args.players.split(","))
        if len(players) != SEATS:
            parser.error(f"--players needs {SEATS} players, one per seat, not {len(players)}")
        _check_players(players)
        if args.log_dir:
            Path(args.log_dir).mkdir(parents=True, exist_ok=True)
        game_jobs = [
            GameJob(seed=s, players=players, options=options, log_dir=args.log_dir) for s in seeds
        ]
        progress = Progress(len(game_jobs), sys.stderr, not args.quiet)
        results = play_all(game_jobs, jobs, progress)
    except SimulationError as error:
        print(f"threethirteen simulate: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(json_safe(json_object(players, results)), indent=2))
    else:
        print(table_text(players, results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
