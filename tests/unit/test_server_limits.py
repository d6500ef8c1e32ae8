"""The server's limits in this process (issue 17): the keyboard that paces a client's keys,
the counts and the log of refusals, the book of names written off the event loop, the
event loop's exception handler, the file descriptors, and a lobby prompt that leaves the
loop's exception handler and signals to the server. The attacks themselves, over SSH, are
``tests/e2e/test_server_attacks.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from prompt_toolkit.input import vt100_parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys
from threethirteen.repl.server import running
from threethirteen.repl.server.keyboard import Keyboard
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import Identity, KeyBook
from threethirteen.repl.server.server_log import Refusals
from threethirteen.repl.server.shares import Bucket, Count, Tally
from threethirteen.repl.server.ssh_bytes import REFUSALS_KEPT, Parting
from threethirteen.repl.server.terminal import Guest

from tests.helpers.channel import Channel, service_for
from tests.helpers.rooms import settle

# -- the keyboard -------------------------------------------------------------------------


def typed(
    limits: Limits, data: bytes, *, room: Callable[[], int | None] = lambda: None
) -> tuple[list[KeyPress], Channel]:
    """The keys a keyboard hands to a prompt from ``data`` arriving in one piece, once it
    hands no more (:func:`held`)."""
    channel = Channel()
    got: list[KeyPress] = []

    async def run() -> None:
        keyboard = Keyboard(
            limits, pause=channel.pause_reading, resume=channel.resume_reading, room=room
        )
        with keyboard.attach(lambda: got.extend(keyboard.read_keys())):
            keyboard.received(data)  # returns at once, whatever its size
            await settle(lambda: held(keyboard))
        keyboard.close()

    asyncio.run(run())
    return got, channel


def held(keyboard: Keyboard) -> bool:
    """Whether ``keyboard`` hands a prompt nothing more for now: every byte it was sent is
    parsed and every key handed over or dropped, or the next key waits for its bucket
    (with these tests' rates, for longer than a test runs)."""
    if keyboard._keys:
        return keyboard._wait(keyboard._keys[0]) > 0.0
    return not keyboard.waiting


def test_a_flood_in_one_piece_never_blocks_and_stops_the_channel_reading() -> None:
    limits = Limits(keys_per_second=0.01, keys_burst=100)
    got, channel = typed(limits, b"\x7f" * 70_000)
    assert channel.paused == 1 and channel.resumed == 0  # the client is made to wait
    assert len(got) == 100 and all(key.key == Keys.ControlH for key in got)


def test_keys_are_paced_and_line_keys_more_so() -> None:
    limits = Limits(
        keys_per_second=0.01, keys_burst=30, line_keys_per_second=0.01, line_keys_burst=2
    )
    got, _ = typed(limits, b"tables\r" * 10)
    assert "".join(key.data for key in got) == "tables\rtables\rtables"  # the third Enter waits
    got, _ = typed(limits, b"x" * 100)
    assert len(got) == 30


def test_keys_that_change_nothing_are_dropped_before_the_prompt() -> None:
    limits = Limits(keys_per_second=0.01, keys_burst=20)
    keys = b"abcdefgh" + b"\xe2\x80\x8b" * 50 + b"\x7f"  # and zero-width spaces
    got, _ = typed(limits, keys, room=lambda: 5)
    assert "".join(key.data for key in got) == "abcde\x7f"  # as much as the line takes
    empty = Limits().line + 1
    got, _ = typed(limits, b"\x7f" * 50 + b"x", room=lambda: empty)
    assert "".join(key.data for key in got) == "x"  # no backspace on an empty line


def test_a_paste_and_an_escape_sequence_are_bounded() -> None:
    limits = Limits(line=100)
    paste = b"\x1b[200~" + b"p" * 10_000 + b"\x1b[201~ok"
    got, _ = typed(limits, paste)
    assert got[0].key == Keys.BracketedPaste and len(got[0].data) == 400
    assert "".join(key.data for key in got[1:]) == "ok"
    vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE.clear()
    sequences = b"".join(b"\x1b[" + str(n).encode() * 40 + b"R" for n in range(1000, 1400))
    typed(limits, sequences)
    cache = vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE
    assert len(cache) <= 4096 + 64 and max(map(len, cache)) <= 40


def test_a_keyboard_closes_after_what_was_sent() -> None:
    async def run() -> tuple[list[KeyPress], bool]:
        keyboard = Keyboard(Limits(), pause=lambda: None, resume=lambda: None)
        got: list[KeyPress] = []
        with keyboard.attach(lambda: got.extend(keyboard.read_keys())):
            keyboard.received(b"hi")
            keyboard.end()
            await settle(lambda: keyboard.closed)
        return got, keyboard.closed

    got, closed = asyncio.run(run())
    assert "".join(key.data for key in got) == "hi" and closed


# -- counts, buckets, the log of refusals --------------------------------------------------


def test_counts_tallies_and_buckets() -> None:
    count = Count()
    count.add("a")
    count.add("a")
    count.remove("a")
    count.remove("a")
    count.remove("a")  # one more than there were: nothing
    assert count.total == 0 and count.each == {}
    tally = Tally(60.0, most=3, keys=2)
    for n in range(5):
        tally.add("a", now=float(n))
    assert tally.count("a", now=5.0) == 3  # no cap counts further
    tally.add("b", now=5.0)
    tally.add("c", now=5.0)
    assert tally.count("a", now=5.0) == 0  # the oldest key is forgotten
    assert tally.wait("b", now=35.0) == 30.0
    bucket = Bucket(rate=2, burst=4, now=0.0)
    assert bucket.take(10, now=0.0) == 4 and bucket.take(1, now=0.0) == 0
    assert bucket.wait(2, now=0.0) == 1.0 and bucket.take(3, now=1.0) == 2


class Refused:
    """A connection being refused: what it was told, and when."""

    def __init__(self) -> None:
        self.told: list[tuple[int, str]] = []

    def data_received(self, data: bytes, datatype: object = None) -> None:
        raise AssertionError("a refused connection's bytes never reach SSH")

    def disconnect(self, code: int, reason: str) -> None:
        self.told.append((code, reason))


def test_a_refused_connection_is_told_after_its_first_packet_or_soon() -> None:
    """The client's version line and first packet are read before the words are sent (a
    socket closed with bytes unread is reset, words and all); a silent client waits
    REFUSAL_WAIT at most; past REFUSALS_KEPT waiting, one is told at once."""

    async def scenario() -> None:
        waiting = Count()
        talker = Refused()
        Parting(talker, "busy", waiting)  # type: ignore[arg-type]
        talker.data_received(b"SSH-2.0-OpenSSH_9.2\r\n")
        assert talker.told == [] and waiting.total == 1  # its version only: wait on
        talker.data_received(b"\x00\x00\x05\xdc")
        assert talker.told == [(asyncssh.DISC_TOO_MANY_CONNECTIONS, "busy")]
        talker.data_received(b"more")
        assert len(talker.told) == 1 and waiting.total == 0
        silent = [Refused() for _ in range(REFUSALS_KEPT)]
        for conn in silent:
            Parting(conn, "busy", waiting)  # type: ignore[arg-type]
        one_more = Refused()
        Parting(one_more, "busy", waiting)  # type: ignore[arg-type]
        await asyncio.sleep(0)
        assert one_more.told and not any(conn.told for conn in silent)
        await settle(lambda: waiting.total == 0)  # REFUSAL_WAIT on, the silent ones are told
        assert all(len(conn.told) == 1 for conn in silent)

    asyncio.run(scenario())


def test_a_refusal_is_logged_once_per_kind_and_address_within_the_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [0.0]
    monkeypatch.setattr("threethirteen.repl.server.server_log.time.monotonic", lambda: now[0])
    said: list[str] = []
    refusals = Refusals(said.append, 60.0, keys=3)
    for _ in range(1000):
        refusals("password", "127.0.0.2", "refused 127.0.0.2: wrong password")
    refusals("name", "127.0.0.2", "refused 127.0.0.2: a name")
    now[0] = 61.0
    refusals("password", "127.0.0.2", "refused 127.0.0.2: wrong password")
    assert said == [
        "refused 127.0.0.2: wrong password",
        "refused 127.0.0.2: a name",
        "refused 127.0.0.2: wrong password (and 999 more like it before)",
    ]
    for n in range(100):  # many addresses within the window: the rest count as one
        refusals("connections", f"10.0.0.{n}", f"refused 10.0.0.{n}")
    assert len(said) <= 3 + 3 and len(refusals._said) <= 4


# -- the book of names ---------------------------------------------------------------------


def test_names_are_taken_at_once_and_written_in_a_worker(tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as pool:
        book = KeyBook(tmp_path / "keys.json", most=3, pool=pool)

        async def claim() -> list[bool]:
            assert book.take("ana", "SHA256:a") and book.take("ben", "SHA256:b")
            assert not book.take("ana", "SHA256:x")  # taken already, before any write
            return list(await asyncio.gather(book.keep("ana"), book.keep("ben")))

        assert asyncio.run(claim()) == [True, True]
        assert KeyBook(tmp_path / "keys.json").owner("ben") == "SHA256:b"
        assert book.take("cid", "SHA256:c") and not book.take("dan", "SHA256:d")  # full

        broken = KeyBook(tmp_path / "file" / "keys.json", pool=pool)
        (tmp_path / "file").write_text("a file where a folder should be")
        assert broken.take("eve", "SHA256:e")
        assert not asyncio.run(broken.keep("eve"))
        assert broken.owner("eve") is None  # free again: it was never kept


# -- the event loop, the descriptors, the prompt's flags -----------------------------------


def test_errors_on_the_event_loop_are_logged_in_a_line_and_the_loop_goes_on(
    tmp_path: Path,
) -> None:
    said: list[str] = []
    handle = running.loop_errors(service_for(tmp_path, said))

    async def run() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(handle)
        error = OSError(24, "Too many open files")
        for _ in range(500):
            loop.call_exception_handler(
                {"message": "socket.accept() out of system resource", "exception": error}
            )
        loop.call_exception_handler({"message": "something else"})
        handle(loop, {"exception": "not an exception", "message": object()})  # still no raise
        told = loop.create_future()
        loop.call_soon(lambda: 1 / 0)
        loop.call_soon(told.set_result, None)  # next in the same queue: the error is handled
        await told

    asyncio.run(run())
    assert said[0].startswith("error on the event loop: socket.accept() out of system resource")
    assert "Too many open files" in said[0]
    assert len(said) == 4 and "ZeroDivisionError" in said[3]


def test_connections_shrink_to_the_file_descriptors(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    monkeypatch.setattr(resource, "getrlimit", lambda which: (200, 200))
    monkeypatch.setattr(resource, "setrlimit", lambda which, limits: None)
    said: list[str] = []
    limits = running.descriptor_limits(Limits(), said.append)
    assert limits.connections_total == 200 - 64 - running.BACKLOG
    assert said == ["only 200 file descriptors (ulimit -n): at most 72 connections"]
    monkeypatch.setattr(resource, "getrlimit", lambda which: (256, 4096))
    raised: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "setrlimit", lambda which, limits: raised.append(limits))
    assert running.descriptor_limits(Limits(), said.append) == Limits()
    assert raised == [(256 + 64 + running.BACKLOG, 4096)]


def test_a_terminal_is_drawn_within_the_limits(tmp_path: Path) -> None:
    service = service_for(tmp_path, [])
    for size, drawn in (((10**7, 2**32 - 1), (300, 120)), ((5, 5), (40, 10)), ((90, 30), (90, 30))):
        guest = Guest(service, Identity("ana", None), Channel(size))  # type: ignore[arg-type]
        assert (guest.display.size().columns, guest.display.size().rows) == drawn


def test_a_prompt_leaves_the_loops_exception_handler_and_signals_to_the_server(
    tmp_path: Path,
) -> None:
    """ana in the lobby at a prompt of this process: the loop's exception handler is still
    the server's, Ctrl-C (SIGINT) still the server's, and what she types is answered."""
    channel = Channel()
    service = service_for(tmp_path, [])

    def server_handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        pass

    async def run() -> tuple[object, bool]:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(server_handler)
        guest = Guest(service, Identity("ana", None), channel)  # type: ignore[arg-type]
        task = asyncio.ensure_future(guest.run())
        guest.received(b"tables\r")
        # answered, and at a prompt again: one that would set handlers has set them by now
        await settle(lambda: b"No open tables" in channel.written and prompting(guest))
        handler = loop.get_exception_handler()
        sigint = signal.SIGINT in getattr(loop, "_signal_handlers", {})
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return handler, sigint

    handler, sigint = asyncio.run(run())
    assert b"No open tables" in channel.written
    assert handler is server_handler and not sigint


def test_a_stop_as_a_line_ends_still_ends_the_session(tmp_path: Path) -> None:
    """The server's stop cancels each session's task; a cancel that comes while the line
    just typed is being handed over is swallowed by ``asyncio.wait_for`` (Python 3.11), and
    the session would wait at its next prompt until its client left. It ends anyway."""

    async def scenario(turns: int) -> bool:
        service = service_for(tmp_path / str(turns), [])
        channel = Channel()
        guest = Guest(service, Identity("ana", None), channel)  # type: ignore[arg-type]
        task = asyncio.ensure_future(guest.run())
        await settle(lambda: prompting(guest))
        assert guest.lines.session is not None
        guest.lines.session.app.exit(result="tables")  # Enter on a line
        for _ in range(turns):
            await asyncio.sleep(0)
        service.stopping = True
        guest.stopping()
        await asyncio.wait([task])  # a session that waits on is stopped by the time limit
        return task.done()

    assert all(asyncio.run(scenario(turns)) for turns in range(6))


def prompting(guest: Guest) -> bool:
    """Whether ``guest``'s prompt is on the screen (its application running)."""
    session = guest.lines.session
    return session is not None and session.app.is_running
