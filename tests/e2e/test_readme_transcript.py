"""The README's transcript was copied from a real game, and still is one: the same command,
with the moves typed at its ``>`` prompts given to it as a script, prints every line the
README shows, in the same order (``…`` stands for lines left out; a few lines only a
terminal shows are not printed to a script)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import ROOT
from tests.helpers.child import Cli

MARKER = "<!-- transcript"
PROMPT = "> "
ELLIPSIS = "…"
AT_A_TERMINAL_ONLY = (
    "Three-Thirteen Rummy: you against Left, Top and Right. Type help for the",
    "  commands, Tab to complete.",
    "Press a key to deal round 2.",
)
"""The greeting above the first table and the pause between two rounds."""


def transcript() -> list[str]:
    """The lines of the README's transcript block, its ``$`` line first."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").split("\n")
    (start,) = [i for i, line in enumerate(lines) if line.startswith(MARKER)]
    assert lines[start + 1] == "```text"
    end = lines.index("```", start + 2)
    return lines[start + 2 : end]


def in_order(shown: list[str], printed: list[str]) -> list[str]:
    """The lines of ``shown`` not found in ``printed`` after the line found before them."""
    missing, at = [], 0
    for line in shown:
        try:
            at = printed.index(line, at) + 1
        except ValueError:
            missing.append(line)
    return missing


def test_the_readme_transcript_is_what_the_game_prints(tmp_path: Path) -> None:
    command, *shown = transcript()
    assert command == "$ threethirteen --seed 5"
    typed = [line[len(PROMPT) :] for line in shown if line.startswith(PROMPT)]
    assert typed == ["take", "x 9h"]
    done = Cli(tmp_path).run(
        *("--seed", "5", "--speed", "instant"),
        input="".join(f"{move}\n" for move in [*typed, "quit"]),
        env={"NO_COLOR": "1", "TERM": "dumb"},
    )
    assert done.returncode == 0, done.stderr
    kept = [line for line in shown if line.strip() not in ("", ELLIPSIS)]
    kept = [line for line in kept if line not in AT_A_TERMINAL_ONLY]
    assert len(kept) > 20
    missing = in_order(kept, done.stdout.split("\n"))
    assert not missing, "not printed (in this order): " + "\n".join(missing)


def test_a_line_out_of_order_or_never_printed_is_found() -> None:
    printed = ["a", "b", "c", "d"]
    assert in_order(["a", "c", "d"], printed) == []
    assert in_order(["a", "x", "d"], printed) == ["x"]
    assert in_order(["c", "b"], printed) == ["b"]
