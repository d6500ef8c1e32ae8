"""The game at a terminal in tests: a seat at your first turn; a whole session at a real
prompt (``PromptSession``, keys from a pipe, ``DummyOutput``); one turn of yours played."""

from __future__ import annotations

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.events import DrawSource
from threethirteen.core.rules import Draw
from threethirteen.core.state import Phase
from threethirteen.repl.kit.loop import run_line, run_terminal
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of, open_table
from tests.helpers.timelines import lowest_discard

SEED = 41
"""The seed of :func:`session` unless told."""


def session(
    keys: str, *, lang: str = "en", resume: bool = False, seed: int = SEED
) -> tuple[int, SeatFront, str]:
    """Run a whole session on ``keys``; the exit code, the front and everything shown."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        front, prompt = open_table(
            seed=seed,
            settings=Settings(speed="instant", level="easy"),
            tx=Texts(lang),
            offer_resume=resume,
            input=pipe,
            output=DummyOutput(),
        )
        code = run_terminal(front, prompt)
    assert isinstance(front.screen, TerminalScreen)
    return code, front, "".join(front.screen.transcript)


class _Sink:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def table_at(seed: int = 11, lang: str = "en", draw: DrawSource | None = None) -> SeatFront:
    """A seat at the human's first turn (the opponents before it have played); maybe drawn."""
    front = new_solo_front(
        seed, tx=Texts(lang), screen=PlainScreen(_Sink()), settings=Settings(speed="instant")
    )
    game = game_of(front)
    game.drive()
    assert game.table.state.turn == YOU and game.table.state.phase == Phase.DRAW
    if draw is not None:
        game.table.submit(YOU, Draw(seat=YOU, source=draw))
        game.take_news()  # (the seat hears the draw, as after a line)
    return front


def play_a_turn(front: SeatFront) -> None:
    """Draw and throw the lowest card, as lines at the loop (the opponents play after)."""
    run_line(front, "draw")
    card = lowest_discard(game_of(front).table.state).card
    assert run_line(front, f"x {card}") is None
