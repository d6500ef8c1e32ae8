"""Loading a log decides every move again: a move the rules forbid is refused at its line.

``core.log.read_log`` checks the shape of a log and whose turn each event is; the one
reader of files (``repl.reading.load_file``) then decides every recorded move again with
``core.rules.decide``. The property test mutates the moves of a recorded game and checks
that whatever loads is exactly what the rules give, re-decided here independently.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from threethirteen.core.cards import Card, new_deck
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import (
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    GameOptions,
    PlayerWentOut,
    RoundDealt,
    RoundScored,
    StockRebuilt,
)
from threethirteen.core.log import encode_log
from threethirteen.core.rules import Assist, Command, Discard, Draw, decide
from threethirteen.core.state import GameState, evolve, fold
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.words.i18n import Texts

from tests.helpers.playouts import Recorded, record

MOVES = (CardDrawn, CardDiscarded, AssistanceUsed)


@pytest.fixture(scope="module")
def game() -> Recorded:
    return record(81, GameOptions(jokers=2))


def write(folder: Path, events: Sequence[Event]) -> Path:
    path = folder / "game.jsonl"
    path.write_text(encode_log(events), encoding="utf-8")
    return path


def refusal(folder: Path, events: Sequence[Event]) -> LogFormatError:
    with pytest.raises(LogFormatError) as caught:
        load_file(write(folder, events))
    return caught.value


def index_of(events: Sequence[Event], test: object, start: int = 0) -> int:
    return next(i for i in range(start, len(events)) if test(events[i]))  # type: ignore[operator]


class _FromLog:
    """The deals and rebuilds as the log holds them (the test's own, not the reader's)."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events

    seeded = True

    def first_dealer(self, seats: int) -> int:
        raise AssertionError("the start is not re-decided here")

    def deal_order(self, round_no: int, deck: tuple[Card, ...]) -> tuple[Card, ...]:
        for event in self.events:
            if isinstance(event, RoundDealt) and event.round_no == round_no:
                size = len(event.hands[0])
                order = [event.hands[(event.dealer + 1 + i) % 4][i // 4] for i in range(4 * size)]
                return (*order, event.upcard, *event.stock)
        return deck

    def rebuild_order(
        self, round_no: int, rebuild_no: int, cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        place = (round_no, rebuild_no)
        for event in self.events:
            if isinstance(event, StockRebuilt) and (event.round_no, event.rebuild_no) == place:
                return event.stock
        return cards


def redecided(events: Sequence[Event]) -> list[Event]:
    """The events the rules give when each recorded move is decided again from the deal."""
    chance = _FromLog(events)
    produced: list[Event] = list(events[:2])  # the start and the first deal: chance
    state = fold(produced)
    while len(produced) < len(events):
        event = events[len(produced)]
        command: Command
        match event:
            case CardDrawn():
                command = Draw(seat=event.seat, source=event.source, reason=event.reason)
            case CardDiscarded():
                command = Discard(seat=event.seat, card=event.card, reason=event.reason)
            case AssistanceUsed():
                command = Assist(seat=event.seat, help=event.help)
            case _:  # a rebuild or the safety rule's scoring: the seat to act drew
                assert state.round is not None
                after = len(produced) + 1
                following = events[after] if after < len(events) else None
                reason = following.reason if isinstance(following, CardDrawn) else ""
                command = Draw(seat=state.round.turn, source=DrawSource.STOCK, reason=reason)
        new = decide(state, command, chance)
        produced += new
        for one in new:
            state = evolve(state, one)
    return produced[: len(events)]


FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DECK = new_deck(2)


@FUZZ
@given(data=st.data())
def test_whatever_loads_is_what_the_rules_give(game: Recorded, data: st.DataObject) -> None:
    events = list(game.events[:140])
    for _ in range(data.draw(st.integers(1, 2))):
        at = data.draw(st.integers(2, len(events) - 1))
        event = events[at]
        change = data.draw(
            st.sampled_from(["card", "seat", "source", "drop", "twice", "swap", "result"])
        )
        if change == "result" and isinstance(event, PlayerWentOut):
            events[at] = attrs.evolve(event, last_turns=event.last_turns[::-1])
        elif change == "result" and isinstance(event, RoundScored):
            bonus = data.draw(st.integers(-3, 3))
            events[at] = attrs.evolve(event, totals=tuple(t + bonus for t in event.totals))
        elif change == "card" and isinstance(event, CardDrawn | CardDiscarded):
            events[at] = attrs.evolve(event, card=data.draw(st.sampled_from(DECK)))
        elif change == "seat" and isinstance(event, (*MOVES, PlayerWentOut)):
            events[at] = attrs.evolve(event, seat=data.draw(st.integers(0, 3)))
        elif change == "source" and isinstance(event, CardDrawn):
            events[at] = attrs.evolve(event, source=data.draw(st.sampled_from(list(DrawSource))))
        elif change == "drop":
            del events[at]
        elif change == "twice":
            events.insert(at, event)
        elif change == "swap" and at + 1 < len(events):
            events[at], events[at + 1] = events[at + 1], events[at]
    with tempfile.TemporaryDirectory() as folder:
        try:
            log = load_file(write(Path(folder), events))
        except LogFormatError as error:
            assert error.line is not None and 2 <= error.line <= len(events) + 1
            return
    assert list(log.events) == redecided(log.events)
    assert list(log.events) == events


def test_a_discard_of_a_card_not_in_the_hand_is_refused_at_its_line(
    game: Recorded, tmp_path: Path
) -> None:
    events = list(game.events)
    at = index_of(events, lambda e: isinstance(e, CardDiscarded))
    state = fold(events[:at])
    assert state.round is not None
    held = state.round.hands[events[at].seat]  # type: ignore[attr-defined]
    stranger = next(card for card in DECK if card not in held)
    events[at] = attrs.evolve(events[at], card=stranger)
    error = refusal(tmp_path, events)
    assert error.line == at + 2
    assert f"cannot discard {stranger}: it is not in the hand" in str(error)
    german = Texts("de").error(error)
    assert german.startswith(f"Zeile {at + 2}:") and str(stranger) in german


def test_the_card_taken_from_the_discard_pile_is_not_discarded_again(
    game: Recorded, tmp_path: Path
) -> None:
    events = list(game.events)
    taken = index_of(
        events,
        lambda e: isinstance(e, CardDrawn) and e.source == DrawSource.DISCARD,
    )
    assert isinstance(events[taken + 1], CardDiscarded)
    card = events[taken].card  # type: ignore[attr-defined]
    events[taken + 1] = attrs.evolve(events[taken + 1], card=card)
    error = refusal(tmp_path, events)
    assert error.line == taken + 3
    assert "it was taken from the discard pile this turn" in str(error)


def test_a_second_draw_and_a_card_not_on_the_stock_are_refused(
    game: Recorded, tmp_path: Path
) -> None:
    events = list(game.events)
    drawn = index_of(events, lambda e: isinstance(e, CardDrawn) and e.source == DrawSource.STOCK)
    twice = [*events[: drawn + 1], events[drawn], *events[drawn + 1 :]]
    assert refusal(tmp_path, twice).line == drawn + 3
    state = fold(events[:drawn])
    assert state.round is not None
    other = next(card for card in state.round.stock[1:] if card != state.round.stock[0])
    wrong = [*events[:drawn], attrs.evolve(events[drawn], card=other), *events[drawn + 1 :]]
    assert refusal(tmp_path, wrong).line == drawn + 2


def test_going_out_and_scores_the_rules_do_not_give_are_refused(
    game: Recorded, tmp_path: Path
) -> None:
    events = list(game.events)
    out = index_of(events, lambda e: isinstance(e, PlayerWentOut))
    went = events[out]
    assert isinstance(went, PlayerWentOut)
    turned = [*events[:out], attrs.evolve(went, last_turns=went.last_turns[::-1])]
    assert refusal(tmp_path, turned).line == out + 2
    dropped = events[:out] + events[out + 1 :]
    assert refusal(tmp_path, dropped).line == out + 2
    scored = index_of(events, lambda e: isinstance(e, RoundScored))
    sheet = events[scored]
    assert isinstance(sheet, RoundScored)
    richer = attrs.evolve(sheet, totals=tuple(total + 1 for total in sheet.totals))
    error = refusal(tmp_path, [*events[:scored], richer, *events[scored + 1 :]])
    assert error.line == scored + 2 and "RoundScored.totals" in str(error)


def test_a_log_cut_inside_a_move_still_loads(game: Recorded, tmp_path: Path) -> None:
    events = game.events
    scored = index_of(events, lambda e: isinstance(e, RoundScored))
    log = load_file(write(tmp_path, events[: scored + 1]))  # the next deal is not written
    assert log.state.round is None and len(log.events) == scored + 1


def test_the_game_itself_replays_untouched(game: Recorded, tmp_path: Path) -> None:
    assert redecided(game.events) == list(game.events)
    assert load_file(write(tmp_path, game.events)).events == game.events
    assert GameState() == fold(())


def test_a_log_with_seats_of_its_own_names_loads(game: Recorded, tmp_path: Path) -> None:
    started = game.events[0]
    named = attrs.evolve(started, seats=("Ann", "Bob", "Cy", "Di"))
    log = load_file(write(tmp_path, (named, *game.events[1:])))
    assert log.events[0] == named and log.state.ended is not None
