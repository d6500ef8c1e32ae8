"""Cards, the double deck, the card notation and penalty points.

The notation (RULES.md): rank ``A 2 … 10 J Q K`` (``T`` for 10), suit
``c d h s`` or ``♣ ♦ ♥ ♠``, case-insensitive; a joker is ``jk`` or ``*``.
Cards print with suit symbols and parse back:

>>> str(parse_card("10s")), str(parse_card("qd")), str(parse_card("*"))
('10♠', 'Q♦', 'JK')
>>> parse_cards("7h 10s jk") == (parse_card("7♥"), parse_card("T♠"), JOKER)
True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

from attrs import frozen

from .errors import InvalidCommandError
from .seats import DEFAULT_SEATS, MAX_DECKS


class Suit(enum.Enum):
    """The four suits, in bridge order; the value is the letter of the notation."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """0 for clubs … 3 for spades."""
        return _SUIT_INDEX[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(enum.IntEnum):
    """Ranks by number: ace 1 … king 13. Aces high is an option of the game, not a rank."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {
    rank: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank.value, str(rank.value)) for rank in Rank
}
RANKS: tuple[Rank, ...] = tuple(Rank)


@frozen(order=False)
class Card:
    """One card: a rank and a suit, or neither for a joker.

    Cards compare and sort by ``code`` (suit, then rank; the joker last). Two
    cards from the two decks with the same rank and suit are equal.
    """

    rank: Rank | None
    suit: Suit | None

    def __attrs_post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise TypeError("a card has both a rank and a suit, or neither (a joker)")

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def code(self) -> int:
        """A small integer: ``suit_index * 13 + rank - 1`` (0–51), the joker 52."""
        if self.rank is None or self.suit is None:
            return JOKER_CODE
        return self.suit.index * 13 + self.rank.value - 1

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        return self.code >= other.code

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({self})"


JOKER_CODE = 52
JOKER = Card(None, None)
# Every distinct card by its code: parsing and decoding hand out these instances.
CARDS_BY_CODE: tuple[Card, ...] = (
    *(Card(rank, suit) for suit in SUITS for rank in RANKS),
    JOKER,
)


def card_from_code(code: int) -> Card:
    """The card with this ``code`` (0–52)."""
    return CARDS_BY_CODE[code]


_CARD_RE = re.compile(r"^(10|[2-9]|[atjqk])([cdhs♣♦♥♠])$", re.IGNORECASE)
_RANK_BY_TEXT = {
    **{str(n): Rank(n) for n in range(2, 11)},
    "a": Rank.ACE,
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
}
_SUIT_BY_TEXT = {
    **{suit.value: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
}


def parse_card(text: str) -> Card:
    """Read one card in the notation (``7h``, ``10♠``, ``Ts``, ``jk``, ``*``)."""
    word = text.strip().lower()
    if word in ("jk", "*", "joker"):
        return JOKER
    match = _CARD_RE.match(word)
    if match is None:
        raise InvalidCommandError("not_a_card", text=text.strip())
    rank = _RANK_BY_TEXT[match.group(1)]
    suit = _SUIT_BY_TEXT[match.group(2)]
    return CARDS_BY_CODE[suit.index * 13 + rank.value - 1]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``parse_cards("7h 10s jk")``."""
    return tuple(parse_card(word) for word in re.split(r"[\s,]+", text.strip()) if word)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the notation, separated by spaces: ``7♥ 10♠ JK``."""
    return " ".join(str(card) for card in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in the engine's canonical order (by ``code``)."""
    return tuple(sorted(cards, key=_code))


def _code(card: Card) -> int:
    return card.code


def joker_choices(decks: int = 2) -> tuple[int, ...]:
    """The jokers a game of ``decks`` may add: none, one per deck or two per deck."""
    return (0, decks, 2 * decks)


def new_deck(jokers: int = 0, decks: int = 2) -> tuple[Card, ...]:
    """The unshuffled decks: ``decks`` copies of each of the 52 cards, then the jokers.

    Two decks by default (four seats); the jokers are 0, 1 or 2 per deck
    (:func:`joker_choices`)."""
    if not 1 <= decks <= MAX_DECKS:
        raise InvalidCommandError("bad_decks", decks=decks, most=MAX_DECKS)
    if jokers not in joker_choices(decks):
        raise InvalidCommandError("bad_jokers", jokers=jokers, one=decks, two=2 * decks)
    return (*CARDS_BY_CODE[:52] * decks, *(JOKER,) * jokers)


def decks_deal(decks: int, seats: int = DEFAULT_SEATS) -> bool:
    """Whether ``decks`` (without jokers) deal round 11 to ``seats`` players and leave a
    stock of at least one card for each of them: fewer decks can never serve the table."""
    return 52 * decks - seats * hand_size_for_round(ROUNDS) - 1 >= seats


def wild_rank_for_round(round_no: int) -> Rank:
    """The wild rank of round 1–11: the rank numbered like the hand size (3 … K)."""
    if not 1 <= round_no <= ROUNDS:
        raise InvalidCommandError("bad_round", round_no=round_no)
    return Rank(round_no + 2)


def hand_size_for_round(round_no: int) -> int:
    """Cards dealt to each player in round ``round_no``: 3 in round 1 … 13 in round 11."""
    return round_no + 2


def is_wild(card: Card, wild_rank: Rank) -> bool:
    """Jokers are always wild; so is every card of the round's wild rank."""
    return card.rank is None or card.rank == wild_rank


def card_penalty(card: Card, wild_rank: Rank, *, aces_high: bool = False) -> int:
    """Penalty points of ``card`` when it is not in a meld (RULES.md's table).

    >>> card_penalty(parse_card("7h"), Rank.THREE), card_penalty(parse_card("3h"), Rank.THREE)
    (7, 15)
    >>> card_penalty(parse_card("Ah"), Rank.THREE, aces_high=True), card_penalty(JOKER, Rank.KING)
    (15, 20)
    """
    if card.rank is None:
        return 20
    if card.rank == wild_rank:
        return 15
    if card.rank == Rank.ACE:
        return 15 if aces_high else 1
    return min(card.rank.value, 10)


ROUNDS = 11
