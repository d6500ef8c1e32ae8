"""``threethirteen simulate`` with other processes: games played in worker processes are
the games played here, and a second run on the file a run writes is refused (in this
process the command itself; its workers, and the other run, are child processes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from threethirteen.core.events import GameOptions
from threethirteen.core.lab.simulation import GameJob
from threethirteen.core.log import read_log
from threethirteen.repl.lab.results_file import ResultsFile
from threethirteen.repl.lab.simulate import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--quiet", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def jobs(count: int, first: int = 30) -> list[GameJob]:
    players = ("greedy", "easy", "greedy", "easy")
    return [GameJob(seed=first + i, players=players, options=GameOptions()) for i in range(count)]


def test_processes_give_the_same_games_and_logs_are_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ("--games", "3", "--seed", "70", "--players", "greedy,easy,greedy,easy", "--json")
    _, one, _ = run(capsys, *argv)
    code, two, _ = run(capsys, *argv, "--jobs", "2", "--log-dir", str(tmp_path))
    assert code == 0
    assert json.loads(one)["games"] == json.loads(two)["games"]
    logs = sorted(tmp_path.glob("*.jsonl"))
    assert [log.name for log in logs] == ["game-70.jsonl", "game-71.jsonl", "game-72.jsonl"]
    game = read_log(logs[0].read_text(encoding="utf-8"))
    assert game.state.ended is not None
    assert list(game.state.ended.totals) == json.loads(one)["games"][0]["totals"]


def test_a_second_run_on_the_same_file_is_refused_while_the_first_writes(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    kept = ResultsFile.open(path, jobs(1))
    try:
        code = subprocess.run(
            [
                sys.executable,
                "-m",
                "threethirteen.repl.lab.simulate",
                *("--games", "1", "--players", "greedy,greedy,greedy,greedy"),
                *("--out", str(path), "--quiet"),
            ],
            capture_output=True,
            text=True,
            check=False,
        )  # however long it takes (the test's time limit is the net)
    finally:
        kept.close()
    assert code.returncode == 2
    assert f"another run is writing {path}: one run at a time per file" in code.stderr
    assert path.read_text() == ""
