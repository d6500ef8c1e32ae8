"""How this player likes the game, and who plays the other seats of a new one.

:class:`Settings` come from the command line and the config file
(:mod:`repl.files.config`); :func:`policies_for` picks the AI opponents of a game, new or
read from a file (a file never makes the game import code).
"""

from __future__ import annotations

import secrets

from attrs import define

from ...core.cards import joker_choices
from ...core.events import GameOptions
from ...core.players import LEVELS, Policy, load_policy
from ...core.seats import DEFAULT_SEATS, decks_for
from ...core.state import GameState

YOU = 0
"""The seat of the person at the terminal (the others are the AI's)."""

DELAYS = {"instant": 0.0, "fast": 0.2, "normal": 0.6, "step": 0.0}
"""Seconds of narration per AI turn at each speed (``step`` waits for a key instead)."""


@define
class Settings:
    """How this player likes the game: speed, hand order, colours, and options for new games."""

    speed: str = "normal"
    sort: str = "suit"
    level: str = "medium"
    jokers: int = 0
    aces_high: bool = False
    color: bool = True
    seats: int = DEFAULT_SEATS
    """Players at a new game's table: you and ``seats - 1`` AI opponents."""
    levels: tuple[str, ...] = ()
    """Each opponent's level, clockwise from your left; none given: all play ``level``."""
    coach: bool = False
    """Whether the coach says, after a costly move, what the hard AI would have done."""

    def options(self) -> GameOptions:
        """The options a new game is dealt with."""
        return GameOptions(jokers=self.jokers, aces_high=self.aces_high)

    def described(self, language: str) -> str:
        """These settings in a line, for a bug report."""
        return f"speed {self.speed}, sort {self.sort}, level {self.level}, language {language}"

    def players(self) -> tuple[str, ...]:
        """Who plays each seat of a new game: you, then an AI at each other seat, each of
        its own level (``levels``) or all of ``level``."""
        if len(self.levels) == self.seats - 1:
            return ("human", *self.levels)
        return ("human", *(self.level,) * (self.seats - 1))

    def keep_table(self, state: GameState) -> None:
        """Deal the next game (``new``) at the table of the game in play: its seat count and
        its opponents' levels (a seat played by anything but a level gets ``level``); its
        jokers too when the settings' jokers do not fit that table's decks."""
        started = state.started
        if started is None:
            return
        self.seats = started.seat_count
        self.levels = tuple(p if p in LEVELS else self.level for p in started.players[1:])
        if self.jokers not in joker_choices(decks_for(self.seats)):
            self.jokers = started.options.jokers


def level_list(text: str) -> tuple[str, ...]:
    """``hard,medium,easy`` as levels (spaces around a comma are allowed)."""
    return tuple(part.strip() for part in text.split(","))


def random_seed() -> int:
    """A fresh seed, short enough to read out and type again."""
    return secrets.randbelow(999_999) + 1


def policies_for(state: GameState, default: str = "medium") -> dict[int, Policy]:
    """The AI of each opponent seat, as the game's start names them.

    Only level names are taken from a log (``"medium"``); any other entry (a
    ``"human"`` seat from another front end, a ``module:Class`` bot) is played by
    ``default``: a file must never make the game import code.
    """
    players = state.started.players if state.started else Settings().players()
    return {
        seat: load_policy(players[seat] if players[seat] in LEVELS else default)
        for seat in range(1, len(players))
    }
