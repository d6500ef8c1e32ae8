"""Two terminals on one data folder, as two real processes: the second is told a game is
running elsewhere and offered a separate game; the lock of a game that died is taken over."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pexpect
from threethirteen.core.log import read_log

from tests.helpers.terminal import ended, leave, shows, spawn, spawn_cli

ELSEWHERE = (
    "A game is already running in another terminal (process {pid}) with the same data folder."
)


def test_a_second_terminal_plays_a_separate_game_and_leaves_the_first_ones_files(
    tmp_path: Path,
) -> None:
    first = spawn(tmp_path, "--seed", "7")
    first.expect("your turn: draw or take")
    autosave = tmp_path / "data" / "threethirteen" / "autosave.jsonl"
    before = autosave.read_bytes()

    second = spawn(tmp_path, "--seed", "8")
    second.expect(r"\[Y/n\]")
    question = second.said()
    assert shows(question, ELSEWHERE.format(pid=first.child.pid))
    assert shows(question, "Play a separate game here? It is not autosaved")
    second.send("y")
    second.expect("A separate game: it is not autosaved")
    second.expect("your turn: draw or take")
    second.send("draw\r")
    second.expect("You draw")
    second.send("quit\r")
    second.expect(r"Goodbye\. \(This game was not autosaved\.\)")
    ended(second)
    assert autosave.read_bytes() == before  # the first game's autosave is its own
    assert read_log(autosave.read_text()).state.seed == 7

    third = spawn(tmp_path)
    third.expect(r"\[Y/n\]")
    assert shows(third.said(), ELSEWHERE.format(pid=first.child.pid))
    third.send("n")  # no separate game
    third.expect("Look through that game read-only instead")
    third.send("n")  # nor a look: leave
    third.expect("the game goes on in the other terminal")
    third.expect(pexpect.EOF)
    third.child.close()
    assert third.child.exitstatus == 1

    fourth = spawn(tmp_path)
    fourth.expect(r"\[Y/n\]")
    fourth.send("n")
    fourth.expect("Look through that game read-only instead")
    fourth.send("y")  # the other game's autosave, as a replay at its latest move
    fourth.expect(r"Replay of autosave\.jsonl: seed 7, (\d+) events, unfinished in round 1")
    total = int(fourth.match.group(1))
    fourth.expect(f"event {total}/{total}")  # at the latest move
    fourth.send("prev\r")
    fourth.expect(f"event {total - 1}/{total}")
    fourth.send("quit\r")
    fourth.expect(pexpect.EOF)
    fourth.child.close()
    assert autosave.read_bytes() == before  # looking changed nothing
    leave(first)


def test_the_lock_of_a_game_that_died_is_taken_over(tmp_path: Path) -> None:
    first = spawn(tmp_path, "--seed", "7")
    first.expect("your turn: draw or take")
    lock = tmp_path / "data" / "threethirteen" / "lock"
    assert lock.read_text().strip() == str(first.child.pid)
    os.kill(first.child.pid, signal.SIGKILL)  # no goodbye, the lock file stays behind
    first.expect(pexpect.EOF)
    first.child.close()
    assert lock.exists()

    again = spawn(tmp_path)
    again.expect(r"An unfinished game was saved \(seed 7, round 1\)\. Resume it\?")
    again.send("y")
    again.expect("your turn: draw or take")
    assert lock.read_text().strip() == str(again.child.pid)
    leave(again)


# -- odd data folders ---------------------------------------------------------------------


def test_a_data_folder_that_is_a_file_warns_once_and_the_game_plays_unsaved(
    tmp_path: Path,
) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "threethirteen").write_text("not a folder")
    game = spawn(tmp_path, "--seed", "7")
    game.expect("your turn: draw or take")
    said = game.said()
    assert shows(said, "cannot be used") == 1
    assert shows(said, "nothing is kept there (no autosave, no statistics, no history)")
    game.send("draw\r")
    game.expect("You draw")
    game.send("stats\r")
    game.expect(r"cannot be read")
    game.send("quit\r")
    game.expect(r"Goodbye\. \(This game was not autosaved\.\)")
    ended(game)
    assert "Traceback" not in "".join(game.stream)
    assert (tmp_path / "data" / "threethirteen").read_text() == "not a folder"


def test_a_history_that_is_a_folder_warns_and_play_and_replay_go_on(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "threethirteen"
    (folder / "history").mkdir(parents=True)
    (folder / "replay-history").mkdir()
    game = spawn(tmp_path, "--seed", "7")
    game.expect("your turn: draw or take")
    assert shows(game.said(), "The prompt's history is not kept")
    game.send("draw\r")
    game.expect("You draw")
    leave(game)
    assert (folder / "autosave.jsonl").is_file()  # the rest of the folder is used
    (tmp_path / "game.jsonl").write_bytes((folder / "autosave.jsonl").read_bytes())

    replay = spawn_cli(tmp_path, "replay", "game.jsonl")
    replay.expect("event 1/")
    assert shows(replay.said(), "The prompt's history is not kept")
    replay.send("next\r")
    replay.expect("event 2/")
    replay.send("quit\r")
    ended(replay)
    assert "Unhandled exception" not in "".join(game.stream + replay.stream)
