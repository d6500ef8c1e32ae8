"""The hard level: medium's tracking plus beliefs, not feeding, and sampled lookahead.

* **Beliefs** (:mod:`core.ai.beliefs`): what each opponent took, passed on and
  threw away shifts which unseen cards are likely in the stock rather than in
  their hands, and which discards would help the next player (only they can
  take it).
* **When the round ends**: ``ENDING`` gives, from measured games, the chance
  that someone else goes out before each of the next own turns (that turn is
  then the last one).
* **Lookahead** (:mod:`core.ai.lookahead`): for the take-or-draw decision and
  for every possible discard, the stock is dealt ``SAMPLES`` ways and the next
  ``TURNS`` turns are played with a fast rule; the option with the lowest
  expected penalty at the round's end wins. Going out scores 0.
* **The last turn** after someone went out is judged exactly: the discard top
  against the mean of every card the stock may hold.
"""

from __future__ import annotations

import random

from ..cards import Card, card_from_code
from ..events import DrawSource
from ..views import PlayerView
from .beliefs import Beliefs, read_beliefs
from .hands import Codes, RoundFacts, codes_of, outlook, with_card, without
from .lookahead import Samples, leave_value, sample_draws, stock_value
from .medium import MediumPolicy
from .reasons import clause, discard_reason, name, open_groups, reason
from .tracking import turns_played

SAMPLES = 96
"""Stock deals sampled per decision."""
TURNS = 2
"""Own future turns played forward in each sample. Measured against medium on the same
deals (the level in one seat, three greedy players, 150–300 seeds a run), 1 or 2 turns
ahead came out 1.4–2.3 points a game below medium in every run; 3 and 4 turns did no
better than medium in some runs and cost more time: the fast rule of the later turns only
throws the highest card away, so deep samples undervalue hands still building melds."""
FEEDING = 0.15
"""Share of the expected penalty charged for a discard the next player surely wants."""

ENDING: dict[int, tuple[float, ...]] = {
    1: (0.5,),
    2: (0.15, 0.24, 0.28, 0.3, 0.3, 0.33, 0.38, 0.45),
    3: (0.04, 0.05, 0.1, 0.11, 0.16, 0.18, 0.2, 0.3, 0.32, 0.35),
    4: (0.18, 0.24, 0.35, 0.35, 0.35, 0.35, 0.4),
    5: (0.08, 0.15, 0.25, 0.25, 0.3, 0.4, 0.4),
    6: (0.05, 0.1, 0.16, 0.21, 0.28, 0.32, 0.4, 0.45),
    7: (0.1, 0.24, 0.3, 0.32, 0.38, 0.42, 0.5),
    8: (0.06, 0.13, 0.22, 0.31, 0.42, 0.45, 0.6),
    9: (0.03, 0.1, 0.17, 0.26, 0.36, 0.42, 0.6),
    10: (0.12, 0.21, 0.3, 0.47, 0.55, 0.6),
    11: (0.11, 0.22, 0.34, 0.4, 0.54, 0.6),
}
"""``ENDING[r][k]``: the chance that someone else goes out between a seat's k-th turn (from 0)
of round r and its next one, measured on 150 greedy and 60 medium games and smoothed
(``threethirteen simulate --games 150 --seed 500 --players greedy,greedy,greedy,greedy
--log-dir …``, and the same with 60 games of four medium players, counting per turn whether
another seat went out before the seat's next turn). Rounds whose hand splits into melds of
three (6, 9, 12 cards) end sooner; 5 cards need one five-card meld and last longest."""


class HardPolicy(MediumPolicy):
    """Everything of medium, plus beliefs about opponents' hands and sampled lookahead."""

    samples_per_decision = SAMPLES
    turns_ahead = TURNS
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
        """The chance the round ends before each of the next own turns (then the last one)."""
        done = turns_played(view, view.seat)
        chances = ENDING[view.round_no]
        return [chances[min(done + t, len(chances) - 1)] for t in range(self.turns_ahead)]

    def feeding_cost(self, view: PlayerView, code: int, value: float) -> float:
        """Extra expected penalty for a discard that would help the next player go out."""
        return self.feeding * self.beliefs(view).feeds(code) * max(1.0, value)

    def samples(self, view: PlayerView, turns: int) -> Samples:
        rng = random.Random(view.decision_seed)
        return sample_draws(self.unseen(view), self.samples_per_decision, turns, rng)

    def played_discards(
        self,
        view: PlayerView,
        table: RoundFacts,
        hand: Codes,
        forbidden: int | None,
        samples: Samples,
    ) -> list[tuple[float, int, int]]:
        """(expected final penalty with the feeding charge, code, penalty left), best first.

        Every discard is played forward, not only those that leave the fewest points: keeping
        a pair of high cards that one draw would meld can beat throwing the highest card away.
        """
        options = table.discards(hand, forbidden)
        if options[0][0] == 0:
            return [(0.0, options[0][1], 0)]
        ending = self.ending(view)
        judged: list[tuple[float, int, int, int]] = []
        for left, code in options:
            value = leave_value(table, without(hand, code), samples, ending)
            value += self.feeding_cost(view, code, value)
            judged.append((value, -table.points(code), code, left))
        judged.sort()
        return [(value, code, left) for value, _, code, left in judged]

    def choose_draw(self, view: PlayerView) -> DrawSource:
        """Take the discard top when its played-forward future beats the stock's."""
        table = RoundFacts(view.round_no, view.aces_high)
        hand = codes_of(view.hand)
        if view.discard_top is None:
            self.last_reason = reason(clause("stock"), clause("pile_empty"))
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
            self.last_reason = reason(
                clause("take", card=name(top)),
                clause("leaves", left=take_left),
                clause("expects_against", expected=take_value, stock=from_stock),
            )
            return DrawSource.DISCARD
        self.last_reason = reason(
            clause("stock"),
            clause("expects_end", expected=from_stock),
            clause("would_leave_expect", card=name(top), left=take_left, expected=take_value),
        )
        return DrawSource.STOCK

    def _last_draw(self, view: PlayerView, table: RoundFacts, hand: Codes, top: int) -> DrawSource:
        """The last turn: the discard top against the mean over what the stock may hold."""
        take = table.discards(with_card(hand, top), top)[0][0]
        stock = outlook(table, hand, self.unseen(view)).expected
        if take < stock:
            self.last_reason = reason(
                clause("take", card=name(top)),
                clause("last_turn"),
                clause("leaves", left=take),
                clause("stock_average", stock=stock),
            )
            return DrawSource.DISCARD
        self.last_reason = reason(
            clause("stock"),
            clause("last_turn"),
            clause("stock_average", stock=stock),
            clause("would_leave", card=name(top), left=take),
        )
        return DrawSource.STOCK

    def choose_discard(self, view: PlayerView) -> Card:
        """The discard with the lowest expected penalty at the round's end."""
        table = RoundFacts(view.round_no, view.aces_high)
        hand = codes_of(view.hand)
        forbidden = view.must_not_discard.code if view.must_not_discard else None
        if view.went_out is not None:
            left, code = table.discards(hand, forbidden)[0]
            self.last_reason = discard_reason(code, left, note=clause("last_dumping"))
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
            note=clause("expects_end", expected=value),
        )
        return card_from_code(code)
