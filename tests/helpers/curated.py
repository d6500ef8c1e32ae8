"""How the curated games in ``replays/`` were made: ``python -m tests.helpers.curated``.

Each game is played by AI levels (or the bots of ``tests/helpers/bots.py``) through the
same loop the simulator uses (``core.players.play_game``); the files are then golden tests
(``tests/unit/test_replays.py``): they must verify and show what ``CURATED`` says.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from attrs import field, frozen
from threethirteen.core.cards import JOKER, Card, new_deck, parse_cards, sort_cards
from threethirteen.core.deck import SeededShuffler, Shuffler
from threethirteen.core.events import Event, GameOptions
from threethirteen.core.log import encode_log
from threethirteen.core.players import play_game

from tests.helpers import ROOT

REPLAYS = ROOT / "replays"


@frozen
class Curated:
    """One curated game: how it was played (what it shows is in ``replays/catalogue.toml``)."""

    name: str
    seed: int
    players: tuple[str, ...]
    options: GameOptions = field(factory=GameOptions)
    rounds: int = 11
    shuffler: Callable[[int], Shuffler] | None = None
    schema: int = 1
    """The log schema it was recorded in (older ones are read through the upcasters)."""


@frozen
class StackedShuffler:
    """A prepared deck (a :class:`~threethirteen.core.deck.Shuffler` of the tests only): fixed
    deal orders by round, others seeded.

    ``deals`` maps a round number to the full deck order (top first) to deal
    from; rounds not listed, rebuilds and the first dealer fall back to
    ``SeededShuffler(seed)``. A game dealt this way is not ``seeded``.
    """

    seed: int
    dealer: int
    deals: dict[int, tuple[Card, ...]]
    rebuilds: dict[tuple[int, int], tuple[Card, ...]] | None = None

    @property
    def seeded(self) -> bool:
        return False

    def first_dealer(self, seats: int) -> int:
        return self.dealer

    def deal_order(self, round_no: int, deck: tuple[Card, ...]) -> tuple[Card, ...]:
        order = self.deals.get(round_no)
        if order is None:
            return SeededShuffler(self.seed).deal_order(round_no, deck)
        if sort_cards(order) != sort_cards(deck):
            raise ValueError(f"the stacked deck of round {round_no} is not the game's deck")
        return order

    def rebuild_order(
        self, round_no: int, rebuild_no: int, cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        order = (self.rebuilds or {}).get((round_no, rebuild_no))
        if order is None:
            return SeededShuffler(self.seed).rebuild_order(round_no, rebuild_no, cards)
        if sort_cards(order) != sort_cards(cards):
            raise ValueError(f"the stacked rebuild {rebuild_no} of round {round_no} does not fit")
        return order


def all_wild_deal(seed: int) -> Shuffler:
    """The seed's own deal of round 1, prepared: Left (first to play; You deal) holds
    3♣ 3♦ JK, and the upcard and the top of the stock are 3♥ and 3♠, so whatever Left
    takes and discards, three wilds are left: an all-wild meld."""
    order = list(SeededShuffler(seed).deal_order(1, new_deck(2)))
    # Left gets cards 0, 4 and 8; card 12 is the upcard and 13 the top of the stock.
    cards = (*parse_cards("3c 3d"), JOKER, *parse_cards("3h 3s"))
    wanted = dict(zip((0, 4, 8, 12, 13), cards, strict=True))
    for position, card in wanted.items():
        other = next(
            i for i, c in enumerate(order) if c == card and (i == position or i not in wanted)
        )
        order[position], order[other] = order[other], order[position]
    return StackedShuffler(seed=seed, dealer=0, deals={1: tuple(order)})


CURATED: tuple[Curated, ...] = (
    Curated(
        "jokers-0.jsonl",
        seed=101,
        players=("hard", "medium", "easy", "greedy"),
    ),
    Curated(
        "jokers-2.jsonl",
        seed=202,
        players=("hard", "medium", "medium", "medium"),
        options=GameOptions(jokers=2),
    ),
    Curated(
        "jokers-4-aces-high.jsonl",
        seed=303,
        players=("medium", "hard", "easy", "hard"),
        options=GameOptions(jokers=4, aces_high=True),
    ),
    Curated(
        "no-winner.jsonl",
        seed=1038,
        players=("greedy", "greedy", "greedy", "greedy"),
        options=GameOptions(jokers=4),
    ),
    Curated(
        "all-wild-meld.jsonl",
        seed=404,
        players=("easy", "easy", "medium", "hard"),
        options=GameOptions(jokers=2),
        shuffler=all_wild_deal,
    ),
    Curated(
        "safety-rule.jsonl",
        seed=505,
        # the name the file records (``tests/bots.py`` still answers to it)
        players=("tests.bots:Hoarder",) * 4,
        rounds=1,
    ),
    Curated(
        "two-seats.jsonl",
        seed=606,
        players=("hard", "medium"),
        schema=3,
    ),
    Curated(
        "eight-seats-jokers.jsonl",
        seed=808,
        players=("hard", "medium", "easy", "greedy", "medium", "hard", "greedy", "easy"),
        options=GameOptions(jokers=6),
        schema=3,
    ),
)


def play(game: Curated) -> tuple[Event, ...]:
    """The log of ``game``: whole, or its first ``rounds`` rounds."""
    shuffler = game.shuffler(game.seed) if game.shuffler else None
    return play_game(game.seed, game.players, game.options, shuffler=shuffler, rounds=game.rounds)


def main() -> int:
    names = set(sys.argv[1:])
    for game in CURATED:
        if names and game.name not in names:
            continue
        log = play(game)
        (REPLAYS / game.name).write_text(encode_log(log), encoding="utf-8")
        print(f"{game.name}: {len(log)} events")
    return 0


if __name__ == "__main__":
    sys.exit(main())
