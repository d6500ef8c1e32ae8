"""What the card table in the browser is sent (docs/web.md): the board once, then what
changed of it (a ``patch``); a round's end as ``round_over`` news with every hand laid out;
while the seat must discard, the penalty after each card and the best one; the hint; the
language switched at the table; AI seats marked."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from threethirteen.core import table as core_table
from threethirteen.core.cards import parse_card
from threethirteen.repl.server.web.messages import changes, encoded, patched
from threethirteen.repl.words.i18n import Texts

from tests.helpers.rooms import settle
from tests.helpers.web import Browser, Message, web_front

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["", "7♥", "ana"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("abcd"), inner, max_size=4)
    ),
    max_leaves=20,
)


def run(test: object) -> None:
    asyncio.run(test)  # type: ignore[arg-type]


@given(JSON, JSON)
def test_a_patch_makes_the_new_board_from_the_old_and_leaves_the_old_as_it_was(
    old: Any, new: Any
) -> None:
    before = encoded({"x": old})
    made = patched({"x": old}, [[["x", *path], value] for path, value in changes(old, new)])
    assert made == {"x": new}
    assert encoded({"x": old}) == before


def test_what_is_the_same_is_not_sent_again() -> None:
    old = {"hand": [{"code": "7h"}, {"code": "Qs"}], "round": {"stock": 40, "no": 3}}
    new = {"hand": [{"code": "7h"}, {"code": "Qs"}], "round": {"stock": 39, "no": 3}}
    assert changes(old, new) == [[["round", "stock"], 39]]
    assert changes(old, old) == []


async def two_playing(port: int) -> tuple[Browser, Browser, Message, Message]:
    """ana and ben at a table of two, dealt (both browsers), and their first boards."""
    ana = await Browser(port, "ana").connect()
    await ana.line("new --seats 2 --level greedy")
    code = str((await ana.until(lambda m: m["type"] == "place" and m["code"]))["code"])
    ben = await Browser(port, "ben", table=code).connect()
    await ben.until(lambda m: m["type"] == "place" and m["where"] == "seat")
    await ana.board(lambda b: b["can"]["start"])
    await ana.line("start")
    bens = await ben.board(lambda b: b["round"] is not None)
    return ana, ben, await ana.board(lambda b: b["round"] is not None), bens


def test_a_move_reaches_the_others_as_a_patch_much_smaller_than_the_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (_front, port):
            ana, ben, start, bens = await two_playing(port)
            mover, other = ana, ben
            if not start["can"]["draw"]:  # (the deal's first board is the one to play on)
                mover, other, start = ben, ana, bens
            await mover.line("d")
            after = await other.board(lambda b: b["events"] > start["events"])
            # what came over the wire for that move: a patch, not the whole board again
            frame = other.wire[next(i for i, m in enumerate(other.messages) if m is after)]
            assert frame.startswith('{"type":"patch"'), frame
            assert len(frame.encode()) * 3 < len(encoded(after).encode()), frame
            await ana.close()
            await ben.close()

    run(test())


async def started_against_greedy(port: int) -> Browser:
    """ana at a table of two she made against greedy, and started."""
    ana = await Browser(port, "ana").connect()
    await ana.line("new --seats 2 --level greedy")
    await ana.board(lambda b: b["can"]["start"])
    await ana.line("start")
    return ana


def test_every_round_s_end_is_news_with_every_hand_and_the_game_s_result_ranks_everyone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The AI plays ana's game and ben's first round; ben comes back to his seat in the
    second and leaves the AI the rest: ana is told every round's end, ben's page that came
    back only those from then on. (He comes back to the running game: a finished table is
    in the past, where ``watch`` finds it no more.)"""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (_front, port):
            ana, ben, _, _ = await two_playing(port)
            await ana.line("auto game")
            await ben.line("auto round")  # then the game waits for him in round 2
            await ben.board(lambda b: b["can"]["draw"] and b["round"]["no"] == 2)
            assert [m["no"] for m in ben.messages if m["type"] == "round_over"] == [1]
            # ben comes back to his seat: no round's end is told him again
            await ben.close()
            again = await Browser(port, "ben", key=ben.key).connect()
            await again.board(lambda b: b["can"]["draw"] and b["round"]["no"] == 2)
            await again.line("auto game")
            end = await ana.board(lambda b: b["result"] is not None)
            await again.board(lambda b: b["result"] is not None)
            told = [m["no"] for m in again.messages if m["type"] == "round_over"]
            assert told == list(range(2, 12))
            overs: list[Message] = [m for m in ana.messages if m["type"] == "round_over"]
            assert [m["no"] for m in overs] == list(range(1, 12))
            for over in overs:
                hands = over["hands"]
                assert [hand["you"] for hand in hands] == [True, False]  # you first
                assert hands[1]["name"] == "ben"
                out = [hand for hand in hands if hand["out"]]
                if over["ended_by"] == "went_out":
                    assert len(out) == 1 and out[0]["name"] in ("You", "ben")
                    assert out[0]["penalty"] == 0 and out[0]["left_over"] == []
                held = sum(len(meld) for meld in hands[0]["melds"]) + len(hands[0]["left_over"])
                assert held == over["no"] + 2  # the whole hand, laid out
            last = overs[-1]["hands"]
            assert [hand["total"] for hand in last] == end["result"]["totals"]
            standings = end["result"]["standings"]
            assert [row["total"] for row in standings] == sorted(end["result"]["totals"])
            assert {row["name"] for row in standings} == {"You", "ben"}
            for one in (ana, again):
                await one.close()

    run(test())


def test_while_discarding_each_card_says_the_penalty_after_it_and_the_hint_is_marked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (_front, port):
            ana = await started_against_greedy(port)
            drawing = await ana.board(lambda b: b["can"]["draw"])
            assert all("after" not in card for card in drawing["hand"])
            assert drawing["best"] is None and drawing["seats"][0]["ai"]
            await ana.line("hint")
            hinted = await ana.board(lambda b: b["hint"] is not None)
            assert hinted["hint"]["draw"] in ("stock", "discard")
            await ana.line("t" if hinted["hint"]["draw"] == "discard" else "d")
            shown = await ana.board(lambda b: b["can"]["discard"])
            assert shown["hint"] is None  # (the hint was for the table as it was)
            taken = (shown["taken"] or {}).get("code")
            for card in shown["hand"]:
                assert ("after" in card) == (card["code"] != taken), card
            assert shown["best"] in [c["code"] for c in shown["hand"] if c["code"] != taken]
            await ana.close()

    run(test())


def test_the_language_is_switched_at_the_table_and_the_board_comes_whole_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (_front, port):
            ana = await started_against_greedy(port)
            await ana.board(lambda b: b["round"] is not None)
            await ana.send({"type": "lang", "lang": "de"})
            told = await ana.until(lambda m: m["type"] == "words" and m["lang"] == "de")
            assert told["words"]["web.table.stock"] == "Stapel"
            board = await ana.board(lambda b: b["round"] is not None)
            assert board["seats"][-1]["name"] == "Du"  # the game's words too
            frame = ana.wire[next(i for i, m in enumerate(ana.messages) if m is board)]
            assert frame.startswith('{"type":"board"')  # whole, not a patch
            await ana.close()

    run(test())


def test_a_round_s_end_already_told_is_told_again_in_the_language_switched_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page may still show a round's end when its player switches the language: each
    one told at this table comes again in the new words (``again``: the page replaces the one
    it holds, if it still does), before the board, and what comes after is in them too."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (_front, port):
            ana = await started_against_greedy(port)
            await ana.board(lambda b: b["round"] is not None)
            await ana.line("auto round")
            first = await ana.until(lambda m: m["type"] == "round_over")
            assert first["hands"][0]["name"] == "You" and not first.get("again")
            await ana.send({"type": "lang", "lang": "de"})
            await ana.until(lambda m: m["type"] == "words" and m["lang"] == "de")
            board = await ana.board(lambda b: b["seats"][-1]["name"] == "Du")
            at = next(i for i, m in enumerate(ana.messages) if m is board)
            told = [m for m in ana.messages[:at] if m["type"] == "round_over" and m.get("again")]
            assert [m["no"] for m in told] == [1]  # the one round's end told so far
            again = told[0]
            assert again["hands"][0]["name"] == "Du"
            same = ("no", "wild", "ended_by")  # (the wild rank of round 1 is a number)
            assert [again[k] for k in same] == [first[k] for k in same]
            out = [hand["name"] for hand in again["hands"] if hand["out"]]
            assert out == ([again["went_out"]] if again["went_out"] else [])  # in German too
            de = Texts("de")
            for hand in again["hands"]:
                for card in [*hand["left_over"], *(c for meld in hand["melds"] for c in meld)]:
                    assert card["label"] == de.card(parse_card(card["code"]))
            await ana.close()

    run(test())


def test_an_ask_for_another_game_already_shown_is_told_again_in_the_language_switched_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ben asks for another game (``again``) once the game of two is over: ana's page is
    told (``invited``) in English. She switches to German by the result: the ask comes
    ``again`` in German (the page keeps no words of its own for it), before the board."""
    monkeypatch.setattr(core_table, "HELPER_LEVELS", ("greedy",))

    async def test() -> None:
        async with web_front(tmp_path, []) as (front, port):
            ana, ben, _, _ = await two_playing(port)
            await ana.send({"type": "lang", "lang": "en"})  # (the same: nothing told again)
            await ana.line("auto game")
            await ben.line("auto game")
            old = (await ana.board(lambda b: b["result"] is not None))["code"]
            await ben.board(lambda b: b["result"] is not None)
            await settle(lambda: old in front.service.hall.encores.rooms)  # (kept for again)
            await ben.line("again")
            made = await ben.until(lambda m: m["type"] == "place" and m["where"] == "seat"
                                   and m["code"] != "")  # fmt: skip
            first = await ana.until(lambda m: m["type"] == "invited")
            code = str(first["code"])
            assert first["again"] is False and code
            assert first["text"] == f"ben asks for another game: again joins {code}."
            await ana.send({"type": "lang", "lang": "de"})
            board = await ana.board(lambda b: b["seats"][-1]["name"] == "Du")
            at = next(i for i, m in enumerate(ana.messages) if m is board)
            told = [m for m in ana.messages[:at] if m["type"] == "invited"]
            assert told[0] is first and len(told) == 2
            again = told[1]
            assert again["again"] is True and again["code"] == code
            assert again["text"] == f"ben will noch ein Spiel: nochmal setzt dich an {code}."
            # switched back: in English again, once more
            await ana.send({"type": "lang", "lang": "en"})
            await ana.board(lambda b: b["seats"][-1]["name"] == "You")
            last = [m for m in ana.messages if m["type"] == "invited"]
            assert len(last) == 3 and last[-1]["text"] == first["text"]
            assert made["code"] == code
            await ana.close()
            await ben.close()

    run(test())
