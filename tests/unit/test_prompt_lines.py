"""What the prompt leaves and offers: a refused line leaves it (answered above the next), an
answer to an older state does not stay under the line once news comes, a wild card is
discarded only at a second Enter, and the history suggests only lines that can run now, and
never in a way that looks typed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.styles import DEFAULT_ATTRS
from prompt_toolkit.validation import ValidationError
from threethirteen.core.events import DrawSource
from threethirteen.core.rules import Draw
from threethirteen.repl.kit.completer import card_word
from threethirteen.repl.kit.loop import make_session
from threethirteen.repl.kit.suggest import RunnableSuggest
from threethirteen.repl.kit.validator import GameValidator
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of, open_table
from tests.helpers.play import session, table_at


@pytest.fixture(autouse=True)
def _data_home(data_home: Path, colour_allowed: None) -> Path:
    return data_home


def test_a_refused_line_leaves_the_prompt_and_the_next_is_typed_anew(_data_home: Path) -> None:
    # "undo" with nothing to undo stayed after Enter, and "help undo" went onto its end
    _, _, shown = session("undo\rhelp undo\rquit\r")
    said = " ".join(shown.split())
    assert "Nothing to undo" in said
    assert "undo take back your last move" in said and "undohelp" not in said  # typed anew
    history = (_data_home / "history").read_text(encoding="utf-8")
    assert "+help undo\n" in history and "+undo\n" not in history  # refused: not kept


def test_a_wild_card_is_discarded_at_the_second_enter_only() -> None:
    # seed 3: you draw 2♣ 3♦ 8♥ J♥, and 3♦ is wild in round 1
    _, table, _ = session("draw\rx 3d\r\x03quit\r", seed=3)
    round_ = game_of(table).table.state.round
    assert round_ is not None and len(round_.hands[YOU]) == 4  # warned, not discarded
    _, _, shown = session("draw\rx 3d\r\rquit\r", seed=3)
    assert "You discard 3♦." in shown


def test_the_warning_under_a_wild_discard_says_what_enter_does() -> None:
    front = table_at(3, draw=DrawSource.STOCK)
    validator = GameValidator(front.problem, front.tx, front.grammar, front.caution)
    assert validator.message("x 3d") is None  # it can run
    assert validator.caution("x 3d") == (
        "3♦ is wild: it can complete any meld. Enter again discards it; Ctrl-C clears the line."
    )
    assert validator.caution("x 8h") is None and validator.caution("draw") is None
    german = table_at(3, lang="de", draw=DrawSource.STOCK)
    said = GameValidator(german.problem, german.tx, german.grammar, german.caution).caution("x 3d")
    assert said is not None and said.startswith("3♦ ist ein Platzhalter")


def test_an_answer_to_an_older_state_goes_when_news_comes() -> None:
    """``x CARD`` typed before your draw is refused under the line; once the table tells
    the draw (news, while the line is still there), the line is checked again."""

    async def typing() -> None:
        with create_pipe_input() as pipe:
            front, prompt = open_table(
                seed=11,
                settings=Settings(speed="instant", level="easy"),
                tx=Texts(),
                offer_resume=False,
                input=pipe,
                output=DummyOutput(),
            )
            front.begin()
            game = game_of(front)
            card = game.table.state.round.hands[YOU][0]  # type: ignore[union-attr]
            drawn: asyncio.Queue[ValidationError | None] = asyncio.Queue()

            def rendered(_: object) -> None:
                drawn.put_nowait(prompt.default_buffer.validation_error)

            prompt.app.after_render += rendered
            answer = asyncio.ensure_future(prompt.prompt_async())
            pipe.send_text(f"x {card_word(card)}")
            while (error := await drawn.get()) is None:
                pass
            assert "draw" in error.message  # you must draw first
            game.table.submit(YOU, Draw(seat=YOU, source=DrawSource.STOCK))
            game.take_news()  # the news, as the game takes it in before the next line
            prompt.app.invalidate()
            while await drawn.get() is not None:
                pass
            prompt.app.exit(result="")
            await answer

    asyncio.run(typing())


def test_the_history_suggests_only_a_line_that_can_run_now() -> None:
    front = table_at(11, draw=DrawSource.STOCK)  # your turn to discard
    hand = game_of(front).table.state.round.hands[YOU]  # type: ignore[union-attr]
    held = card_word(hand[0])
    gone = next(
        word for word in ("x 7s", "x 8s", "x 9s", "x 7d") if word[2:] not in map(card_word, hand)
    )
    history = InMemoryHistory()
    for line in (f"x {held}", "draw", gone):  # the latest last
        history.append_string(line)
    suggest = RunnableSuggest(GameValidator(front.problem, front.tx, front.grammar))
    buffer = Buffer(history=history)
    suggestion = suggest.get_suggestion(buffer, Document("x "))
    assert suggestion is not None and suggestion.text == held  # not the newer card gone
    assert suggest.get_suggestion(buffer, Document("d")) is None  # draw: not now


def test_without_colours_the_suggestion_is_underlined_not_like_typed_text() -> None:
    front = table_at(11)
    with create_pipe_input() as pipe:
        plain = make_session(front, history_path=None, plain_text=True, input=pipe)
        coloured = make_session(front, history_path=None, plain_text=False, input=pipe)
    typed = plain.app.style.get_attrs_for_style_str("", DEFAULT_ATTRS)
    ghost = plain.app.style.get_attrs_for_style_str("class:auto-suggestion", DEFAULT_ATTRS)
    assert ghost.underline and not typed.underline
    grey = coloured.app.style.get_attrs_for_style_str("class:auto-suggestion", DEFAULT_ATTRS)
    assert not grey.underline  # grey, where there are colours
