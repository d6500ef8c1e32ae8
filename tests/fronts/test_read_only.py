"""A data folder that cannot be used, at a real terminal: replay still works (the rest of
the read-only tests play at a prompt in-process: ``tests/unit/test_read_only.py``)."""

from __future__ import annotations

from pathlib import Path

from threethirteen.core.log import encode_log
from threethirteen.core.rules import new_game

from tests.helpers.terminal import ended, shows, spawn_cli


def test_a_data_folder_that_is_a_file_leaves_replay_working(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "threethirteen").write_text("not a folder")
    _, events = new_game(6)
    (tmp_path / "game.jsonl").write_text(encode_log(events), encoding="utf-8")
    replay = spawn_cli(tmp_path, "replay", "game.jsonl")
    replay.expect("event 1/")
    assert shows(replay.said(), "cannot be used")
    replay.send("next\r")
    replay.expect("event 2/")
    replay.send("quit\r")
    ended(replay)
    assert "Traceback" not in "".join(replay.stream)
    assert "Unhandled exception" not in "".join(replay.stream)
    assert (tmp_path / "data" / "threethirteen").read_text() == "not a folder"
