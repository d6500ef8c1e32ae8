"""The grammar, the completer and the validator, tested with prompt_toolkit ``Document`` s."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import to_formatted_text
from prompt_toolkit.validation import ValidationError
from threethirteen.core.cards import parse_card
from threethirteen.core.errors import InvalidCommandError
from threethirteen.core.events import DrawSource
from threethirteen.core.melds import best_arrangement
from threethirteen.core.rules import Discard
from threethirteen.core.state import GameState
from threethirteen.core.views import view_for
from threethirteen.repl.kit.completer import GameCompleter, card_matches, card_word
from threethirteen.repl.kit.help import render_help
from threethirteen.repl.kit.keys import complete_certain
from threethirteen.repl.kit.render import fit, plain
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.kit.validator import GameValidator
from threethirteen.repl.solo.settings import YOU
from threethirteen.repl.words.grammar import COMMANDS, PLAY, UsageError, move_command
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of
from tests.helpers.play import table_at
from tests.helpers.seats import seat_completer

pytestmark = pytest.mark.usefixtures("data_home")


def human_turn(seed: int = 11) -> GameState:
    return game_of(table_at(seed)).table.state


def complete(state: GameState, text: str, lang: str = "en") -> list[tuple[str, str, str]]:
    completer = seat_completer(state, lang)
    found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
    return [(c.text, c.display_text, c.display_meta_text) for c in found]


# -- the grammar ------------------------------------------------------------------------


def test_commands_and_short_forms_parse() -> None:
    assert PLAY.parse("draw") is not None and PLAY.parse("d").name == "draw"  # type: ignore[union-attr]
    assert PLAY.parse("ziehen").name == "draw"  # type: ignore[union-attr]
    assert PLAY.parse("T").name == "take"  # type: ignore[union-attr]
    parsed = PLAY.parse("x 10s")
    assert parsed is not None and parsed.name == "discard" and parsed.card == parse_card("10♠")
    bare = PLAY.parse("Ts")
    assert bare is not None and bare.name == "discard" and bare.card == parse_card("10s")
    assert PLAY.parse("   ") is None
    auto = PLAY.parse("auto")
    assert auto is not None and auto.choice is None
    assert PLAY.parse("auto g").choice == "game"  # type: ignore[union-attr]
    assert PLAY.parse("tempo schnell").choice == "fast"  # type: ignore[union-attr]
    assert PLAY.parse("save my game.jsonl").path == "my game.jsonl"  # type: ignore[union-attr]
    assert PLAY.parse("help x").topic.name == "discard"  # type: ignore[union-attr]
    assert PLAY.parse("log 30").number == 30  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("drwa", "msg.unknown"),
        ("xyzzy", "msg.unknown_plain"),
        ("discard", "msg.needs_card"),
        ("draw now", "msg.extra"),
        ("sort colour", "msg.bad_choice"),
        ("log many", "msg.not_number"),
        ("help nothing", "help.unknown"),
    ],
)
def test_bad_lines_say_why(line: str, key: str) -> None:
    with pytest.raises(UsageError) as caught:
        PLAY.parse(line)
    assert caught.value.key == key


def test_did_you_mean() -> None:
    with pytest.raises(UsageError) as caught:
        PLAY.parse("drwa")
    assert caught.value.params["suggestion"] == "draw"


def test_a_few_letters_that_begin_two_commands_name_both_in_the_players_language() -> None:
    with pytest.raises(UsageError) as caught:
        PLAY.parse("a")  # ablegen (discard) and auto in German; only auto in English
    assert caught.value.params["suggestion"] == "auto"
    assert caught.value.params["suggestion_de"] == "auto oder ablegen"
    with pytest.raises(UsageError) as caught:
        PLAY.parse("re")
    assert caught.value.params["suggestion"] == "redo or report"


def test_a_bad_card_is_the_engines_error() -> None:
    with pytest.raises(InvalidCommandError) as caught:
        PLAY.parse("discard 7z")
    assert caught.value.key == "not_a_card"


def test_every_command_has_help_in_both_languages() -> None:
    for lang in ("en", "de"):
        tx = Texts(lang)
        for spec in COMMANDS:
            assert tx(f"cmd.{spec.name}")
            assert len(tx(f"cmd.{spec.name}")) <= 52


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [60, 80])
def test_help_keeps_its_columns_on_a_narrow_screen(lang: str, width: int) -> None:
    """``help`` and each of its groups (``help table``, ``help keys`` …): every row within
    the width, every meaning in its column, wrapped and not cut; ``help`` itself, the
    moves and the names of the groups, fits a terminal of 24 rows with the prompt."""
    tx = Texts(lang)
    said = ""
    for page in [None, *(group.name for group in PLAY.groups)]:
        rows = plain(fit(render_help(tx, PLAY, None, width, group=page), width)).splitlines()
        assert all(len(row) <= width for row in rows)
        table = [row for row in rows[1:] if row.startswith("  ") and " · " not in row]
        assert table, page
        first = table[0]
        start = len(first) - len(first[2:].lstrip().split("  ", 1)[-1].lstrip())
        for row in table:  # every meaning in its column (a wrapped row starts there too)
            assert row[start - 1] == " " and row[start] != " ", (page, row)
        said += " ".join(row[start:] for row in table) + " "
        if page is None:  # 80x24 or 60x20, with the prompt and its toolbar below
            assert len(rows) <= (20 if width >= 80 else 15), rows
    said = " ".join(said.split())
    for spec in COMMANDS:
        assert " ".join(tx(f"cmd.{spec.name}").split()) in said, spec.name  # wrapped, not cut
    keys = plain(render_help(tx, PLAY, None, width, group="keys")).splitlines()[1:]
    assert len(keys) >= 7


def test_help_on_a_very_narrow_screen_puts_each_meaning_under_its_command() -> None:
    rows = plain(render_help(Texts(), PLAY, None, 40)).splitlines()
    draw = rows.index("  draw (d)")
    assert rows[draw + 1] == "      draw the top card of the stock"


# -- the completer ----------------------------------------------------------------------


def test_commands_complete_with_their_meaning() -> None:
    state = human_turn()
    found = complete(state, "")
    assert [text for text, _, _ in found][:3] == ["draw", "take", "discard"]
    assert all(meta for _, _, meta in found)
    assert [text for text, _, _ in complete(state, "di")] == ["discard"]
    assert {text for text, _, _ in complete(state, "s")} >= {"sort", "save", "seed", "speed"}


def test_german_commands_complete() -> None:
    state = human_turn()
    texts = [text for text, _, _ in complete(state, "ab", "de")]
    assert texts == ["ablegen"]
    assert [text for text, _, _ in complete(state, "sortieren ", "de")] == [
        "farbe",
        "rang",
        "meldungen",
    ]


def test_cards_complete_with_the_penalty_after_discarding() -> None:
    state = game_of(table_at(draw=DrawSource.STOCK)).table.state
    assert state.round is not None
    hand = state.round.hands[YOU]
    found = complete(state, "discard ")
    after = {}
    for text, display, meta in found:
        card = parse_card(text)
        assert display == str(card)
        rest = list(hand)
        rest.remove(card)
        after[card] = best_arrangement(rest, state.round.round_no).penalty
        wild = card.rank == state.round.wild_rank
        assert meta == f"penalty after: {after[card]}" + (" · wild" if wild else "")
    # the lowest penalty first, ties in the order of the hand: the menu helps choose; but a
    # wild card last, whatever it leaves (thrown, it lowers the penalty most now)
    wilds = [card for card in hand if card.rank == state.round.wild_rank]
    assert wilds and min(after.values()) == after[wilds[0]]  # it would have come first
    order = sorted(
        dict.fromkeys(hand),
        key=lambda card: (card in wilds, after[card], hand.index(card)),
    )
    assert [text for text, _, _ in found] == [card_word(card) for card in order]
    assert order != list(dict.fromkeys(hand))  # this hand tells the two orders apart


def test_the_card_taken_from_the_pile_is_not_offered() -> None:
    state = game_of(table_at(draw=DrawSource.DISCARD)).table.state
    assert state.round is not None and state.round.taken_from_discard is not None
    offered = {parse_card(text) for text, _, _ in complete(state, "x ")}
    assert state.round.taken_from_discard not in offered
    assert offered


def test_card_prefixes_and_bare_cards() -> None:
    state = game_of(table_at(draw=DrawSource.STOCK)).table.state
    assert state.round is not None
    hand = state.round.hands[YOU]
    first = hand[0]
    prefix = card_word(first)[:-1]
    found = {text for text, display, _ in complete(state, prefix) if display != text}
    assert card_word(first) in found
    assert all(card_matches(parse_card(text), prefix) for text in found)
    assert not any(display != text for text, display, _ in complete(human_turn(), prefix))
    assert card_matches(parse_card("10h"), "t") and card_matches(parse_card("10h"), "10♥")
    assert card_matches(parse_card("jk"), "*")


def test_enter_completes_a_card_only_when_the_menu_offers_just_it() -> None:
    state = game_of(table_at(seed=1, draw=DrawSource.STOCK)).table.state
    assert state.round is not None
    assert [str(card) for card in state.round.hands[YOU]] == ["A♥", "J♥", "K♥", "K♠"]
    completer = seat_completer(state)
    assert completer.sole_card("discard A") == "discard Ah"
    assert completer.sole_card("ablegen a") == "ablegen Ah"
    assert completer.sole_card("J") == "Jh"  # a bare card discards it
    assert completer.sole_card("discard K") is None  # K♥ or K♠: nothing is guessed
    assert completer.sole_card("A") is None  # A♥, or the command auto
    assert completer.sole_card("t") is None  # only the command take: not a card
    assert completer.sole_card("discard Q") is None  # no queen in the hand
    assert completer.sole_card("discard A ") is None


def test_tab_completes_what_is_certain_and_points_at_nothing_among_several() -> None:
    state = game_of(table_at(seed=1, draw=DrawSource.STOCK)).table.state  # A♥ J♥ K♥ K♠; 3s are wild
    completer = seat_completer(state)

    def tab(text: str, *, again: bool = False, buffer: Buffer | None = None) -> Buffer:
        if buffer is None:
            buffer = Buffer(completer=completer)
            buffer.insert_text(text)
        complete_certain(buffer, completer, again=again)
        return buffer

    shown = tab("x ")
    assert shown.text == "x " and shown.complete_state is not None
    assert shown.complete_state.complete_index is None  # the menu, nothing highlighted
    assert [c.text for c in shown.complete_state.completions] == ["Jh", "Kh", "Ks", "Ah"]
    assert tab("", again=True, buffer=shown).text == "x Jh"  # a second Tab moves into it
    assert tab("", again=True, buffer=shown).text == "x Kh"
    assert tab("x K").text == "x K"  # K♥ or K♠: nothing is picked
    assert tab("x a").text == "x Ah"  # the only ace
    assert tab("dra").text == "draw"
    assert tab("x 7").text == "x 7" and tab("x 7").complete_state is None  # nothing offered


def test_saves_complete_by_name_and_paths_as_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "data" / "threethirteen" / "saves"
    saves.mkdir(parents=True)
    (saves / "game-one.jsonl").write_text("{}\n")
    (tmp_path / "here.jsonl").write_text("{}\n")
    monkeypatch.chdir(tmp_path)
    state = human_turn()
    assert ("game-one.jsonl", "game-one.jsonl", "") in complete(state, "load game")
    assert [text for text, _, _ in complete(state, "save ")] == ["game-one.jsonl"]
    assert ("ere.jsonl", "here.jsonl", "") in complete(state, "load ./h")


def test_choices_and_topics_complete() -> None:
    state = human_turn()
    assert [text for text, _, _ in complete(state, "auto ")] == ["turn", "round", "game", "off"]
    assert [text for text, _, _ in complete(state, "speed s")] == ["step"]
    assert [text for text, _, _ in complete(state, "help d")] == ["draw", "discard"]
    assert complete(state, "draw ") == []


# -- the validator ----------------------------------------------------------------------


def validator_for(table: SeatFront) -> GameValidator:
    return GameValidator(table.problem, table.tx)


def rejects(validator: GameValidator, text: str, *, strict: bool = False) -> str | None:
    validator.strict = strict
    try:
        validator.validate(Document(text))
    except ValidationError as error:
        return error.message
    finally:
        validator.strict = False
    return None


def test_words_on_their_way_pass_until_enter() -> None:
    validator = validator_for(table_at())
    assert rejects(validator, "dr") is None
    assert "did you mean draw" in (rejects(validator, "dr", strict=True) or "")
    assert rejects(validator, "discard ") is None
    assert "Which card" in (rejects(validator, "discard ", strict=True) or "")
    assert rejects(validator, "x 1") is None
    assert rejects(validator, "load nofile") is None
    assert "no saved game 'nofile'" in (rejects(validator, "load nofile", strict=True) or "")
    assert rejects(validator, "xyzzy") is not None


def test_impossible_moves_are_flagged_before_enter() -> None:
    table = table_at()
    validator = validator_for(table)
    round_ = game_of(table).table.state.round
    assert round_ is not None
    card = round_.hands[YOU][0]
    assert "take a card first" in (rejects(validator, f"discard {card_word(card)}") or "")
    assert "Nothing to redo" in (rejects(validator, "redo") or "")
    assert "not moved yet" in (rejects(validator, "undo") or "")
    assert rejects(validator, "draw") is None and rejects(validator, "take") is None

    drawn = table_at(draw=DrawSource.STOCK)
    validator = validator_for(drawn)
    assert "cannot take another card" in (rejects(validator, "draw") or "")
    assert game_of(drawn).table.state.round is not None
    hand = game_of(drawn).table.state.round.hands[YOU]
    missing = next(
        c for c in map(parse_card, ("2c", "5d", "9h", "Ks", "7c", "Qd")) if c not in hand
    )
    assert "not in the hand" in (rejects(validator, f"x {card_word(missing)}") or "")
    assert rejects(validator, f"x {card_word(hand[0])}") is None

    took = table_at(draw=DrawSource.DISCARD)
    took_round = game_of(took).table.state.round
    assert took_round is not None and took_round.taken_from_discard is not None
    taken = card_word(took_round.taken_from_discard)
    assert "taken from the discard pile" in (rejects(validator_for(took), f"x {taken}") or "")


def test_validation_speaks_german() -> None:
    table = table_at(lang="de")
    validator = validator_for(table)
    assert "Unbekannter Befehl" in (rejects(validator, "xyzzy") or "")
    assert game_of(table).table.state.round is not None
    card = game_of(table).table.state.round.hands[YOU][0]
    assert "Erst eine Karte nehmen" in (rejects(validator, f"ablegen {card_word(card)}") or "")


def test_a_move_is_the_engines_command() -> None:
    parsed = PLAY.parse("discard jk")
    assert parsed is not None
    assert move_command(parsed, YOU) == Discard(seat=YOU, card=parse_card("jk"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_menu_marks_a_wild_card_as_the_hand_does(lang: str) -> None:
    """Without colours (``NO_COLOR``) the hand shows a wild card as ``3♥*``: so does the
    menu; with colours, it is drawn as a wild card (bold, underlined), as in the hand."""
    state = game_of(table_at(seed=7, draw=DrawSource.STOCK)).table.state  # K♣ 3♥ 6♥ 8♥ +1
    view = view_for(state, 0)

    def shown(plain_text: bool) -> dict[str, list[tuple[str, str]]]:
        completer = GameCompleter(lambda: view, Texts(lang), plain=plain_text)
        found = completer.get_completions(Document("x "), CompleteEvent(completion_requested=True))
        return {c.text: to_formatted_text(c.display) for c in found}  # type: ignore[misc]

    plain_menu = shown(True)
    cards = {text: "".join(chunk for _, chunk in display) for text, display in plain_menu.items()}
    wild = [text for text in cards if text.startswith("3")]
    assert wild and all(cards[text] == "3♥*" for text in wild)
    assert all(not shown.endswith("*") for text, shown in cards.items() if text not in wild)
    coloured = shown(False)
    assert all(
        display[0][0] == ("class:card.wild" if text in wild else "")
        for text, display in coloured.items()
    )
    assert "".join(chunk for _, chunk in coloured[wild[0]]) == "3♥"


@pytest.mark.parametrize(
    ("line", "lang", "said"),
    [
        ("take 6d", "en", "take takes the top card of the discard pile, whichever it is"),
        ("t 6d", "en", "take takes the top card of the discard pile, whichever it is"),
        ("nehmen 6k", "de", "nehmen nimmt die oberste Karte des Ablagestapels, welche"),
    ],
)
def test_take_with_a_card_says_it_takes_the_top_card(line: str, lang: str, said: str) -> None:
    """``take 6d``: take names no card, it always takes the top of the discard pile; said
    so in plain words, not as a usage line."""
    with pytest.raises(UsageError) as caught:
        PLAY.parse(line)
    told = Texts(lang)(caught.value.key, **caught.value.params)
    assert told.startswith(said) and line.split()[1] in told


@pytest.mark.parametrize(("word", "lang"), [("x", "en"), ("discard", "en"), ("ablegen", "de")])
def test_a_whole_discard_command_and_tab_offer_the_cards(word: str, lang: str) -> None:
    """``x`` and Tab (no space yet): the menu offers the hand's cards, each completing the
    line to ``x CARD``, as ``x `` and Tab does; other commands are not in it."""
    state = game_of(table_at(seed=7, draw=DrawSource.STOCK)).table.state
    view = view_for(state, 0)
    completer = GameCompleter(lambda: view, Texts(lang))
    event = CompleteEvent(completion_requested=True)
    spaced = {c.text for c in completer.get_completions(Document(f"{word} "), event)}
    whole = list(completer.get_completions(Document(word), event))
    assert spaced and len(whole) == len(spaced)
    assert {c.text for c in whole} == {f"{word} {text}" for text in spaced}
    assert all(c.start_position == -len(word) for c in whole)
    assert all(c.display_meta for c in whole)  # the penalty after discarding it
