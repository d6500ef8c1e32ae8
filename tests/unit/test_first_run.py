"""The first game in a data folder where nobody played yet tells of the lesson, once: a
game in play, a finished game kept or a lesson begun show that someone played here."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.repl.files.history import HISTORY
from threethirteen.repl.files.paths import LESSON
from threethirteen.repl.kit.loop import terminal_screen
from threethirteen.repl.solo.play import open_play
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words.i18n import Texts

TIP = {"en": "New to the game? quit, then threethirteen learn", "de": "Zum ersten Mal dabei?"}
WELCOME = {"en": "you against Left, Top and Right", "de": "du gegen Links, Oben und Rechts"}


def opened(keys: str = "", lang: str = "en") -> str:
    """All that ``threethirteen`` showed when it opened a game (``keys`` answer a question)."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        tx = Texts(lang)
        screen = terminal_screen(tx, input=pipe, output=DummyOutput())
        front = open_play(screen, seed=7, settings=Settings(speed="instant", level="easy"), tx=tx)
        assert front is not None
    return " ".join("".join(screen.transcript).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_first_game_here_tells_of_the_lesson_and_the_next_does_not(
    data_home: Path, lang: str
) -> None:
    first = opened(lang=lang)
    assert first.index(WELCOME[lang]) < first.index(TIP[lang])
    # the game is in play now: asked to resume it, a new game is not the first one here
    shown = opened("n", lang)
    assert WELCOME[lang] in shown and TIP[lang] not in shown


@pytest.mark.parametrize("trace", [LESSON, HISTORY])
def test_a_lesson_or_a_finished_game_shows_someone_played_here(
    data_home: Path, trace: str
) -> None:
    data_home.mkdir(parents=True)
    (data_home / trace).mkdir() if trace == HISTORY else (data_home / trace).write_text("")
    assert TIP["en"] not in opened()
