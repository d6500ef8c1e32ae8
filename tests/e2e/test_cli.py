"""The ``threethirteen`` command in a child process: the curated replays by name, from any
folder, the rules outside a game, your history of games (in-process:
``tests/unit/test_cli.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from threethirteen.core.log import encode_log
from threethirteen.repl.files.history import keep_game
from threethirteen.repl.files.shipped import rules_text, shipped_replays
from threethirteen.repl.kit.markdown import render_markdown
from threethirteen.repl.solo import replay

from tests.helpers.child import Cli
from tests.helpers.games import played_game


def test_the_curated_replays_are_listed_with_what_they_show(cli: Cli) -> None:
    result = cli.run("replay", "--list")
    assert result.returncode == 0, result.stderr
    games = shipped_replays()
    assert len(games) >= 6
    said = " ".join(result.stdout.split())  # what a game shows is broken to the width
    for game in games:
        assert f"{game.name} {game.shows}" in said


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
    assert "Cannot find 'no-such-game'. Looked for: the file" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_game_saved_by_name_replays_by_that_name(cli: Cli) -> None:
    """``save NAME`` at the prompt writes ``saves/NAME.jsonl`` in the data folder; ``replay
    NAME`` (and ``--verify``, ``--analyze``) finds it there, as ``load NAME`` does."""
    saves = cli.data / "threethirteen" / "saves"
    saves.mkdir(parents=True)
    (saves / "mine.jsonl").write_text(encode_log(played_game(5)), encoding="utf-8")
    verified = cli.run("replay", "mine", "--verify")
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("mine: ok: seed 5")
    assert cli.run("replay", "mine.jsonl", "--analyze").returncode == 0
    shown = cli.run("replay", "mine", input="quit\n")
    assert shown.returncode == 0, shown.stderr


def test_a_name_found_nowhere_says_where_it_was_looked_for(cli: Cli) -> None:
    result = cli.run("replay", "nowhere")
    assert result.returncode == 1
    saves = cli.data / "threethirteen" / "saves"
    for place in (str(cli.folder / "nowhere"), str(saves / "nowhere.jsonl"), "--list", "history"):
        assert place in result.stderr, place


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


def test_your_finished_games_are_listed_summed_up_and_replayed_by_number(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``history`` lists what the end of a game kept, ``stats`` sums it up, ``replay N``
    opens game N; in German too, and a number that is no game is said to be none."""
    monkeypatch.setenv("XDG_DATA_HOME", str(cli.data))
    for seed in (5, 6):
        events = played_game(seed)
        keep_game(events, seat=0, assisted=seed == 6)
    listed = cli.run("history")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0] == "Your finished games (2):"
    heading = "# ended seed jokers aces opponents place score help"
    assert lines[1].split() == heading.split()
    first = lines[2].split()
    assert first[0] == "1" and first[3:7] == ["5", "0", "low", "greedy/easy"]
    assert lines[3].split()[-1] == "yes" and "threethirteen replay NUMBER" in listed.stdout
    assert "Deine beendeten Spiele (2):" in cli.run("history", "--lang", "de").stdout
    stats = cli.run("stats")
    assert stats.returncode == 0 and "By opponents and options" in stats.stdout
    assert "Your latest games" in stats.stdout and "#2" in stats.stdout
    verified = cli.run("replay", "2", "--verify")
    assert verified.returncode == 0 and verified.stdout.startswith("game 2: ok: seed 6")
    missing = cli.run("replay", "3", "--verify")
    assert missing.returncode == 1 and "a game of your history whose log is kept" in missing.stderr
