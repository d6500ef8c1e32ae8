"""Words that read as written: "you win" (not "You wins") in a verdict, "the costliest" (not
"the 1 costliest") in an analysis."""

from __future__ import annotations

import re

import attrs
from threethirteen.core.events import GameEnded
from threethirteen.core.log import read_log
from threethirteen.core.verify import verify_log
from threethirteen.repl.solo.analyze import analysis_lines
from threethirteen.repl.words import en
from threethirteen.repl.words.i18n import Texts

from tests.helpers import ROOT
from tests.helpers.games import first_rounds


def test_a_verdict_says_you_win() -> None:
    log = read_log((ROOT / "replays" / "jokers-0.jsonl").read_text(encoding="utf-8"))
    verdict = verify_log(log)
    assert verdict.ok and verdict.state.ended is not None
    totals = verdict.state.ended.totals
    won = attrs.evolve(verdict.state, ended=GameEnded(totals=totals, winner=0))
    verdict = attrs.evolve(verdict, state=won)
    assert Texts("en").verdict(verdict).endswith(", you win")
    assert Texts("de").verdict(verdict).endswith(", du gewinnst")


def _analysis(lang: str = "en", seat: int | None = None, limit: int = 10) -> list[str]:
    """The analysis of the first seven rounds of a shipped game (the whole game's, which
    takes longer: tests/e2e/test_analysis.py)."""
    log = first_rounds("no-winner.jsonl", 7)
    return analysis_lines(log, limit=limit, seat=seat, tx=Texts(lang))


def test_one_costliest_decision_is_not_counted_as_one() -> None:
    head, line = _analysis(limit=1)
    assert "otherwise. The costliest, each with" in head and "The 1 costliest" not in head
    assert line.startswith("  Round ")


def test_an_analysis_says_each_move_as_the_game_does() -> None:
    """Seat 0 (an AI in this game) is "you", in lower case inside a sentence that begins
    with a capital; a take names its card and the pile, a draw the stock, as narration does."""
    head, *lines = _analysis("en")
    assert head.startswith("You: in 9 of 40 decisions (a card taken, a card discarded) the ")
    assert len(lines) == 5
    moves = r"(you took \S+ from the discard pile|you drew from the stock|you discarded \S+)"
    advice = r"the hard AI (draws from the stock|takes the top card of the discard pile|discards)"
    for line in lines:
        assert re.match(rf"  Round \d+, {moves}: {advice}", line), line
    said = " ".join(lines)
    assert "you took" in said and "you discarded" in said  # both kinds of decision
    assert "You took" not in said and "the discard:" not in said
    _, *left = _analysis("en", seat=1)
    assert len(left) == 7
    assert all(re.match(r"  Round \d+, Left (took|drew|discarded) ", line) for line in left)


def test_an_analysis_speaks_german_with_german_cards() -> None:
    head, *lines = _analysis("de")
    assert head.startswith("Du: Bei 9 von 40 Entscheidungen (eine Karte genommen, eine ")
    assert "wählt die starke KI anders. Die 5 teuersten, jede mit den Strafpunkten" in head
    assert len(lines) == 5
    moves = r"du hast (\S+ vom Ablagestapel genommen|vom Stapel gezogen|\S+ abgelegt)"
    for line in lines:
        assert re.match(rf"  Runde \d+, {moves}: die starke KI ", line), line
        assert re.search(r", \+\d+,\d erwartet \(Ereignis \d+\)$", line), line
    said = "\n".join(lines)
    assert "D♦" in said and not re.search(r"(?<!\w)[JQ][♣♦♥♠]", said)


def test_every_english_sentence_draws_from_the_stock_and_takes_from_the_pile() -> None:
    """One verb for one move: a card comes from the stock by drawing, from the discard pile
    by taking (the commands are draw and take)."""
    for key, text in en.TEXTS.items():
        for clause in re.split(r"[.;:,(]", text):
            if "stock" in clause and "discard pile" not in clause:
                assert not re.search(r"\b(take|takes|took|taken|taking)\b", clause), (key, text)
            if "discard pile" in clause and "stock" not in clause:
                assert not re.search(r"\b(draw|draws|drew|drawn)\b", clause), (key, text)
