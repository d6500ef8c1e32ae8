"""The server's host key: made once, in one step, never over a key another server wrote
meanwhile, and read as the server's own files are (bounded, no link followed)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh
import pytest
from threethirteen.repl.files.bounded import NotAFile
from threethirteen.repl.server import running


def test_the_key_is_made_once_for_its_owner_only(tmp_path: Path) -> None:
    first = running.host_key(tmp_path)
    assert stat.S_IMODE((tmp_path / "host_key").stat().st_mode) == 0o600
    assert [path.name for path in tmp_path.iterdir()] == ["host_key"]  # no temporary left
    again = running.host_key(tmp_path)
    assert again.get_fingerprint("sha256") == first.get_fingerprint("sha256")


def test_a_key_another_server_made_meanwhile_is_the_one_both_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two servers start on one folder at once: each finds no key and makes one; the one
    that writes second keeps the first's key (a rename would have replaced it, and the
    players would be told the host key changed)."""
    theirs = asyncssh.generate_private_key("ssh-ed25519")
    made = asyncssh.generate_private_key

    def made_while_the_other_wrote(*args: object, **named: object) -> asyncssh.SSHKey:
        (tmp_path / "host_key").write_bytes(theirs.export_private_key())
        return made(*args, **named)  # type: ignore[arg-type]

    monkeypatch.setattr(asyncssh, "generate_private_key", made_while_the_other_wrote)
    ours = running.host_key(tmp_path)
    assert ours.get_fingerprint("sha256") == theirs.get_fingerprint("sha256")


def test_a_link_in_the_key_s_place_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    running.host_key(elsewhere)
    folder = tmp_path / "server"
    folder.mkdir()
    os.symlink(elsewhere / "host_key", folder / "host_key")
    with pytest.raises(NotAFile):
        running.host_key(folder)
