"""Cards and their notation."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from threethirteen.core.cards import (
    CARDS_BY_CODE,
    JOKER,
    Rank,
    Suit,
    card_penalty,
    format_cards,
    new_deck,
    parse_card,
    parse_cards,
    wild_rank_for_round,
)
from threethirteen.core.errors import InvalidCommandError


@given(st.lists(st.sampled_from(CARDS_BY_CODE), max_size=20))
def test_print_and_parse_round_trip(cards: list) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)


@pytest.mark.parametrize(
    "text,card",
    [
        ("7h", "7♥"),
        ("10s", "10♠"),
        ("Ts", "10♠"),
        ("qd", "Q♦"),
        ("A♠", "A♠"),
        ("kC", "K♣"),
        ("jk", "JK"),
        ("*", "JK"),
        ("JK", "JK"),
    ],
)
def test_notation(text: str, card: str) -> None:
    assert str(parse_card(text)) == card


@pytest.mark.parametrize("text", ["", "1h", "11s", "7x", "h7", "10", "jkk", "7 h"])
def test_not_a_card(text: str) -> None:
    with pytest.raises(InvalidCommandError) as caught:
        parse_card(text)
    assert "is not a card" in str(caught.value)


def test_parse_cards_accepts_commas() -> None:
    assert parse_cards("7h, 10s,jk") == parse_cards("7h 10s jk")


@pytest.mark.parametrize("jokers", [0, 2, 4])
def test_double_deck(jokers: int) -> None:
    deck = new_deck(jokers)
    assert len(deck) == 104 + jokers
    counts = Counter(deck)
    assert counts[JOKER] == jokers
    assert all(counts[card] == 2 for card in CARDS_BY_CODE[:52])
    with pytest.raises(InvalidCommandError):
        new_deck(3)


def test_wild_ranks() -> None:
    assert [wild_rank_for_round(r).symbol for r in range(1, 12)] == [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
    ]  # fmt: skip
    with pytest.raises(InvalidCommandError):
        wild_rank_for_round(12)


def test_penalties() -> None:
    three = wild_rank_for_round(1)
    assert [card_penalty(parse_card(t), three) for t in ("2c", "10d", "Jh", "Ks", "Ac")] == [
        2, 10, 10, 10, 1
    ]  # fmt: skip
    assert card_penalty(parse_card("Ac"), three, aces_high=True) == 15
    assert card_penalty(parse_card("3c"), three) == 15
    assert card_penalty(JOKER, three) == 20
    assert card_penalty(parse_card("Kh"), Rank.KING) == 15


def test_cards_sort_by_suit_then_rank() -> None:
    cards = parse_cards("jk 2s Ah Kc 3c")
    assert format_cards(sorted(cards)) == "3♣ K♣ A♥ 2♠ JK"
    assert Suit.HEARTS.is_red and not Suit.SPADES.is_red
