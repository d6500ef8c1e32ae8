"""The hard level: medium's tracking plus beliefs, not feeding, and sampled lookahead.

* **Beliefs** (:mod:`core.ai.beliefs`): what each opponent took, passed on and
  threw away shifts which unseen cards are likely in the stock rather than in
  their hands, how close each of them is to going out, and which discards would
  help the next player (only they can take it).
* **Lookahead** (:mod:`core.ai.lookahead`): for the take-or-draw decision and
  for each promising discard, the stock is dealt ``SAMPLES`` ways and the next
  ``TURNS`` turns are played with a fast rule; the option with the lowest
  expected penalty at the round's end wins. Going out scores 0.
* **The last turn** after someone went out is judged exactly: the discard top
  against the mean of every card the stock may hold.
"""

from __future__ import annotations

import random

from core.ai.beliefs import Beliefs, going_out_chances, read_beliefs
from core.ai.hands import Codes, Table, codes_of, outlook, with_card, without
from core.ai.lookahead import Samples, leave_value, sample_draws, stock_value
from core.ai.medium import MediumPolicy
from core.ai.reasons import discard_reason, name, open_groups
from core.cards import Card, card_from_code
from core.events import DrawSource
from core.views import PlayerView

SAMPLES = 32
"""Stock deals sampled per decision."""
TURNS = 4
"""Own future turns played forward in each sample."""
CANDIDATES = 5
"""Discards played forward: the best few by the penalty they leave."""
MARGIN = 12
"""A discard leaving more than this above the lowest penalty is not played forward."""
FEEDING = 0.15
"""Share of the expected penalty charged for a discard the next player surely wants."""

GOING_OUT_RATES: dict[int, tuple[float, ...]] = {
    1: (0.19, 0.29, 0.35),
    2: (0.04, 0.07, 0.10, 0.12, 0.14, 0.15, 0.16),
    3: (0.01, 0.015, 0.025, 0.035, 0.05, 0.06, 0.08, 0.11, 0.15, 0.2),
    4: (0.06, 0.09, 0.12, 0.13, 0.14, 0.15),
    5: (0.02, 0.04, 0.06, 0.08, 0.11, 0.15, 0.2),
    6: (0.01, 0.03, 0.06, 0.09, 0.12, 0.16, 0.2),
    7: (0.03, 0.07, 0.11, 0.13, 0.15, 0.17),
    8: (0.005, 0.03, 0.07, 0.12, 0.17, 0.21),
    9: (0.01, 0.02, 0.05, 0.1, 0.14, 0.18, 0.22),
    10: (0.03, 0.07, 0.11, 0.15, 0.2, 0.25),
    11: (0.01, 0.05, 0.1, 0.16, 0.22, 0.28),
}
"""Chance that a player goes out on their k-th turn (from 0) of round r, smoothed from
medium-level games (``threethirteen simulate --games 60 --seed 500 --players
medium,medium,medium,medium``). Rounds whose hand splits into melds of three
(6, 9, 12 cards) end sooner; 5 cards need one five-card meld and end late."""


class HardPolicy(MediumPolicy):
    """Everything of medium, plus beliefs about opponents' hands and sampled lookahead."""

    samples_per_decision = SAMPLES
    turns_ahead = TURNS
    candidates = CANDIDATES
    feeding = FEEDING

    def __init__(self) -> None:
        super().__init__()
        self._beliefs: tuple[int, Beliefs] | None = None

    def beliefs(self, view: PlayerView) -> Beliefs:
        """The beliefs for this view (read once per decision)."""
        if self._beliefs is None or self._beliefs[0] != view.decision_seed:
            self._beliefs = (view.decision_seed, read_beliefs(view))
        return self._beliefs[1]

    def unseen(self, view: PlayerView) -> list[tuple[int, float]]:
        """Where the next stock card comes from: unseen cards not believed in other hands."""
        return self.beliefs(view).stock_weights()

    def ending(self, view: PlayerView) -> list[float]:
        """The chance the round ends before each of the next ``TURNS`` own turns."""
        rates = GOING_OUT_RATES[view.round_no]
        return going_out_chances(view, self.beliefs(view), rates, self.turns_ahead)

    def feeding_cost(self, view: PlayerView, code: int, value: float) -> float:
        """Extra expected penalty for a discard that would help the next player go out."""
        return self.feeding * self.beliefs(view).feeds(code) * max(1.0, value)

    def samples(self, view: PlayerView, turns: int) -> Samples:
        rng = random.Random(view.decision_seed)
        return sample_draws(self.unseen(view), self.samples_per_decision, turns, rng)

    def played_discards(
        self, view: PlayerView, table: Table, hand: Codes, forbidden: int | None, samples: Samples
    ) -> list[tuple[float, int, int]]:
        """(expected final penalty with the feeding charge, code, penalty left), best first."""
        options = table.discards(hand, forbidden)
        best = options[0][0]
        if best == 0:
            return [(0.0, options[0][1], 0)]
        ending = self.ending(view)
        judged: list[tuple[float, int, int, int]] = []
        for left, code in options[: self.candidates]:
            if left > best + MARGIN and judged:
                break
            value = leave_value(table, without(hand, code), samples, ending)
            value += self.feeding_cost(view, code, value)
            judged.append((value, -table.points(code), code, left))
        judged.sort()
        return [(value, code, left) for value, _, code, left in judged]

    def choose_draw(self, view: PlayerView) -> DrawSource:
        """Take the discard top when its played-forward future beats the stock's."""
        table = Table(view.round_no, view.aces_high)
        hand = codes_of(view.hand)
        if view.discard_top is None:
            self.last_reason = "draw from the stock: the discard pile is empty"
            return DrawSource.STOCK
        top = view.discard_top.code
        if view.went_out is not None:
            return self._last_draw(view, table, hand, top)
        samples = self.samples(view, self.turns_ahead + 1)
        later = [draws[1:] for draws in samples]
        take_value, _, take_left = self.played_discards(
            view, table, with_card(hand, top), top, later
        )[0]
        from_stock = stock_value(table, hand, samples, self.ending(view))
        if take_value < from_stock:
            self.last_reason = (
                f"take {name(top)}: leaves {take_left}, expects {take_value:.1f} by the end "
                f"of the round against {from_stock:.1f} from the stock"
            )
            return DrawSource.DISCARD
        self.last_reason = (
            f"draw from the stock: expects {from_stock:.1f} by the end of the round; "
            f"{name(top)} would leave {take_left} and expect {take_value:.1f}"
        )
        return DrawSource.STOCK

    def _last_draw(self, view: PlayerView, table: Table, hand: Codes, top: int) -> DrawSource:
        """The last turn: the discard top against the mean over what the stock may hold."""
        take = table.discards(with_card(hand, top), top)[0][0]
        stock = outlook(table, hand, self.unseen(view)).expected
        if take < stock:
            self.last_reason = (
                f"last turn: take {name(top)}, leaves {take} (a stock card: {stock:.1f} on average)"
            )
            return DrawSource.DISCARD
        self.last_reason = (
            f"last turn: draw from the stock, {stock:.1f} on average ({name(top)} leaves {take})"
        )
        return DrawSource.STOCK

    def choose_discard(self, view: PlayerView) -> Card:
        """The discard with the lowest expected penalty at the round's end."""
        table = Table(view.round_no, view.aces_high)
        hand = codes_of(view.hand)
        forbidden = view.must_not_discard.code if view.must_not_discard else None
        if view.went_out is not None:
            left, code = table.discards(hand, forbidden)[0]
            self.last_reason = discard_reason(code, left, note="last turn: dumping points")
            return card_from_code(code)
        value, code, left = self.played_discards(
            view, table, hand, forbidden, self.samples(view, self.turns_ahead)
        )[0]
        if left == 0:
            self.last_reason = discard_reason(code, 0)
            return card_from_code(code)
        leave = without(hand, code)
        look = outlook(table, leave, self.unseen(view))
        self.last_reason = discard_reason(
            code,
            left,
            outs=sum(weight for _, weight in look.outs),
            groups=open_groups(table, table.unmelded(leave)),
            note=f"expects {value:.1f} by the end of the round",
        )
        return card_from_code(code)
