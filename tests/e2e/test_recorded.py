"""The recorded games of ``tests/recorded/`` (read by the unit tests instead of playing
them) are still the games the engine and the levels play: each is played again, whole."""

from __future__ import annotations

import pytest
from threethirteen.core.log import read_log
from threethirteen.core.players import play_game

from tests.helpers.recorded import RECORDINGS, Recording


@pytest.mark.parametrize("recording", RECORDINGS, ids=lambda recording: recording.name)
def test_a_recorded_game_is_the_game_played_again(recording: Recording) -> None:
    played = play_game(recording.seed, recording.players, recording.options)
    assert read_log(recording.text()).events == played, (
        f"tests/recorded/{recording.name} is not the game played now: if the engine or a "
        "level changed on purpose, write the recordings anew (python -m tests.helpers.recorded)"
    )
