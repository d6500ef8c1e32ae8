"""Odd input in a pipe: a byte that is not UTF-8 stops a script without a traceback (odd
input at a real prompt: ``tests/fronts/test_odd_input.py``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.helpers.child import Cli


@pytest.mark.parametrize("locale", [{"LC_ALL": "C.UTF-8"}, {"LANG": "C"}])
def test_a_line_that_is_not_utf8_stops_a_script_without_a_traceback(
    tmp_path: Path, locale: dict[str, str]
) -> None:
    cli = Cli(tmp_path)
    env = cli.environment(PYTHONIOENCODING="utf-8:strict", **locale)
    done = subprocess.run(
        cli.argv("--seed", "1"),
        input=b"draw\n\xff\ndraw\n",
        env=env,
        capture_output=True,
    )
    errors = done.stderr.decode("utf-8")
    assert done.returncode == 1
    assert "Traceback" not in errors
    assert errors.strip() == (
        "threethirteen: script line 2: '\\xff' is not text: a byte in it is not UTF-8. "
        "The rest of the script is not run."
    )
    assert b"You draw" in done.stdout
