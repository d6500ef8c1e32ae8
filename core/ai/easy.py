"""The easy level: greedy play on the penalty of the hand in front of it.

``GreedyPolicy`` is the plain rule, without any randomness: take the discard
only if it lowers the best penalty; discard to the lowest penalty, the highest
card on ties. ``EasyPolicy`` plays the same rule but now and then picks another
of the near-best choices (seeded by the view), so it feels like a person.
"""

from __future__ import annotations

import random

from ..cards import Card, card_from_code
from ..events import DrawSource
from ..views import PlayerView
from .hands import RoundFacts, codes_of, with_card
from .reasons import clause, discard_reason, name, reason

NEAR_TIE = 2
"""Penalty points within which the easy level counts two choices as nearly equal."""


def _table(view: PlayerView) -> RoundFacts:
    return RoundFacts(view.round_no, view.aces_high)


class GreedyPolicy:
    """Take the discard only if it lowers the best penalty; discard to the lowest penalty."""

    def __init__(self) -> None:
        self.last_reason = ""

    def _take_gain(self, view: PlayerView) -> tuple[int, int, int]:
        """(penalty now, penalty after taking the discard top and discarding well, top code)."""
        table = _table(view)
        hand = codes_of(view.hand)
        now = table.penalty(hand)
        if view.discard_top is None:
            return now, now, -1
        top = view.discard_top.code
        after = table.discards(with_card(hand, top), forbidden=top)[0][0]
        return now, after, top

    def choose_draw(self, view: PlayerView) -> DrawSource:
        """Take the discard top when it lowers the penalty, else draw from the stock."""
        now, after, top = self._take_gain(view)
        if top >= 0 and after < now:
            self.last_reason = _take_reason(top, now, after)
            return DrawSource.DISCARD
        self.last_reason = _stock_reason(top, now)
        return DrawSource.STOCK

    def choose_discard(self, view: PlayerView) -> Card:
        """The card whose discard leaves the lowest penalty (the highest card on ties)."""
        table = _table(view)
        forbidden = view.must_not_discard.code if view.must_not_discard else None
        left, code = table.discards(codes_of(view.hand), forbidden)[0]
        self.last_reason = discard_reason(code, left)
        return card_from_code(code)


class EasyPolicy(GreedyPolicy):
    """The greedy rule with a little seeded randomness among near-ties."""

    def choose_draw(self, view: PlayerView) -> DrawSource:
        """Like greedy, but a small gain is sometimes passed up."""
        now, after, top = self._take_gain(view)
        rng = random.Random(view.decision_seed)
        gain = now - after
        if top >= 0 and gain > 0 and (gain > NEAR_TIE or rng.random() < 0.75):
            self.last_reason = _take_reason(top, now, after)
            return DrawSource.DISCARD
        self.last_reason = _stock_reason(top, now)
        return DrawSource.STOCK

    def choose_discard(self, view: PlayerView) -> Card:
        """Usually the greedy discard; sometimes another within ``NEAR_TIE`` points of it."""
        table = _table(view)
        forbidden = view.must_not_discard.code if view.must_not_discard else None
        options = table.discards(codes_of(view.hand), forbidden)
        best = options[0][0]
        near = [option for option in options if option[0] <= best + NEAR_TIE and option[0] > 0]
        rng = random.Random(view.decision_seed)
        left, code = options[0]
        if best > 0 and len(near) > 1 and rng.random() < 0.25:
            left, code = near[rng.randrange(1, len(near))]
        self.last_reason = discard_reason(code, left)
        return card_from_code(code)


def _take_reason(top: int, now: int, after: int) -> str:
    return reason(clause("take", card=name(top)), clause("lowers", now=now, after=after))


def _stock_reason(top: int, now: int) -> str:
    if top < 0:
        return reason(clause("stock"), clause("pile_empty"))
    return reason(clause("stock"), clause("would_not_lower", card=name(top), now=now))
