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

:func:`play_on` is the one loop in which policies play: from any state, one
decision at a time; :func:`play_game` plays a whole game with it, by player names.
The simulator, the benchmark, the curated replays and the tests use them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from typing import Protocol, runtime_checkable

from .cards import Card
from .deck import Shuffler
from .errors import GameError, IllegalMoveError
from .events import DrawSource, Event, GameOptions
from .rules import Discard, Draw, decide, new_game
from .state import GameState, Phase, fold
from .views import PlayerView, view_for


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


def policy_command(state: GameState, policy: Policy, name: str | int = "") -> Draw | Discard:
    """What ``policy`` chooses for the seat to act (a draw or a discard), as a command with
    its reason, not yet decided. The policy gets the seat's view only; a choice that is
    neither a draw source nor a card raises :class:`PolicyError` naming the player:
    ``name`` (a seat number is said by the seat's name), or the policy's class."""
    seat = state.turn
    if seat is None or state.phase not in (Phase.DRAW, Phase.DISCARD):
        raise IllegalMoveError("no_game")
    view = view_for(state, seat)
    label = type(policy).__name__ if name == "" else name
    if state.phase == Phase.DRAW:
        choice = policy.choose_draw(view)
        try:
            source = DrawSource(choice)
        except ValueError:
            raise PolicyError("policy_bad_draw", player=label, choice=choice) from None
        return Draw(seat=seat, source=source, reason=_reason(policy))
    card = policy.choose_discard(view)
    if not isinstance(card, Card):
        raise PolicyError("policy_bad_discard", player=label, choice=card)
    return Discard(seat=seat, card=card, reason=_reason(policy))


def policy_turn(
    state: GameState, policy: Policy, name: str | int = "", shuffler: Shuffler | None = None
) -> tuple[Event, ...]:
    """The events of one decision (a draw or a discard) by ``policy`` for the seat to act.

    The policy gets the seat's view only. A move the rules refuse raises
    :class:`PolicyError` naming the player: ``name`` (a seat number is said by the seat's
    name), or the policy's class.
    ``shuffler`` is the game's chance (a prepared deck), as for :func:`~core.rules.decide`.
    """
    command = policy_command(state, policy, name)
    try:
        return decide(state, command, shuffler)
    except IllegalMoveError as error:
        label = type(policy).__name__ if name == "" else name
        raise PolicyError("policy_illegal", player=label, detail=error) from None


def _reason(policy: Policy) -> str:
    reason = getattr(policy, "last_reason", "")
    return reason if isinstance(reason, str) else ""


def play_on(
    state: GameState,
    policies: Sequence[Policy],
    names: Sequence[str] = (),
    shuffler: Shuffler | None = None,
) -> Iterator[tuple[tuple[Event, ...], GameState]]:
    """Let ``policies`` (one per seat) play from ``state``: each decision's events and the
    state after them, until the game ends. Stop early by leaving the loop.

    >>> state, _ = new_game(7, players=("greedy",) * 4)
    >>> greedy = [load_policy("greedy")] * 4
    >>> events, after = next(play_on(state, greedy))
    >>> type(events[0]).__name__, after.phase.name
    ('CardDrawn', 'DISCARD')
    """
    while state.ended is None and state.turn is not None:
        seat = state.turn
        events = policy_turn(state, policies[seat], names[seat] if names else "", shuffler)
        state = fold(events, state)
        yield events, state


def play_game(
    seed: int,
    players: Sequence[str],
    options: GameOptions | None = None,
    *,
    shuffler: Shuffler | None = None,
    rounds: int | None = None,
) -> tuple[Event, ...]:
    """The whole log of a game between ``players`` (level names or ``module:Class``).

    With ``rounds``, the log stops once that many rounds are scored, at the end of
    that move (after the next round's deal, which the same discard caused), so the
    log never stops in the middle of a move.

    >>> log = play_game(7, ("greedy",) * 4, rounds=1)
    >>> type(log[-2]).__name__, type(log[-1]).__name__, log[-1].round_no
    ('RoundScored', 'RoundDealt', 2)
    """
    start, first = new_game(seed, options, players=tuple(players), shuffler=shuffler)
    log = list(first)
    policies = [load_policy(player) for player in players]
    for events, state in play_on(start, policies, players, shuffler):
        log.extend(events)
        if rounds is not None and len(state.score_sheet) >= rounds:
            break  # at the end of a move: the scoring and the deal it caused
    return tuple(log)
