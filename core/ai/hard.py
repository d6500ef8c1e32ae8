"""The hard level: medium's tracking plus beliefs, not feeding, and sampled lookahead.

* **Beliefs** (:mod:`core.ai.beliefs`): what each opponent took, passed on and
  threw away shifts which unseen cards are likely in the stock rather than in
  their hands, and which discards would help the next player (only they can
  take it).
* **When the round ends**: ``ENDING`` gives, from measured games, the chance
  that someone else goes out before each of the next own turns (that turn is
  then the last one), for the table's size (``ending_table``).
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
from ..seats import DEFAULT_SEATS
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

ENDING_BY_SEATS: dict[int, dict[int, tuple[float, ...]]] = {
    2: {
        1: (0.16, 0.16, 0.16, 0.16, 0.16, 0.16, 0.18),
        2: (0.05, 0.07, 0.08, 0.1, 0.1, 0.1, 0.1, 0.12, 0.14),
        3: (0.01, 0.03, 0.04, 0.04, 0.04, 0.06, 0.06, 0.08, 0.09, 0.09, 0.1, 0.17, 0.17),
        4: (0.07, 0.08, 0.12, 0.12, 0.12, 0.17, 0.17, 0.17),
        5: (0.03, 0.03, 0.06, 0.08, 0.09, 0.1, 0.1, 0.15, 0.15),
        6: (0.0, 0.02, 0.06, 0.06, 0.1, 0.1, 0.11, 0.11, 0.17, 0.18),
        7: (0.02, 0.05, 0.08, 0.08, 0.15, 0.15, 0.19, 0.19),
        8: (0.02, 0.04, 0.05, 0.09, 0.13, 0.19, 0.19, 0.19),
        9: (0.0, 0.03, 0.06, 0.08, 0.09, 0.1, 0.13, 0.14, 0.26),
        10: (0.02, 0.04, 0.09, 0.11, 0.12, 0.2, 0.24),
        11: (0.03, 0.07, 0.1, 0.13, 0.18, 0.26),
    },
    3: {
        1: (0.33, 0.33, 0.33, 0.33, 0.41),
        2: (0.13, 0.13, 0.14, 0.15, 0.18, 0.21, 0.21, 0.25),
        3: (0.02, 0.07, 0.07, 0.07, 0.12, 0.13, 0.13, 0.15, 0.15, 0.18, 0.18, 0.18),
        4: (0.16, 0.16, 0.2, 0.2, 0.2, 0.22, 0.26),
        5: (0.06, 0.15, 0.15, 0.21, 0.27, 0.29, 0.29),
        6: (0.02, 0.03, 0.08, 0.12, 0.17, 0.17, 0.26, 0.31, 0.31),
        7: (0.07, 0.11, 0.16, 0.27, 0.27, 0.3, 0.3),
        8: (0.02, 0.12, 0.15, 0.15, 0.26, 0.27, 0.27, 0.29),
        9: (0.03, 0.08, 0.1, 0.13, 0.21, 0.28, 0.47),
        10: (0.05, 0.13, 0.2, 0.28, 0.31, 0.36),
        11: (0.07, 0.17, 0.22, 0.22, 0.34, 0.41),
    },
    5: {
        1: (0.5, 0.5, 0.5, 0.5),
        2: (0.26, 0.3, 0.3, 0.42, 0.42),
        3: (0.08, 0.11, 0.15, 0.15, 0.15, 0.23, 0.33, 0.44, 0.44),
        4: (0.21, 0.22, 0.31, 0.45, 0.45),
        5: (0.15, 0.24, 0.36, 0.49, 0.49),
        6: (0.06, 0.13, 0.18, 0.2, 0.34, 0.46, 0.46, 0.67),
        7: (0.14, 0.24, 0.29, 0.43, 0.53),
        8: (0.1, 0.2, 0.26, 0.4, 0.54, 0.54),
        9: (0.05, 0.12, 0.2, 0.3, 0.39, 0.55, 0.55),
        10: (0.19, 0.27, 0.35, 0.41, 0.41, 0.55),
        11: (0.1, 0.27, 0.37, 0.4, 0.42, 0.67),
    },
    6: {
        1: (0.52, 0.52, 0.52, 0.53),
        2: (0.3, 0.3, 0.3, 0.39, 0.48, 0.48),
        3: (0.1, 0.15, 0.17, 0.21, 0.21, 0.29, 0.38, 0.38, 0.38),
        4: (0.29, 0.37, 0.47, 0.47, 0.56),
        5: (0.13, 0.26, 0.37, 0.47, 0.47, 0.68),
        6: (0.1, 0.12, 0.17, 0.3, 0.3, 0.3, 0.44, 0.68),
        7: (0.2, 0.32, 0.45, 0.45, 0.51),
        8: (0.17, 0.27, 0.46, 0.46, 0.46, 0.46),
        9: (0.05, 0.17, 0.28, 0.45, 0.61, 0.61),
        10: (0.18, 0.26, 0.39, 0.43, 0.56),
        11: (0.22, 0.34, 0.48, 0.66),
    },
    7: {
        1: (0.62, 0.62, 0.62),
        2: (0.36, 0.36, 0.36, 0.52, 0.52),
        3: (0.1, 0.18, 0.2, 0.23, 0.33, 0.41, 0.41, 0.49),
        4: (0.33, 0.44, 0.55, 0.64),
        5: (0.26, 0.3, 0.41, 0.51, 0.7),
        6: (0.09, 0.18, 0.23, 0.37, 0.46, 0.49, 0.65),
        7: (0.29, 0.33, 0.5, 0.57, 0.6),
        8: (0.17, 0.33, 0.44, 0.47, 0.57),
        9: (0.09, 0.18, 0.33, 0.45, 0.54, 0.61),
        10: (0.21, 0.28, 0.47, 0.55, 0.66),
        11: (0.17, 0.37, 0.57, 0.69),
    },
    8: {
        1: (0.75, 0.75),
        2: (0.4, 0.5, 0.5, 0.5, 0.57),
        3: (0.08, 0.19, 0.25, 0.33, 0.33, 0.4, 0.42, 0.54),
        4: (0.44, 0.55, 0.55, 0.55),
        5: (0.19, 0.34, 0.45, 0.65, 0.69),
        6: (0.09, 0.23, 0.34, 0.36, 0.42, 0.55, 0.58),
        7: (0.27, 0.36, 0.45, 0.74),
        8: (0.19, 0.4, 0.57, 0.63, 0.77),
        9: (0.09, 0.23, 0.33, 0.45, 0.71, 0.9),
        10: (0.23, 0.4, 0.58, 0.81),
        11: (0.25, 0.41, 0.62, 0.78),
    },
}
"""``ENDING`` at the other table sizes (four seats play with ``ENDING`` itself), measured
the same way on 150 games of greedy players at each size, a turn's chance cut where
it was seen fewer than 50 times: ``threethirteen simulate --ending --games 150 --seed 500
--players greedy`` (:mod:`core.lab.ending`; its four-seat table comes out within a few
hundredths of ``ENDING``). Two players end a round far later than four (round 11's first
turn: 0.03 against 0.11), eight far sooner (0.25)."""


def ending_table(seats: int) -> dict[int, tuple[float, ...]]:
    """The ``ENDING`` of a table of ``seats`` (four: the table the level was tuned on)."""
    return ENDING if seats == DEFAULT_SEATS else ENDING_BY_SEATS[seats]


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
        chances = ending_table(view.seat_count)[view.round_no]
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
