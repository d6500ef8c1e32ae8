"""``threethirteen simulate``: the table, ``--json``, logs, processes and clear errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from threethirteen.core.events import GameOptions
from threethirteen.core.lab.simulation import (
    GameJob,
    SimulationError,
    mean_interval,
    percentile,
    play_job,
)
from threethirteen.core.log import read_log
from threethirteen.core.state import fold
from threethirteen.repl.files.atomic import write_atomic
from threethirteen.repl.lab import playing
from threethirteen.repl.lab.simulate import QUICK_GAMES, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--quiet", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_tiny_smoke_simulation_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """Of the quick levels (all four: tests/e2e/test_whole_games.py)."""
    code, out, _ = run(
        capsys, "--games", "1", "--seed", "3", "--players", "greedy,easy,easy,greedy"
    )
    assert code == 0
    table, _, times = out.partition("\n\ndecision times")
    for word in ("mean total", "wins", "win share", "out %", "round pen", "no winner"):
        assert word in table
    assert "p50" not in table and "p50" in times and "p99" in times
    for player in ("greedy", "easy"):
        assert player in times


def test_json_has_games_and_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "--games",
        "3",
        "--seed",
        "40",
        "--players",
        "greedy,greedy,easy,greedy",
        "--jokers",
        "2",
        "--aces",
        "high",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert [game["seed"] for game in data["games"]] == [40, 41, 42]
    for game in data["games"]:
        assert len(game["totals"]) == 4 and all(type(t) is int for t in game["totals"])
        assert game["winner"] is None or game["winner"] in range(4)
        if game["winner"] is not None:
            assert game["totals"][game["winner"]] == min(game["totals"])
    assert any(game["winner"] is not None for game in data["games"])  # a winner was checked
    assert set(data["decision_ms"]) == {"greedy", "easy"}
    for times in data["decision_ms"].values():
        assert set(times) == {"p50", "p99"} and times["p50"] <= times["p99"]


def test_an_unimportable_player_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--games", "1", "--players", "greedy,nowhere:Bot,easy,easy")
    assert code == 2 and out == ""
    assert "'nowhere:Bot' (seat Left)" in err and "cannot load" in err


def test_an_illegal_move_is_named_not_replaced(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys, "--games", "1", "--players", "greedy,greedy,tests.helpers.bots:StockCheater,greedy"
    )
    assert code == 2
    assert "'tests.helpers.bots:StockCheater' (seat Top) made an illegal move" in err


def test_the_duplicate_comparison_reports_an_interval(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--games", "2", "--compare", "easy,greedy", "--against", "greedy")
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    report = json.loads(out)
    easy, greedy = report["candidates"]
    low, high = easy["interval95"]
    assert low <= easy["difference"] <= high
    assert 0 <= easy["win_share"] <= 1
    # greedy against greedy is the baseline table itself: no difference at all
    assert greedy["difference"] == 0 and greedy["mean_total"] == report["baseline_mean_total"]
    (pair,) = report["pairs"]
    assert pair["candidate"] == "greedy" and pair["reference"] == "easy"
    assert pair["difference"] == pytest.approx(-easy["difference"])
    _, text, _ = run(capsys, *argv)
    assert "greedy − easy" in text and "win share" in text


def test_statistics_helpers() -> None:
    mean, half = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(1.96 / 3**0.5)
    assert percentile([5.0, 1.0, 3.0], 0.5) == 3.0
    assert percentile(list(map(float, range(1, 101))), 0.99) == 99.0


def test_one_game_has_no_interval_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--seed", "7", "--players", "greedy,greedy,easy,easy", "--quiet"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert text.startswith("1 game, seeds 7–7")
    assert "nan" not in text and "± —" in text


def test_each_decision_is_timed_with_the_clock_it_is_given() -> None:
    ticks = iter(range(100_000))
    job = GameJob(seed=7, players=("greedy",) * 4, options=GameOptions())
    result, log = play_job(job, clock=lambda: next(ticks) / 2)  # half a second a tick
    assert result.error is None and result.rounds == 11
    assert all(times and set(times) == {500.0} for times in result.decision_ms)
    ended = fold(log).ended
    assert ended is not None and result.totals == ended.totals


@pytest.mark.parametrize("seats", [2, 3, 5, 8])
def test_duplicate_deals_put_every_candidate_in_every_seat(seats: int) -> None:
    """At any count: the baseline table, then each candidate alone in seat 0, 1, … with the
    baseline in every other seat, each lineup on the same seeds."""
    from threethirteen.core.lab.simulation import Duplicate

    duplicate = Duplicate(
        candidates=("easy", "medium"),
        baseline="greedy",
        seeds=(7, 8),
        options=GameOptions(),
        seat_count=seats,
    )
    jobs = duplicate.jobs()
    assert len(jobs) == 2 * (1 + 2 * seats)
    assert all(len(job.players) == seats for job in jobs)
    for k, candidate in enumerate(("easy", "medium")):
        block = jobs[2 * (1 + seats * k) : 2 * (1 + seats * (k + 1))]
        for seat in range(seats):
            for job, seed in zip(block[2 * seat : 2 * seat + 2], (7, 8), strict=True):
                assert job.seed == seed and job.players[seat] == candidate
                assert job.players.count("greedy") == seats - 1


def test_seats_sets_the_table_size(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--games", "1", "--seats", "3", "--players", "greedy,easy,greedy")
    assert code == 0 and "You" in out and "Right" in out and "Top" not in out
    code, out, _ = run(capsys, "--games", "1", "--seats", "2", "--compare", "easy")
    assert code == 0 and "each of the 2 seats\nagainst 1 × greedy" in out
    for argv in (("--seats", "9"), ("--seats", "6", "--jokers", "4"), ("--seats", "3")):
        with pytest.raises(SystemExit):
            run(capsys, "--games", "1", "--players", "greedy", *argv)


@pytest.mark.parametrize(("seats", "decks"), [(2, 1), (8, 3)])
def test_bench_times_the_smallest_and_the_largest_table(seats: int, decks: int) -> None:
    import random
    from collections import Counter

    from threethirteen.core.lab.benchmark import benchmark_game, random_hands, time_games

    ticks = iter(range(100))
    times = time_games(5, games=1, clock=lambda: float(next(ticks)), seats=seats)
    assert times.events == len(benchmark_game(5, seats)) and times.fold_seconds == 1.0
    hands = random_hands(30, 12, 14, random.Random(1), decks)
    copies = max(n for hand, _, _ in hands for c, n in Counter(hand).items() if c.rank)
    assert copies <= decks


def test_a_log_of_an_earlier_run_is_replaced_in_one_step(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ("--games", "1", "--seed", "70", "--players", "greedy,easy,greedy,easy")
    (tmp_path / "game-70.jsonl").write_text("an earlier run's game\n")
    code, _, err = run(capsys, *argv, "--log-dir", str(tmp_path))
    assert code == 0, err
    assert read_log((tmp_path / "game-70.jsonl").read_text(encoding="utf-8")).state.ended
    assert os.listdir(tmp_path) == ["game-70.jsonl"]  # no temporary file left behind


def test_a_link_put_at_a_log_after_the_look_is_replaced_not_followed(tmp_path: Path) -> None:
    """A link at a log's name is refused when the log is looked at; one put there after the
    look is met by the write itself (:func:`write_atomic`, as :func:`playing.write_log`
    writes), which replaces it."""
    target = tmp_path / "someone's.txt"
    target.write_text("kept\n")
    path = playing.log_path(tmp_path, 5)
    path.symlink_to(target)
    with pytest.raises(SimulationError, match="is a link, not a file"):
        playing.write_log(path, "a game's log\n")  # the look sees it
    write_atomic(path, "a game's log\n", create_folder=False)  # the link came after the look
    assert target.read_text() == "kept\n"
    assert not path.is_symlink() and path.read_text() == "a game's log\n"


def test_a_log_folder_that_cannot_be_made_is_said(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    taken = tmp_path / "a file"
    taken.write_text("")
    code, out, err = run(capsys, "--games", "1", "--log-dir", str(taken / "logs"))
    assert code == 2 and out == ""
    assert err == f"threethirteen simulate: cannot make the folder {taken}/logs: Not a directory\n"


def test_the_default_run_is_short_and_says_how_to_make_it_longer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --games a run is a quick look (:data:`QUICK_GAMES` games, well under a
    minute of medium games); its output and --help say how to measure longer."""
    assert QUICK_GAMES <= 10
    code, out, _ = run(capsys, "--players", "greedy,greedy,easy,greedy", "--seed", "9")
    assert code == 0
    assert f"({QUICK_GAMES} of {QUICK_GAMES} games timed" in out
    last = out.rstrip("\n").split("\n\n")[-1]
    assert last.startswith(f"{QUICK_GAMES} games, the default: a quick look") and "--games" in last
    assert all(len(line) <= 80 for line in last.splitlines())
    code, out, _ = run(capsys, "--games", "2", "--players", "greedy,greedy,easy,greedy")
    assert code == 0 and "a quick look" not in out  # the number asked for: nothing to say
    with pytest.raises(SystemExit):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert f"how many games (default {QUICK_GAMES}, a quick look" in said
    assert f"Without --games it plays {QUICK_GAMES} games, a quick look" in said


def test_the_seats_are_the_players_when_seats_is_not_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--players a,b,c`` seats three; with ``--seats`` too, the two must agree, and the
    error names both."""
    code, out, _ = run(capsys, "--games", "1", "--players", "greedy,easy,greedy")
    assert code == 0 and "Right" in out and "Top" not in out
    code, out, _ = run(capsys, "--games", "1", "--players", "greedy,easy", "--seats", "2")
    assert code == 0
    with pytest.raises(SystemExit):
        run(capsys, "--games", "1", "--players", "greedy,easy,greedy", "--seats", "4")
    err = capsys.readouterr().err
    assert "--players names 3 players and --seats says 4" in err
    with pytest.raises(SystemExit):
        run(capsys, "--games", "1", "--players", ",".join(["greedy"] * 9))
    assert "--players names 9 players: a table seats 2 to 8" in capsys.readouterr().err
