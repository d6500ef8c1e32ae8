"""The play front in tests: a table at your first turn; a whole session at a real prompt
(``PromptSession``, keys from a pipe, ``DummyOutput``); one turn of yours played."""

from __future__ import annotations

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.events import DrawSource
from threethirteen.core.rules import Draw
from threethirteen.core.state import Phase
from threethirteen.core.timeline import HUMAN
from threethirteen.repl.kit.loop import run_terminal
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.solo.game import PlayFront
from threethirteen.repl.solo.play import open_table
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.timelines import lowest_discard

SEED = 41
"""The seed of :func:`session` unless told."""


def session(
    keys: str, *, lang: str = "en", resume: bool = False, seed: int = SEED
) -> tuple[int, PlayFront, str]:
    """Run a whole session on ``keys``; the exit code, the table and everything shown."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        table, prompt = open_table(
            seed=seed,
            settings=Settings(speed="instant", level="easy"),
            tx=Texts(lang),
            offer_resume=resume,
            input=pipe,
            output=DummyOutput(),
        )
        code = run_terminal(table, prompt)
    assert isinstance(table.screen, TerminalScreen)
    return code, table, "".join(table.screen.transcript)


class _Sink:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def table_at(seed: int = 11, lang: str = "en", draw: DrawSource | None = None) -> PlayFront:
    """A table at the human's first turn (the opponents before it have played); maybe drawn."""
    table = PlayFront.start(
        seed, tx=Texts(lang), screen=PlainScreen(_Sink()), settings=Settings(speed="instant")
    )
    table._play(None)
    assert table.state.turn == HUMAN and table.state.phase == Phase.DRAW
    if draw is not None:
        table.game.submit(HUMAN, Draw(seat=HUMAN, source=draw))
    return table


def play_a_turn(table: PlayFront) -> None:
    table.execute("draw")
    card = lowest_discard(table.state).card
    assert table.execute(f"x {card}") is None
