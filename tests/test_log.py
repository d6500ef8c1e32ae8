"""The log format: round trips, and every kind of damage gives a clear error naming the line."""

from __future__ import annotations

import json

import pytest
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import GameOptions
from threethirteen.core.log import SCHEMA, TruncatedLogError, encode_log, read_log

from tests.playouts import play_game

_GAME = play_game(61, GameOptions(jokers=2))
TEXT = encode_log(_GAME[1])
LINES = TEXT.splitlines(keepends=True)


def error_of(text: str) -> LogFormatError:
    with pytest.raises(LogFormatError) as caught:
        read_log(text)
    return caught.value


def test_header_and_cards_are_readable() -> None:
    header = json.loads(LINES[0])
    assert header["format"] == "threethirteen-log"
    assert header["schema"] == SCHEMA
    assert header["seed"] == 61
    dealt = json.loads(LINES[2])
    assert dealt["type"] == "RoundDealt" and dealt["seq"] == 2
    assert all(any(s in card for s in "♣♦♥♠") or card == "JK" for card in dealt["stock"])


def test_not_json() -> None:
    error = error_of(LINES[0] + "this is not json\n" + "".join(LINES[2:]))
    assert error.line == 2 and "not JSON" in str(error)


def test_foreign_and_empty_files() -> None:
    assert "not a Three-Thirteen" in str(error_of('{"format": "pgn"}\n'))
    assert "empty" in str(error_of(""))
    assert error_of("[1, 2]\n").line == 1


def test_newer_schema() -> None:
    header = json.loads(LINES[0])
    header["schema"] = SCHEMA + 1
    error = error_of(json.dumps(header) + "\n" + "".join(LINES[1:]))
    assert error.line == 1 and "update" in str(error)


def _with_line(number: int, change: dict) -> str:
    data = json.loads(LINES[number - 1])
    data.update(change)
    lines = list(LINES)
    lines[number - 1] = json.dumps(data, ensure_ascii=False) + "\n"
    return "".join(lines)


def test_unknown_type_and_unknown_field() -> None:
    assert "unknown event type" in str(error_of(_with_line(4, {"type": "CardStolen"})))
    error = error_of(_with_line(4, {"colour": "red"}))
    assert error.line == 4 and "colour" in str(error)


def test_bad_card() -> None:
    error = error_of(_with_line(4, {"card": "11x"}))
    assert error.line == 4 and "11x" in str(error)


def test_wrong_value_types() -> None:
    error = error_of(_with_line(4, {"seat": "1"}))
    assert error.line == 4
    error = error_of(_with_line(4, {"seat": 7}))
    assert "seat 7" in str(error)


def test_gap_in_sequence() -> None:
    error = error_of(LINES[0] + LINES[1] + LINES[2] + "".join(LINES[4:]))
    assert error.line == 4 and "event number" in str(error)


def test_card_conservation() -> None:
    dealt = json.loads(LINES[2])
    dealt["stock"][0] = dealt["stock"][1] if dealt["stock"][1] != dealt["stock"][0] else "JK"
    lines = list(LINES)
    lines[2] = json.dumps(dealt, ensure_ascii=False) + "\n"
    error = error_of("".join(lines))
    assert error.line == 3 and "add up" in str(error)
    missing, extra = error.params["missing"], error.params["extra"]
    assert str(error).endswith(f"missing {missing[0]}, extra {extra[0]}")


def test_an_event_that_moves_a_card_that_is_not_there() -> None:
    text = TEXT
    for number, line in enumerate(LINES, start=1):
        data = json.loads(line)
        if data.get("type") == "CardDiscarded":
            hand_card = data["card"]
            other = "A♠" if hand_card != "A♠" else "2♠"
            text = _with_line(number, {"card": other})
            # A discard of a card not in the hand either fails to apply or breaks conservation.
            error = error_of(text)
            assert error.line == number
            return
    pytest.fail("no discard in the log")


def test_truncated_last_line_offers_the_prefix() -> None:
    cut = TEXT[: len(TEXT) - len(LINES[-1]) + 10]
    with pytest.raises(TruncatedLogError) as caught:
        read_log(cut)
    assert caught.value.line == len(LINES)
    prefix = caught.value.prefix
    assert len(prefix.events) == len(LINES) - 2
    assert "cut off" in str(caught.value)


def test_a_damaged_middle_line_is_not_a_truncation() -> None:
    error = error_of(LINES[0] + LINES[1] + LINES[2][:20] + "\n" + "".join(LINES[3:]))
    assert not isinstance(error, TruncatedLogError) and error.line == 3


def test_nothing_after_the_end() -> None:
    error = error_of(TEXT + json.dumps({**json.loads(LINES[-1]), "seq": len(LINES)}) + "\n")
    assert error.line == len(LINES) + 1


def test_loaded_values_have_their_types() -> None:
    """Enums come back as enums (equal strings would hide it), cards as cards."""
    from threethirteen.core.events import CardDrawn, DrawSource, RoundEnd, RoundScored

    for event in read_log(TEXT).events:
        if isinstance(event, CardDrawn):
            assert type(event.source) is DrawSource
        if isinstance(event, RoundScored):
            assert type(event.ended_by) is RoundEnd
    assert "'sideways' is not one of" in str(error_of(_with_line(4, {"source": "sideways"})))
