"""Every text laid out for the terminal's width (``replay --list``, ``--analyze``, every
``--help``, the rules, the table's header and best melds), and words a newcomer reads
without a guide (no "seat 0", who plays each seat, what the analysis counts, what the
history keeps)."""

from __future__ import annotations

import argparse
import io
import re
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from threethirteen.core.cards import Rank, parse_cards
from threethirteen.core.events import DrawSource
from threethirteen.core.log import encode_log
from threethirteen.repl.cli import usage_text
from threethirteen.repl.files import history
from threethirteen.repl.files.shipped import rules_text
from threethirteen.repl.kit.markdown import ITALIC, render_markdown
from threethirteen.repl.kit.render import plain, render_hand, render_table
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.solo import learn, play, replay, rulebook
from threethirteen.repl.solo.past import history_parser, render_history, stats_parser
from threethirteen.repl.solo.replay import list_text, open_replay_front, verify_main
from threethirteen.repl.words import de, en
from threethirteen.repl.words.grammar import REPLAY
from threethirteen.repl.words.i18n import Texts

from tests.helpers import ROOT
from tests.helpers.games import first_rounds
from tests.helpers.opening import game_of
from tests.helpers.play import table_at


def _lines(text: str) -> list[str]:
    return text.splitlines()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [44, 60, 80])
def test_replay_list_is_laid_out_in_the_width_and_the_language(lang: str, width: int) -> None:
    shown = list_text(Texts(lang), width)
    assert all(len(line) <= width for line in _lines(shown)), shown
    said = " ".join(shown.split())
    if lang == "de":
        assert "ohne Joker, Asse niedrig" in said and "no jokers" not in said
        assert "Öffnen mit: threethirteen replay NAME" in said
    else:
        assert "no jokers, aces low: hard, medium, easy and greedy at one table" in said
    assert not re.search(r"[a-z]-\n", shown)  # no word cut at the edge


PARSERS: dict[str, Callable[[], argparse.ArgumentParser]] = {
    "play": play.parser,
    "learn": learn.parser,
    "replay": replay.parser,
    "history": history_parser,
    "stats": stats_parser,
    "rules": rulebook.parser,
}


@pytest.mark.parametrize("width", [50, 60, 80])
def test_every_help_fits_the_terminal(width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    assert all(len(line) <= width for line in _lines(usage_text(width)))
    for name, parser in PARSERS.items():
        long = [line for line in _lines(parser().format_help()) if len(line) > width]
        assert not long, (name, long)


def test_the_analysis_is_broken_between_words_to_the_width(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "seven.jsonl"
    path.write_text(encode_log(first_rounds("no-winner.jsonl", 7).events), encoding="utf-8")
    for lang in ("en", "de"):
        assert verify_main(path, analyze=True, tx=Texts(lang), width=60) == 0
        _, *lines = _lines(capsys.readouterr().out)  # first the verdict: a line for scripts
        assert lines and all(len(line) <= 60 for line in lines), lines
        assert all(line.startswith("  ") for line in lines[1:])


def test_the_analysis_says_what_it_counts() -> None:
    from threethirteen.repl.solo.analyze import analysis_lines

    head = analysis_lines(first_rounds("no-winner.jsonl", 7), tx=Texts())[0]
    assert head.startswith("You: in 9 of 40 decisions (a card taken, a card discarded) the hard")
    assert "(+2.0: two more than the hard AI's choice)" in head


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_show_no_markdown_marks(lang: str) -> None:
    plain_rules = render_markdown(rules_text(lang), 60, color=False)
    assert not re.search(r"(?<![\w*`])\*[A-Za-zÄÖÜäöü]", plain_rules), "an emphasis mark left"
    said = " ".join(plain_rules.split())
    assert "see Two to eight players below" in said or "siehe Zwei bis acht Spieler unten" in said
    coloured = render_markdown(rules_text(lang), 60, color=True)
    assert ITALIC in coloured and "*Two" not in coloured and "*Zwei" not in coloured


def test_the_table_header_breaks_between_its_pieces_and_keeps_its_mark_whole() -> None:
    front = table_at(5, lang="de")
    view = game_of(front).view()
    assert view is not None and view.mine is not None
    rows = _lines(plain(render_table(view.mine, Texts("de"), width=60, assisted=True)))
    assert rows[0].startswith("Runde 1/11 · 3 Karten · Platzhalter: 3 · Geber:")
    assert rows[1] == "  (mit Hilfe)"  # whole, on a line of its own: it did not fit beside
    assert all(len(row) <= 60 for row in rows)


def test_a_long_best_melds_line_breaks_before_what_is_left_over() -> None:
    front = table_at(5, lang="de", draw=DrawSource.STOCK)
    mine = game_of(front).view().mine  # type: ignore[union-attr]
    assert mine is not None
    view = attrs.evolve(mine, hand=parse_cards("2c 6c 6d Jc"), round_no=1, wild_rank=Rank.THREE)
    rows = _lines(plain(render_hand(view, Texts("de"), width=60)))
    best = rows[rows.index(next(r for r in rows if r.startswith("Beste"))) :]
    assert not [row for row in best if row.lstrip().startswith("·")], best
    assert best[1].startswith("    übrig:") and best[1].endswith("· Strafpunkte 14")


# -- the words -----------------------------------------------------------------------------


def test_no_text_calls_a_seat_by_its_number_from_nought() -> None:
    for texts in (en.TEXTS, de.TEXTS):
        for key, text in texts.items():
            assert not re.search(r"\bseat 0\b|\bPlatz 0\b", text), key


def test_a_replay_says_who_plays_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    game = ROOT / "replays" / "jokers-0.jsonl"
    front = open_replay_front(PlainScreen(io.StringIO()), game, tx=Texts())
    assert front is not None
    front.begin()
    said = " ".join("".join(front.screen.stream.getvalue()).split())  # type: ignore[attr-defined]
    assert (
        "Who plays each seat: You: the hard AI; Left: the medium AI; Top: the easy AI; "
        "Right: the greedy AI."
    ) in said


def test_the_help_of_a_replay_shown_from_one_seat_says_one_hand_is_shown(
    tmp_path: Path,
) -> None:
    events = first_rounds("no-winner.jsonl", 3).events
    started = attrs.evolve(events[0], players=("human", "hard", "hard", "hard"))
    path = tmp_path / "autosave.jsonl"
    path.write_text(encode_log((started, *events[1:])), encoding="utf-8")
    out = io.StringIO()
    front = open_replay_front(PlainScreen(out), path, tx=Texts())
    assert front is not None and front.seat_only
    front.run_parsed(REPLAY.parse("help"))
    said = " ".join(out.getvalue().split())
    assert "Only Your hand is shown until the game is over" in said
    assert "Every hand is shown" not in said


def _games(count: int) -> history.History:
    game = history.PastGame(
        number=1,
        ended="2026-12-01 21:03",
        seed=5,
        jokers=0,
        aces_high=False,
        players=("human", "hard", "hard", "hard"),
        seat=0,
        totals=(50, 40, 60, 70),
        winner=1,
        assisted=False,
    )
    return history.History(tuple(attrs.evolve(game, number=n) for n in range(1, count + 1)))


def test_the_history_says_what_it_shows_and_keeps_once() -> None:
    many = " ".join(plain(render_history(_games(25), Texts(), 80)).split())
    assert "Your finished games, the latest 20 of 25:" in many
    assert "5 older: threethirteen history --all" in many
    assert "Your history keeps your last 1000 games, and the moves of the last 200." in many
    assert "last 200 games" not in many and "it keeps" not in many
    few = " ".join(plain(render_history(_games(3), Texts(), 80)).split())
    assert "Your finished games (3):" in few and "of 3" not in few
    german = " ".join(plain(render_history(_games(25), Texts("de"), 80)).split())
    assert "Deine beendeten Spiele, die letzten 20 von 25:" in german
    assert "keeps" not in en.TEXTS["stats.by_kind"] and "{most}" not in en.TEXTS["stats.by_kind"]
