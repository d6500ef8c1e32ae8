"""The fronts as the tests open them: at a prompt on pipes, or on a plain screen.

The program opens a terminal game or a replay in one step and runs it; tests open the
same front and its real ``PromptSession`` on a pipe input and a dummy output, and run
it themselves (:func:`open_table`, :func:`open_replay`), or make a game at a plain
screen to look behind it (:func:`game_of`).
"""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from threethirteen.repl.files.reproduce import Rebuilt
from threethirteen.repl.kit.loop import session_for, terminal_screen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.solo.game import SoloGame, solo_game
from threethirteen.repl.solo.play import open_play
from threethirteen.repl.solo.replay import open_replay_front
from threethirteen.repl.solo.replay_front import ReplayFront
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words.i18n import Texts


def open_table(
    *,
    seed: int | None,
    settings: Settings,
    tx: Texts,
    offer_resume: bool = True,
    rebuilt: Rebuilt | None = None,
    settings_file: Path | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[SeatFront, PromptSession[str]]:
    """The game at a terminal (resumed, new or rebuilt) and its prompt, ready to run."""
    screen = terminal_screen(tx, color=settings.color, input=input, output=output)
    front = open_play(
        screen,
        seed=seed,
        settings=settings,
        tx=tx,
        offer_resume=offer_resume,
        rebuilt=rebuilt,
        settings_file=settings_file,
    )
    assert isinstance(front, SeatFront), "another terminal's game has the data folder"
    return front, session_for(front, "history", input=input, output=output)


def open_replay(
    path: Path,
    *,
    tx: Texts,
    at: int | None = None,
    sort: str = "suit",
    color: bool = True,
    input: Input | None = None,
    output: Output | None = None,
) -> tuple[ReplayFront, PromptSession[str]] | None:
    """The replay of ``path`` at a terminal and its prompt, or ``None`` when it cannot open."""
    screen = terminal_screen(tx, color=color, input=input, output=output)
    replay = open_replay_front(screen, path, tx=tx, at=at, sort=sort)
    if replay is None:
        return None
    return replay, session_for(replay, "replay-history", input=input, output=output)


def game_of(front: SeatFront) -> SoloGame:
    """The game at a terminal behind ``front`` (its table, its autosave, its settings)."""
    return solo_game(front)
