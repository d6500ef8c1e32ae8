"""``threethirteen learn`` in a pseudo-terminal of 60×20: the first note, a move and its
verdict, the next note; leaving keeps the lesson, and starting again goes on with it."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from tests.helpers.terminal import ended, spawn_cli


def test_learn_plays_the_first_steps_leaves_and_goes_on(tmp_path: Path) -> None:
    child = spawn_cli(tmp_path, "learn", "--speed", "instant", size=(20, 60))
    child.expect("A first game with notes")
    child.expect("Press a key for your cards")
    child.send(" ")
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


@pytest.mark.parametrize(
    ("lang", "goal", "read_on", "round_line", "first_turn"),
    [
        ("en", "Note 1/12: The goal", "Press a key for your cards", "Round 1/11", "Note 3/12"),
        ("de", "Hinweis 1/12: Das Ziel", "Weiter mit einer", "Runde 1/11", "Hinweis 3/12"),
    ],
)
def test_the_goal_stays_on_a_small_screen_until_a_key(
    tmp_path: Path, lang: str, goal: str, read_on: str, round_line: str, first_turn: str
) -> None:
    """At 60×20 the goal, the table and the notes of the first turn are more than a screen:
    the goal waits for a key, and after it the table and both notes of the turn are seen."""
    child = spawn_cli(tmp_path, "learn", "--lang", lang, "--speed", "instant", size=(20, 60))
    child.expect(read_on)
    first = child.screen()
    assert any(row.startswith(goal) for row in first)
    assert not any(round_line in row for row in first)  # no table yet: the goal is read first
    child.send(" ")
    rows = child.screen_until(lambda rows: any(r.startswith("> ") or r == ">" for r in rows))
    seen = "\n".join(rows)
    assert round_line in seen and first_turn in seen
    second = first_turn.replace("3/12", "2/12")
    assert second in seen  # the wild cards' note too, above the table it explains
    child.send("quit\r")
    ended(child)


def test_a_lesson_beside_a_game_of_another_terminal_keeps_no_file(tmp_path: Path) -> None:
    game = spawn_cli(tmp_path, "play", "--seed", "7", "--speed", "instant")
    game.expect("your turn: draw or take")
    lesson = spawn_cli(tmp_path, "learn", "--speed", "instant", size=(20, 60))
    lesson.expect(r"this lesson is\s+not kept")
    lesson.expect("Note 1/")
    lesson.expect("Press a key for your cards")
    lesson.send(" ")
    lesson.expect("Note 3/")
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
    lesson.expect("Press a key for your cards")
    lesson.send(" ")
    lesson.expect("Note 3/")
    lesson.send("quit\r")
    lesson.expect(pexpect.EOF)
    lesson.child.close()
