"""The replay mode in a pseudo-terminal (80×24), as a person uses it: pexpect types."""

from __future__ import annotations

from pathlib import Path

import pexpect
from threethirteen.core.events import RoundDealt
from threethirteen.core.log import encode_log

from tests.helpers.games import played_game
from tests.helpers.terminal import Terminal, spawn_cli


def spawn(tmp_path: Path, *args: str) -> Terminal:
    return spawn_cli(tmp_path, "replay", *args)


def test_step_through_a_saved_game(tmp_path: Path) -> None:
    events = played_game()
    total = len(events)
    (tmp_path / "game.jsonl").write_text(encode_log(events), encoding="utf-8")
    round_2 = next(
        seq
        for seq, event in enumerate(events, start=1)
        if isinstance(event, RoundDealt) and event.round_no == 2
    )
    term = spawn(tmp_path, "game.jsonl")
    term.expect(f"event 1/{total}")  # the toolbar, in fragments of its own styles
    term.expect("not dealt yet")
    term.send("\r")  # Enter alone: the first deal
    term.expect(f"event 2/{total}")
    term.expect("round 1/11")
    term.send("next\r")
    term.expect("why: ")  # an AI's decision, with its reason
    term.expect(f"event 3/{total}")
    term.send("prev\r")
    term.expect(f"event 2/{total}")
    term.send("goto 40\r")
    term.expect(f"event 40/{total}")
    term.send("round 2\r")
    term.expect("Round 2/11 · 4 cards")
    term.expect(f"event {round_2}/{total}")
    term.send("goto 99999")  # flagged under the line before Enter
    term.expect(f"There is no event 99999: this log has events 1 to {total}.")
    term.send("\x03")  # Ctrl-C clears the line
    term.send("end\r")
    term.expect("Game over after 11 rounds.")
    term.expect(f"event {total}/{total}")
    term.expect("game over")
    term.send("quit\r")
    term.expect("Goodbye.")
    term.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 0
    assert not (tmp_path / "data" / "threethirteen" / "autosave.jsonl").exists()
    assert not (tmp_path / "data" / "threethirteen" / "stats.json").exists()


def test_a_damaged_file_exits_with_1_naming_the_line(tmp_path: Path) -> None:
    lines = encode_log(played_game()).splitlines(keepends=True)
    (tmp_path / "bad.jsonl").write_text("".join(lines[:5]) + "oops\n" + "".join(lines[6:]))
    term = spawn(tmp_path, "bad.jsonl")
    term.expect("Cannot replay bad.jsonl: line 6: not JSON")
    term.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 1
