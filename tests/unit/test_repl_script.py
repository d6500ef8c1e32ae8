"""Without a terminal: ``--script FILE`` runs the same commands and prints plain text (a
pipe into the command in a child process: ``tests/e2e/test_repl_script.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from threethirteen.repl.solo.play import main

pytestmark = pytest.mark.usefixtures("data_home")


def test_a_script_plays_and_prints_plain_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data_home: Path
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text(
        "# a comment line is skipped\n"
        "draw\n\nauto\nundo\nredo\nseed\nlog 3\nmelds\nrules\nsave ./out.jsonl\nauto round\n"
    )  # to the end of round 1 (to the end of the game: tests/e2e/test_whole_games.py)
    code = main(["--seed", "5", "--level", "easy", "--script", str(script)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    assert "\x1b[" not in out  # plain text, no terminal codes
    assert "> draw\nYou draw" in out
    assert "Seed 5: threethirteen play --seed 5 deals the same cards." in out
    assert "Round 1 is over" in out and "Round 2" in out
    assert (tmp_path / "out.jsonl").exists()
    assert not (data_home / "autosave.jsonl").exists()  # a script leaves your saved game alone
    assert not (data_home / "stats.json").exists()


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("frobnicate", "Unknown command 'frobnicate': help lists the commands."),
        ("discard 7z", "'7z' is not a card"),
        ("take", "You cannot take another card"),
        ("load nowhere.jsonl", "There is no saved game 'nowhere.jsonl' in"),
    ],
)
def test_a_refused_line_stops_the_script_with_exit_code_1(
    line: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text(f"# line 1 is a comment, line 3 is blank\ndraw\n\n{line}\nauto game\n")
    code = main(["--seed", "5", "--level", "easy", "--script", str(script)])
    out, err = capsys.readouterr()
    assert code == 1
    before, tail = out.split(f"> {line}\n")
    assert "> draw\nYou draw" in before
    assert " ".join(tail.split()).startswith(said)  # said where it happened, as at the prompt
    assert "> " not in tail and "Game over" not in tail  # the rest of the script is not run
    assert err.startswith(f"threethirteen: script line 4: {line!r} — ")
    assert said in err and err.endswith("The rest of the script is not run.\n")
    assert len(err.splitlines()) == 1


def test_an_unexpected_error_stops_the_script_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*drawn: object) -> None:
        raise RuntimeError("the statistics are on fire")

    monkeypatch.setattr("threethirteen.repl.solo.commands.render_stats", broken)
    script = tmp_path / "moves.txt"
    script.write_text("seed\nstats\nseed\n")
    assert main(["--seed", "5", "--script", str(script)]) == 1
    out, err = capsys.readouterr()
    assert "Something unexpected went wrong" in out and out.count("> seed") == 1
    assert "script line 2: 'stats' — RuntimeError: the statistics are on fire." in err


def test_the_same_script_gives_the_same_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("draw\nauto\nauto round\nscore\n")
    main(["--seed", "12", "--level", "easy", "--script", str(script)])
    first = capsys.readouterr().out
    main(["--seed", "12", "--level", "easy", "--script", str(script), "--speed", "step"])
    assert capsys.readouterr().out == first


def test_an_unreadable_script_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--script", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
