"""Files from strangers (issue #11): refused quickly, at their line, in the game's words.

Here in-process: the hostile logs of :mod:`tests.helpers.hostile` are refused by the log
reader at their line, the rules' order of play is read, not trusted, and only a regular
file within the limit is read. The whole corpus run through the command in child
processes is ``tests/e2e/test_hostile_files.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from threethirteen.core.deck import deck_order
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import RoundDealt
from threethirteen.core.log import MAX_LINE, read_log
from threethirteen.core.state import cards_in_play
from threethirteen.repl.files.reading import MAX_LOG_BYTES, load_file, read_log_bytes

from tests.helpers.hostile import TEXTS, base_lines, dump


def _refusal(name: str) -> LogFormatError:
    with pytest.raises(LogFormatError) as caught:
        read_log(TEXTS[name]())
    return caught.value


@pytest.mark.parametrize(
    ("name", "line", "key", "words"),
    [
        ("greedy-seat", 5, "log_illegal_move", "cannot take another card"),
        ("unseeded-unequal", 3, "log_bad_event", "deals 3 cards to each seat, not 2, 3, 3, 3"),
        ("winner-99", 452, "log_bad_event", "seat 99 is not 0-3"),
        ("round-12", 3, "log_bad_event", "round 12 is not 1-11"),
        ("long-reason", 4, "log_bad_event", "the reason has 5000 characters, over 300"),
        ("long-seat", 2, "log_bad_event", "a seat name has 500 characters, over 40"),
        ("long-line", 4, "log_line_too_long", f"at most {MAX_LINE}"),
        ("deep-json", 4, "log_line_too_long", "characters"),
    ],
)
def test_a_hostile_log_is_refused_at_its_line(name: str, line: int, key: str, words: str) -> None:
    error = _refusal(name)
    assert (error.line, error.key) == (line, key)
    assert words in str(error)


def test_no_seat_draws_out_of_turn() -> None:
    """The rules' order of play is read, not trusted: a seat acts only on its turn."""
    lines = base_lines()
    dealt, drawn, discarded = lines[2], lines[3], lines[4]
    assert (drawn["type"], discarded["type"]) == ("CardDrawn", "CardDiscarded")
    for edited_line, words in (
        ({**drawn, "seat": (drawn["seat"] + 1) % 4}, "cannot take a card now: it is"),
        ({**discarded, "seq": 3}, "cannot discard yet: take a card first"),
    ):
        edited = [*lines[:3], edited_line]
        with pytest.raises(LogFormatError, match=words) as caught:
            read_log(dump(edited))
        assert caught.value.line == 4
    twice = [*lines[:3], {**dealt, "seq": 3}]
    with pytest.raises(LogFormatError, match="round 1 is still in play"):
        read_log(dump(twice))


def test_a_log_read_never_holds_a_hand_over_the_rules() -> None:
    log = read_log(dump(base_lines()[:4]))  # the first seat to act has drawn
    assert log.state.round is not None
    size = log.state.round.round_no + 2
    assert sorted(len(hand) for hand in log.state.round.hands) == [size, size, size, size + 1]
    assert len(cards_in_play(log.state.round)) == 104


def test_unequal_hands_have_no_deck_order() -> None:
    dealt = read_log(dump(base_lines()[:3])).events[1]
    assert isinstance(dealt, RoundDealt)
    short = RoundDealt(
        round_no=1,
        dealer=dealt.dealer,
        wild_rank=dealt.wild_rank,
        hands=(dealt.hands[0][:2], *dealt.hands[1:]),
        upcard=dealt.upcard,
        stock=(*dealt.stock, dealt.hands[0][2]),
    )
    with pytest.raises(ValueError, match="2, 3, 3, 3 cards"):
        deck_order(short)


def test_only_a_regular_file_within_the_limit_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    with pytest.raises(LogFormatError, match="it is a folder, not a saved game"):
        read_log_bytes(folder)
    big = tmp_path / "big.jsonl"
    with big.open("wb") as file:
        file.truncate(MAX_LOG_BYTES + 1)
    with pytest.raises(LogFormatError, match=f"at most {MAX_LOG_BYTES}") as caught:
        load_file(big)
    assert caught.value.key == "file_too_big"
    small = tmp_path / "small.jsonl"
    small.write_bytes(b"x" * 100)
    assert read_log_bytes(small, limit=100) == b"x" * 100
    with pytest.raises(LogFormatError, match="it has 100 bytes; a saved game has at most 99"):
        read_log_bytes(small, limit=99)
    with pytest.raises(LogFormatError, match="cannot read") as missing:
        read_log_bytes(tmp_path / "none.jsonl")
    assert missing.value.key == "file_unreadable"
