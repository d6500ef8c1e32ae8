"""The ``threethirteen`` command line: subcommands, versions, shipped data, loud failures."""

from __future__ import annotations

from pathlib import Path

import pytest
from threethirteen.core import __version__
from threethirteen.repl import cli
from threethirteen.repl.files.shipped import rules_text, shipped_replays
from threethirteen.repl.solo import replay

from tests.child import Cli


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


def test_the_curated_replays_are_listed_with_what_they_show(cli: Cli) -> None:
    result = cli.run("replay", "--list")
    assert result.returncode == 0, result.stderr
    games = shipped_replays()
    assert len(games) >= 6
    for game in games:
        assert any(
            line.startswith(game.name) and line.endswith(game.shows)
            for line in result.stdout.splitlines()
        )


def test_a_curated_replay_opens_by_name_from_any_folder(cli: Cli) -> None:
    result = cli.run("replay", "no-winner", "--verify")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("no-winner: ok: seed 1038")
    assert cli.run("replay", "no-winner.jsonl", "--verify").returncode == 0


def test_a_file_of_ones_own_wins_over_a_curated_name(tmp_path: Path, cli: Cli) -> None:
    (tmp_path / "no-winner").write_text("not a log\n", encoding="utf-8")
    assert replay.replay_file(str(tmp_path / "no-winner")) == tmp_path / "no-winner"
    result = cli.run("replay", "no-winner", "--verify")
    assert result.returncode == 1 and "line 1" in result.stdout


def test_a_name_that_is_neither_file_nor_curated_game(cli: Cli) -> None:
    result = cli.run("replay", "no-such-game")
    assert result.returncode == 1
    assert "no such file, nor a curated game" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("language", "title"), [("en", "Three-Thirteen"), ("de", "Rommé")])
def test_the_rules_print_outside_a_game(language: str, title: str, cli: Cli) -> None:
    result = cli.run("rules", "--lang", language)
    assert result.returncode == 0
    assert result.stdout == rules_text(language)
    assert title in result.stdout.splitlines()[0]
    assert "## " in result.stdout and len(result.stdout.splitlines()) > 60


@pytest.mark.parametrize("game", [game.name for game in shipped_replays()])
def test_every_shipped_replay_verifies_whole(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """What a user runs first: each curated game verifies, and none stops inside a move."""
    assert replay.main([game, "--verify"]) == 0
    assert capsys.readouterr().out.startswith(f"{game}: ok: ")
