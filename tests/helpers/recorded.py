"""Whole games of the slower levels, played once and kept as logs in ``tests/recorded/``: a
unit test reads one in a tenth of a second instead of playing it for ten.

A recording cannot rot unseen: ``tests/e2e/test_recorded.py`` plays every game again and
finds its file word for word. When the engine or a level changes on purpose, write them
anew with ``python -m tests.helpers.recorded`` (and look at the difference).
"""

from __future__ import annotations

import functools

import attrs
from attrs import frozen
from threethirteen.core.events import Event, GameOptions
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.players import play_game

from tests.helpers import ROOT

RECORDED = ROOT / "tests" / "recorded"
"""Where the recorded logs are (data, not test modules)."""


@frozen
class Recording:
    """A game as it is played again: its seed, its players (one a seat) and its options."""

    seed: int
    players: tuple[str, ...]
    options: GameOptions = attrs.Factory(GameOptions)

    @property
    def name(self) -> str:
        """The log's file name: ``seed-5-medium-hard-medium-hard.jsonl`` (and its options)."""
        options = self.options
        extra = f"-jokers-{options.jokers}" if options.jokers else ""
        extra += "-aces-high" if options.aces_high else ""
        return f"seed-{self.seed}-{'-'.join(self.players)}{extra}.jsonl"

    def play(self) -> str:
        """The game played now, as save-file text."""
        return encode_log(play_game(self.seed, self.players, self.options))

    def text(self) -> str:
        """The log as it was recorded."""
        return (RECORDED / self.name).read_text(encoding="utf-8")


RECORDINGS = (
    Recording(5, ("medium", "hard", "medium", "hard")),
    Recording(6, ("medium", "hard", "medium", "hard")),
    Recording(7, ("hard", "medium", "medium", "medium")),
)
"""Every recorded game."""


@functools.cache
def recorded_game(seed: int, players: tuple[str, ...]) -> tuple[Event, ...]:
    """The events of the recorded game of ``seed`` between ``players`` (it must be one of
    :data:`RECORDINGS`), read from its log."""
    recording = Recording(seed, players)
    assert recording in RECORDINGS, f"{recording} is not recorded (add it to RECORDINGS)"
    return read_log(recording.text()).events


def main() -> None:
    """Play every recording again and write its log (``python -m tests.helpers.recorded``)."""
    RECORDED.mkdir(exist_ok=True)
    for recording in RECORDINGS:
        (RECORDED / recording.name).write_text(recording.play(), encoding="utf-8")
        print(RECORDED / recording.name)


if __name__ == "__main__":
    main()
