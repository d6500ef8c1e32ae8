"""Who plays a seat: the :class:`Policy` protocol, loading one by name, and playing its turn.

A policy sees only a :class:`~core.views.PlayerView`, never the game state.
Any importable class can play (``module:Class``, constructed with no
arguments), so people can bring their own bot:

.. code-block:: python

    class AlwaysStock:
        def choose_draw(self, view: PlayerView) -> str:
            return "stock"

        def choose_discard(self, view: PlayerView) -> Card:
            return max(c for c in view.hand if c != view.must_not_discard)

A policy may also set ``last_reason`` (a one-line reason for its latest
choice); the engine writes it into the event.
"""

from __future__ import annotations

import importlib
from typing import Protocol, runtime_checkable

from threethirteen.core.cards import Card
from threethirteen.core.errors import GameError, IllegalMoveError
from threethirteen.core.events import DrawSource, Event
from threethirteen.core.rules import Discard, Draw, decide
from threethirteen.core.state import GameState, Phase
from threethirteen.core.views import PlayerView, view_for


@runtime_checkable
class Policy(Protocol):
    """A player: where to take a card from, and which card to discard."""

    def choose_draw(self, view: PlayerView) -> str | DrawSource:
        """``"stock"`` or ``"discard"``."""
        ...

    def choose_discard(self, view: PlayerView) -> Card:
        """A card of ``view.hand`` other than ``view.must_not_discard``."""
        ...


LEVELS: dict[str, str] = {
    "greedy": "threethirteen.core.ai.easy:GreedyPolicy",
    "easy": "threethirteen.core.ai.easy:EasyPolicy",
    "medium": "threethirteen.core.ai.medium:MediumPolicy",
    "hard": "threethirteen.core.ai.hard:HardPolicy",
}
"""The built-in AI levels, by name."""


class PolicyError(GameError):
    """A player could not be loaded, or made a move the rules do not allow."""


def load_policy(spec: str) -> Policy:
    """A fresh policy for a level name (``"hard"``) or an importable ``"module:Class"``."""
    target = LEVELS.get(spec, spec)
    module_name, _, class_name = target.partition(":")
    if not module_name or not class_name:
        raise PolicyError("policy_spec", spec=spec, levels=", ".join(LEVELS))
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
        policy = cls()
    except Exception as error:  # any failure to import or build is the player's problem
        detail = f"{type(error).__name__}: {error}"
        raise PolicyError("policy_load", spec=spec, detail=detail) from None
    if not isinstance(policy, Policy):
        raise PolicyError("policy_protocol", spec=spec)
    return policy


def policy_turn(state: GameState, policy: Policy, name: str = "") -> tuple[Event, ...]:
    """The events of one decision (a draw or a discard) by ``policy`` for the seat to act.

    The policy gets the seat's view only. A move the rules refuse raises
    :class:`PolicyError` naming the player; it is never replaced by another.
    """
    seat = state.turn
    if seat is None or state.phase not in (Phase.DRAW, Phase.DISCARD):
        raise IllegalMoveError("no_game")
    view = view_for(state, seat)
    label = name or type(policy).__name__
    command: Draw | Discard
    try:
        if state.phase == Phase.DRAW:
            choice = policy.choose_draw(view)
            try:
                source = DrawSource(choice)
            except ValueError:
                raise PolicyError("policy_bad_draw", name=label, choice=choice) from None
            command = Draw(seat=seat, source=source, reason=_reason(policy))
        else:
            card = policy.choose_discard(view)
            if not isinstance(card, Card):
                raise PolicyError("policy_bad_discard", name=label, choice=card)
            command = Discard(seat=seat, card=card, reason=_reason(policy))
        return decide(state, command)
    except IllegalMoveError as error:
        raise PolicyError("policy_illegal", name=label, detail=error) from None


def _reason(policy: Policy) -> str:
    reason = getattr(policy, "last_reason", "")
    return reason if isinstance(reason, str) else ""
