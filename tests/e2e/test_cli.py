"""The ``threethirteen`` command in a child process: the curated replays by name, from any
folder, and the rules outside a game (in-process: ``tests/unit/test_cli.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from threethirteen.repl.files.shipped import rules_text, shipped_replays
from threethirteen.repl.kit.markdown import render_markdown
from threethirteen.repl.solo import replay

from tests.helpers.child import Cli


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
    """To a pipe: the rule book as plain text, 80 columns, no Markdown marks and nothing
    meant for developers (the source files, the test that holds the examples)."""
    result = cli.run("rules", "--lang", language)
    assert result.returncode == 0
    assert result.stdout == render_markdown(rules_text(language), 80, color=False)
    lines = result.stdout.splitlines()
    assert title in lines[0] and set(lines[1]) == {"="} and len(lines) > 60
    assert all(len(line) <= 80 for line in lines)
    for mark in ("**", "## ", "`", "core/", ".py", "RULES", "<!--", "| --- |", "\x1b"):
        assert mark not in result.stdout, mark
