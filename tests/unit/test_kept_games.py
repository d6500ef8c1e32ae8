"""Unfinished games kept aside: Ctrl-C at "Resume it?" changes nothing, every kept game is
found again (``load`` alone lists it, Tab offers it, ``load NAME`` takes it back), and
``load`` keeps nothing new aside when the game it leaves is as it was loaded."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.log import encode_log, read_log
from threethirteen.repl.kit.loop import terminal_screen
from threethirteen.repl.solo.learn import open_lesson
from threethirteen.repl.solo.play import open_play
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of
from tests.helpers.play import session, table_at


def _kept(data_home: Path) -> list[Path]:
    return sorted(data_home.glob("unfinished-*.jsonl"))


def _opened_with(keys: str) -> tuple[object, str]:
    """What ``threethirteen`` opens when ``keys`` answer its first question; all it showed."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        tx = Texts()
        screen = terminal_screen(tx, input=pipe, output=DummyOutput())
        front = open_play(
            screen, seed=None, settings=Settings(speed="instant", level="easy"), tx=tx
        )
    return front, " ".join("".join(screen.transcript).split())


def test_ctrl_c_at_the_resume_question_leaves_and_changes_nothing(data_home: Path) -> None:
    session("draw\rquit\r")  # an unfinished game with a move of yours
    autosave = data_home / "autosave.jsonl"
    before = autosave.read_bytes()
    front, shown = _opened_with("\x03")
    assert front is None
    assert "Resume it? [Y/n] ^C" in shown and "Nothing was changed" in shown
    assert autosave.read_bytes() == before and not _kept(data_home)
    _, table, shown = session("quit\r", resume=True)  # offered again, and Enter resumes it
    assert "An unfinished game was saved" in shown
    assert game_of(table).table.events == read_log(before.decode()).events


def test_ctrl_c_at_the_lesson_question_leaves_and_changes_nothing(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    lesson = data_home / "learn.jsonl"
    with create_pipe_input() as pipe:
        tx = Texts()
        screen = terminal_screen(tx, input=pipe, output=DummyOutput())
        settings = Settings(speed="instant", level="easy", seats=3)
        front = open_lesson(screen, tx=tx, settings=settings)
        assert front is not None
        front.execute("take")
        before = lesson.read_bytes()
        pipe.send_text("\x03")
        again = open_lesson(screen, tx=tx, settings=settings)
    assert again is None and lesson.read_bytes() == before
    assert "Nothing was changed" in "".join(screen.transcript)


def test_load_lists_a_kept_game_tab_offers_it_and_load_takes_it_back(data_home: Path) -> None:
    session("draw\rquit\r")
    played = (data_home / "autosave.jsonl").read_text(encoding="utf-8")
    _, table, shown = session("nload\rquit\r", resume=True)  # no: kept aside, and listed
    (kept,) = _kept(data_home)
    assert kept.read_text(encoding="utf-8") == played
    assert f"load {kept.name} takes it back" in shown
    assert "Unfinished games kept aside (load NAME takes one back):" in shown
    assert f"{kept.name} seed 41, round 1" in " ".join(shown.split())

    completer = table.completer()
    offered = [c.text for c in completer.get_completions(Document("load "), CompleteEvent())]
    assert offered == [kept.name]
    assert not list(completer.get_completions(Document("save "), CompleteEvent()))

    _, table, shown = session(f"yload {kept.name}\rnew 5\ryquit\r", resume=True)
    assert "An unfinished game is kept aside: load lists it." in shown
    assert kept.read_text(encoding="utf-8") == played  # taken back, then back under its name
    assert _kept(data_home) == [kept]
    _, table, shown = session(f"yload {kept.name}\rquit\r", resume=True)
    assert not kept.exists()  # taken back: the autosave holds it, offered at the next start
    assert (data_home / "autosave.jsonl").read_text(encoding="utf-8") == played


def test_loading_games_as_they_were_saved_keeps_nothing_aside(data_home: Path) -> None:
    saves = data_home / "saves"
    saves.mkdir(parents=True)
    for name, seed in (("one", 5), ("two", 6)):
        front = table_at(seed)
        front.execute("draw")  # a move of yours: a game worth keeping
        (saves / f"{name}.jsonl").write_text(encode_log(game_of(front).table.events), "utf-8")
    _, table, shown = session("load one\rload two\rload one\rquit\r")
    assert game_of(table).table.state.seed == 5 and "Loaded" in shown
    assert not _kept(data_home)
    _, table, shown = session("yload two\rdraw\rload one\rquit\r", resume=True)
    assert len(_kept(data_home)) == 1  # two, with a move more than its save: kept
