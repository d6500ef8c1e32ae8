"""Odd input at a real prompt in a pseudo-terminal: a huge paste, an escape sequence typed
(a byte that is not UTF-8 in a pipe: ``tests/e2e/test_odd_input.py``)."""

from __future__ import annotations

from pathlib import Path

from threethirteen.repl.words.grammar import MAX_LINE

from tests.helpers.terminal import leave, shows, spawn


def test_a_huge_paste_is_refused_and_the_prompt_goes_on(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "1")
    child.expect("your turn: draw or take")
    child.send("\x1b[200~" + "x" * 100_000 + "\x1b[201~")  # a bracketed paste of 100 KB
    child.expect(f"This line is too long: a command has at most {MAX_LINE} characters")
    child.send("y" * 500)  # typed past the end: not taken
    child.send("\r")  # Enter does not take it either: the reason stays under the line
    said = child.said()
    assert shows(said, "This line is too long") and not shows(said, "yy")
    child.send("\x03")  # Ctrl-C clears it
    child.send("draw\r")
    child.expect(r"You draw \S+ from the stock\.")
    leave(child)


def test_an_escape_sequence_typed_at_the_prompt_is_passed_over(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "1")
    child.expect("your turn: draw or take")
    child.send("\x1b[31mdraw")  # read by prompt_toolkit as a (broken) mouse report
    child.send("\r")
    seen = child.expect(r"You draw \S+ from the stock\.")
    assert "Unhandled exception" not in seen
    child.expect("your turn: discard a card")
    leave(child)
