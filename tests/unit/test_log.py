"""The log format: round trips, and every kind of damage gives a clear error naming the line."""

from __future__ import annotations

import json

import pytest
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import GameOptions
from threethirteen.core.log import SCHEMA, TruncatedLogError, read_log

from tests.helpers.playouts import Recorded, record


@pytest.fixture(scope="session")
def game() -> Recorded:
    """A greedy playout with two jokers, played once for the whole session."""
    return record(61, GameOptions(jokers=2))


def error_of(text: str) -> LogFormatError:
    with pytest.raises(LogFormatError) as caught:
        read_log(text)
    return caught.value


def test_header_and_cards_are_readable(game: Recorded) -> None:
    header = json.loads(game.lines[0])
    assert header["format"] == "threethirteen-log"
    assert header["schema"] == SCHEMA
    assert header["seed"] == 61
    dealt = json.loads(game.lines[2])
    assert dealt["type"] == "RoundDealt" and dealt["seq"] == 2
    assert all(any(s in card for s in "♣♦♥♠") or card == "JK" for card in dealt["stock"])


def test_not_json(game: Recorded) -> None:
    error = error_of(game.lines[0] + "this is not json\n" + "".join(game.lines[2:]))
    assert error.line == 2 and "not JSON" in str(error)


def test_foreign_and_empty_files() -> None:
    assert "not a Three-Thirteen" in str(error_of('{"format": "pgn"}\n'))
    assert "empty" in str(error_of(""))
    assert error_of("[1, 2]\n").line == 1


def test_newer_schema(game: Recorded) -> None:
    header = json.loads(game.lines[0])
    header["schema"] = SCHEMA + 1
    error = error_of(json.dumps(header) + "\n" + "".join(game.lines[1:]))
    assert error.line == 1 and "update" in str(error)


def _with_line(game: Recorded, number: int, change: dict) -> str:
    data = json.loads(game.lines[number - 1])
    data.update(change)
    lines = list(game.lines)
    lines[number - 1] = json.dumps(data, ensure_ascii=False) + "\n"
    return "".join(lines)


def test_unknown_type_and_unknown_field(game: Recorded) -> None:
    assert "unknown event type" in str(error_of(_with_line(game, 4, {"type": "CardStolen"})))
    error = error_of(_with_line(game, 4, {"colour": "red"}))
    assert error.line == 4 and "colour" in str(error)


def test_bad_card(game: Recorded) -> None:
    error = error_of(_with_line(game, 4, {"card": "11x"}))
    assert error.line == 4 and "11x" in str(error)


def test_wrong_value_types(game: Recorded) -> None:
    error = error_of(_with_line(game, 4, {"seat": "1"}))
    assert error.line == 4
    error = error_of(_with_line(game, 4, {"seat": 7}))
    assert "seat 7" in str(error)


def test_gap_in_sequence(game: Recorded) -> None:
    error = error_of(game.lines[0] + game.lines[1] + game.lines[2] + "".join(game.lines[4:]))
    assert error.line == 4 and "event number" in str(error)


def test_card_conservation(game: Recorded) -> None:
    dealt = json.loads(game.lines[2])
    dealt["stock"][0] = dealt["stock"][1] if dealt["stock"][1] != dealt["stock"][0] else "JK"
    lines = list(game.lines)
    lines[2] = json.dumps(dealt, ensure_ascii=False) + "\n"
    error = error_of("".join(lines))
    assert error.line == 3 and "add up" in str(error)
    missing, extra = error.params["missing"], error.params["extra"]
    assert str(error).endswith(f"missing {missing[0]}, extra {extra[0]}")


def test_an_event_that_moves_a_card_that_is_not_there(game: Recorded) -> None:
    text = game.text
    for number, line in enumerate(game.lines, start=1):
        data = json.loads(line)
        if data.get("type") == "CardDiscarded":
            hand_card = data["card"]
            other = "A♠" if hand_card != "A♠" else "2♠"
            text = _with_line(game, number, {"card": other})
            # A discard of a card not in the hand either fails to apply or breaks conservation.
            error = error_of(text)
            assert error.line == number
            return
    pytest.fail("no discard in the log")


def test_truncated_last_line_offers_the_prefix(game: Recorded) -> None:
    cut = game.text[: len(game.text) - len(game.lines[-1]) + 10]
    with pytest.raises(TruncatedLogError) as caught:
        read_log(cut)
    assert caught.value.line == len(game.lines)
    prefix = caught.value.prefix
    assert len(prefix.events) == len(game.lines) - 2
    assert "cut off" in str(caught.value)


def test_a_damaged_middle_line_is_not_a_truncation(game: Recorded) -> None:
    error = error_of(
        game.lines[0] + game.lines[1] + game.lines[2][:20] + "\n" + "".join(game.lines[3:])
    )
    assert not isinstance(error, TruncatedLogError) and error.line == 3


def test_nothing_after_the_end(game: Recorded) -> None:
    error = error_of(
        game.text + json.dumps({**json.loads(game.lines[-1]), "seq": len(game.lines)}) + "\n"
    )
    assert error.line == len(game.lines) + 1


def test_loaded_values_have_their_types(game: Recorded) -> None:
    """Enums come back as enums (equal strings would hide it), cards as cards."""
    from threethirteen.core.events import CardDrawn, DrawSource, RoundEnd, RoundScored

    for event in read_log(game.text).events:
        if isinstance(event, CardDrawn):
            assert type(event.source) is DrawSource
        if isinstance(event, RoundScored):
            assert type(event.ended_by) is RoundEnd
    assert "'sideways' is not one of" in str(error_of(_with_line(game, 4, {"source": "sideways"})))
