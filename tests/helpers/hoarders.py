"""Clients that hoard what one connection may hold (issue 25, findings 4 and 5): session
channels opened and never started, environment variables told to a channel one after
another, and a client that announces a window of a GiB and then never reads its socket.

asyncssh's client offers no call that opens a session channel and stops there (its
``create_session`` asks for a terminal or a command at once), so :func:`bare_channel`
sends the open itself, through asyncssh's own channel class, as an attacker's client does.
"""

from __future__ import annotations

import asyncio
import socket

import asyncssh
from asyncssh.packet import String

from tests.helpers.attacks import Screen

HUGE_WINDOW = 1 << 30
"""The SSH window the client that never reads announces: the server may send it a GiB."""


async def bare_channel(conn: asyncssh.SSHClientConnection) -> tuple[
    asyncssh.SSHClientChannel[bytes], Screen
]:  # fmt: skip
    """A session channel opened on ``conn`` and sent no request (no terminal, no shell, no
    command); what the server sends on it, and its end, are kept in the screen.
    :class:`asyncssh.ChannelOpenError` if the server refuses it."""
    loop = asyncio.get_running_loop()
    chan: asyncssh.SSHClientChannel[bytes] = asyncssh.SSHClientChannel(
        conn, loop, "strict", None, "strict", 1 << 16, 1 << 15
    )
    await chan._open(b"session")
    screen = Screen()
    chan._session = screen
    screen.connection_made(chan)
    return chan, screen


async def bare_channels(
    conn: asyncssh.SSHClientConnection, count: int
) -> tuple[list[asyncssh.SSHClientChannel[bytes]], int]:
    """``count`` bare channels tried, one after another: those opened, and how many were
    refused."""
    opened, refused = [], 0
    for _ in range(count):
        try:
            chan, _ = await bare_channel(conn)
        except asyncssh.ChannelOpenError:
            refused += 1
        else:
            opened.append(chan)
    return opened, refused


async def told(chan: asyncssh.SSHClientChannel[bytes], name: str, value: str) -> bool:
    """Tell the channel an environment variable (an SSH ``env`` request); whether the
    server took it."""
    answer = await chan._make_request(b"env", String(name), String(value))
    return bool(answer)


async def deaf_connection(
    port: int, name: str, key: str, source: str
) -> tuple[asyncssh.SSHClientConnection, asyncio.Transport]:
    """A connection from ``source`` whose socket the kernel gives little room
    (4 KiB), for a client that will stop reading it; its transport, to pause."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    conn = await asyncssh.connect(
        sock=sock,
        username=name,
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        config=[],
        connect_timeout=30,
    )
    transport = conn._transport
    assert transport is not None
    return conn, transport
