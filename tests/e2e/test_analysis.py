"""``replay --analyze`` of a whole game: the hard AI's second opinion on each of a seat's
decisions over eleven rounds (the unit tests analyse the first seven)."""

from __future__ import annotations

import pytest
from threethirteen.repl.solo.replay import main

from tests.helpers import ROOT


def test_replay_analyze_prints_the_costliest_moves_of_a_whole_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = ROOT / "replays" / "no-winner.jsonl"
    assert main([str(path), "--analyze"]) == 0
    lines: list[str] = []
    for line in capsys.readouterr().out.splitlines():  # each as written, before its breaks
        if lines and line.startswith("  ") and not line.startswith("  Round "):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    assert lines[0].endswith("nobody wins")
    assert lines[1].startswith("You: in 21 of 82 decisions (a card taken, a card discarded)")
    assert "The 10 costliest" in lines[1]
    costs = [float(line.split(", +")[1].split(" ")[0]) for line in lines[2:]]
    assert len(costs) == 10 and costs == sorted(costs, reverse=True)
    assert all(line.startswith("  Round ") for line in lines[2:])
