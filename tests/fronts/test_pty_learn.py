"""``threethirteen learn`` in a pseudo-terminal of 60×20: the first note, a move and its
verdict, the next note; leaving keeps the lesson, and starting again goes on with it."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.terminal import ended, spawn_cli


def test_learn_plays_the_first_steps_leaves_and_goes_on(tmp_path: Path) -> None:
    child = spawn_cli(tmp_path, "learn", "--speed", "instant", size=(20, 60))
    child.expect("A first game with notes")
    child.expect("Note 1/11")
    child.send("take\r")
    child.expect("Good move: the hard AI does the same")
    child.expect("Note 2/11")
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
    again.expect("Note 2/11")
    again.send("quit\r")
    again.expect("The lesson is kept")
    ended(again)
