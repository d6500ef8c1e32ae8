"""Without a terminal: a pipe into the command in a child process runs the same commands
and prints plain text, in German too (``--script FILE`` in-process:
``tests/unit/test_repl_script.py``)."""

from __future__ import annotations

import pytest

from tests.helpers.child import Cli

pytestmark = pytest.mark.usefixtures("data_home")

GERMAN = {"LANG": "de_DE.UTF-8"}
"""The environment of a German user (the child's is a clean one)."""


def test_a_pipe_is_read_line_by_line(cli: Cli) -> None:
    result = cli.run(
        "play", "--seed", "3", "--level", "easy", input="ziehen\nhilfe ablegen\nende\n", env=GERMAN
    )
    assert result.returncode == 0, result.stderr
    assert "> ziehen\nDu ziehst" in result.stdout
    assert "Aufruf: ablegen KARTE" in result.stdout
    assert "Auf Wiedersehen." in result.stdout


def test_a_refused_line_in_a_pipe_fails_in_german(cli: Cli) -> None:
    result = cli.run(
        "play", "--seed", "3", "--level", "easy", input="ziehen\nx 7z\nende\n", env=GERMAN
    )
    assert result.returncode == 1
    assert "> x 7z\n'7z' ist keine Karte" in result.stdout and "> ende" not in result.stdout
    assert result.stderr.startswith("threethirteen: Skriptzeile 2: 'x 7z' — '7z' ist keine Karte")
    assert result.stderr.endswith("Der Rest des Skripts wird nicht ausgeführt.\n")
    assert "Traceback" not in result.stderr
