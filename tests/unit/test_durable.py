"""The autosave is durable: each move's lines are synced to the disk (``fsync``) before the
move is told, and a file created, renamed or moved aside has its folder synced too."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.rules import decide, legal_commands, new_game
from threethirteen.core.state import fold
from threethirteen.repl.files.log_file import LogFile

Synced = list[tuple[str, int]]


def watch_fsync(monkeypatch: pytest.MonkeyPatch, fail: list[bool] | None = None) -> Synced:
    """Each ``fsync`` as (``file`` or ``folder``, the file's size then)."""
    synced: Synced = []
    real = os.fsync

    def fsync(fd: int) -> None:
        status = os.fstat(fd)
        kind = "folder" if stat.S_ISDIR(status.st_mode) else "file"
        if fail and fail[0] and kind == "file":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        synced.append((kind, status.st_size))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced


def test_each_move_is_synced_and_each_new_name_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, events = new_game(4)
    synced = watch_fsync(monkeypatch)
    autosave = LogFile(tmp_path / "autosave.jsonl")
    autosave.sync(events)  # a new file: written whole, renamed, its folder synced
    assert [kind for kind, _ in synced] == ["file", "folder"]
    for _ in range(3):  # three moves: one sync of the file each, after all its lines
        synced.clear()
        new = decide(state, legal_commands(state)[0])
        state, events = fold(new, state), (*events, *new)
        autosave.sync(events)
        assert synced == [("file", autosave.path.stat().st_size)]
    assert autosave.path.read_text(encoding="utf-8") == encode_log(events)
    synced.clear()
    kept = autosave.keep_aside()
    assert kept is not None and synced == [("folder", synced[0][1])]


def test_a_sync_that_fails_is_told_and_the_file_written_whole_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, events = new_game(4)
    fail = [False]
    watch_fsync(monkeypatch, fail)
    autosave = LogFile(tmp_path / "autosave.jsonl")
    told: list[OSError | None] = []
    autosave.told = told.append
    autosave.sync(events)
    fail[0] = True
    new = decide(state, legal_commands(state)[0])
    state, events = fold(new, state), (*events, *new)
    autosave.sync(events)
    assert len(told) == 1 and isinstance(told[0], OSError) and told[0].errno == errno.EIO
    fail[0] = False
    autosave.sync(events)
    assert told[-1] is None
    assert read_log(autosave.path.read_text(encoding="utf-8")).events == events
