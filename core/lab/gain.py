"""A player's gain over a base player, measured one decision at a time.

Paired whole games are the plain measure of a player against another, and an expensive one:
a paired game's total varies by 26-28 points, so telling 5% apart takes hundreds of deals.
When a player mostly chooses as the base player does (a new level built on ``hard``, a bot
that changes a few choices), most of that variance comes from what the two games deal
*after* the choices differ, not from the choices.

The performance difference lemma (Kakade and Langford, "Approximately optimal approximate
reinforcement learning", ICML 2002) measures only the choices: the candidate plays a whole
game in one seat, the base player in the others. Wherever the candidate chooses otherwise
than the base player would on the same view, both choices are played out to the end of the
round, each ``playouts`` times from the table as it truly is (every hand where it is, the
stock reshuffled: nobody has seen its order), the base player playing every seat on; the
same reshuffles serve both choices. A choice's gain is the seat's mean penalty at the
round's end after the candidate's choice less that after the base player's. Summed over a
game, the gains are, in expectation, the candidate's total less what the base player would
have scored in its seat on the same deals (each round is dealt from the seed, whoever
played the one before). Where both choose alike nothing is played out, so a candidate that
changes few choices is measured at a small part of the cost of paired games.

>>> game = measure_gain(GainJob(seed=7, candidate="greedy", base="greedy", seat=0,
...                             options=GameOptions(), seats=3, playouts=2))
>>> game.choices, game.decisions > 20, game.error
((), True, None)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import attrs
from attrs import frozen

from ..errors import GameError, IllegalMoveError
from ..events import GameOptions, RoundScored
from ..players import Policy, PolicyError, load_policy, policy_command, policy_turn
from ..rules import Discard, Draw, check, decide, new_game
from ..state import GameState, MoveKind, fold
from .simulation import mean_interval, player_label

DRAW = "draw"
DISCARD = "discard"
"""The two kinds of decision."""

EARLY_TURNS = 3
"""A seat's first turns of a round, reported apart: where the levels' choices matter most."""

ROUND_GROUPS = ((1, 4), (5, 8), (9, 11))
"""The rounds reported together (3 to 6 cards, 7 to 10, 11 to 13)."""


@frozen(kw_only=True)
class GainJob:
    """One game: ``candidate`` in ``seat``, ``base`` in every other, dealt from ``seed``."""

    seed: int
    candidate: str
    base: str
    seat: int
    options: GameOptions
    seats: int
    playouts: int


@frozen(kw_only=True)
class ChangedChoice:
    """A decision where the candidate chose otherwise than the base player would have.

    ``mine`` and ``theirs`` are the seat's penalties at the round's end in each play-out
    after the candidate's choice and after the base player's, on the same reshuffles."""

    round_no: int
    turn: int
    """The seat's discards so far this round (0: its first turn)."""
    kind: str
    candidate: str
    base: str
    mine: tuple[int, ...]
    theirs: tuple[int, ...]

    @property
    def gain(self) -> float:
        """Penalty points the candidate's choice adds over the base player's (lower is better)."""
        return statistics.fmean(self.mine) - statistics.fmean(self.theirs)


@frozen(kw_only=True)
class GameGain:
    """One game measured: the candidate's decisions, those that differed, and its total.

    A game the candidate could not finish has only its ``seed`` and the ``error``."""

    seed: int
    seat: int
    decisions: int = 0
    choices: tuple[ChangedChoice, ...] = ()
    total: int = 0
    error: str | None = None

    @property
    def gain(self) -> float:
        """The game's gains summed: the candidate's total less the base player's, expected."""
        return sum(choice.gain for choice in self.choices)


def gain_jobs(
    candidate: str,
    base: str,
    seeds: Sequence[int],
    options: GameOptions,
    seats: int,
    playouts: int,
) -> list[GainJob]:
    """A game per seed, the candidate's seat going round the table from game to game."""
    return [
        GainJob(
            seed=seed,
            candidate=candidate,
            base=base,
            seat=i % seats,
            options=options,
            seats=seats,
            playouts=playouts,
        )
        for i, seed in enumerate(seeds)
    ]


def measure_gain(job: GainJob) -> GameGain:
    """Play ``job``'s game and value every decision where the candidate differs."""
    try:
        candidate, judge = load_policy(job.candidate), load_policy(job.base)
        others = [load_policy(job.base) for _ in range(job.seats)]
    except GameError as error:
        return GameGain(seed=job.seed, seat=job.seat, error=str(error))
    players = tuple(job.candidate if s == job.seat else job.base for s in range(job.seats))
    state, _ = new_game(job.seed, job.options, players=players)
    decisions = 0
    choices: list[ChangedChoice] = []
    try:
        while state.ended is None and state.turn is not None:
            seat = state.turn
            if seat != job.seat:
                label = player_label(job.base, seat, job.seats)
                state = fold(policy_turn(state, others[seat], label), state)
                continue
            decisions += 1
            label = player_label(job.candidate, seat, job.seats)
            mine = _choose(state, candidate, label)
            try:
                check(state, mine)
            except IllegalMoveError as error:
                raise PolicyError("policy_illegal", player=label, detail=error) from None
            theirs = _choose(state, judge, label)
            if mine != theirs:
                choices.append(_value(job, state, mine, theirs))
            state = fold(decide(state, mine), state)
    except GameError as error:
        return GameGain(seed=job.seed, seat=job.seat, error=str(error))
    except Exception as error:  # a bot's own crash is its problem, named as such
        failed = f"the player {job.candidate!r} or {job.base!r} failed: {error!r}"
        return GameGain(seed=job.seed, seat=job.seat, error=failed)
    return GameGain(
        seed=job.seed,
        seat=job.seat,
        decisions=decisions,
        choices=tuple(choices),
        total=state.totals[job.seat],
    )


def _choose(state: GameState, policy: Policy, player: str) -> Draw | Discard:
    """What ``policy`` does for the seat to act, without its reason (two players' choices
    are compared by what they do)."""
    return attrs.evolve(policy_command(state, policy, player), reason="")


def _value(
    job: GainJob, state: GameState, mine: Draw | Discard, theirs: Draw | Discard
) -> ChangedChoice:
    """Both choices played out ``job.playouts`` times on the same reshuffles."""
    round_ = state.round
    assert round_ is not None
    turn = sum(
        1 for move in round_.history if move.seat == job.seat and move.kind == MoveKind.DISCARDED
    )
    after: dict[Draw | Discard, list[int]] = {mine: [], theirs: []}
    for k in range(job.playouts):
        stock = list(round_.stock)
        random.Random(f"gain/{job.seed}/{state.event_count}/{k}").shuffle(stock)
        shuffled = attrs.evolve(state, round=attrs.evolve(round_, stock=tuple(stock)))
        for command in (mine, theirs):
            after[command].append(_play_out(shuffled, command, job))
    return ChangedChoice(
        round_no=round_.round_no,
        turn=turn,
        kind=DRAW if isinstance(mine, Draw) else DISCARD,
        candidate=_said(mine),
        base=_said(theirs),
        mine=tuple(after[mine]),
        theirs=tuple(after[theirs]),
    )


def _said(command: Draw | Discard) -> str:
    return command.source.value if isinstance(command, Draw) else str(command.card)


def _play_out(state: GameState, command: Draw | Discard, job: GainJob) -> int:
    """The seat's penalty when the round is scored: ``command``, then the base player in
    every seat (new players each time: nothing one play-out saw carries into the next)."""
    players = [load_policy(job.base) for _ in range(job.seats)]
    round_no = state.round.round_no if state.round else 0
    events = decide(state, command)
    while True:
        for event in events:
            if isinstance(event, RoundScored) and event.round_no == round_no:
                return event.scores[job.seat].penalty
        state = fold(events, state)
        assert state.turn is not None  # the round goes on
        events = decide(state, _choose(state, players[state.turn], job.base))


@frozen(kw_only=True)
class Part:
    """The gain per game of a part of the decisions (all, the draws, a group of rounds…)."""

    label: str
    changed: int
    mean: float
    half_width: float


@frozen(kw_only=True)
class GainReport:
    """What the games showed: how often the candidate differed and what that gained."""

    games: int
    decisions: int
    changed: int
    candidate_total: float
    parts: tuple[Part, ...]
    failed: tuple[GameGain, ...]

    @property
    def whole(self) -> Part:
        """The gain per game over every decision."""
        return self.parts[0]

    @property
    def base_total(self) -> float:
        """The base player's expected mean total in the candidate's seats."""
        return self.candidate_total - self.whole.mean


def summarise(games: Sequence[GameGain]) -> GainReport:
    """The gain per game, in all and by kind, rounds and turn, with 95% intervals."""
    played = [game for game in games if game.error is None]
    selections: list[tuple[str, tuple[int, int] | str | bool | None]] = [("all", None)]
    selections += [("draws", DRAW), ("discards", DISCARD)]
    selections += [(f"rounds {low}-{high}", (low, high)) for low, high in ROUND_GROUPS]
    selections += [(f"first {EARLY_TURNS} turns", True), ("later turns", False)]
    parts = []
    for label, which in selections:
        chosen = [[c for c in game.choices if _in(c, which)] for game in played]
        mean, half = mean_interval([sum(c.gain for c in game) for game in chosen])
        parts.append(Part(label=label, changed=sum(map(len, chosen)), mean=mean, half_width=half))
    return GainReport(
        games=len(played),
        decisions=sum(game.decisions for game in played),
        changed=sum(len(game.choices) for game in played),
        candidate_total=statistics.fmean(g.total for g in played) if played else float("nan"),
        parts=tuple(parts),
        failed=tuple(game for game in games if game.error is not None),
    )


def _in(choice: ChangedChoice, which: tuple[int, int] | str | bool | None) -> bool:
    if which is None:
        return True
    if isinstance(which, bool):
        return (choice.turn < EARLY_TURNS) == which
    if isinstance(which, str):
        return choice.kind == which
    return which[0] <= choice.round_no <= which[1]
