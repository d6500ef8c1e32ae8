"""Files from strangers, round two (issue #18), run through the command in child processes:
a lone surrogate, line breaks and long values in a log are refused or shown, never a
traceback, never a line of output the file made up or made long."""

from __future__ import annotations

import pytest

from tests.helpers.child import Cli
from tests.helpers.strangers import write

LONGEST = 200
"""The longest line a bad file may make the command print (its path said as its name: the
path is the player's own)."""


SHOWN = ("surrogate-seat", "newline-seat", "newline-reason", "long-total", "negative-penalty")
SHOWN += ("bad-scores",)
"""The crafted logs whose text the commands could show."""


@pytest.mark.parametrize("name", SHOWN)
def test_a_crafted_log_makes_no_traceback_no_forged_line_no_long_line(cli: Cli, name: str) -> None:
    path = write(cli.folder, name)
    (cli.folder / "steps.txt").write_text("\n" * 20 + "scores\nend\nquit\n")
    runs = [
        ["replay", str(path), "--script", str(cli.folder / "steps.txt")],
        ["replay", str(path), "--verify"],
        ["replay", str(path), "--analyze"],
    ]
    children = [cli.start(*args) for args in runs]
    for args, child in zip(runs, children, strict=True):
        out, err = child.communicate()  # the test's time limit is the net
        said = out + err
        assert child.returncode in (0, 1), (args, said)
        assert "Traceback" not in said and "\ud800" not in said, (args, said)
        for line in said.replace(str(path), path.name).splitlines():
            assert len(line) <= LONGEST, (args, line)
            assert not line.lstrip().startswith("77 You"), (args, said)
