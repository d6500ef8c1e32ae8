"""A game on a :class:`Timeline` as the play front keeps it: you at seat 0, three easy
opponents who play on until it is your turn; your moves, and the discard the easy AI
would make for you."""

from __future__ import annotations

from threethirteen.core.events import GameOptions
from threethirteen.core.players import load_policy, policy_turn
from threethirteen.core.rules import Discard, Draw, decide, new_game
from threethirteen.core.state import GameState
from threethirteen.core.timeline import Timeline
from threethirteen.core.views import view_for

YOU = 0
"""Your seat."""

POLICY = load_policy("easy")


def opponents(timeline: Timeline) -> None:
    """The opponents play until it is the human's turn (or the game is over)."""
    while timeline.state.ended is None and timeline.state.turn != YOU:
        timeline.extend(policy_turn(timeline.state, POLICY))


def started(seed: int = 21, jokers: int = 0) -> Timeline:
    _, events = new_game(seed, GameOptions(jokers=jokers), ("human", "easy", "easy", "easy"))
    timeline = Timeline(events)
    opponents(timeline)
    return timeline


def move(timeline: Timeline, command: Draw | Discard) -> None:
    timeline.begin()
    timeline.extend(decide(timeline.state, command))
    opponents(timeline)


def lowest_discard(state: GameState) -> Discard:
    view = view_for(state, YOU)
    card = POLICY.choose_discard(view)
    return Discard(seat=YOU, card=card)
