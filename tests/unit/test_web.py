"""The web front on a real socket: names owned by a browser's key, a reload back at the
seat, invite links, the page's headers and the socket's origin, talk as text, a move
told only once it is on disk, and a finished game's log for those who sat there only
(docs/web.md)."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from pathlib import Path

import aiohttp
import pytest
from threethirteen.core import table as core_table
from threethirteen.core.turns import Scope
from threethirteen.repl.files import log_file
from threethirteen.repl.lab.web_load import browser_key
from threethirteen.repl.protocol.acts import SetAuto, Start
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.plan import Plan
from threethirteen.repl.server.web.browser import fingerprint

from tests.helpers.rooms import Ear, settle
from tests.helpers.web import Browser, deal, two_at_a_table, web_front, words


def run(test: object) -> None:
    asyncio.run(test)  # type: ignore[arg-type]


def test_the_first_key_keeps_a_name_and_another_is_refused(tmp_path: Path) -> None:
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (front, port):
            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "welcome")
            await ana.until(lambda m: m["type"] == "place" and m["where"] == "lobby")
            assert front.service.keys.owner("ana") == fingerprint(ana.key)
            stranger = await Browser(port, "ana").connect()  # the same name, another key
            refused = await stranger.until(lambda m: m["type"] == "refused")
            assert "belongs to someone else" in refused["text"]
            await stranger.closed()
            front.service.keys.take("ben", "SHA256:an-ssh-key")  # a name an SSH key owns
            ben = await Browser(port, "ben").connect()
            assert "belongs to someone else" in (await ben.until(lambda m: m["type"] ==
                                                                 "refused"))["text"]  # fmt: skip
            bad = await Browser(port, "Bob!").connect()
            assert "lower-case letter" in (await bad.until(lambda m: m["type"] ==
                                                           "refused"))["text"]  # fmt: skip
            forged = await Browser(port, "cleo", key="short").connect()
            assert "key" in (await forged.until(lambda m: m["type"] == "refused"))["text"]
            for one in (ana, stranger, ben, bad, forged):
                await one.close()
        assert (tmp_path / "keys.json").read_text().count("WEB:") == 1  # ana's, on disk

    run(test())


def test_a_reload_comes_back_to_the_seat_and_an_invite_link_joins(tmp_path: Path) -> None:
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (_front, port):
            ana, ben, code = await two_at_a_table(port)
            (dealt,) = await deal(ana, ben)
            assert len(dealt["hand"]) == 3 and dealt["round"]["wild"] == "3"
            await ben.close()  # the page is reloaded: the same name and key again
            again = await Browser(port, "ben", key=ben.key).connect()
            back = await again.until(lambda m: m["type"] == "place")
            assert back == {"type": "place", "where": "seat", "code": code}
            board = await again.board()
            assert [card["code"] for card in board["hand"]] == [
                card["code"] for card in dealt["hand"]
            ]
            await ana.said("ben is back")
            await again.close()
            await ana.close()

    run(test())


def test_the_page_is_served_with_a_strict_policy(tmp_path: Path) -> None:
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (_front, port), aiohttp.ClientSession() as http:
            base = f"http://127.0.0.1:{port}"
            for path in ("/", "/t/KITE-7", "/static/table.js", "/static/table.css"):
                async with http.get(base + path) as answer:
                    assert answer.status == 200, path
                    policy = answer.headers["Content-Security-Policy"]
                    assert "script-src 'self'" in policy and "default-src 'none'" in policy
                    assert "unsafe-inline" not in policy
                    assert answer.headers["X-Content-Type-Options"] == "nosniff"
            for path in ("/static/../keys.json", "/static/keys.json", "/t/<b>", "/nothing"):
                async with http.get(base + path) as answer:
                    assert answer.status == 404, path
            async with http.post(base + "/", data=b"x") as answer:
                assert answer.status == 405

    run(test())


def test_a_socket_from_another_site_is_refused(tmp_path: Path) -> None:
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (_front, port):
            evil = Browser(port, "ana")
            try:
                await evil.connect(headers={"Origin": "http://evil.example"})
            except aiohttp.WSServerHandshakeError as error:
                assert error.status == 403
            else:
                raise AssertionError("a page of another site opened the socket")
            finally:
                await evil.close()
            own = await Browser(port, "ana").connect(headers={"Origin": f"http://127.0.0.1:{port}"})
            await own.until(lambda m: m["type"] == "welcome")
            await own.close()
        assert any("another origin" in line for line in said)

    run(test())


def test_chat_arrives_as_text_never_as_markup(tmp_path: Path) -> None:
    """A line said at a table reaches the others as the characters typed (the page puts
    them in as text); control characters are shown, never obeyed."""
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (_front, port):
            ana, ben, _code = await two_at_a_table(port)
            await ben.line("say <img src=x onerror=alert(1)> \x1b[31mhi")
            heard = await ana.said("<img src=x onerror=alert(1)>")
            assert "\x1b" not in words(heard)
            await ben.close()
            await ana.close()

    run(test())


def test_keys_are_never_kept_as_they_are(tmp_path: Path) -> None:
    key = browser_key()
    assert key not in fingerprint(key) and fingerprint(key).startswith("WEB:")
    assert fingerprint(key) != fingerprint(browser_key())


def test_nobody_is_told_a_move_before_it_is_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log's sync is held: the move waits there, and neither browser hears of it (each
    is answered something else meanwhile) until the sync is let go."""
    said: list[str] = []
    entered, release = threading.Event(), threading.Event()
    real_fsync = os.fsync

    class HeldSync:
        """``os`` as the tables' logs use it, their sync held until ``release``."""

        def __getattr__(self, name: str) -> object:
            return getattr(os, name)

        @staticmethod
        def fsync(fd: int) -> None:
            if not release.is_set():
                entered.set()
                release.wait()
            real_fsync(fd)

    async def test() -> None:
        async with web_front(tmp_path, said) as (_front, port):
            ana, ben, _code = await two_at_a_table(port)
            boards = await deal(ana, ana, ben)
            mover, other = (ana, ben) if boards[0]["can"]["draw"] else (ben, ana)
            before = boards[0]["events"]
            monkeypatch.setattr(log_file, "os", HeldSync())
            seen = {one.name: len(one.messages) for one in (ana, ben)}
            try:
                await mover.line("d")
                await settle(entered.is_set)  # the draw is being written
                for one in (other, mover):
                    await one.line("who")
                    await one.said("(here)")
                for one in (other, mover):
                    told = [m for m in one.messages[seen[one.name] :] if m["type"] == "board"]
                    assert all(board["events"] == before for board in told), one.name
            finally:
                release.set()  # (also when it fails: the server stops only once it is written)
            for one in (other, mover):
                await one.board(lambda b: b["events"] > before)
            await ana.close()
            await ben.close()

    run(test())


def test_a_finished_game_s_log_is_kept_from_the_lobby_with_the_game_s_own_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``log CODE`` typed in the lobby (``protokoll`` in German) sends the file of a table
    one sat at once it is over, as ``ssh HOST log CODE`` does; ``history`` says so; a table
    one did not sit at, or a code of none, is refused in words."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))  # a whole game, quickly
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (_front, port):
            ana, ben, code = await two_at_a_table(port)
            await deal(ana, ana, ben)
            for one in (ana, ben):
                await one.line("auto game")
            for one in (ana, ben):
                await one.board(lambda b: b["result"] is not None)
                await one.line("leave")
                await one.until(lambda m: m["type"] == "place" and m["where"] == "lobby")
            await ana.line("history")
            await ana.said(f"log {code} keeps a finished game's log as a file")
            await ana.line(f"log {code.lower()}")
            log = await ana.until(lambda m: m["type"] == "file")
            assert log["name"] == f"{code.lower()}.jsonl"
            header, *events = log["text"].splitlines()
            assert json.loads(header)["format"] == "threethirteen-log" and len(events) > 100
            await ana.line("lang de")
            await ana.said("Willkommen")
            await ana.line(f"protokoll {code}")
            again = await ana.until(lambda m: m["type"] == "file")
            assert again["text"] == log["text"]
            await ana.line("protokoll NOPE-1")
            await ana.said("Keinen Tisch mit diesem Code, an dem du gesessen hast")
            eve = await Browser(port, "eve").connect()
            await eve.until(lambda m: m["type"] == "place" and m["where"] == "lobby")
            await eve.line(f"log {code}")  # she sat at no seat there
            await eve.said("No table with that code that you sat at")
            assert not any(m["type"] == "file" for m in eve.messages)
            for one in (ana, ben, eve):
                await one.close()
        assert sum(f"ana fetched the log of {code} (browser)" in line for line in said) == 2

    run(test())


NO_HISTORY = "None of the tables you sat at is over yet."
NO_LOG = "No table with that code that you sat at."


def test_a_browser_key_that_takes_a_password_player_s_name_gets_none_of_their_logs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pat played a game to its end with the password (over SSH) and left; a browser's key
    then takes the name ``pat`` (nobody holds it): ``history`` lists nothing, and neither
    ``log CODE`` in the lobby nor the page's ``log`` message sends the file. ana, who sat
    at a table with her browser's key, keeps hers."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))
    said: list[str] = []

    async def test() -> None:
        async with web_front(tmp_path, said) as (front, port):
            hall = front.service.hall
            room = await hall.create(
                Identity("pat", None), Plan(code="", host="", seats=2, level="greedy")
            )
            pat = Ear.at(room, "pat", 0)
            assert await pat.send(room, Start()) is None
            assert await pat.send(room, SetAuto(Scope.GAME)) is None
            await settle(lambda: room.code not in hall.rooms)
            room.master.unlink(pat.binding)
            code = room.code
            eve = await Browser(port, "pat").connect()
            await eve.until(lambda m: m["type"] == "place" and m["where"] == "lobby")
            assert front.service.keys.owner("pat") == fingerprint(eve.key)
            await eve.line("history")
            listed = await eve.until(lambda m: NO_HISTORY in words(m) or code in words(m))
            assert NO_HISTORY in words(listed)
            for asked in ({"type": "line", "text": f"log {code}"}, {"type": "log", "code": code}):
                await eve.send(asked)
                sent = await eve.until(lambda m: m["type"] == "file" or NO_LOG in words(m))
                assert sent["type"] == "text"
            assert not any(code in words(m) for m in eve.messages if m["type"] == "text")

            ana = await Browser(port, "ana").connect()
            await ana.until(lambda m: m["type"] == "place" and m["where"] == "lobby")
            await ana.line("new --seats 2 --level greedy")
            await ana.until(lambda m: m["type"] == "place" and m["where"] == "seat")
            (mine,) = await deal(ana, ana)
            await ana.line("auto game")
            await ana.board(lambda b: b["result"] is not None)
            await settle(lambda: mine["code"] not in hall.rooms)
            await ana.close()
            again = await Browser(port, "ana", key=ana.key).connect()
            await again.until(lambda m: m["type"] == "place" and m["where"] == "lobby")
            await again.send({"type": "log", "code": mine["code"]})
            assert (await again.until(lambda m: m["type"] == "file"))["text"]
            for one in (eve, again):
                await one.close()

    run(test())
