"""A person at a server, in their terminal, with the real OpenSSH client (issue 37, items 11
and 12): ``lang de`` is kept for the name over a reconnect and a restart of the server, the
host's toolbar says to start, and the lobby lists a running table's AI seats as the AI's.
The same through the classes, without the network: tests/unit/test_server_terminal.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.sshclient import SSH, SSH_KEYGEN, Player, Server

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)


def test_lang_is_kept_for_the_name_over_a_reconnect_and_a_restart(
    tmp_path: Path, connect: Callable[..., Player]
) -> None:
    server = Server(tmp_path / "server").start()
    try:
        ana = connect(server.port, "ana", lobby=True)  # (the client sends LANG=C.UTF-8)
        ana.line("lang de")
        ana.expect(r"Willkommen, ana\. Das ist die Lobby\.")
        ana.line("ende")
        ana.wait_end()
        again = connect(server.port, "ana")
        again.expect(r"Willkommen, ana\. Das ist die Lobby\.")
        again.line("ende")
        again.wait_end()
    finally:
        server.stop()
    restarted = Server(tmp_path / "server").start()
    try:
        after = connect(restarted.port, "ana")
        after.expect(r"Willkommen, ana\. Das ist die Lobby\.")
        after.expect(r"ana in der Lobby")
    finally:
        restarted.stop()


def test_the_host_is_told_to_start_and_the_lobby_lists_the_ai_s_seats(
    tmp_path: Path, connect: Callable[..., Player]
) -> None:
    server = Server(tmp_path / "server").start()
    try:
        ana, ben = connect(server.port, "ana", lobby=True), connect(server.port, "ben")
        ana.line("new --level greedy --ai 2")
        code = ana.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)
        ana.expect(r"1 more must sit down, then start")
        ben.expect(r"Welcome, ben\.")
        ben.line("tables")
        ben.expect(rf"{code}\s+1/4\s+ana, free, free, free\s+·")
        ben.line(f"join {code}")
        ben.expect(r"waiting for ana to start")
        ana.expect(r"start deals when you are ready")
        ana.line("start")
        ana.expect(r"The cards are dealt\.")
        eve = connect(server.port, "eve", lobby=True)
        eve.line("tables")
        seats = r"ana, ben, AI 3 \(greedy\), AI 4 \(greedy\)"
        listed = eve.expect(rf"{code}\s+4/4\s+{seats}[^\n]*\n[^\n]*round 1/11").group(0)
        assert "free" not in listed and re.search(r"\b—", listed) is None
        eve.line(f"join {code}")
        eve.expect(r"That game has started; watch CODE lets you watch it\.")
    finally:
        server.stop()
