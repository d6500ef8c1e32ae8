"""The replay mode from a pipe: the command in a child process reads it line by line, and
nothing in the data folder changes (the rest of the replay mode runs in-process:
``tests/unit/test_replay_mode.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers.child import Cli
from tests.helpers.games import untouched


def test_a_pipe_is_read_line_by_line(saved_game: Path, watched_data: Path, cli: Cli) -> None:
    result = cli.run("replay", str(saved_game), "--at", "30", input="next\nprev turn\n")
    assert result.returncode == 0, result.stderr
    assert re.search(r"^  30  ", result.stdout, re.M) and "> next\n\n  31  " in result.stdout
    assert untouched(watched_data)
