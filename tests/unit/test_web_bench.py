"""The browser's players of ``bench --server --web`` (:mod:`threethirteen.repl.lab.web_load`),
without a server: which board is the first to show another player's move, and that a board
sent again is not a second turn."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

pytest.importorskip("aiohttp")

from threethirteen.repl.lab.scripted import BenchTable
from threethirteen.repl.lab.web_load import WebClient, browser_key


def board(events: int, *, draw: bool = False) -> dict[str, Any]:
    """A board of ``events`` events (only what the players read of it)."""
    return {
        "type": "board",
        "events": events,
        "result": None,
        "can": {"draw": draw, "take": draw, "discard": False, "start": False},
    }


def table_of_two() -> tuple[BenchTable, WebClient, WebClient]:
    table = BenchTable(0, 2, None, moves=10)
    ana = WebClient("t0p0", 0, table, 0.0, random.Random(0))
    ben = WebClient("t0p1", 1, table, 0.0, random.Random(1))
    for player in (ana, ben):
        player.meet([ana, ben])
    return table, ana, ben


def test_a_move_is_seen_on_the_first_later_board_with_more_events() -> None:
    table, ana, ben = table_of_two()
    ana.got(board(5), 0.0)  # ana's turn, 5 events so far
    ana.type_line("d")  # no socket: only its time and its board are noted
    sent = table.sent[0][0]
    assert ana.bases == [5]
    ben.got(board(6), sent - 1.0)  # received before the move was sent: not it
    ben.got(board(5), sent + 0.001)  # sent before the move arrived: not it either
    assert ben.told.get(0, []) == []
    ben.got(board(6), sent + 0.002)
    ben.got(board(7), sent + 0.003)  # one move typed, one told
    assert ben.told[0] == [sent + 0.002]
    assert ana.told.get(1, []) == []  # ben typed nothing


def test_a_board_sent_again_is_not_a_second_turn() -> None:
    async def turns() -> int:
        table, ana, _ = table_of_two()
        ana.got(board(5, draw=True), 0.0)
        ana.acting = False  # as if the draw were typed already, its board not yet here
        ana.got(board(5, draw=True), 0.1)
        return table.typed

    assert asyncio.run(turns()) == 1


def test_the_key_is_43_characters_of_base64url() -> None:
    key = browser_key()
    assert len(key) == 43 and set(key) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    assert browser_key() != key
