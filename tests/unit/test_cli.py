"""The ``threethirteen`` command line in-process: subcommands, versions, shipped data, loud
failures (the command in a child process: ``tests/e2e/test_cli.py``)."""

from __future__ import annotations

import pytest
from threethirteen.core import __version__
from threethirteen.repl import cli
from threethirteen.repl.files.shipped import shipped_replays
from threethirteen.repl.solo import replay


def test_an_unknown_command_is_named_with_exit_code_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["bogus"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("threethirteen: unknown command 'bogus'")
    assert "usage: threethirteen" in err
    assert cli.main(["replai"]) == 2
    assert "did you mean 'replay'?" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_the_version(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([flag]) == 0
    assert capsys.readouterr().out.strip() == f"threethirteen {__version__}"


def test_a_module_that_cannot_be_imported_is_a_broken_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(cli.SUBCOMMANDS, "replay", "threethirteen.repl.no_such_module")
    assert cli.main(["replay", "--list"]) == 1
    err = capsys.readouterr().err
    assert "cannot load 'replay'" in err and "no_such_module" in err
    assert "broken" in err and "not built yet" not in err


@pytest.mark.parametrize("game", [game.name for game in shipped_replays()])
def test_every_shipped_replay_verifies_whole(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """What a user runs first: each curated game verifies, and none stops inside a move."""
    assert replay.main([game, "--verify"]) == 0
    assert capsys.readouterr().out.startswith(f"{game}: ok: ")
