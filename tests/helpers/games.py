"""Whole games played by the AI levels through ``core.players``' loop: the replay tests'
game (played once per process) and the data folder that must not change while it is
replayed; a game's log as save-file text."""

from __future__ import annotations

import functools
from pathlib import Path

import attrs
from threethirteen.core.events import Event, GameEnded, GameOptions, RoundScored
from threethirteen.core.log import GameLog, encode_log, read_log
from threethirteen.core.players import play_game
from threethirteen.core.state import GameState

from tests.helpers import ROOT

PLAYERS = ("easy", "greedy", "easy", "greedy")
STATS = '{"version": 1, "played": 3}\n'


@functools.cache
def played_game(seed: int = 5, players: tuple[str, ...] = PLAYERS) -> tuple[Event, ...]:
    """A whole game played by AI players (every decision with its reason)."""
    return play_game(seed, players)


def finished_game(seed: int = 5) -> tuple[tuple[Event, ...], GameEnded]:
    """:func:`played_game` and how it ended, as the end of a game tells them."""
    events = played_game(seed)
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    return events, ended


def keep_someones_files(data_home: Path) -> Path:
    """``data_home`` made, holding someone's autosave (the first 40 events of
    :func:`played_game`) and statistics; see :func:`untouched`."""
    data_home.mkdir(parents=True)
    (data_home / "autosave.jsonl").write_text(encode_log(played_game()[:40]), encoding="utf-8")
    (data_home / "stats.json").write_text(STATS, encoding="utf-8")
    return data_home


def untouched(folder: Path) -> bool:
    """Whether the autosave and the statistics are as :func:`keep_someones_files` wrote them."""
    autosave = (folder / "autosave.jsonl").read_text(encoding="utf-8")
    stats = (folder / "stats.json").read_text(encoding="utf-8")
    return autosave == encode_log(played_game()[:40]) and stats == STATS


def play_log(
    seed: int,
    players: tuple[str, ...],
    options: GameOptions | None = None,
    rounds: int = 11,
) -> str:
    """The log of one game between ``players`` (its first ``rounds`` rounds), as save-file text."""
    return encode_log(play_game(seed, players, options, rounds=rounds))


def with_totals(state: GameState, totals: list[int] | tuple[int, ...]) -> GameState:
    """``state`` with the score sheet's last line rigged to ``totals`` (a state's totals
    are its score sheet's)."""
    last = attrs.evolve(state.score_sheet[-1], totals=tuple(totals))
    return attrs.evolve(state, score_sheet=(*state.score_sheet[:-1], last))


def first_rounds(name: str, rounds: int) -> GameLog:
    """The shipped game ``replays/NAME`` up to the end of the move that scored its
    ``rounds``-th round (that scoring and the deal it caused), as a log of its own: a
    shorter game to analyse than the whole (an unfinished one)."""
    events = read_log((ROOT / "replays" / name).read_text(encoding="utf-8")).events
    scored = [seq for seq, event in enumerate(events) if isinstance(event, RoundScored)]
    return read_log(encode_log(events[: scored[rounds - 1] + 2]))
