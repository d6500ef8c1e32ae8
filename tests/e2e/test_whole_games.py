"""Whole games of every level, played in this process: the unit tests play the first
rounds of each of these (tests/unit/test_ai.py, test_ai_seats.py, test_simulate.py,
test_repl_session.py, test_repl_script.py); here each is played to its end."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from threethirteen.core.events import GameOptions
from threethirteen.core.lab.simulation import GameJob, play_job
from threethirteen.core.log import read_log
from threethirteen.core.players import LEVELS, play_game
from threethirteen.core.seats import DEFAULT_SEATS as SEATS
from threethirteen.core.verify import verify_game, verify_log
from threethirteen.repl.lab.simulate import main as simulate
from threethirteen.repl.solo.play import main as play

from tests.helpers.games import play_log
from tests.helpers.opening import game_of
from tests.helpers.play import session


@pytest.mark.parametrize("seats", [2, 3, 8])
@pytest.mark.parametrize("level", [level for level in LEVELS if level != "hard"])
def test_a_level_plays_a_whole_game_at_any_count(level: str, seats: int) -> None:
    log = play_game(11, (level,) * seats)
    verdict = verify_game(log)
    assert verdict.ok and verdict.state.ended is not None


def test_all_levels_play_a_whole_game_legally_with_a_reason_for_each_move() -> None:
    players = ("greedy", "easy", "medium", "hard")
    text = play_log(5, players, GameOptions(jokers=2))
    assert '"type": "GameEnded"' in text
    moves = [line for line in text.splitlines() if '"CardD' in line]
    assert moves and all('"reason": ""' not in line for line in moves)


def test_aces_high_and_four_jokers_play_a_whole_game_legally() -> None:
    job = GameJob(
        seed=8,
        players=("hard", "medium", "easy", "greedy"),
        options=GameOptions(jokers=4, aces_high=True),
    )
    result, _ = play_job(job, clock=time.perf_counter)
    assert result.error is None and len(result.totals) == SEATS and result.rounds == 11


def test_a_smoke_simulation_of_every_level_prints_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--quiet", "--games", "1", "--seed", "3", "--players", "greedy,easy,medium,hard"]
    assert simulate(argv) == 0
    out = capsys.readouterr().out
    table, _, times = out.partition("\n\ndecision times")
    for word in ("mean total", "wins", "win share", "out %", "round pen", "no winner"):
        assert word in table
    assert "p50" not in table and "p50" in times and "p99" in times
    for player in ("greedy", "easy", "medium", "hard"):
        assert player in times


def test_auto_game_plays_a_whole_game_to_the_final_result(
    data_home: Path, colour_allowed: None
) -> None:
    code, table, shown = session("auto game\rstats\rscore\rquit\r")
    assert code == 0 and game_of(table).table.state.ended is not None
    assert "Game over after 11 rounds." in shown
    chart = shown[shown.index("Penalty points round by round") :].splitlines()[1:5]
    assert [row.split()[0] for row in chart] == ["You", "Left", "Top", "Right"]
    assert all(len(row.split()[1]) == 11 and "total" in row for row in chart), chart
    assert "Round 11 is over" in shown and "(auto)" in shown
    final = read_log((data_home / "autosave.jsonl").read_text(encoding="utf-8"))
    assert final.state.ended is not None and verify_log(final).ok
    stats = json.loads((data_home / "stats.json").read_text())
    assert stats["played"] == 1 and stats["assisted"] == 1
    assert "Kept in your history as game 1: threethirteen replay 1" in shown
    assert shown.count("Score sheet") >= 12  # after each round, at the end, for `score`


def test_a_script_plays_a_whole_game_and_prints_plain_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data_home: Path
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text(
        "# a comment line is skipped\n"
        "draw\n\nauto\nundo\nredo\nseed\nlog 3\nmelds\nrules\nsave ./out.jsonl\nauto game\n"
    )
    code = play(["--seed", "5", "--level", "easy", "--script", str(script)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "\x1b[" not in out  # plain text, no terminal codes
    assert "> draw\nYou draw" in out
    assert "Game over after 11 rounds." in out
    assert (tmp_path / "out.jsonl").exists()
    assert not (data_home / "autosave.jsonl").exists()  # a script leaves your saved game alone
    assert not (data_home / "stats.json").exists()
