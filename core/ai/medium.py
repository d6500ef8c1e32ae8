"""The medium level: card tracking, outs, and dumping points when the round is ending.

It counts the cards it has not seen (everything not in its hand, on the
discard pile or known to be in an opponent's hand), and judges each possible
discard by the penalty it leaves now *and* the expected penalty after the next
draw over those unseen cards (the "outs"). How much the next draw counts
depends on how likely the round is to end first: once someone is out, or
seems close, it only dumps points ("dump mode").
"""

from __future__ import annotations

from ..cards import Card, card_from_code
from ..events import DrawSource
from ..views import PlayerView
from .hands import Codes, Outlook, RoundFacts, codes_of, outlook, with_card, without
from .reasons import clause, discard_reason, name, open_groups, reason
from .tracking import pickups, turns_played, unseen_list

CANDIDATES = 5
"""Discards judged by their outs: the best few by the penalty they leave."""
MARGIN = 12
"""A discard leaving more than this above the lowest penalty is not judged further."""


class MediumPolicy:
    """Tracks cards, counts outs, and dumps points when the round is about to end."""

    def __init__(self) -> None:
        self.last_reason = ""

    # -- what this level believes ----------------------------------------------------

    def unseen(self, view: PlayerView) -> list[tuple[int, float]]:
        """Where the next stock card comes from: unseen cards, weighted by copies."""
        return unseen_list(view)

    def hazard(self, view: PlayerView) -> float:
        """The chance the round ends before this seat's next turn (1 once someone is out)."""
        if view.went_out is not None:
            return 1.0
        size = view.round_no + 2
        cycles = turns_played(view) / view.seat_count  # rounds of the table so far
        pressure = 0.08 * max(pickups(view))
        return min(0.9, 0.05 + 0.6 * cycles / size + pressure)

    def discard_cost(self, view: PlayerView, code: int) -> float:
        """Extra points charged for discarding ``code`` (the hard level fears feeding)."""
        return 0.0

    # -- judging leaves ---------------------------------------------------------------

    def score(self, hazard: float, look: Outlook) -> float:
        """Expected penalty of a leave: now if the round ends, else after one more draw."""
        return hazard * look.penalty + (1 - hazard) * look.expected

    def judge_discards(
        self, view: PlayerView, table: RoundFacts, hand: Codes, forbidden: int | None
    ) -> list[tuple[float, int, Outlook]]:
        """(score, code, outlook) of the promising discards, best first."""
        options = table.discards(hand, forbidden)
        best = options[0][0]
        hazard = self.hazard(view)
        unseen = self.unseen(view)
        judged: list[tuple[float, int, int, Outlook]] = []
        for left, code in options[:CANDIDATES]:
            if left > best + MARGIN and judged:
                break
            look = outlook(table, without(hand, code), unseen)
            value = 0.0 if left == 0 else self.score(hazard, look)
            value += self.discard_cost(view, code)
            judged.append((value, -table.points(code), code, look))
        judged.sort(key=lambda item: (item[0], item[1], -item[2]))
        return [(value, code, look) for value, _, code, look in judged]

    # -- the two choices -------------------------------------------------------------

    def choose_draw(self, view: PlayerView) -> DrawSource:
        """Take the discard top when the hand it leaves beats the expected stock draw."""
        table = RoundFacts(view.round_no, view.aces_high)
        hand = codes_of(view.hand)
        if view.discard_top is None:
            self.last_reason = reason(clause("stock"), clause("pile_empty"))
            return DrawSource.STOCK
        top = view.discard_top.code
        take_value, stock_value, take_left, stock_expected = self.draw_values(
            view, table, hand, top
        )
        if take_value < stock_value:
            self.last_reason = reason(
                clause("take", card=name(top)),
                clause("leaves_expected", left=take_left, expected=take_value),
                clause("stock_average", stock=stock_expected),
            )
            return DrawSource.DISCARD
        self.last_reason = reason(
            clause("stock"),
            clause("stock_average", stock=stock_expected),
            clause("would_leave", card=name(top), left=take_left),
        )
        return DrawSource.STOCK

    def draw_values(
        self, view: PlayerView, table: RoundFacts, hand: Codes, top: int
    ) -> tuple[float, float, int, float]:
        """(value of taking, value of the stock, penalty left by taking, expected after stock)."""
        hazard = self.hazard(view)
        judged = self.judge_discards(view, table, with_card(hand, top), top)
        take_value, _, take_look = judged[0]
        here = outlook(table, hand, self.unseen(view))
        gain = here.penalty - here.expected
        stock_value = here.expected - (1 - hazard) * gain
        if view.went_out is not None:
            take_value = float(take_look.penalty)
            stock_value = here.expected
        return take_value, stock_value, take_look.penalty, here.expected

    def choose_discard(self, view: PlayerView) -> Card:
        """The discard with the lowest expected penalty (see :meth:`score`)."""
        table = RoundFacts(view.round_no, view.aces_high)
        hand = codes_of(view.hand)
        forbidden = view.must_not_discard.code if view.must_not_discard else None
        _, code, look = self.judge_discards(view, table, hand, forbidden)[0]
        self.last_reason = self.explain(table, code, look, view)
        return card_from_code(code)

    def explain(self, table: RoundFacts, code: int, look: Outlook, view: PlayerView) -> str:
        """The one-line reason for discarding ``code``."""
        note = clause("dumping") if view.went_out is not None else ""
        return discard_reason(
            code,
            look.penalty,
            outs=sum(weight for _, weight in look.outs),
            groups=open_groups(table, table.unmelded(look.leave)),
            note=note,
        )
