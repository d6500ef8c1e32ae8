"""Shared tables of two to eight seats over SSH (issue 19, the server): the real OpenSSH
client in a pseudo-terminal against ``threethirteen serve`` on loopback. Two people play a
table of two; a table of six seats two people and four AI, and ``tables`` and ``who``
show the counts and each seat from each player's place; ``new`` refuses a count or jokers
that do not fit, in the game's words; a table with ``--ai 0`` starts only when full; a
damaged plan with nine seats is refused at a restart. Every wait has a generous timeout.
The same without the network is in tests/unit/test_hall_seats.py.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

import pytest

from tests.helpers.sshclient import SSH, SSH_KEYGEN, Player, Server, deal

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)

CARD = r"(?:10|[2-9AJQK])[♣♦♥♠]"
TURN = re.compile(r"your turn: draw or take")


def make_table(host: Player, options: str) -> str:
    """``host`` makes a table with ``options``; its code."""
    host.line(f"new --level greedy {options}")
    return host.expect(r"Table ([A-Z]{4}-\d+) is yours").group(1)


def table_rows(*names: str) -> str:
    """The rows of the table shown to a player, its seats in this order."""
    rows = "".join(rf"[ ▶]+{re.escape(name)} +\d+ cards[^\n]*\n" for name in names)
    return r"Stock: \d+ cards[^\n]*\n" + rows


def whose_turn(*players: Player) -> Player:
    """The player whose turn to draw it is next (waiting for the table to say so)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for player in players:
            if player.find(TURN) is not None:
                return player
        time.sleep(0.05)
    raise AssertionError([player.tail() for player in players])


def test_two_people_play_a_table_of_two(server: Server, connect: Callable[..., Player]) -> None:
    ana, ben = connect(server.port, "ana", lobby=True), connect(server.port, "ben", lobby=True)
    code = make_table(ana, "--seats 2 --jokers 2")
    ben.line(f"join {code}")
    ana.expect(r"ben sits down \(Top\)")  # at two, the other sits across the table
    ana.line("who")
    ana.expect(r"Top\s+ben \(here\)\s+You\s+ana, host \(here\)")
    ana.line("start")
    for player in (ana, ben):
        player.expect(r"The cards are dealt\.")
    for _ in range(4):  # two turns each: draw from the stock, discard the card drawn
        mover = whose_turn(ana, ben)
        other = ben if mover is ana else ana
        mover.line("d")
        drawn = mover.expect(rf"You draw ({CARD}|JK) from the stock\.").group(1)
        mover.discard(drawn)
        other.expect(rf"{mover.name} (?:draws from the stock, )?discards {re.escape(drawn)}\.")
    assert server.alive() and "error" not in server.log()


def test_six_seats_two_people_and_four_ai_seen_from_each_place(
    server: Server, connect: Callable[..., Player]
) -> None:
    ana, ben, eve = (connect(server.port, name, lobby=True) for name in ("ana", "ben", "eve"))
    code = make_table(ana, "--seats 6 --jokers 3")
    ben.line(f"join {code}")
    ana.expect(r"ben sits down \(Left\)")
    eve.line("tables")
    free = ", ".join(["free"] * 4)  # before the start, the seats nobody took are free
    eve.expect(rf"{code}\s+2/6\s+ana, ben, {free}\s+· 3 jokers, aces low, greedy AI")
    ana.line("who")  # every seat from ana's place: ben on her left, she at the bottom
    ana.expect(r"Left\s+ben \(here\)\s+Top left\s+—\s+Top\s+—\s+Top right\s+—\s+Right\s+—\s+")
    ana.expect(r"You\s+ana, host \(here\)")
    deal(ana, ben)
    # the table: the others clockwise from the left, then yourself at the bottom
    ana.expect(table_rows("ben", "AI 3", "AI 4", "AI 5", "AI 6", "You"))
    ben.expect(table_rows("AI 3", "AI 4", "AI 5", "AI 6", "ana", "You"))
    eve.line("tables")
    eve.expect(rf"{code}\s+6/6\s+ana, ben, AI 3 \(greedy\), AI 4 \(greedy\), AI 5 \(greedy\)")
    ben.line("who")  # from ben's place: ana on his right, he at the bottom
    ben.expect(r"Left\s+AI, greedy\s+Top left\s+AI, greedy\s+Top\s+AI, greedy\s+")
    ben.expect(r"Top right\s+AI, greedy\s+Right\s+ana, host \(here\)\s+You\s+ben \(here\)")


def test_new_refuses_counts_and_jokers_that_do_not_fit(
    server: Server, connect: Callable[..., Player]
) -> None:
    eve = connect(server.port, "eve", lobby=True)
    for options, said in (
        ("--seats 9", r"--seats is 2 to 8\."),
        ("--seats 1", r"--seats is 2 to 8\."),
        ("--seats x", r"--seats is 2 to 8\."),
        ("--jokers 2 --seats 6", r"6 seats play 3 decks: --jokers is 0, 3 or 6\."),
        ("--seats 3 --ai 3", r"--ai is 0 to 2: the most seats the AI takes at the start\."),
    ):
        eve.line(f"new {options}")
        eve.expect(said)
    eve.line("lang de")
    eve.line("neu --plätze 2 --jokers 4")
    eve.expect(r"2 Plätze spielen mit 1 Paket: --jokers ist 0, 1 oder 2\.")
    eve.line("tische")
    eve.expect(r"Noch keine offenen Tische")
    assert not list((server.folder / "tables").glob("*.json"))


def test_a_table_without_ai_starts_when_full_and_a_damaged_plan_is_refused(
    server: Server, connect: Callable[..., Player]
) -> None:
    ana, ben, eve = (connect(server.port, name, lobby=True) for name in ("ana", "ben", "eve"))
    code = make_table(ana, "--seats 3 --ai 0")
    ana.line("start")
    ana.expect(r"Not yet: 2 more must sit down first \(--ai 0")
    ana.send("\x03")  # the refused line stays to be mended: Ctrl-C clears it
    ben.line(f"join {code}")
    ana.expect(r"ben sits down \(Left\)")
    ana.line("start")
    ana.expect(r"Not yet: 1 more must sit down first")
    ana.send("\x03")
    eve.line(f"join {code}")
    ana.expect(r"eve sits down \(Right\)")
    ana.line("start")
    for player in (ana, ben, eve):
        player.expect(r"The cards are dealt\.")

    server.stop()
    for player in (ana, ben, eve):
        player.wait_end()
    plans = server.folder / "tables"
    kept = json.loads((plans / f"{code}.json").read_text(encoding="utf-8"))
    other = "ZINC-9" if code != "ZINC-9" else "ZINC-8"
    nine = kept | {"code": other, "seats": 9, "people": ["ana", *[None] * 8]}
    (plans / f"{other}.json").write_text(json.dumps(nine), encoding="utf-8")  # nine seats
    kept["people"].append(None)  # a list of the wrong length: refused too
    (plans / f"{code}.json").write_text(json.dumps(kept), encoding="utf-8")
    server.start()
    server.wait_log(f"table {other} cannot be resumed: seats: '9' cannot be")
    server.wait_log(f"table {code} cannot be resumed: people: '4' cannot be")
    eve = connect(server.port, "eve", lobby=True)
    eve.line("tables")
    eve.expect(r"No open tables yet")
