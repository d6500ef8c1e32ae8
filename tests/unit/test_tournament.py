"""Long simulator runs: the ``--out`` file read as a stranger's file and continued, the
batches, ``--cluster`` understood or refused in words, and a worker of another version
refused. The runs on real clusters are in ``tests/e2e/test_cluster.py``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import attrs
import pytest
from threethirteen.core import __version__
from threethirteen.core.events import GameOptions
from threethirteen.core.lab.simulation import GameJob, SimulationError, play_job
from threethirteen.repl.files.install import install_commands, installed
from threethirteen.repl.lab.cluster import ClusterError, ClusterSpec, parse_cluster
from threethirteen.repl.lab.results_file import (
    ResultsFile,
    ResultsFileError,
    check_played,
    result_line,
)
from threethirteen.repl.lab.runners import (
    BATCH_MOST,
    batch_size,
    batches,
    play_batch,
    worker_ready,
)
from threethirteen.repl.lab.simulate import main

PLAYERS = ("greedy", "easy", "greedy", "easy")


def jobs(count: int, first: int = 30) -> list[GameJob]:
    return [GameJob(seed=first + i, players=PLAYERS, options=GameOptions()) for i in range(count)]


@pytest.fixture(scope="module")
def lines() -> list[str]:
    """The lines of games 30–32, played here once."""
    return [result_line(job, play_job(job, clock=lambda: 0.0)[0]) for job in jobs(3)]


def test_a_game_s_line_holds_what_it_showed_and_no_measurement(lines: list[str]) -> None:
    data = json.loads(lines[0])
    assert list(data) == [
        *("seed", "players", "jokers", "aces", "totals", "winner", "went_out", "rounds"),
        "penalties",
    ]
    assert data["seed"] == 30 and data["players"] == list(PLAYERS) and data["rounds"] == 11
    assert [sum(row) for row in data["penalties"]] == data["totals"]
    assert "decision" not in lines[0] and lines[0].isascii() and "\n" not in lines[0]
    # the same game gives the same bytes, however long its decisions took
    job = jobs(1)[0]
    slow = iter(range(10**9))
    again = result_line(job, play_job(job, clock=lambda: float(next(slow)))[0])
    assert again == lines[0]


def test_the_file_gives_back_the_games_of_this_run_and_counts_the_others(
    tmp_path: Path, lines: list[str]
) -> None:
    path = tmp_path / "results.jsonl"
    other = lines[1].replace('"jokers":0', '"jokers":2')  # another run's game
    path.write_text(lines[0] + "\n" + other + "\n" + lines[2] + "\n")
    kept = ResultsFile.open(path, jobs(3))
    try:
        assert sorted(kept.done) == [0, 2] and kept.other == 1 and not kept.cut
        assert kept.done[2].seed == 32 and kept.done[2].decision_ms == ()
        kept.append([(jobs(3)[1], play_job(jobs(3)[1], clock=lambda: 0.0)[0])])
    finally:
        kept.close()
    assert path.read_text().splitlines() == [lines[0], other, lines[2], lines[1]]


def test_a_line_cut_by_a_crash_is_dropped_and_its_game_played_again(
    tmp_path: Path, lines: list[str]
) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(lines[0] + "\n" + lines[1][:40])
    kept = ResultsFile.open(path, jobs(3))
    kept.close()
    assert kept.cut and sorted(kept.done) == [0]
    assert path.read_text() == lines[0] + "\n"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda line: line.replace('"totals":[', '"totals":[1,'), "a list of 4 numbers"),
        (lambda line: line.replace('"rounds":11', '"rounds":12'), "not a number from 11 to 11"),
        (lambda line: line.replace('"seed":31', '"seed":"31"'), "not a number"),
        (lambda line: "[]", "its fields are not a game result's"),
        (lambda line: "{" * 5000, "no game result"),
        (lambda line: line.replace('"aces":"low"', '"aces":"wild"'), "aces are low or high"),
        (lambda line: line.replace('"jokers":0', '"jokers":5'), "5 jokers are not dealt at 4"),
        (lambda line: line.replace('"winner":', '"winner":-1,"x":'), "no game result"),
        (lambda line: _raise_one_penalty(line), "not the sum of its round penalties"),
        (lambda line: "x" * 20_000, "results.jsonl line 2 is over 16384 bytes"),
    ],
)
def test_a_line_that_is_no_game_stops_the_run_naming_its_line(
    tmp_path: Path, lines: list[str], change: object, said: str
) -> None:
    path = tmp_path / "results.jsonl"
    assert callable(change)
    path.write_text(lines[0] + "\n" + change(lines[1]) + "\n" + lines[2] + "\n")
    before = path.read_bytes()
    with pytest.raises(ResultsFileError) as error:
        ResultsFile.open(path, jobs(3))
    assert "line 2" in str(error.value) and said in str(error.value)
    assert len(str(error.value)) < 200 and str(error.value).isprintable()
    assert path.read_bytes() == before  # nothing changed


def _raise_one_penalty(line: str) -> str:
    data = json.loads(line)
    data["penalties"][0][0] += 1
    return json.dumps(data, separators=(",", ":"))


def test_a_winner_that_does_not_have_the_lowest_total_is_no_game(
    tmp_path: Path, lines: list[str]
) -> None:
    data = json.loads(lines[0])
    data["winner"] = (data["totals"].index(min(data["totals"])) + 1) % 4
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    with pytest.raises(ResultsFileError, match="the winner is not the one lowest total"):
        ResultsFile.open(path, jobs(3))


def test_the_same_game_twice_with_two_results_is_refused(tmp_path: Path, lines: list[str]) -> None:
    data = json.loads(lines[0])
    highest = data["totals"].index(max(data["totals"]))  # one more point keeps the winner
    data["totals"][highest] += 1
    data["penalties"][highest][-1] += 1
    forged = json.dumps(data, separators=(",", ":"))
    path = tmp_path / "results.jsonl"
    path.write_text(lines[0] + "\n" + lines[0] + "\n")  # the same line twice is harmless
    ResultsFile.open(path, jobs(3)).close()
    path.write_text(lines[0] + "\n" + forged + "\n")
    with pytest.raises(
        ResultsFileError, match="line 2: the game with seed 30 is in the file twice"
    ):
        ResultsFile.open(path, jobs(3))


def test_no_file_in_its_place_is_read_or_written(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    target = tmp_path / "elsewhere"
    target.write_text("keep me\n")
    link = tmp_path / "link"
    link.symlink_to(target)
    for path in (fifo, link, tmp_path):
        with pytest.raises(ResultsFileError, match=r"results go into a file|cannot open"):
            ResultsFile.open(path, jobs(1))
    assert target.read_text() == "keep me\n"


def test_batches_are_small_enough_to_share_and_large_enough_to_pay() -> None:
    assert batch_size(10_000, 2) == BATCH_MOST
    assert batch_size(16, 2) == 2  # four batches for each worker
    assert batch_size(1, 64) == 1
    assert batches([4, 5, 6, 7, 8], 2) == [[4, 5], [6, 7], [8]]


def test_a_worker_of_another_version_refuses_to_play() -> None:
    with pytest.raises(SimulationError, match=f"a worker runs threethirteen {__version__}"):
        play_batch(jobs(1), False, "0.0.1")
    # asked before any game is sent, a worker says the same, and what it cannot load
    assert worker_ready(["hard", "easy"], __version__) is None
    assert f"a worker runs threethirteen {__version__}" in str(worker_ready(["hard"], "0.0.1"))
    cannot = str(worker_ready(["easy", "nowhere:Bot"], __version__))
    assert cannot.startswith("cannot load the player 'nowhere:Bot': ModuleNotFoundError")
    played = play_batch(jobs(2), True, __version__)
    assert [game.result.seed for game in played] == [30, 31]
    assert all(game.log is not None and game.log.count("\n") > 100 for game in played)


def test_cluster_takes_local_or_a_scheduler_s_address() -> None:
    assert parse_cluster("local:3") == ClusterSpec(workers=3)
    assert parse_cluster("local").workers == (os.cpu_count() or 1)
    assert parse_cluster("10.1.2.3:8786").address == "tcp://10.1.2.3:8786"
    assert parse_cluster("tls://sched.example.org:8786").address == "tls://sched.example.org:8786"
    assert parse_cluster("tcp://[::1]:8786").address == "tcp://[::1]:8786"
    for bad in (
        "local:0",
        "local:65",
        "tcp://host",
        "host:99999",
        "http://h:1",
        "a b:1",
        "\x1b[2J:1",
    ):
        with pytest.raises(ClusterError) as error:
            parse_cluster(bad)
        assert error.value.args[0].isprintable()


def test_without_dask_the_cluster_flag_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    out = tmp_path / "results.jsonl"
    code = main(["--quiet", "--games", "2", "--cluster", "local:2", "--out", str(out)])
    assert code == 2
    err = capsys.readouterr().err
    # the command for this installation (an editable clone: its pip, its folder), as run
    assert f"  {install_commands('cluster', installed())[0]}\n" in err
    assert "pip install 'threethirteen[cluster]'" not in err  # no index has it
    assert out.read_text() == ""


def test_options_that_do_not_go_together_are_said(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, said in [
        (["--cluster", "local:2", "--jobs", "2"], "choose one"),
        (["--cluster", "nowhere"], "--cluster takes local, local:N or a Dask scheduler"),
        (["--ladder", "--out", "x.jsonl"], "not with --ladder or --ending"),
        (["--batch", "0"], "--batch must be 1 to 1000"),
    ]:
        with pytest.raises(SystemExit) as stop:
            main(["--quiet", "--games", "2", *argv])
        assert stop.value.code == 2
        assert said in capsys.readouterr().err


def test_a_game_that_comes_back_wrong_is_never_written(tmp_path: Path) -> None:
    """A worker's result is checked as a line read back would be: a run never writes a
    line that the next run would refuse."""
    job = jobs(1)[0]
    good = play_job(job, clock=lambda: 0.0)[0]
    check_played(job, good)
    broken = attrs.evolve(good, totals=(good.totals[0] + 1, *good.totals[1:]))
    with pytest.raises(ResultsFileError, match="the game a worker played with seed 30 is no"):
        check_played(job, broken)
    with pytest.raises(ResultsFileError, match="sent the game with seed 31 for seed 30"):
        check_played(job, attrs.evolve(good, seed=31))


def test_a_finished_run_leaves_its_file_in_job_order_other_runs_first(
    tmp_path: Path, lines: list[str]
) -> None:
    path = tmp_path / "results.jsonl"
    other = lines[1].replace('"jokers":0', '"jokers":2')
    path.write_text(lines[2] + "\n" + other + "\n" + lines[0] + "\n")
    path.chmod(0o640)
    kept = ResultsFile.open(path, jobs(3))
    job = jobs(3)[1]
    kept.append([(job, play_job(job, clock=lambda: 0.0)[0])])
    results = [kept.done[0], play_job(job, clock=lambda: 0.0)[0], kept.done[2]]
    kept.settle(jobs(3), results)
    kept.close()
    assert path.read_text().splitlines() == [other, *lines]
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["results.jsonl"]  # no file left aside
    # in order already: nothing is written
    before = path.stat().st_ino
    kept = ResultsFile.open(path, jobs(3))
    kept.settle(jobs(3), [kept.done[0], kept.done[1], kept.done[2]])
    kept.close()
    assert path.stat().st_ino == before
