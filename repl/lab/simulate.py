"""``threethirteen simulate``: let AI players play many games and measure them.

Game i is dealt from seed S + i, so two runs with different players see the
same deals (a duplicate comparison). Each player is a level (``greedy``,
``easy``, ``medium``, ``hard``) or an importable ``module:Class``.

``--compare A,B --against BASELINE`` runs the whole duplicate method at once:
each candidate in each seat in turn with the baseline in every other seat (at
any seat count, ``--seats N``), and the baseline alone at the table, all on the
same seeds. It reports each
candidate's mean game total against the baseline's in the same seat on the same
deals, and each pair of candidates against each other, with 95% intervals.

This is the command's front: its options, the process pool, the progress line on
stderr, the ``--log-dir`` files and the printed results. Playing a game, the
statistics and the duplicate method are :mod:`core.lab.simulation`'s.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import textwrap
from pathlib import Path

from ...core.cards import joker_choices
from ...core.events import GameOptions
from ...core.lab.ending import ending_jobs
from ...core.lab.gain import gain_jobs, summarise
from ...core.lab.ladder import ladder_jobs
from ...core.lab.simulation import (
    Duplicate,
    GameJob,
    SimulationError,
    check_players,
)
from ...core.seats import DEFAULT_SEATS, MAX_SEATS, MIN_SEATS, decks_for
from ..files.paths import os_detail
from ..kit.command_line import command_parser, quiet_when_the_reader_leaves
from ..kit.safe import visible
from .cluster import ClusterError, parse_cluster
from .ending import ending_counts, ending_text
from .gain import gain_games, gain_text
from .ladder import ladder_cells, ladder_table
from .playing import Stopped, Venue, play_games
from .progress import Progress
from .results import (
    compare_object,
    compare_report,
    json_safe,
    table_object,
    table_report,
)
from .runners import BATCH_MOST

__all__ = ["QUICK_GAMES", "main"]

QUICK_GAMES = 8
"""The games of a run without ``--games``: a quick look (some 20 seconds of medium games in
one process), said to be one, with how to measure longer."""
GAIN_PLAYOUTS = 12
"""Play-outs of each differing choice with ``--gain``: a choice's gain then varies by some
2 points (a play-out's difference by about 6)."""
GAIN_PLAYOUTS_MOST = 1000
MEASURED_GAMES = 100
"""The games of ``--ladder`` and ``--ending`` without ``--games`` (each is a measurement)."""


# -- the command ---------------------------------------------------------------------


DESCRIPTION = """\
Let AI players play many games and measure them.

Without --games it plays 8 games, a quick look (some 20
seconds of medium games); --games 100 or more narrows
the intervals, and --jobs N plays in N processes.

Game i is dealt from seed S + i, so two runs with
different players see the same deals. A player is a
level (greedy, easy, medium, hard) or an importable
module:Class. The table shows per seat the mean game
total with its 95% interval, wins and win share, how
often the seat went out and its mean penalty per round
(per player too, when one holds several seats); a
legend says what each column means, a chart draws the
totals, and the decision times of the games played in
this run come last.

--jobs N plays in N processes here; --cluster plays on a
Dask cluster: tcp://HOST:8786 (a running scheduler) or
local:N (N worker processes started here; needs the
cluster extra, and says how to add it when it is
missing). The same games
come out either way. --out FILE keeps each finished game
in FILE; the same command run again after a stop plays
only the games missing and reports the whole run.

--compare A,B --against BASE plays the duplicate method:
each candidate in each seat in turn with BASE in every
other seat, and BASE alone at the table, on the same
seeds. It reports each candidate against BASE in the
same seat on the same deals, and each pair of
candidates, with 95% intervals.

--gain BOT --against BASE measures BOT decision by
decision: BOT plays each game in one seat (each seat in
turn), BASE the others; wherever BOT chooses otherwise
than BASE would, both choices are played out --playouts
times to the end of the round, BASE playing on. The
gains add up to BOT's total less BASE's in the same seat
on the same deals: for a BOT that changes a few of
BASE's choices, a far cheaper measure than --compare.

--ladder measures the deck ladder: round 11 at every
seat count with each number of decks that deals it,
played by --players' first level, from seeds S, S + 1 …;
it prints how often the stock ran out (a Markdown table).

--ending measures when rounds end at every seat count:
--games whole games of each of --players' levels; it
prints the hard level's ENDING tables.
"""
"""What ``threethirteen simulate --help`` says first (plain text, at most 60 columns)."""


def _parser() -> argparse.ArgumentParser:
    parser = command_parser("threethirteen simulate", DESCRIPTION)
    parser.add_argument(
        "--games",
        type=int,
        metavar="N",
        help=f"how many games (default {QUICK_GAMES}, a quick look: {MEASURED_GAMES} or more "
        f"for narrow intervals; {MEASURED_GAMES} with --ladder and --ending)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="game i is dealt from seed S + i, i = 0, 1, 2 … (default 1)",
    )
    parser.add_argument(
        "--seats",
        type=int,
        metavar="N",
        help=f"players at each table, {MIN_SEATS} to {MAX_SEATS} (default: as many as --players "
        f"names, else {DEFAULT_SEATS})",
    )
    parser.add_argument(
        "--players",
        metavar="A,B,C,D",
        help="one per seat, clockwise from You (You, Left, Top, Right at four): levels or "
        "module:Class; as many as there are seats, so they say how many (default: medium in "
        "every seat)",
    )
    parser.add_argument(
        "--jokers",
        type=int,
        default=0,
        help="jokers in the decks: 0, 1 or 2 per deck (0, 2 or 4 with the two decks of four "
        "seats; default 0)",
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
        help="write each game's log into DIR as game-SEED.jsonl, a new file each time "
        "(threethirteen replay opens it)",
    )
    parser.add_argument(
        "--cluster",
        metavar="WHERE",
        help="play on a Dask cluster: a scheduler's tls://HOST:8786 (or tcp://), or local[:N] for "
        "N worker processes here, behind TLS (needs the cluster extra: without it, it says the "
        "command that adds it)",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="append each finished game to FILE (JSON lines, synced); run the same command "
        "again to continue a stopped run",
    )
    parser.add_argument(
        "--batch",
        type=int,
        metavar="N",
        help=f"games per task with --jobs or --cluster (default: by the run's size, at most "
        f"{BATCH_MOST})",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of the table"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="measure the deck ladder: --games rounds 11 per seat count and decks",
    )
    parser.add_argument(
        "--ending",
        action="store_true",
        help="measure when rounds end at 2 to 8 seats: --games games of each --players level",
    )
    parser.add_argument(
        "--compare",
        metavar="A,B,…",
        help="the duplicate method: each of these players in each seat against BASE in the others",
    )
    parser.add_argument(
        "--against",
        metavar="BASE",
        default="greedy",
        help="the other players of --compare (default greedy)",
    )
    parser.add_argument(
        "--gain",
        metavar="BOT",
        help="measure BOT against BASE decision by decision (see above)",
    )
    parser.add_argument(
        "--playouts",
        type=int,
        default=GAIN_PLAYOUTS,
        metavar="K",
        help=f"play-outs of each choice with --gain (default {GAIN_PLAYOUTS})",
    )
    return parser


@quiet_when_the_reader_leaves
def main(argv: list[str] | None = None) -> int:
    """Run the simulator; 0 on success, 2 on a bad option or a failed player."""
    parser = _parser()
    args = parser.parse_args(argv)
    quick = args.games is None and not (args.ladder or args.ending)
    if args.games is None:
        args.games = QUICK_GAMES if quick else MEASURED_GAMES
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    seats = _seats(args, parser)
    jokers = joker_choices(decks_for(seats))
    if args.jokers not in jokers:
        parser.error(f"--jokers at {seats} seats is {jokers[0]}, {jokers[1]} or {jokers[2]}")
    options = GameOptions(jokers=args.jokers, aces_high=args.aces == "high")
    seeds = tuple(args.seed + i for i in range(args.games))
    jobs = min(args.jobs, os.cpu_count() or 1) if args.jobs > 1 else 1
    if args.gain:
        if args.ladder or args.ending or args.compare or args.players:
            parser.error(
                "--gain is a measure of its own (BOT and BASE are its players): not with "
                "--ladder, --ending, --compare or --players"
            )
        if args.cluster or args.out or args.batch or args.log_dir:
            parser.error(
                "--gain plays here, with --jobs: not with --cluster, --out, --batch or --log-dir"
            )
        if not 1 <= args.playouts <= GAIN_PLAYOUTS_MOST:
            parser.error(f"--playouts must be 1 to {GAIN_PLAYOUTS_MOST}")
        return _gain(args, seeds, options, seats, jobs)
    if args.ladder or args.ending:
        if args.cluster or args.out or args.batch:
            parser.error("--cluster, --out and --batch play games: not with --ladder or --ending")
        if args.ladder:
            player = (args.players or "medium").split(",")[0].strip()
            return _ladder(seeds, player, jobs, args.quiet)
        levels = [p.strip() for p in (args.players or "greedy").split(",")]
        return _ending(seeds, levels, jobs, args.quiet)
    if args.cluster and args.jobs > 1:
        parser.error("--jobs plays on this machine, --cluster on a cluster: choose one")
    if args.batch is not None and not 1 <= args.batch <= 1000:
        parser.error("--batch must be 1 to 1000 games")
    try:
        cluster = parse_cluster(args.cluster) if args.cluster else None
    except ClusterError as error:
        parser.error(str(error))
    venue = Venue(processes=jobs, cluster=cluster, batch=args.batch)
    out = Path(args.out) if args.out else None
    log_dir = Path(args.log_dir) if args.log_dir else None
    try:
        if args.compare:
            candidates = tuple(p.strip() for p in args.compare.split(","))
            check_players([*candidates, args.against])
            duplicate = Duplicate(
                candidates=candidates,
                baseline=args.against,
                seeds=seeds,
                options=options,
                seat_count=seats,
            )
            game_jobs = duplicate.jobs()
            played = play_games(game_jobs, venue, out=out, quiet=args.quiet)
            report = duplicate.compare(played)
            lineups = [job.players for job in game_jobs]
            if args.json:
                print(json.dumps(json_safe(compare_object(report, lineups, played)), indent=2))
            else:
                print(compare_report(report, lineups, played, chart_width()))
                _say_quick(quick)
            return 0
        given = args.players or ",".join(["medium"] * seats)
        players = tuple(p.strip() for p in given.split(","))
        check_players(players)
        if log_dir is not None:
            _make_folder(log_dir)
        game_jobs = [GameJob(seed=s, players=players, options=options) for s in seeds]
        results = play_games(game_jobs, venue, out=out, log_dir=log_dir, quiet=args.quiet)
    except SimulationError as error:  # it may quote a path or a player: shown, not obeyed
        print(f"threethirteen simulate: {visible(str(error))}", file=sys.stderr)
        return 2
    except Stopped as stop:
        if not stop.done:
            said = f"stopped before any of its {stop.total} games was finished"
        elif out is not None:
            said = f"{stop}; {out} keeps them, and the same command goes on from there"
        else:
            said = str(stop)
        print(f"threethirteen simulate: {visible(said)}", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(json_safe(table_object(players, results)), indent=2))
    else:
        print(table_report(players, results, chart_width()))
        _say_quick(quick)
    return 0


def _seats(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """The seats at each table: ``--seats``, else as many as ``--players`` names (one per
    seat; not with ``--ladder``, ``--ending`` or ``--compare``, whose ``--players`` are
    levels), else four. Both given must agree."""
    named = None
    if args.players and not (args.ladder or args.ending or args.compare):
        named = len(args.players.split(","))
    if named is not None and args.seats is not None and named != args.seats:
        parser.error(
            f"--players names {named} player{'s' if named > 1 else ''} and --seats says "
            f"{args.seats}: give one player per seat, or leave --seats out (the players say "
            "how many)"
        )
    if named is not None and not MIN_SEATS <= named <= MAX_SEATS:
        parser.error(
            f"--players names {named} player{'s' if named > 1 else ''}: a table seats "
            f"{MIN_SEATS} to {MAX_SEATS}"
        )
    seats: int = args.seats if args.seats is not None else named or DEFAULT_SEATS
    if not MIN_SEATS <= seats <= MAX_SEATS:
        parser.error(f"--seats must be {MIN_SEATS} to {MAX_SEATS}, not {seats}")
    return seats


def _say_quick(quick: bool) -> None:
    """After a run of the default games: that it was a quick look, and how to look longer."""
    if quick:
        said = (
            f"{QUICK_GAMES} games, the default: a quick look, and its intervals are wide. "
            f"--games {MEASURED_GAMES} (or more) measures closer, and --jobs N plays in N "
            "processes."
        )
        print("\n" + textwrap.fill(said, chart_width()))


def _make_folder(folder: Path) -> None:
    """``--log-dir``'s folder, made when it is missing (``SimulationError`` when it cannot
    be: a file has its name, no right to write there)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SimulationError(f"cannot make the folder {folder}: {os_detail(error)}") from None


def chart_width() -> int:
    """The chart's width: 80 columns, or a narrower terminal's width (60 at the least)."""
    if not sys.stdout.isatty():
        return 80
    return max(60, min(80, shutil.get_terminal_size().columns))


def _ladder(seeds: tuple[int, ...], player: str, workers: int, quiet: bool) -> int:
    """``--ladder``: the table of how often the stock runs out in round 11."""
    try:
        check_players([player])
    except SimulationError as error:
        print(f"threethirteen simulate: {visible(str(error))}", file=sys.stderr)
        return 2
    ladder = ladder_jobs(seeds, player)
    progress = Progress(len(ladder), sys.stderr, not quiet, label="cells")
    cells = ladder_cells(ladder, workers, progress.update)
    progress.close()
    print(ladder_table(cells))
    return 0


def _gain(
    args: argparse.Namespace,
    seeds: tuple[int, ...],
    options: GameOptions,
    seats: int,
    workers: int,
) -> int:
    """``--gain``: the gain per game of ``args.gain`` over ``args.against``, by part."""
    bot, base = args.gain.strip(), args.against.strip()
    try:
        check_players([bot, base])
    except SimulationError as error:
        print(f"threethirteen simulate: {visible(str(error))}", file=sys.stderr)
        return 2
    jobs = gain_jobs(bot, base, seeds, options, seats, args.playouts)
    progress = Progress(len(jobs), sys.stderr, not args.quiet, label="games")
    games = gain_games(jobs, workers, progress.update)
    progress.close()
    span = f"seeds {seeds[0]}–{seeds[-1]}" if len(seeds) > 1 else f"seed {seeds[0]}"
    report = summarise(games)
    print(visible(gain_text(report, bot, base, args.playouts, span, chart_width())))
    return 0


def _ending(seeds: tuple[int, ...], levels: list[str], workers: int, quiet: bool) -> int:
    """``--ending``: the hard level's ENDING tables, per seat count."""
    try:
        check_players(levels)
    except SimulationError as error:
        print(f"threethirteen simulate: {visible(str(error))}", file=sys.stderr)
        return 2
    seat_counts = range(MIN_SEATS, MAX_SEATS + 1)
    jobs = [job for level in levels for job in ending_jobs(seat_counts, seeds, level)]
    progress = Progress(len(jobs), sys.stderr, not quiet, label="jobs")
    counts = ending_counts(jobs, workers, progress.update)
    progress.close()
    games = f"{len(seeds)} game{'s' if len(seeds) > 1 else ''} of {' and '.join(levels)}"
    print(ending_text(counts, f"{games} at each seat count, seeds {seeds[0]}–{seeds[-1]}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
