"""The game in German: short forms, cards typed with German words, the yes key, the wording."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from threethirteen.core.ai.reasons import clause, reason
from threethirteen.core.cards import CARDS_BY_CODE, JOKER, parse_card
from threethirteen.core.errors import InvalidCommandError
from threethirteen.core.events import DrawSource
from threethirteen.repl.kit.help import render_help
from threethirteen.repl.kit.render import plain
from threethirteen.repl.words import de
from threethirteen.repl.words.cardwords import card_forms, read_card, shown_cards
from threethirteen.repl.words.grammar import PLAY, REPLAY, Grammar, looks_like_card
from threethirteen.repl.words.i18n import Texts

from tests.helpers import ROOT
from tests.helpers.opening import game_of
from tests.helpers.play import session, table_at
from tests.helpers.seats import seat_completer

pytestmark = pytest.mark.usefixtures("data_home")


# -- commands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "command"),
    [
        ("z", "draw"),
        ("ne", "take"),
        ("ab", "discard"),
        ("zu", "undo"),
        ("w", "redo"),
        ("pu", "score"),
        ("pr", "log"),
        ("te", "speed"),
        ("e", "quit"),
        ("d", "draw"),  # the English ones still work
        ("u", "undo"),
        ("sc", "score"),
        ("n", "new"),
    ],
)
def test_german_short_forms_work_beside_the_english_ones(word: str, command: str) -> None:
    line = f"{word} 7h" if command == "discard" else word
    parsed = PLAY.parse(line)
    assert parsed is not None and parsed.name == command


@pytest.mark.parametrize("grammar", [PLAY, REPLAY], ids=["play", "replay"])
def test_no_word_names_two_commands_or_a_card(grammar: Grammar) -> None:
    seen: dict[str, str] = {}
    for spec in grammar.commands:
        for word in {*spec.names("en"), *spec.names("de")}:
            assert seen.setdefault(word, spec.name) == spec.name, word
            assert not looks_like_card(word), word


def test_german_help_shows_german_short_forms() -> None:
    pages = [None, *(group.name for group in PLAY.groups)]  # hilfe, hilfe tisch, …
    shown = "".join(plain(render_help(Texts("de"), PLAY, None, group=page)) for page in pages)
    for german in ("ziehen (z)", "nehmen (ne)", "ablegen KARTE (ab, x)", "zurück (zu)"):
        assert german in shown
    assert "punkte (pu)" in shown and "ende (e)" in shown
    assert not re.search(r"\((d|t|u|r|sc|l|sp|q, exit)\)", shown)  # English forms not shown
    topic = PLAY.parse("hilfe ziehen")
    assert topic is not None and topic.topic is not None
    detail = plain(render_help(Texts("de"), PLAY, topic.topic))
    assert "auch: z, draw, d" in detail
    replay = plain(render_help(Texts("de"), REPLAY, None))
    assert "weiter [zug|runde] (w)" in replay and "zurück [zug|runde] (z)" in replay


# -- cards ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "card"),
    [
        ("Dh", "Q♥"),
        ("dherz", "Q♥"),
        ("Bkr", "J♣"),
        ("bkreuz", "J♣"),
        ("10p", "10♠"),
        ("10pik", "10♠"),
        ("Kka", "K♦"),
        ("kkaro", "K♦"),
        ("7herz", "7♥"),
        ("Ap", "A♠"),
        ("Dd", "Q♦"),  # a German rank with the notation's suit
        ("Qkr", "Q♣"),  # and the other way round
        ("Qh", "Q♥"),
        ("Ts", "10♠"),
    ],
)
def test_cards_are_typed_with_german_words_too(word: str, card: str) -> None:
    assert read_card(word) == parse_card(card)


def test_joker_is_a_german_word_for_the_joker() -> None:
    assert read_card("joker") == JOKER == read_card("jk")


@pytest.mark.parametrize("word", ["Kk", "7k", "Dz", "B", "10", "herz", "kr7"])
def test_a_word_that_could_mean_two_cards_or_none_is_refused(word: str) -> None:
    with pytest.raises(InvalidCommandError):
        read_card(word)


def test_every_word_of_a_card_names_only_that_card() -> None:
    owner: dict[str, object] = {}
    for card in CARDS_BY_CODE:
        for lang in ("en", "de"):
            for form in card_forms(card, lang):
                assert read_card(form) == card, form
                assert owner.setdefault(form, card) == card, form


def test_a_word_that_is_no_card_is_explained_with_the_german_words() -> None:
    said = Texts("de").error(_error("Kk"))
    assert said.startswith("'Kk' ist keine Karte") and "kr ka h p (Kreuz, Karo, Herz, Pik)" in said


def _error(word: str) -> InvalidCommandError:
    try:
        read_card(word)
    except InvalidCommandError as error:
        return error
    raise AssertionError(word)


def test_cards_complete_with_german_words() -> None:
    state = game_of(table_at(seed=1, draw=DrawSource.STOCK)).table.state  # A♥ J♥ K♥ K♠
    completer = seat_completer(state, "de")

    def offered(text: str) -> list[str]:
        found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
        return [c.text for c in found]

    assert offered("ab b") == ["Bh"]  # the Bube of hearts
    assert sorted(offered("x k")) == ["Kh", "Kp"]
    assert offered("x kp") == ["Kp"] and offered("x kpi") == ["Kpik"]
    assert offered("x j") == ["Jh"]  # the notation works in German too
    assert completer.sole_card("ablegen b") == "ablegen Bh"
    assert completer.sole_card("ablegen kp") == "ablegen Kp"


def test_a_german_card_is_discarded_at_the_prompt() -> None:
    _, _, shown = session("ziehen\r ablegen Bherz\r ende\r", lang="de", seed=1)
    assert "Du legst B♥ ab." in shown


# -- the yes key and the words ----------------------------------------------------------


def test_j_answers_yes_and_is_shown_as_j() -> None:
    _, _, shown = session("z\r\x04j", lang="de")
    assert "[j/n] j\n" in shown and "[j/n] y" not in shown
    assert "Das Spiel ist gespeichert" in shown


def test_german_words_read_as_german() -> None:
    texts = re.sub(r"\{[^}]*\}", "", " ".join(de.TEXTS.values()))  # the words, not the blanks
    assert not re.search(r"\bwild\b", texts)  # Platzhalter
    assert "Strafe danach" not in texts and "Strafpunkte danach" in de.TEXTS["meta.penalty_after"]
    assert "Platzhalter: {wild}" in de.TEXTS["table.header"]
    assert de.TEXTS["round.over_you"] == "Runde {round} ist vorbei: Du bist rausgegangen."
    assert "nachstellt" not in texts and "Eine Taste gibt" not in texts


def test_german_words_of_the_first_hour() -> None:
    tx = Texts("de")
    assert tx("cmd.hint").endswith("(mit Hilfe)") and tx("cmd.auto").endswith("(mit Hilfe)")
    assert tx("keys.clear") == "Zeile leeren; die Züge der Gegner überspringen"
    assert tx("lobby.cmd.new").startswith("einen Tisch eröffnen")
    assert tx("lobby.help.more").endswith("Strg-D beendet.")


def test_a_german_replay_names_the_players_levels_in_german(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from threethirteen.repl.solo.replay import main

    script = tmp_path / "none.txt"
    script.write_text("", encoding="utf-8")
    replay = ROOT / "replays" / "jokers-0.jsonl"
    assert main([str(replay), "--lang", "de", "--script", str(script)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "Wer an welchem Platz spielt: Du: die starke KI; Links: die mittlere KI; Oben: die "
        "leichte KI; Rechts: die gierige KI."
    ) in out


def test_the_lobbys_new_says_its_options_in_german() -> None:
    from threethirteen.repl.words.grammar import LOBBY

    new = LOBBY.lookup("new")
    assert new is not None and new.usage_in("de") == "neu [OPTIONEN]"


def test_a_german_reason_says_at_the_round_s_end_once() -> None:
    """A hint that weighs the stock against the discard pile says "am Rundenende" once."""
    text = reason(
        clause("stock"),
        clause("expects_against", expected=7.5, stock=9.0),
        clause("would_leave_expect", card="9♥", left=12, expected=8.1),
    )
    said = Texts("de").reason(text)
    assert said.count("am Rundenende") == 1, said
    assert "mit 9♥ wären es 12, danach erwartet: 8,1" in said


# -- the cards a German player sees: Bube B, Dame D -----------------------------------------

NOTATION_FACE = re.compile(r"(?<!\w)[JQ][♣♦♥♠]")
"""A Jack or Queen as the notation writes it (``Q♥``): no German player sees one."""


def test_german_shows_the_dame_and_the_bube_by_their_letters() -> None:
    tx = Texts("de")
    assert tx.card(parse_card("Qh")) == "D♥" and tx.card(parse_card("Jc")) == "B♣"
    assert tx.card(parse_card("Kd")) == "K♦" and tx.card(parse_card("As")) == "A♠"
    assert tx.card(JOKER) == "JK" and Texts("en").card(parse_card("Qh")) == "Q♥"
    assert shown_cards("JK, J♣ Q♦ K♠ A♥ 10♣ [Q♥ JK]", "de") == "JK, B♣ D♦ K♠ A♥ 10♣ [D♥ JK]"
    assert tx("say.you_take", card=parse_card("Qs")) == "Du nimmst D♠ vom Ablagestapel."


def test_a_german_game_shows_no_q_or_j() -> None:
    """Hand, melds, the pile, narration, the hint, the log and the score sheet (seed 1: the
    hand holds the Bube of hearts)."""
    keys = "ziehen\r tipp\r meldungen\r ablegen Bherz\r protokoll 12\r punkte\r regeln\r ende\r"
    _, _, shown = session(keys, lang="de", seed=1)
    assert "Du legst B♥ ab." in shown and "Tipp: " in shown
    assert not NOTATION_FACE.search(shown), NOTATION_FACE.findall(shown)


def test_a_german_replay_shows_no_q_or_j(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every event of a shipped game, its hands, reasons and score sheet; wild Buben in
    round 9, Damen in round 10."""
    from threethirteen.repl.solo.replay import main

    script = tmp_path / "rounds.txt"
    script.write_text("weiter\n" * 450 + "punkte\n", encoding="utf-8")
    assert (
        main([str(ROOT / "replays" / "jokers-0.jsonl"), "--lang", "de", "--script", str(script)])
        == 0
    )
    out = capsys.readouterr().out
    assert "B♦" in out and "warum: " in out
    assert re.search(r"^ +9 +B ", out, re.M) and re.search(r"^ +10 +D ", out, re.M)
    assert not NOTATION_FACE.search(out), NOTATION_FACE.findall(out)


def test_german_completions_offer_what_is_shown() -> None:
    state = game_of(table_at(seed=1, draw=DrawSource.STOCK)).table.state  # A♥ J♥ K♥ K♠
    completer = seat_completer(state, "de")
    found = list(
        completer.get_completions(Document("x "), CompleteEvent(completion_requested=True))
    )
    shown = [plain_display(c.display) for c in found]
    assert "B♥" in shown and not any(NOTATION_FACE.search(s) for s in shown)
    assert "Bh" in [c.text for c in found]


def plain_display(display: object) -> str:
    return "".join(part[1] for part in display) if isinstance(display, list) else str(display)
