"""Full disks, odd data folders: nothing played is lost, nothing hangs, nothing crashes."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.events import DrawSource
from threethirteen.core.log import event_line, read_log
from threethirteen.core.rules import Draw
from threethirteen.repl.files.log_file import LogFile
from threethirteen.repl.files.stats import read_stats
from threethirteen.repl.kit.loop import run_terminal
from threethirteen.repl.kit.render import Text
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.solo.keeping import record_result
from threethirteen.repl.solo.past import render_stats
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.games import finished_game
from tests.helpers.opening import game_of, open_table
from tests.helpers.play import play_a_turn
from tests.helpers.timelines import lowest_discard, move, started


class FullDisk:
    """``os.write`` onto a disk with ``room`` bytes left (``None``: room enough): a write
    that does not fit writes what fits, the next one fails with ``ENOSPC``."""

    def __init__(self, room: int | None = None) -> None:
        self.room = room
        self.cut_off = 0  # bytes of a line written before the disk was full

    def __call__(self, fd: int, data: bytes) -> int:
        if self.room is None:
            return os.write(fd, data)
        if self.room == 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = os.write(fd, data[: self.room])
        self.room -= written
        self.cut_off += written
        return written


def test_a_full_disk_cuts_the_autosave_back_to_its_last_line_and_saves_again_later(
    tmp_path: Path,
) -> None:
    path = tmp_path / "auto.jsonl"
    disk = FullDisk()
    told: list[OSError | None] = []
    autosave = LogFile(path, write=disk)
    autosave.told = told.append
    timeline = started(26)
    autosave.sync(timeline.recorded())
    whole = path.read_bytes()
    saved = len(timeline.recorded())

    disk.room = 30  # part of the next line fits
    move(timeline, Draw(seat=YOU, source=DrawSource.STOCK))
    autosave.sync(timeline.recorded())
    assert disk.cut_off == 30
    assert path.read_bytes() == whole  # the cut-off line is gone
    assert [error.errno for error in told if error] == [errno.ENOSPC]
    assert autosave.failure is not None

    move(timeline, lowest_discard(timeline.state))
    autosave.sync(timeline.recorded())  # still full: said once only
    assert len(told) == 1
    assert read_log(path.read_text()).events == timeline.recorded()[:saved]

    disk.room = None  # room again: everything not yet written is written
    move(timeline, Draw(seat=YOU, source=DrawSource.STOCK))
    autosave.sync(timeline.recorded())
    assert told[1:] == [None] and autosave.failure is None
    assert read_log(path.read_text()).events == timeline.recorded()


def test_a_line_that_fails_midway_keeps_the_lines_before_it(tmp_path: Path) -> None:
    path = tmp_path / "auto.jsonl"
    disk = FullDisk()
    autosave = LogFile(path, write=disk)
    timeline = started(27)
    autosave.sync(timeline.recorded())
    before = len(timeline.recorded())
    move(timeline, Draw(seat=YOU, source=DrawSource.STOCK))
    move(timeline, lowest_discard(timeline.state))  # the opponents play too: many lines
    first = timeline.recorded()[before]
    disk.room = len(event_line(before + 1, first).encode()) + 10
    autosave.sync(timeline.recorded())
    assert disk.cut_off > len(event_line(before + 1, first).encode())
    assert read_log(path.read_text()).events == timeline.recorded()[: before + 1]
    disk.room = None
    autosave.sync(timeline.recorded())
    assert read_log(path.read_text()).events == timeline.recorded()


def test_the_player_is_told_once_that_the_game_is_not_saved_then_that_it_is_again(
    tmp_path: Path,
) -> None:
    shown = io.StringIO()
    disk = FullDisk()
    autosave = LogFile(tmp_path / "auto.jsonl", write=disk)
    table = new_solo_front(
        5,
        tx=Texts(),
        screen=PlainScreen(shown),
        settings=Settings(speed="instant"),
        autosave=autosave,
    )
    game_of(table).save()
    table.begin()
    disk.room = 0
    play_a_turn(table)
    play_a_turn(table)
    assert "could not be saved" in table.leave_question()
    disk.room = None
    play_a_turn(table)
    said = " ".join(shown.getvalue().split())
    assert said.count("The game could not be saved (No space left on device)") == 1
    assert said.count("The game is saved again.") == 1
    text = (tmp_path / "auto.jsonl").read_text()
    assert read_log(text).events == game_of(table).events


# -- statistics ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "damaged",
    ['{"played": "x"}', '{"version": 1, "played": 4, "won": 2, "no_win', "[1, 2]", '{"best": -1}'],
)
def test_broken_statistics_are_kept_aside_and_said_never_counted_over(
    data_home: Path, damaged: str
) -> None:
    data_home.mkdir(parents=True)
    (data_home / "stats.json").write_text(damaged)
    said = record_result(*finished_game(), seat=YOU, assisted=False, tx=Texts())
    kept = list(data_home.glob("stats-broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == damaged
    assert said == [
        (
            "class:warn",
            f"The statistics file was damaged: it is kept as {kept[0]}, and counting starts again.",
        ),
        ("class:dim", "Kept in your history as game 1: threethirteen replay 1"),
    ]
    assert read_stats().stats.played == 1
    said = record_result(*finished_game(), seat=YOU, assisted=False, tx=Texts())
    assert said == [("class:dim", "Kept in your history as game 2: threethirteen replay 2")]
    assert read_stats().stats.played == 2


def test_statistics_that_cannot_be_read_are_left_alone_and_the_game_not_counted(
    data_home: Path,
) -> None:
    (data_home / "stats.json").mkdir(parents=True)
    said = record_result(*finished_game(), seat=YOU, assisted=False, tx=Texts())
    assert len(said) == 2 and said[0][1].startswith("This game could not be counted")
    assert said[1][1] == "Kept in your history as game 1: threethirteen replay 1"
    assert (data_home / "stats.json").is_dir()
    assert "cannot be read" in plain(render_stats(Texts()))


def plain(text: Text) -> str:
    return "".join(part for _, part in text)


# -- odd data folders ---------------------------------------------------------------------


def test_a_data_folder_that_cannot_be_made_leaves_a_game_that_plays_and_keeps_nothing(
    data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    with create_pipe_input() as pipe:
        pipe.send_text("draw\rsave mine\rquit\r")
        pipe.close()
        table, prompt = open_table(
            seed=3,
            settings=Settings(speed="instant", level="easy"),
            tx=Texts(),
            input=pipe,
            output=DummyOutput(),
        )
        assert run_terminal(table, prompt) == 0
    assert isinstance(table.screen, TerminalScreen)
    said = " ".join("".join(table.screen.transcript).split())
    assert said.count(f"The data folder {data_home} cannot be used (Permission denied)") == 1
    assert "You draw" in said
    assert f"Cannot save to {data_home / 'saves' / 'mine.jsonl'}: Permission denied" in said
    assert "Goodbye. (This game was not autosaved.)" in said
    assert game_of(table).autosave is None and not game_of(table).keep_stats
    assert not data_home.exists()
