"""No message to a browser carries a card its place may not see: every message of a whole
game, to two seats and someone watching, is searched for the cards hidden from that place
when it was sent (another's hand, the stock), worked out from the table's own log.

A card is named by its face (the game has two decks, so a face is hidden only while no copy
of it is known to the place). The messages up to each ``board`` are checked against the
state the board shows (its ``events``): what the place knew by then this round (its hand,
everything face up), the melds of whoever went out and what a round's scoring showed may
be named; nothing else that lies
in another hand or in the stock. The search can fail: a card hidden from a seat, planted
in a copy of its messages, is found.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from threethirteen.core.cards import Card
from threethirteen.core.events import Event, PlayerWentOut, RoundScored
from threethirteen.core.state import GameState, evolve

from tests.helpers.web import Browser, Message, two_at_a_table, web_front

SEED, SALT = 1313, "0123456789abcdef" * 2

FACE = re.compile(r"(10|[2-9AJQK])([♣♦♥♠])")


def faces_in(message: Message) -> set[str]:
    """Every card a message names, by its face (``7♥``)."""
    return {rank + suit for rank, suit in FACE.findall(json.dumps(message, ensure_ascii=False))}


def faces(cards: Sequence[Card]) -> set[str]:
    return {str(card) for card in cards}


class Knowledge:
    """What a place (``seat``; ``None``: watching) may know after each event of a game."""

    def __init__(self, events: Sequence[Event], seat: int | None) -> None:
        self.hidden: list[set[str]] = [set()]
        self.known: list[set[str]] = [set()]
        state = GameState()
        known: set[str] = set()
        round_no = 0
        for event in events:
            state = evolve(state, event)
            round_ = state.round
            if round_ is not None and round_.round_no != round_no:
                round_no, known = round_.round_no, set()
            if isinstance(event, RoundScored):  # the hands are shown to everyone
                for score in event.scores:
                    known |= faces(score.hand)
            if isinstance(event, PlayerWentOut):  # laid down for everyone to see
                for meld in event.melds:
                    known |= faces(meld)
            hidden: set[str] = set()
            if round_ is not None:
                known |= faces(round_.discard_pile)
                if seat is not None:
                    known |= faces(round_.hands[seat])
                for place, hand in enumerate(round_.hands):
                    if place != seat:
                        hidden |= faces(hand)
                hidden |= faces(round_.stock)
            self.known.append(set(known))
            self.hidden.append(hidden - known)

    def leaks(self, messages: Sequence[Message]) -> list[tuple[int, set[str]]]:
        """The messages (by their place in ``messages``) that name a card hidden from the
        place, checked at the board that follows them, and those cards."""
        found = []
        waiting: list[tuple[int, Message]] = []
        before = 0
        for number, message in enumerate(messages):
            waiting.append((number, message))
            if message["type"] != "board" and number < len(messages) - 1:
                continue
            now = message["events"] if message["type"] == "board" else len(self.hidden) - 1
            may = set().union(*self.known[before : now + 1])
            for where, said in waiting:
                named = (faces_in(said) & self.hidden[now]) - may
                if named:
                    found.append((where, named))
            waiting, before = [], now
        return found


def test_no_message_of_a_whole_game_names_a_hidden_card(tmp_path: Path) -> None:
    said: list[str] = []
    kept: dict[str, Any] = {}

    async def test() -> None:
        async with web_front(tmp_path, said, deal=lambda: (SEED, SALT)) as (front, port):
            ana, ben, code = await two_at_a_table(port)
            eve = await Browser(port, "eve").connect()
            await eve.line(f"watch {code}")
            await eve.until(lambda m: m["type"] == "place" and m["where"] == "watch")
            room = front.service.hall.find(code)
            assert room is not None
            await ana.board(lambda b: b["can"]["start"])
            await ana.line("start")
            for one in (ana, ben):
                await one.board(lambda b: b["round"] is not None)
                await one.line("hint")  # asked of the AI too: its reasons name cards
                await one.line("auto game")
            for one in (ana, ben, eve):
                await one.board(lambda b: b["result"] is not None)
            kept["events"] = room.events
            kept["messages"] = {one.name: list(one.messages) for one in (ana, ben, eve)}
            # once it is over, a seat keeps the game's log from the page
            await ana.send({"type": "log", "code": code})
            log = await ana.until(lambda m: m["type"] == "file")
            assert log["name"] == f"{code.lower()}.jsonl"
            assert log["text"].count("\n") == len(room.events) + 1  # the header, each event
            await eve.send({"type": "log", "code": code})  # a watcher sat at no seat
            await eve.said("No table with that code that you sat at")
            for one in (ana, ben, eve):
                await one.close()

    asyncio.run(test())
    events, messages = kept["events"], kept["messages"]
    assert not any("ssh -p" in json.dumps(m) for m in messages["ana"])  # nothing to type
    boards = [m for m in messages["ana"] if m["type"] == "board" and m["round"]]
    assert {board["round"]["no"] for board in boards} == set(range(1, 12))  # the whole game
    for name, seat in (("ana", 0), ("ben", 1), ("eve", None)):
        knowledge = Knowledge(events, seat)
        assert knowledge.leaks(messages[name]) == [], name
        assert sum(len(faces_in(m)) for m in messages[name]) > 100  # cards were named

    # the search finds a card hidden from ana, planted in a copy of what she was sent
    knowledge = Knowledge(events, 0)
    board = next(m for m in messages["ana"] if m["type"] == "board" and m["round"])
    planted = sorted(knowledge.hidden[board["events"]] - knowledge.known[board["events"]])[0]
    leaky = [*messages["ana"]]
    at = leaky.index(board)
    leaky.insert(at, {"type": "text", "parts": [["", f"ben holds {planted}"]]})
    assert knowledge.leaks(leaky) == [(at, {planted})]
