"""How a player types a card, in each language of the game.

A card is a rank, then a suit, in one word. The notation (:func:`core.cards.parse_card`)
works everywhere: ranks A 2-10 J Q K (T for 10), suits c d h s or ♣ ♦ ♥ ♠, ``jk`` or
``*`` a joker. German adds its own words (:mod:`repl.words.de`), so that a German player
types what the cards are called: Bube ``B``, Dame ``D`` (König ``K`` and Ass ``A`` are the
letters of the notation), and the suits Kreuz ``kr``/``kreuz``, Karo ``ka``/``karo``, Herz
``h``/``herz``, Pik ``p``/``pik``; ``joker`` is a joker. ``Dh`` is the Dame of hearts,
``10p`` the ten of spades, ``Kkr`` the König of clubs, ``7herz`` the seven of hearts.

No word means two cards. ``k`` alone is no suit (Kreuz or Karo?); the German rank
letters B and D are no rank of the notation, and its suit letters c d s no German
suit, so the words of both languages can be read together: a line is read the same
whatever the language, only completion offers each language its own words.

A German player also *sees* the German letters: :func:`shown_card` writes the Dame ``D♥``
and the Bube ``B♣``, and :func:`shown_cards` does the same to the cards inside a sentence
(an AI's reason, an error quoting a card), so no Q or J is shown in German.

>>> str(read_card("Dh")), str(read_card("10pik")), str(read_card("kka")), str(read_card("Qd"))
('Q♥', '10♠', 'K♦', 'Q♦')
>>> shown_card(read_card("Qh"), "de"), shown_cards("[J♣ Q♣ K♣] 10♦", "de")
('D♥', '[B♣ D♣ K♣] 10♦')
"""

from __future__ import annotations

import re
from functools import cache

from ...core.cards import CARDS_BY_CODE, JOKER, Card, Rank, Suit, parse_card
from ...core.errors import InvalidCommandError
from . import de

_RANK_OF_SYMBOL = {rank.symbol: rank for rank in Rank}

RANK_WORDS: dict[str, dict[str, Rank]] = {
    "en": {rank.symbol.lower(): rank for rank in Rank} | {"t": Rank.TEN},
    "de": {word: _RANK_OF_SYMBOL[symbol] for word, symbol in de.RANKS.items()},
}
"""The words of each rank, by language (the numbers 2-10 are the same everywhere)."""

SUIT_WORDS: dict[str, dict[str, Suit]] = {
    "en": {suit.value: suit for suit in Suit} | {suit.symbol: suit for suit in Suit},
    "de": {word: Suit(letter) for word, letter in de.SUITS.items()},
}
"""The words of each suit, by language (``k`` is none: it would be Kreuz or Karo)."""

JOKER_WORDS: dict[str, tuple[str, ...]] = {"en": ("jk", "*"), "de": de.JOKERS}


def _all(table: dict[str, dict[str, Rank]] | dict[str, dict[str, Suit]]) -> dict[str, object]:
    merged: dict[str, object] = {}
    for words in table.values():
        for word, value in words.items():
            assert merged.get(word, value) == value, f"{word!r} means two things"
            merged[word] = value
    return merged


_RANKS = _all(RANK_WORDS)
_SUITS = _all(SUIT_WORDS)


SHOWN_RANKS: dict[str, dict[str, str]] = {"en": {}, "de": de.SHOWN_RANKS}
"""The rank letters each language shows in place of the notation's (German: B, D)."""

_SHOWN_CARD = re.compile(r"(?<![\w])([A-Z])(?=[♣♦♥♠])")
"""A rank letter at the start of a card in a sentence: the ``Q`` of ``Q♥``."""


def shown_rank(rank: Rank, lang: str) -> str:
    """A rank as a player of ``lang`` sees it: ``Q`` in English, ``D`` in German."""
    return SHOWN_RANKS.get(lang, {}).get(rank.symbol, rank.symbol)


def shown_card(card: Card, lang: str) -> str:
    """A card as a player of ``lang`` sees it: ``Q♥`` in English, ``D♥`` in German."""
    if card.rank is None or card.suit is None:
        return str(card)
    return shown_rank(card.rank, lang) + card.suit.symbol


def shown_cards(text: str, lang: str) -> str:
    """``text`` with every card in it (``Q♥``, ``J♣``) as a player of ``lang`` sees it."""
    letters = SHOWN_RANKS.get(lang)
    if not letters:
        return text
    return _SHOWN_CARD.sub(lambda m: letters.get(m.group(1), m.group(1)), text)


def read_card(word: str) -> Card:
    """The card ``word`` names in any language; the engine's "not a card" error if none."""
    try:
        return parse_card(word)
    except InvalidCommandError:
        low = word.strip().lower()
        if any(low in words for words in JOKER_WORDS.values()):
            return JOKER
        rank_text = "10" if low.startswith("10") else low[:1]
        rank, suit = _RANKS.get(rank_text), _SUITS.get(low[len(rank_text) :])
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise
        return CARDS_BY_CODE[suit.index * 13 + rank.value - 1]


def is_card_word(word: str) -> bool:
    """Whether ``word`` names a card in some language."""
    try:
        read_card(word)
    except InvalidCommandError:
        return False
    return True


@cache
def card_forms(card: Card, lang: str) -> tuple[str, ...]:
    """Every word that names ``card`` for a player of ``lang``, lower case, the most natural
    first: in German its own words (``dh``, ``dherz``), then mixed (``dd``, ``qherz``), then
    the notation's (``qh``, ``q♥``); in English the notation's (``10h`` before ``th``)."""
    if card.rank is None or card.suit is None:
        return tuple(dict.fromkeys((*JOKER_WORDS.get(lang, ()), *JOKER_WORDS["en"])))
    rank, suit = card.rank, card.suit
    number = [str(rank.value)] if 2 <= rank.value <= 10 else []
    en_ranks = [w for w, r in RANK_WORDS["en"].items() if r == rank]
    en_suits = [w for w, s in SUIT_WORDS["en"].items() if s == suit]
    own_ranks = number + [w for w, r in RANK_WORDS.get(lang, {}).items() if r == rank]
    own_suits = [w for w, s in SUIT_WORDS.get(lang, {}).items() if s == suit]
    pairs = [(own_ranks, own_suits), (own_ranks, en_suits), (en_ranks, own_suits)]
    forms = [r + s for ranks, suits in pairs for r in ranks for s in suits] if lang != "en" else []
    forms += [r + s for r in en_ranks for s in en_suits]
    return tuple(dict.fromkeys(forms))


def typed_form(card: Card, prefix: str, lang: str) -> str | None:
    """How completion writes ``card`` for what was typed: the first of its words in ``lang``
    that starts with ``prefix`` (``D`` → ``Dh``), rank letter upper case; ``None`` if none."""
    low = prefix.lower()
    form = next((f for f in card_forms(card, lang) if f.startswith(low)), None)
    if form is None or card.is_joker or not form[:1].isalpha():
        return form
    return form[:1].upper() + form[1:]


@cache
def every_form() -> frozenset[str]:
    """Every word that names a card in any language, lower case (for "could it grow?")."""
    return frozenset(
        form for card in CARDS_BY_CODE for lang in RANK_WORDS for form in card_forms(card, lang)
    )
