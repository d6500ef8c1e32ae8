"""A finished game's log as large as the rules allow reaches whoever asks for it, in a
browser and over ``ssh … log CODE``, byte for byte, with ``write_buffer`` at 1 MiB: the
server's own large answer never counts as a client that reads too slowly. And what waits
for a browser is counted in bytes (issue 34, round five, 3 and 5a)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from threethirteen.core import table as core_table
from threethirteen.repl.server.hall import NoLog
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.session import GameSession
from threethirteen.repl.server.web.messages import Outbox

from tests.helpers import ROOT
from tests.helpers.channel import service_for
from tests.helpers.rooms import settle
from tests.helpers.web import Browser, Message, web_front

LARGEST = 4_700_000
"""About the largest log the rules allow (``tests/unit/test_log_bounds.py``: 4.5 MiB)."""

BUFFER = 1 << 20
"""``write_buffer``: what a client may leave unread, a fifth of such a log."""


def padded(log: bytes) -> bytes:
    """``log`` made as large as :data:`LARGEST` with copies of its own event lines."""
    events = b"".join(log.splitlines(keepends=True)[1:])
    return log + events * -(-(LARGEST - len(log)) // len(events))


def run(test: object) -> None:
    asyncio.run(test)  # type: ignore[arg-type]


def test_a_log_of_megabytes_reaches_the_browser_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ana plays a table to its end (the quickest AI at both seats); its log in the past is
    made as large as the largest one; ``log CODE`` in the lobby sends it in pieces, which
    the page puts together into the file, byte for byte, and ana is still there."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said, Limits(write_buffer=BUFFER)) as (front, port):
            ana = await Browser(port, "ana").connect()
            await ana.line("new --seats 2 --level greedy")
            code = str((await ana.until(lambda m: m["type"] == "place" and m["code"]))["code"])
            await ana.board(lambda b: b["can"]["start"])
            await ana.line("start")
            await ana.board(lambda b: b["round"] is not None)
            await ana.line("auto game")
            await ana.board(lambda b: b["result"] is not None)
            await ana.line("leave")
            await ana.until(lambda m: m["type"] == "place" and m["where"] == "lobby")
            await settle(lambda: code not in front.service.hall.rooms)  # in the past now
            past = next(tmp_path.rglob(f"*-{code}.jsonl"))
            large = padded(past.read_bytes())
            past.write_bytes(large)
            await ana.line(f"log {code}")
            pieces: list[Message] = []
            while not pieces or pieces[-1]["more"]:
                pieces.append(await ana.until(lambda m: m["type"] == "file"))
            assert "".join(piece["text"] for piece in pieces).encode() == large
            assert {piece["name"] for piece in pieces} == {f"{code.lower()}.jsonl"}
            assert len(pieces) > LARGEST // BUFFER
            await ana.line("tables")  # and she is still there
            await ana.until(lambda m: m["type"] == "tables")
            await ana.close()
        assert not any("reads too slowly" in line for line in said)
        assert sum(f"ana fetched the log of {code}" in line for line in said) == 1

    run(test())


class SlowClient:
    """An SSH channel whose client reads what is sent to it only when the test says so:
    all it has not read waits on the channel
    (:func:`~threethirteen.repl.server.ssh_bytes.unread`)."""

    def __init__(self) -> None:
        self.sent = bytearray()
        self.read = 0
        self.most_unread = 0
        self.exited: int | None = None

    def get_write_buffer_size(self) -> int:
        return len(self.sent) - self.read

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default

    def is_closing(self) -> bool:
        return self.exited is not None

    def write(self, data: bytes) -> None:
        self.sent += data
        self.most_unread = max(self.most_unread, self.get_write_buffer_size())

    def write_stderr(self, data: bytes) -> None:
        raise AssertionError(data)

    def exit(self, status: int) -> None:
        self.exited = status


def test_ssh_log_code_is_written_as_the_client_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ssh … log CODE`` for a log of the largest size, to a client that reads 16 KiB at
    a time: it gets all of it, byte for byte, and the server never had more than
    ``write_buffer`` of it unread (a whole log written at once is five times that)."""
    large = padded((ROOT / "replays" / "eight-seats-jokers.jsonl").read_bytes())
    service = service_for(tmp_path, [], Limits(write_buffer=BUFFER))

    async def fetch_log(who: Identity, code: str) -> bytes | NoLog:
        return large if (who.name, code) == ("ana", "KITE-7") else NoLog.NONE

    monkeypatch.setattr(service.hall, "fetch_log", fetch_log)
    ana = Identity("ana", "SHA256:ana")
    server = SimpleNamespace(
        service=service, name="ana", who=ana, address="192.0.2.7", new_name=False
    )
    session = GameSession(server)  # type: ignore[arg-type]
    client = SlowClient()

    async def test() -> None:
        sending = asyncio.ensure_future(session._send_log(client, "ana", "KITE-7"))  # type: ignore[arg-type]
        while not sending.done():  # the client reads a little whenever it is its turn
            client.read = min(client.read + (16 << 10), len(client.sent))
            await asyncio.sleep(0)
        await sending

    run(test())
    assert client.exited == 0 and bytes(client.sent) == large
    assert client.most_unread <= BUFFER


def test_the_outbox_counts_bytes_not_characters() -> None:
    """A suit is three bytes in UTF-8: what waits for a browser is held to
    ``write_buffer`` in bytes, as it is on the wire."""
    let_go: list[bool] = []
    box = Outbox(1000, unsent=lambda: 0, overflow=lambda: let_go.append(True))
    box.put_text('"' + "♥" * 300 + '"')  # 302 characters, 902 bytes
    assert not let_go
    box.put_text('"' + "♠" * 100 + '"')  # 102 characters more, 302 bytes: over 1000 bytes
    assert let_go and box.closed


def test_one_file_at_a_time_and_none_once_closed() -> None:
    box = Outbox(1 << 20, unsent=lambda: 0, overflow=lambda: None)
    assert box.send_file("a.jsonl", b"{}\n") and box.sending_file
    assert not box.send_file("b.jsonl", b"{}\n")  # one is on its way
    box.close()
    assert not box.sending_file and not box.send_file("b.jsonl", b"{}\n")
