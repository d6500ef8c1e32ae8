"""No old text lingers on the screen, in a pseudo-terminal as a person sees it: a refused line
leaves the prompt (its answer above the next one), and Ctrl-C during the opponents' turns
is not echoed as ``^C`` in front of the lines it skips."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.terminal import leave, spawn, spawn_cli


def test_a_refused_line_is_answered_above_a_fresh_prompt(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "7", size=(20, 60))
    child.expect("your turn: draw or take")
    child.send("undo\r")
    child.expect("Nothing to undo")
    child.send("help undo\r")
    child.expect("take back your last move")
    rows = child.screen()
    assert "> undo" in rows and "> help undo" in rows
    assert not [row for row in rows if "undohelp" in row]
    leave(child)


def test_ctrl_c_in_the_narration_is_not_echoed_before_what_it_skips(tmp_path: Path) -> None:
    # seed 7 at the medium level: you draw 3♥, and K♣ put down goes out; the others then
    # play their last turns, told at the normal pace
    child = spawn_cli(tmp_path, "play", "--seed", "7", "--speed", "normal")
    child.expect("your turn: draw or take")
    child.send("draw\r")
    child.expect("your turn: discard a card")
    child.send("x Kc\r")
    child.expect("Left draws")
    child.send("\x03")
    child.expect(r"\(narration skipped\)")
    child.expect("your turn: draw or take")
    rows = child.rendered(rows=200)
    assert not [row for row in rows if "^C" in row]
    skipped = next(i for i, row in enumerate(rows) if "(narration skipped)" in row)
    assert rows[skipped - 1].startswith("Left draws")  # said at once, before the rest
    leave(child)


def test_a_wild_card_is_warned_of_under_the_line_and_goes_at_the_second_enter(
    tmp_path: Path,
) -> None:
    # seed 3 at the easy level: you draw 2♣ 3♦ 8♥ J♥, and 3♦ is wild in round 1
    child = spawn(tmp_path, "--seed", "3", "--lang", "de", size=(20, 60))
    child.expect("ziehen oder nehmen")
    child.send("z\r")
    child.expect("du bist dran: ablegen")
    child.send("x 3ka\r")
    rows = child.screen_until(lambda rows: any("ist ein Platzhalter" in r for r in rows))
    assert not [row for row in rows if "Du legst" in row]  # not yet
    child.send("\r")
    child.expect(r"Du legst 3♦\*? ab\.")  # marked wild without colours
    child.send("ende\r")
    child.expect("gespeichert")


def test_a_dumb_terminal_discards_a_wild_card_at_once(tmp_path: Path) -> None:
    """A dumb terminal draws nothing under the line: a warning there would go unseen, and
    its Enter would seem to do nothing."""
    child = spawn(tmp_path, "--seed", "3", term="dumb")
    prompt = r"\n(?:\x1b\[0m)*> "
    child.expect(prompt)
    child.type("draw\r")
    child.expect(prompt)
    child.type("x 3d\r")
    child.expect(r"You discard 3♦\*?\.")
    leave(child)
