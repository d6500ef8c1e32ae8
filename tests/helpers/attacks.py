"""Attacks on the SSH server, bounded, on loopback (issue 17), and what the tests watch
meanwhile: another player's answers, the server's processor time and memory.

The attackers are real clients: OpenSSH's ``ssh`` in a pseudo-terminal
(:class:`~tests.helpers.sshclient.Player`) where a person's terminal can do it, asyncssh's
client where it cannot (a terminal ten million columns wide, many connections at once,
many passwords on one connection). Other loopback addresses (127.0.0.2 …) stand for other
hosts. Figures are printed (``pytest -s`` shows them); no test asserts a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncssh
from threethirteen.repl.lab.server_process import proc_memory

from tests.helpers.sshclient import Player, Server, plain

ANSWER = 120.0
"""How long a test waits for an answer at most: a net for a server that hangs, generous
enough for a busy machine (never a measure: no test asserts a time)."""

TABLES = r"No open tables yet|[A-Z]{4}-\d+  "
"""The server's answer to ``tables`` in the lobby: none, or a row of the list."""


def figure(text: str) -> None:
    """A measured figure, for the report (shown with ``pytest -s``)."""
    print(f"figure: {text}", flush=True)


def answered(player: Player, timeout: float = ANSWER) -> str:
    """What the server answers ``tables`` typed in the lobby (it lists the open tables, or
    says there are none, and changes nothing): ``No open tables yet``, or the first row."""
    player.line("tables")
    return player.expect(TABLES, timeout=timeout).group(0).strip()


def answer_time(player: Player, timeout: float = ANSWER) -> float:
    """Seconds until the server answers ``tables`` typed in the lobby (:func:`answered`)."""
    start = time.monotonic()
    answered(player, timeout)
    return time.monotonic() - start


def answer_times(player: Player, count: int, pause: float = 0.3) -> list[float]:
    """:func:`answer_time` ``count`` times, ``pause`` seconds apart."""
    times = []
    for _ in range(count):
        times.append(answer_time(player))
        time.sleep(pause)
    return times


def in_background(player: Player, data: str) -> threading.Thread:
    """``player`` types ``data`` in one write, from a thread: the write blocks while the
    server makes the client wait, and ends when the client is closed."""

    def send() -> None:
        with contextlib.suppress(OSError, ValueError):
            player.child.send(data)

    thread = threading.Thread(target=send, name=f"flood-{player.name}", daemon=True)
    thread.start()
    return thread


def resident_bytes(pid: int) -> int:
    """The memory process ``pid`` holds (its resident set), in bytes."""
    return proc_memory(pid, "VmRSS")


def addresses(count: int, first: int = 2) -> list[str]:
    """``count`` loopback addresses other than 127.0.0.1: other hosts, as the server sees
    them."""
    return [f"127.0.0.{n}" for n in range(first, first + count)]


def raw_connections(port: int, sources: Sequence[str], each: int) -> list[socket.socket]:
    """``each`` TCP connections from every address of ``sources`` that say nothing, begun
    without waiting for the server (some may fail: the server is full)."""
    made = []
    for source in sources:
        for _ in range(each):
            sock = socket.socket()
            sock.setblocking(False)
            try:
                sock.bind((source, 0))
                sock.connect_ex(("127.0.0.1", port))
            except OSError:
                sock.close()
                continue
            made.append(sock)
    return made


def closed_by_server(sock: socket.socket, timeout: float) -> bool:
    """Whether the server closes ``sock`` within ``timeout`` seconds (what it sends first,
    its SSH version, is read and passed over)."""
    sock.setblocking(True)
    sock.settimeout(0.2)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def stop_server(server: Server, how: int = signal.SIGTERM) -> float:
    """Send the server ``how`` and wait for it to end; the seconds it took (it must end by
    itself, with exit code 0)."""
    assert server.process is not None
    start = time.monotonic()
    server.process.send_signal(how)
    code = server.process.wait(timeout=ANSWER)
    took = time.monotonic() - start
    server.logged_all()
    assert code == 0, f"exit code {code}; the server's log:\n{server.log()[-3000:]}"
    return took


def limits_file(folder: Path, text: str) -> Path:
    """A limits file (``serve --limits FILE``) in ``folder`` that says ``text``."""
    path = folder / "limits.toml"
    path.write_text(text, encoding="utf-8")
    return path


def wait_for_log(server: Server, text: str) -> None:
    """Wait until the server's log has a line with ``text``."""
    server.wait_log(text)


class Banners(asyncssh.SSHClient):
    """An asyncssh client that keeps the auth banners it is shown and tries the passwords
    it is given, one after another, on one connection."""

    def __init__(self, passwords: Sequence[str] = ()) -> None:
        self.banners: list[str] = []
        self.passwords = list(passwords)
        self.tried = 0

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)

    def password_auth_requested(self) -> str | None:
        if self.tried >= len(self.passwords):
            return None
        self.tried += 1
        return self.passwords[self.tried - 1]


async def connect(
    port: int,
    name: str,
    *,
    key: Path | asyncssh.SSHKey | None = None,
    source: str = "127.0.0.1",
    client: Banners | None = None,
    **options: Any,
) -> asyncssh.SSHClientConnection:
    """An asyncssh connection to the server as ``name`` from ``source`` (a key, its file
    or none: the passwords of ``client`` or of ``options``), with no key of this machine's
    own and no agent."""
    factory = (lambda: client) if client is not None else None
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[key] if key is not None else (),
        known_hosts=None,
        local_addr=(source, 0),
        client_factory=factory,
        agent_path=None,
        config=[],
        connect_timeout=30,
        **options,
    )


class Screen(asyncssh.SSHClientSession[bytes]):
    """What an asyncssh session receives, kept."""

    def __init__(self) -> None:
        self.received = bytearray()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.received += data

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        """What came, as text, without its escape sequences."""
        return plain(self.received.decode("utf-8", "replace"))

    async def wait_for(self, text: str, timeout: float = ANSWER) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text():
            assert time.monotonic() < deadline, f"no {text!r} in {self.text()[-500:]!r}"
            await asyncio.sleep(0.05)
