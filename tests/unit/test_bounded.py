"""The one reader of a file from outside (repl/files/bounded.py): whatever is in a file's
place, it is refused without waiting, and nothing is read past the bound."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from threethirteen.repl.files.bounded import NotAFile, TooLarge, read_bounded, read_text
from threethirteen.repl.server.limits_file import LimitsError, read_limits


def test_a_fifo_a_device_and_a_folder_are_no_file(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for place in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(NotAFile) as caught:
            read_bounded(place, 10)
        assert caught.value.mode is not None


def test_a_link_is_followed_only_where_it_may_be(tmp_path: Path) -> None:
    target = tmp_path / "target"
    target.write_text("ana")
    link = tmp_path / "link"
    link.symlink_to(target)
    assert read_text(link, 10) == "ana"
    with pytest.raises(NotAFile) as caught:
        read_bounded(link, 10, follow=False)
    assert caught.value.mode is None and "a link" in str(caught.value)


def test_nothing_is_read_past_the_bound(tmp_path: Path) -> None:
    path = tmp_path / "big"
    path.write_bytes(b"x" * 11)
    assert read_bounded(path, 11) == b"x" * 11
    with pytest.raises(TooLarge) as caught:
        read_bounded(path, 10)
    assert (caught.value.size, caught.value.limit) == (11, 10)
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "none", 10)


def test_a_limits_file_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """``serve --limits FIFO`` waited for a writer for ever."""
    fifo = tmp_path / "limits.toml"
    os.mkfifo(fifo)
    with pytest.raises(LimitsError, match=r"cannot read it: .*not a regular file"):
        read_limits(fifo)
