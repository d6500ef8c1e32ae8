"""How the curated games in ``replays/`` were made: ``python -m tests.curated``.

Each game is played by AI levels (or the bots of ``tests/bots.py``) through the
same engine calls the simulator uses; the files are then golden tests
(``tests/test_replays.py``): they must verify and show what ``CURATED`` says.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import attrs
from attrs import field, frozen
from threethirteen.core.cards import JOKER, new_deck, parse_cards
from threethirteen.core.deck import SeededShuffler, Shuffler, StackedShuffler
from threethirteen.core.events import DrawSource, Event, GameOptions, RoundScored
from threethirteen.core.log import encode_log
from threethirteen.core.players import Policy, load_policy, policy_turn
from threethirteen.core.rules import Discard, Draw, decide, new_game
from threethirteen.core.state import GameState, Phase, fold
from threethirteen.core.views import view_for

REPLAYS = Path(__file__).resolve().parent.parent / "replays"


@frozen
class Curated:
    """One curated game: how it was played (what it shows is in ``replays/catalogue.toml``)."""

    name: str
    seed: int
    players: tuple[str, ...]
    options: GameOptions = field(factory=GameOptions)
    rounds: int = 11
    shuffler: Callable[[int], Shuffler] | None = None


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
        players=("tests.bots:Hoarder",) * 4,
        rounds=1,
    ),
)


def play(game: Curated) -> list[Event]:
    """The log of ``game``: whole, or its first ``rounds`` rounds."""
    shuffler = game.shuffler(game.seed) if game.shuffler else None
    state, events = new_game(game.seed, game.options, players=game.players, shuffler=shuffler)
    log = list(events)
    policies = [load_policy(player) for player in game.players]
    while state.ended is None and len(state.score_sheet) < game.rounds:
        assert state.turn is not None
        if shuffler is None:
            new = policy_turn(state, policies[state.turn], game.players[state.turn])
        else:
            new = _stacked_turn(state, policies[state.turn], shuffler)
        state = fold(new, state)
        log.extend(new)
        if len(state.score_sheet) >= game.rounds and state.ended is None:
            log = _cut_after_last_score(log)
            break
    return log


def _stacked_turn(state: GameState, policy: Policy, shuffler: Shuffler) -> tuple[Event, ...]:
    """``policy_turn`` for a prepared deck (it passes the shuffler on to ``decide``)."""
    assert state.turn is not None
    view = view_for(state, state.turn)
    if state.phase == Phase.DRAW:
        source = DrawSource(policy.choose_draw(view))
        command: Draw | Discard = Draw(seat=state.turn, source=source)
    else:
        command = Discard(seat=state.turn, card=policy.choose_discard(view))
    reason = getattr(policy, "last_reason", "")
    return decide(state, attrs.evolve(command, reason=reason), shuffler)


def _cut_after_last_score(log: list[Event]) -> list[Event]:
    """Stop a shortened game right after its last scored round (before the next deal)."""
    last = max(i for i, event in enumerate(log) if isinstance(event, RoundScored))
    return log[: last + 1]


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
