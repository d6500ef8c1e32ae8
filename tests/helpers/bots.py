"""Bots brought from outside ``core`` (``module:Class``), for tests and curated replays."""

from __future__ import annotations

from threethirteen.core.cards import CARDS_BY_CODE, Card, new_deck
from threethirteen.core.events import DrawSource
from threethirteen.core.melds import best_arrangement
from threethirteen.core.views import PlayerView


class Hoarder:
    """Never takes the discard and never goes out: it discards whatever leaves the most points.

    Four of them run the stock dry until the safety rule ends the round.
    """

    last_reason = ""

    def choose_draw(self, view: PlayerView) -> DrawSource:
        self.last_reason = "a hoarder always draws from the stock"
        return DrawSource.STOCK

    def choose_discard(self, view: PlayerView) -> Card:
        def penalty_without(card: Card) -> int:
            rest = list(view.hand)
            rest.remove(card)
            return best_arrangement(rest, view.round_no, aces_high=view.aces_high).penalty

        choices = [card for card in view.hand if card != view.must_not_discard]
        card = max(choices, key=lambda c: (penalty_without(c), c.code))
        self.last_reason = f"discard {card}: keeps the most points, never goes out"
        return card


class Sloppy:
    """Always draws from the stock and discards its highest card (a bot that is easy to beat)."""

    def choose_draw(self, view: PlayerView) -> str:
        return "stock"

    def choose_discard(self, view: PlayerView) -> Card:
        return max(view.hand, key=lambda card: (card.rank or 0, card.code))


class Cheater:
    """Tries to discard a card it does not hold: the engine must refuse it, naming the bot."""

    def choose_draw(self, view: PlayerView) -> str:
        return "discard"

    def choose_discard(self, view: PlayerView) -> Card:
        return next(card for card in CARDS_BY_CODE if card not in view.hand)


class StockCheater:
    """Draws from the stock, then discards a card it does not hold: the engine must refuse
    it, naming the bot (the AI and simulator tests)."""

    def choose_draw(self, view: PlayerView) -> str:
        return "stock"

    def choose_discard(self, view: PlayerView) -> Card:
        missing = next(c for c in new_deck() if c not in view.hand)
        return missing
