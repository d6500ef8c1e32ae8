"""The AI's reasons: clauses that read back exactly, and say the same in German."""

from __future__ import annotations

import doctest
import functools
import io
import re

import pytest
import threethirteen.core.ai.reasons
from hypothesis import given
from hypothesis import strategies as st
from threethirteen.core.ai.reasons import (
    ACTION_SEPARATOR,
    ACTIONS,
    CARD,
    CLAUSE_SEPARATOR,
    CLAUSES,
    DECIMAL,
    FIELDS,
    GROUP_SEPARATOR,
    GROUPS,
    INTEGER,
    WHOLE,
    clause,
    discard_reason,
    parse_reason,
    read_groups,
    reason,
    template_fields,
)
from threethirteen.core.cards import CARDS_BY_CODE, parse_card
from threethirteen.core.events import CardDiscarded, CardDrawn, GameStarted
from threethirteen.core.players import load_policy, play_game
from threethirteen.core.state import Phase
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.files.shipped import replay_path, shipped_replays
from threethirteen.repl.kit.narrate import reason_of
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words import de
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of

EN = Texts("en")
DE = Texts("de")
CARD_TEXTS = sorted({str(card) for card in CARDS_BY_CODE})
WHY = [key for key in CLAUSES if key not in ACTIONS | WHOLE]


def words(templates: dict[str, str]) -> set[str]:
    return {word.lower() for text in templates.values() for word in re.findall(r"[^\W\d_]+", text)}


ENGLISH = {word for word in words(CLAUSES) - words(de.REASONS) if len(word) > 2}
"""Words of the English reasons that German never uses: none may show in a German game."""


def english_in(text: str) -> set[str]:
    return {word for word in re.findall(r"[^\W\d_]+", text.lower()) if word in ENGLISH}


# -- the registry ----------------------------------------------------------------------


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(threethirteen.core.ai.reasons).failed == 0


def test_templates_can_be_read_back() -> None:
    for key, template in CLAUSES.items():
        assert CLAUSE_SEPARATOR not in template or key in WHOLE, key
        fields = template_fields(template)
        assert len(fields) == len(set(fields)), key
        assert all(field in FIELDS for field in fields), key
    for key in ACTIONS:
        assert ACTION_SEPARATOR not in CLAUSES[key]


_GROUP = st.lists(st.sampled_from(CARD_TEXTS), min_size=2, max_size=4)


def _value(kind: str) -> st.SearchStrategy[str | int | float]:
    spaced = st.lists(_GROUP.map(" ".join), min_size=1, max_size=3).map(GROUP_SEPARATOR.join)
    as_once = st.lists(_GROUP.map("".join), min_size=1, max_size=3).map(" ".join)  # old logs
    strategies: dict[str, st.SearchStrategy[str | int | float]] = {
        CARD: st.sampled_from(CARD_TEXTS),
        GROUPS: st.one_of(spaced, as_once),
        INTEGER: st.integers(min_value=-3, max_value=400),
        DECIMAL: st.floats(min_value=0, max_value=400, allow_nan=False),
    }
    return strategies[kind]


@given(st.lists(_GROUP, min_size=1, max_size=3), st.booleans())
def test_groups_read_back_as_their_cards(groups: list[list[str]], spaced: bool) -> None:
    if spaced:
        text = GROUP_SEPARATOR.join(" ".join(group) for group in groups)
    else:
        text = " ".join("".join(group) for group in groups)
    assert read_groups(text) == [tuple(group) for group in groups]


@st.composite
def clauses(draw: st.DrawFn, keys: list[str]) -> tuple[str, dict[str, str | int | float]]:
    key = draw(st.sampled_from(keys))
    params = {field: draw(_value(FIELDS[field])) for field in template_fields(CLAUSES[key])}
    return key, params


def as_written(params: dict[str, str | int | float]) -> dict[str, str]:
    return {
        field: f"{value:.1f}" if FIELDS[field] == DECIMAL else str(value)
        for field, value in params.items()
    }


@given(clauses(sorted(ACTIONS)), st.lists(clauses(WHY), max_size=5))
def test_a_reason_reads_back_clause_by_clause(
    action: tuple[str, dict[str, str | int | float]],
    why: list[tuple[str, dict[str, str | int | float]]],
) -> None:
    said = [action, *why]
    text = reason(*(clause(key, **params) for key, params in said))
    parsed = parse_reason(text)
    assert parsed == [(key, as_written(params)) for key, params in said]
    again = reason(*(clause(key, **params) for key, params in parsed))
    assert again == text


def test_every_clause_reads_back() -> None:
    samples: dict[str, str | int | float] = {
        "card": "10♥",
        "groups": "5♥6♥ 9♣9♦",
        "left": 12,
        "now": 30,
        "after": 7,
        "outs": 3,
        "expected": 7.46,
        "stock": 11.0,
        "guess": "7.",
    }
    for key, template in CLAUSES.items():
        params = {field: samples[field] for field in template_fields(template)}
        action = [] if key in ACTIONS | WHOLE else [clause("discard", card="JK")]
        parsed = parse_reason(reason(*action, clause(key, **params)))
        assert parsed is not None and parsed[-1] == (key, as_written(params))


def test_a_line_with_one_unknown_clause_is_not_ours() -> None:
    assert parse_reason("discard 9♣: leaves 14, keeps the most points") is None
    assert parse_reason("throw 9♣: leaves 14") is None
    assert parse_reason("discard 9♣: leaves 1.5") is None
    assert parse_reason("discard X9: leaves 14") is None


# -- in German -------------------------------------------------------------------------


def test_a_reason_in_german_with_decimal_commas() -> None:
    text = discard_reason(
        parse_card("ks").code,
        12,
        outs=1.2,
        groups=["5♥ 6♥", "9♣ 9♦"],
        note=clause("expects_end", expected=7.46),
    )
    assert text == (
        "discard K♠: leaves 12, keeps 5♥ 6♥ and 9♣ 9♦ open, 1 out unseen, "
        "expects 7.5 by the end of the round"
    )
    why = (
        "Strafpunkte danach: 12, 5♥ 6♥ und 9♣ 9♦ warten auf eine dritte Karte, "
        "noch 1 passende Karte im Umlauf, am Rundenende erwartet: 7,5"
    )
    assert DE.reason(text) == "K♠ ablegen: " + why
    assert DE.reason(text, action=False) == why
    plain = (
        "penalty after it: 12, keeps 5♥ 6♥ and 9♣ 9♦ waiting for a third card, 1 card that "
        "would complete them is still unseen, expects 7.5 by the end of the round"
    )  # the log's English line, said in plain words
    assert EN.reason(text) == "discard K♠: " + plain
    assert EN.reason(text, action=False) == plain


def test_the_cards_of_a_group_are_spaced_in_old_logs_too() -> None:
    old = "discard K♠: leaves 12, keeps 5♥6♥ 9♣9♦ open"  # as logs before spacing wrote it
    said = "discard K♠: penalty after it: 12, keeps 5♥ 6♥ and 9♣ 9♦ waiting for a third card"
    assert EN.reason(old) == said
    assert DE.reason(old, action=False).startswith("Strafpunkte danach: 12, 5♥ 6♥ und 9♣ 9♦ ")
    one = "discard K♠: leaves 12, keeps 4♥ 4♥ open"
    assert EN.reason(one).endswith(" keeps 4♥ 4♥ waiting for a third card")
    assert read_groups("4♥ 4♥") == [("4♥", "4♥")]
    assert read_groups("10♠J♠") == [("10♠", "J♠")]


def test_the_hard_levels_notes_are_clauses_too() -> None:
    # hard.py passes these English notes to discard_reason until it builds them with clause()
    dumping = discard_reason(parse_card("qh").code, 20, note="last turn: dumping points")
    assert DE.reason(dumping) == "D♥ ablegen: Strafpunkte danach: 20, letzter Zug: Punkte loswerden"
    expects = discard_reason(3, 5, outs=4, note="expects 7.5 by the end of the round")
    assert DE.reason(expects, action=False).endswith("am Rundenende erwartet: 7,5")


@pytest.mark.parametrize(
    "text",
    [
        "a hoarder always draws from the stock",
        "discard Q♥: keeps the most points, never goes out",
        "discard 9♣: leaves 14, keeps the most points",
        "",
    ],
)
def test_a_reason_of_another_program_stays_as_written(text: str) -> None:
    """… but for its cards, which a German player sees as every card (D♥, not Q♥)."""
    assert DE.reason(text) == DE.cards_in(text)
    assert EN.reason(text) == text
    said = DE.reason(text, action=False)
    kept = text.partition(": ")[2] if text.startswith("discard") else text
    assert said == DE.cards_in(kept)


@functools.cache
def played_reasons(seed: int = 3) -> tuple[str, ...]:
    """Every reason given in the first rounds of a game of the easy and medium levels."""
    log = play_game(seed, ("easy", "greedy", "medium", "medium"), rounds=5)
    return tuple(e.reason for e in log if isinstance(e, CardDrawn | CardDiscarded))


def test_the_reasons_of_a_played_game_are_all_said_in_german() -> None:
    said_keys: set[str] = set()
    for text in played_reasons():
        parsed = parse_reason(text)
        assert parsed is not None, text
        said_keys.update(key for key, _ in parsed)
        german = DE.reason(text)
        assert german != text and not english_in(german), (text, german)
        assert not re.search(r"\d\.\d", german)
        for card in re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]|JK", text):
            assert DE.cards_in(card) in german  # the Bube and the Dame as B and D
        assert not re.search(r"[♣♦♥♠K](?:10|[2-9AJQK])[♣♦♥♠]", text + german)  # spaced
    assert {"stock", "take", "discard", "leaves", "lowers", "stock_average"} <= said_keys
    assert {"outs", "would_leave", "leaves_expected", "dumping", "goes_out"} <= said_keys


def test_the_replay_viewer_says_why_in_german() -> None:
    text = next(text for text in played_reasons() if text.startswith("discard"))
    event = CardDiscarded(seat=1, card=parse_card("2c"), reason=text)
    assert reason_of(event, EN) == EN.reason(text, action=False)
    assert reason_of(event, EN).startswith("penalty after it: ")
    german = reason_of(event, DE)
    assert german.startswith("Strafpunkte danach: ") and not english_in(german)


# -- the hint --------------------------------------------------------------------------


@pytest.mark.usefixtures("data_home")
@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("seed", [11, 12])
def test_the_hint_speaks_german(level: str, seed: int) -> None:
    shown = io.StringIO()
    table = new_solo_front(
        seed, tx=Texts("de"), screen=PlainScreen(shown), settings=Settings(speed="instant")
    )
    game_of(table).drive()
    table._helper = load_policy(level)
    for phase, move in ((Phase.DRAW, "ziehen"), (Phase.DISCARD, None)):
        assert game_of(table).table.state.turn == YOU and game_of(table).table.state.phase == phase
        shown.seek(0)
        shown.truncate()
        table.execute("tipp")
        said = " ".join(shown.getvalue().split())
        assert "Tipp: " in said and "warum: " in said
        why = said.partition("warum: ")[2]
        assert why and not english_in(why), said
        if move:
            table.execute(move)


def test_every_reason_of_the_shipped_games_is_said_in_german() -> None:
    """The shipped games were recorded by earlier versions: every reason of this game's
    own players in them reads back, and a German replay says it with no English word (a
    bot of another program, as in safety-rule, keeps its own words)."""
    said = 0
    for game in shipped_replays():
        log = load_file(replay_path(game))
        started = next(e for e in log.events if isinstance(e, GameStarted))
        for event in log.events:
            reason = getattr(event, "reason", "")
            seat = getattr(event, "seat", None)
            if not reason or seat is None or ":" in started.players[seat]:
                continue
            assert parse_reason(reason) is not None, (game.name, reason)
            german = reason_of(event, DE)
            assert german and not english_in(german), (game.name, reason, german)
            assert not english_in(DE.reason(reason)), (game.name, reason)
            said += 1
    assert said > 1400  # every shipped game's reasons were read
