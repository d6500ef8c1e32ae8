"""``threethirteen learn`` in a pseudo-terminal of 60×20: the first note, a move and its
verdict, the next note; leaving keeps the lesson, and starting again goes on with it."""

from __future__ import annotations

from pathlib import Path

import pexpect

from tests.helpers.terminal import ended, spawn_cli


def test_learn_plays_the_first_steps_leaves_and_goes_on(tmp_path: Path) -> None:
    child = spawn_cli(tmp_path, "learn", "--speed", "instant", size=(20, 60))
    child.expect("A first game with notes")
    child.expect("Note 3/12")
    child.send("take\r")
    child.expect("Good move: the hard AI does the same")
    child.expect("Note 5/12")
    child.send("\x04")
    child.expect(r"Leave the lesson\?")
    child.send("y")
    child.expect("The lesson is kept")
    ended(child)
    data = tmp_path / "data" / "threethirteen"
    assert (data / "learn.jsonl").is_file()
    assert not (data / "autosave.jsonl").exists() and not (data / "games").exists()

    again = spawn_cli(tmp_path, "learn", "--speed", "instant", size=(20, 60))
    again.expect(r"You left the lesson in round 1\. Go on with it\?")
    again.send("y")
    again.expect("Back to the lesson, round 1.")
    again.expect("Note 5/12")
    again.send("quit\r")
    again.expect("The lesson is kept")
    ended(again)


def test_a_lesson_beside_a_game_of_another_terminal_keeps_no_file(tmp_path: Path) -> None:
    game = spawn_cli(tmp_path, "play", "--seed", "7", "--speed", "instant")
    game.expect("your turn: draw or take")
    lesson = spawn_cli(tmp_path, "learn", "--speed", "instant", size=(20, 60))
    lesson.expect(r"this lesson is\s+not kept")
    lesson.expect("Note 1/")
    lesson.send("quit\r")
    lesson.expect(pexpect.EOF)
    lesson.child.close()
    assert not (tmp_path / "data" / "threethirteen" / "learn.jsonl").exists()
    game.send("quit\r")
    ended(game)


def test_a_kept_lesson_that_cannot_be_read_is_kept_aside_not_written_over(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "threethirteen"
    folder.mkdir(parents=True)
    (folder / "learn.jsonl").write_text('{"not": "a log"}\n', encoding="utf-8")
    lesson = spawn_cli(tmp_path, "learn", "--speed", "instant", size=(20, 60))
    lesson.expect(r"cannot be read")
    lesson.expect(r"it is kept as\s+(\S+)\.")
    kept = Path(lesson.match.group(1))
    lesson.expect("Note 1/")
    assert kept.read_text(encoding="utf-8") == '{"not": "a log"}\n'
    lesson.send("quit\r")
    lesson.expect(pexpect.EOF)
    lesson.child.close()
