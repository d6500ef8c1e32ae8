"""``new`` while an unfinished autosaved game with moves of yours exists keeps it aside
(``unfinished-DATE.jsonl``, as ``load`` does), never writes over it."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from threethirteen.core.log import read_log

from tests.helpers.opening import game_of
from tests.helpers.play import session
from tests.helpers.readonly import make_read_only


def test_new_keeps_the_unfinished_game_aside_whole(data_home: Path, colour_allowed: None) -> None:
    _, first, _ = session("draw\rquit\r")  # a game with a move of yours, autosaved
    autosave = data_home / "autosave.jsonl"
    before = autosave.read_text(encoding="utf-8")
    assert read_log(before).events == game_of(first).events
    _, table, shown = session("ynew 77\ry quit\r", resume=True)
    kept = list(data_home.glob("unfinished-*.jsonl"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == before
    assert f"The unfinished game is kept in {kept[0]}" in " ".join(shown.split())
    assert read_log(autosave.read_text(encoding="utf-8")).events == game_of(table).events
    assert game_of(table).table.state.seed == 77
    _, table, _ = session("ynew 78\ry quit\r", resume=True)  # no move of yours: nothing kept
    assert len(list(data_home.glob("unfinished-*.jsonl"))) == 1
    assert game_of(table).table.state.seed == 78


def test_new_in_a_read_only_folder_leaves_the_old_game_in_place(
    data_home: Path, colour_allowed: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    session("draw\rquit\r")
    autosave = data_home / "autosave.jsonl"
    before = autosave.read_text(encoding="utf-8")
    make_read_only(data_home, monkeypatch, errno.EROFS)
    _, table, shown = session("ynew 77\ry draw\rquit\r", resume=True)
    said = " ".join(shown.split())
    assert (
        f"The data folder {data_home} is not writable (Read-only file system): the unfinished "
        f"game stays in {autosave}, and this game is not autosaved."
    ) in said
    assert game_of(table).table.state.seed == 77 and "You draw" in said
    assert game_of(table).autosave is None
    assert autosave.read_text(encoding="utf-8") == before
    assert not list(data_home.glob("unfinished-*.jsonl"))


def test_starting_with_new_keeps_the_unfinished_game_aside(
    data_home: Path, colour_allowed: None
) -> None:
    # `threethirteen --new` (no offer to resume) over a game with a move of yours keeps it.
    session("draw\rquit\r", seed=5)
    autosave = data_home / "autosave.jsonl"
    before = autosave.read_text(encoding="utf-8")
    _, table, shown = session("quit\r", resume=False, seed=6)
    kept = list(data_home.glob("unfinished-*.jsonl"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == before
    assert read_log(before).state.seed == 5
    assert f"The unfinished game is kept in {kept[0]}" in " ".join(shown.split())
    assert game_of(table).table.state.seed == 6
    session("quit\r", resume=False, seed=7)  # no move of yours in seed 6: nothing more kept
    assert len(list(data_home.glob("unfinished-*.jsonl"))) == 1


def test_the_resume_question_shows_that_enter_means_yes(data_home: Path) -> None:
    session("draw\rquit\r")
    _, _, shown = session("\rquit\r", resume=True)  # Enter: resumed
    assert "Resume it? [Y/n]" in " ".join(shown.split()) and "[y/n]" not in shown
    _, _, shown = session("\rende\r", lang="de", resume=True)
    assert "Weiterspielen? [J/n]" in shown and "[j/n]" not in shown
