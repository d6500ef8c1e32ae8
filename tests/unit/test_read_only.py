"""A data folder that cannot be written (read-only disk, no permission): the game plays on,
says the folder is not writable (not that a disk is full) and that it is not autosaved.

The tests run as root, whom ``chmod`` does not stop: the folder is made read-only by
refusing, as the system would, every call that would change something in it.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.events import CardDrawn
from threethirteen.core.log import encode_log
from threethirteen.core.rules import decide, legal_commands, new_game
from threethirteen.core.state import fold
from threethirteen.repl.kit.completer import card_word
from threethirteen.repl.kit.loop import run_terminal
from threethirteen.repl.kit.screen import TerminalScreen
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import open_table
from tests.helpers.readonly import make_read_only


def play(keys: str, lang: str = "en") -> str:
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        table, prompt = open_table(
            seed=3,
            settings=Settings(speed="instant", level="easy"),
            tx=Texts(lang),
            input=pipe,
            output=DummyOutput(),
        )
        assert run_terminal(table, prompt) == 0
    assert isinstance(table.screen, TerminalScreen)
    return " ".join("".join(table.screen.transcript).split())


@pytest.mark.parametrize("code", [errno.EACCES, errno.EROFS])
def test_a_read_only_data_folder_plays_and_says_it_is_not_autosaved(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    data_home.mkdir(parents=True)
    refused = make_read_only(data_home, monkeypatch, code)
    said = play("draw\rquit\r")
    detail = os.strerror(code)
    warning = f"The data folder {data_home} is not writable ({detail}): this game is not autosaved."
    assert said.count(warning) == 1
    assert "disk" not in said and "could not be saved" not in said
    assert "You draw" in said
    assert "Goodbye. (This game was not autosaved.)" in said
    assert refused and list(data_home.iterdir()) == []


def test_a_read_only_folder_with_an_unfinished_game_resumes_it_or_leaves_it_alone(
    data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_home.mkdir(parents=True)
    state, events = new_game(5)
    while not any(isinstance(event, CardDrawn) and event.seat == YOU for event in events):
        new = decide(state, legal_commands(state)[0])  # everyone plays on until you drew
        state, events = fold(new, state), (*events, *new)
    autosave = data_home / "autosave.jsonl"
    text = encode_log(events)
    autosave.write_text(text, encoding="utf-8")
    make_read_only(data_home, monkeypatch, errno.EROFS)
    said = play("n" + "draw\rquit\r")  # a new game: the old one cannot be moved aside
    assert "You draw" in said and "Traceback" not in said
    assert "not writable" in said
    assert autosave.read_text(encoding="utf-8") == text
    assert state.round is not None
    card = card_word(state.round.hands[YOU][0])
    said = play("j" + card + "\rquit\r", lang="de")  # resumed: it plays, and is not saved
    assert "In den Datenordner" in said and "nicht automatisch gespeichert" in said
    assert autosave.read_text(encoding="utf-8") == text
