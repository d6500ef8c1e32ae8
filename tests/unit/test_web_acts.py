"""A click on the board is an act of the table's protocol with the state id of the board it
was made on (docs/web.md, ``act``): played when the board is the table's own, refused in
words when the table has moved on since; an act for another seat is refused, and anything
that is not an act a page may send is not read."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from threethirteen.core import table as core_table

from tests.helpers.web import Browser, Message, web_front, words

STALE = "the table moved on since you typed that: nothing was played"


def run(test: object) -> None:
    asyncio.run(test)  # type: ignore[arg-type]


def draw(seat: int, seen: int, source: str = "stock") -> Message:
    command = {"type": "Draw", "seat": seat, "source": source}
    return {"type": "act", "act": {"type": "Play", "command": command, "seen": seen}}


async def started(port: int) -> tuple[Browser, Message, int, int]:
    """ana's game of two against greedy, started by a click: ana, the board she is shown,
    where she may draw, her seat and its events."""
    ana = await Browser(port, "ana").connect()
    await ana.line("new --seats 2 --level greedy")
    await ana.board(lambda b: b["can"]["start"])
    await ana.send({"type": "act", "act": {"type": "Start"}})
    shown = await ana.board(lambda b: b["can"]["draw"])
    seat, events = shown["seat"], shown["events"]
    assert isinstance(seat, int) and isinstance(events, int)
    return ana, shown, seat, events


def test_a_click_on_a_stale_board_is_refused_and_a_fresh_one_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (front, port):
            ana, shown, seat, events = await started(port)
            assert isinstance(seat, int) and isinstance(events, int) and events > 1

            # a board from before the last change: refused, nothing played
            await ana.send(draw(seat, events - 1))
            refused = await ana.until(lambda m: m["type"] == "text" and STALE in words(m).lower())
            assert refused
            # another seat's move: refused, nothing played
            await ana.send(draw(1 - seat, events))
            await ana.said("another seat than yours")
            room = front.service.hall.rooms[shown["code"]]
            assert room.table is not None and len(room.events) == events

            # the board as it is: played
            await ana.send(draw(seat, events))
            drawn = await ana.board(lambda b: b["can"]["discard"])
            assert drawn["events"] == events + 1
            card = drawn["hand"][0]["code"]
            discard = {"type": "Discard", "seat": seat, "card": card}
            await ana.send({"type": "act", "act": {"type": "Play", "command": discard,
                                                   "seen": drawn["events"]}})  # fmt: skip
            await ana.board(lambda b: b["events"] > drawn["events"] and not b["can"]["discard"])
            await ana.close()

    run(test())


def test_what_is_no_act_a_page_may_send_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An act a page may not send (``Leave``), one with a key it does not have, a reason
    (only an AI's move has one), a card that is none: none of them is read, and the table
    is as it was."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (front, port):
            ana, shown, seat, events = await started(port)
            no_card = {"type": "Discard", "seat": seat, "card": "11z"}
            bad_draw = draw(seat, events)
            bad_draw["act"]["command"]["reason"] = "because"
            extra = draw(seat, events)
            extra["act"]["why"] = 1
            for message in (
                {"type": "act", "act": {"type": "Leave"}},
                extra,
                bad_draw,
                {"type": "act", "act": {"type": "Play", "seen": events, "command": no_card}},
                {"type": "act", "act": "draw"},
            ):
                await ana.send(message)
            await ana.line("who")  # (read after all the above: none of them did anything)
            await ana.said("ana, host")
            room = front.service.hall.rooms[shown["code"]]
            assert len(room.events) == events and ana.messages[-1]["type"] != "place"
            await ana.close()

    run(test())
