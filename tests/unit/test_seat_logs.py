"""The log says its seat count and decks (schema 3); older logs are four seats and two
decks through the upcasters, read as they lie on disk; a stranger's count outside the rules,
or lists that do not match it, are refused at their line in the game's words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import GameStarted
from threethirteen.core.log import SCHEMA, UPCASTERS, encode_log, read_log
from threethirteen.core.verify import verify_game

from tests.helpers.playouts import play_game

REPLAYS = Path(__file__).parents[2] / "replays"


def lines_of(seats: int, seed: int = 3) -> list[dict[str, object]]:
    """A whole game at ``seats`` as the objects of its lines (header first)."""
    _, log = play_game(seed, seats=seats)
    return [json.loads(line) for line in encode_log(log).splitlines()]


def text_of(objects: list[dict[str, object]]) -> str:
    return "".join(json.dumps(obj, ensure_ascii=False) + "\n" for obj in objects)


def test_schema_3_writes_the_count_and_the_decks() -> None:
    assert SCHEMA == 3 and set(UPCASTERS) == {1, 2}
    header, started = lines_of(5)[:2]
    assert (header["schema"], header["seat_count"], header["decks"]) == (3, 5, 2)
    assert (started["seat_count"], started["decks"]) == (5, 2)


def test_a_schema_1_log_is_four_seats_and_two_decks() -> None:
    old = (REPLAYS / "jokers-2.jsonl").read_text(encoding="utf-8")
    assert '"schema": 1' in old.splitlines()[0] and "seat_count" not in old
    started = read_log(old).events[0]
    assert isinstance(started, GameStarted)
    assert (started.seat_count, started.decks) == (4, 2)


def test_a_schema_2_log_is_four_seats_and_two_decks() -> None:
    """A schema-2 log (written before the count was) reads as the same game."""
    objects = lines_of(4)
    original = read_log(text_of(objects)).events
    for obj in objects[:2]:
        del obj["seat_count"], obj["decks"]
    objects[0]["schema"] = 2
    old = read_log(text_of(objects))
    assert old.events == original
    assert verify_game(old.events).ok


def test_every_shipped_replay_reads_as_its_seats_and_verifies() -> None:
    """The games recorded before schema 3 read as four seats; the two recorded in it keep
    their own count (two, and eight)."""
    counts = {}
    for path in sorted(REPLAYS.glob("*.jsonl")):
        log = read_log(path.read_text(encoding="utf-8"))
        counts[path.stem] = log.state.seat_count
        if log.header["schema"] < 3:
            assert log.state.seat_count == 4, path.name
        assert verify_game(log.events).ok, path.name
    assert counts.pop("two-seats") == 2 and counts.pop("eight-seats-jokers") == 8
    assert set(counts.values()) == {4}


@pytest.mark.parametrize("count", [1, 9, 10**9, -4, 0, "4", True, 4.0, None])
def test_a_header_with_a_count_outside_2_to_8_is_refused_at_line_1(count: object) -> None:
    objects = lines_of(4)
    objects[0]["seat_count"] = count
    with pytest.raises(LogFormatError) as caught:
        read_log(text_of(objects))
    assert caught.value.line == 1 and caught.value.key == "log_bad_header"
    said = str(caught.value)
    assert "seat_count" in said and len(said) < 200
    if type(count) is int:
        assert "a game has 2 to 8 seats" in said


@pytest.mark.parametrize("decks", [0, 4, 10**9])
def test_a_header_with_decks_outside_1_to_3_is_refused_at_line_1(decks: int) -> None:
    objects = lines_of(4)
    objects[0]["decks"] = decks
    with pytest.raises(LogFormatError, match="1 to 3 decks") as caught:
        read_log(text_of(objects))
    assert caught.value.line == 1


@pytest.mark.parametrize("count", [1, 9, 10**9])
def test_a_start_with_a_count_outside_2_to_8_is_refused_at_line_2(count: int) -> None:
    """The start is checked on its own, before any list of its count is made (and before
    it is compared with its header)."""
    objects = lines_of(4)  # the header says four
    objects[1]["seat_count"] = count
    with pytest.raises(LogFormatError) as caught:
        read_log(text_of(objects))
    assert caught.value.line == 2 and "a game has 2 to 8 seats" in str(caught.value)


def test_a_start_whose_count_its_header_does_not_say_is_refused() -> None:
    objects = lines_of(3)
    objects[0]["seat_count"] = 4
    with pytest.raises(LogFormatError) as caught:
        read_log(text_of(objects))
    assert caught.value.key == "log_header_mismatch" and caught.value.line == 2


@pytest.mark.parametrize("field", ["seats", "players"])
def test_a_start_whose_lists_do_not_match_its_count_is_refused(field: str) -> None:
    objects = lines_of(3)
    for obj in objects[:2]:
        names = obj[field]
        assert isinstance(names, list)
        obj[field] = [*names, names[-1]]
    with pytest.raises(LogFormatError) as caught:
        read_log(text_of(objects))
    assert caught.value.line == 2 and f"{field} has 4 entries, not 3" in str(caught.value)


def test_events_are_bounded_by_the_games_count() -> None:
    """A deal of four hands, a seat 3 or totals of four in a game of three are refused."""
    objects = lines_of(3)
    deal = objects[2]
    hands = deal["hands"]
    assert deal["type"] == "RoundDealt" and isinstance(hands, list)
    deal["hands"] = [*hands, hands[0]]
    with pytest.raises(LogFormatError, match="hands has 4 entries, not 3") as caught:
        read_log(text_of(objects))
    assert caught.value.line == 3
    objects = lines_of(3)
    move = next(obj for obj in objects[1:] if obj["type"] == "CardDrawn")
    move["seat"] = 3
    with pytest.raises(LogFormatError, match="seat 3 is not 0-2"):
        read_log(text_of(objects))
    objects = lines_of(3)
    objects[-1]["totals"] = [0, 0, 0, 0]
    with pytest.raises(LogFormatError, match="totals has 4 entries, not 3"):
        read_log(text_of(objects))


def test_decks_too_few_for_the_count_are_refused() -> None:
    objects = lines_of(8)
    for obj in objects[:2]:
        obj["decks"] = 2
        obj["options"] = {"jokers": 0, "aces_high": False}
    with pytest.raises(LogFormatError, match="2 decks cannot deal round 11 to 8 seats") as caught:
        read_log(text_of(objects))
    assert caught.value.line == 2
