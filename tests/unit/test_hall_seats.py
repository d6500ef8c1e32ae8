"""Shared tables of two to eight seats, without the network: the options of ``new``, the
plan on disk (its seat count checked when read back), the caps counting a large table as
two, a table with no AI that waits for people, and every seat named from each player's
place (the same over SSH is in tests/e2e/test_server_seats.py)."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core.events import GameStarted
from threethirteen.repl.kit.layout import plain
from threethirteen.repl.kit.table_words import TableTexts, who_text
from threethirteen.repl.protocol.acts import Start
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.lobby import read_options
from threethirteen.repl.server.names import Identity
from threethirteen.repl.server.plan import Plan, plan_text, read_plan
from threethirteen.repl.server.room import Refused, Room
from threethirteen.repl.words.i18n import Texts

from tests.helpers.rooms import Ear, settle

SEED, SALT = 2213, "c0ffee" * 5 + "00"


def refusal(options: str, lang: str = "en") -> str:
    """What a host who types ``new OPTIONS`` is told."""
    with pytest.raises(Refused) as refused:
        read_options(options)
    return Texts(lang)(refused.value.key, **refused.value.params)


def new_hall(folder: Path, pool: ThreadPoolExecutor, limits: Limits | None = None) -> Hall:
    limits = limits or Limits()
    return Hall(folder, pool=pool, limits=limits, pace=0.0, deal=lambda: (SEED, SALT))


async def made(hall: Hall, host: str, options: str, address: str = "") -> Room | str:
    """The table made, or the key of why it was refused."""
    try:
        return await hall.create(
            Identity(host, None), read_options(f"--level greedy {options}"), address
        )
    except Refused as why:
        return why.key


def test_new_takes_two_to_eight_seats_and_jokers_that_fit_their_decks() -> None:
    plan = read_options("--seats 6 --jokers 3 --ai 0")
    assert (plan.seats, plan.jokers, plan.ai, plan.people) == (6, 3, 0, (None,) * 6)
    assert read_options("").seats == 4
    assert read_options("--plätze 2 --jokers 2").seats == 2  # the German name
    assert refusal("--seats 9") == "--seats is 2 to 8."
    assert refusal("--seats 1") == "--seats is 2 to 8."
    assert refusal("--seats x") == "--seats is 2 to 8."
    assert refusal("--seats 99999999999999999999") == "--seats is 2 to 8."
    assert refusal("--jokers 2 --seats 6") == "6 seats play 3 decks: --jokers is 0, 3 or 6."
    assert refusal("--seats 2 --jokers 4") == "2 seats play 1 deck: --jokers is 0, 1 or 2."
    assert refusal("--jokers 3") == "4 seats play 2 decks: --jokers is 0, 2 or 4."
    said = refusal("--seats 6 --jokers 2", "de")
    assert said == "6 Plätze spielen mit 3 Paketen: --jokers ist 0, 3 oder 6."
    assert refusal("--seats 9", "de") == "--seats (--plätze) ist 2 bis 8."
    said = refusal("--ai 6 --seats 6")
    assert said == "--ai is 0 to 5: the most seats the AI takes at the start."
    assert refusal("--ai x").startswith("--ai is 0 to 3")


def test_the_plan_keeps_its_count_and_a_damaged_one_is_refused() -> None:
    plan = Plan(code="KITE-7", host="ana", seats=6, jokers=3, people=("ana", *[None] * 5))
    again = read_plan(plan_text(plan))
    assert (again.seats, again.jokers, len(again.people)) == (6, 3, 6)
    old = json.loads(plan_text(Plan(code="KITE-7", host="ana", people=("ana", None, None, None))))
    del old["seats"], old["ai"]  # a plan written before tables had a count
    assert read_plan(json.dumps(old)).seats == 4
    for change, problem in (
        ({"seats": 9, "people": ["ana", *[None] * 8]}, "seats: '9' cannot be"),
        ({"seats": 1, "people": ["ana"]}, "seats: '1' cannot be"),
        ({"seats": 6}, "people: '4' cannot be"),  # a list of the wrong length
        ({"people": ["ana", None, None, None, None, None]}, "people: '6' cannot be"),
        ({"seats": 6, "people": ["ana", *[None] * 5], "jokers": 2}, "jokers: '2' cannot be"),
        ({"ai": 4}, "ai: '4' cannot be"),
        ({"totals": [1, 2]}, "totals: '[1, 2]' cannot be"),
    ):
        with pytest.raises(ValueError, match=problem.replace("[", r"\[")):
            read_plan(json.dumps(old | change))


def test_a_table_of_five_to_eight_counts_as_two_against_the_caps(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = new_hall(tmp_path, pool, Limits(tables_total=8, tables_per_address=3))
            eight = await made(hall, "ana", "--seats 8")
            assert isinstance(eight, Room) and eight.plan.people == ("ana", *[None] * 7)
            assert isinstance(await made(hall, "ana", "--seats 2"), Room)
            assert await made(hall, "ana", "--seats 2") == "server.tables_per_name"  # 2 + 1 of 3
            assert await made(hall, "ana", "--seats 5") == "server.tables_per_name"
            assert isinstance(await made(hall, "ben", "--seats 6", "192.0.2.1"), Room)
            assert await made(hall, "cy", "--seats 7", "192.0.2.1") == "server.tables_per_address"
            assert isinstance(await made(hall, "cy", "--seats 5"), Room)  # 2 + 1 + 2 + 2 of 8
            assert await made(hall, "dan", "--seats 5") == "server.too_many_tables"
            assert isinstance(await made(hall, "dan", "--seats 4"), Room)
            assert len(hall.open_tables()) == 5

    asyncio.run(play())


def test_a_table_without_ai_starts_only_when_every_seat_is_taken(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            room = await made(new_hall(tmp_path, pool), "ana", "--seats 3 --ai 0")
            assert isinstance(room, Room)
            ana = Ear.at(room, "ana", 0)
            refused = await ana.send(room, Start())
            assert refused is not None and not room.started
            said = Texts("en")(refused.key, **refused.values)
            assert said == (
                "Not yet: 2 more must sit down first (--ai 0: the AI takes at most 0 seats)."
            )
            assert (
                await room.sit(Identity("ben", None)) == 1
                and await room.sit(Identity("cy", None)) == 2
            )
            assert await ana.send(room, Start()) is None
            await settle(lambda: room.started)
            assert room.table is not None
            started = room.table.snapshot.events[0]
            assert isinstance(started, GameStarted)
            assert (started.players, started.seat_count) == (("human",) * 3, 3)
            await room.close()

    asyncio.run(play())


def test_who_names_every_seat_from_each_players_place(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            room = await made(new_hall(tmp_path, pool), "ana", "--seats 6")
            assert isinstance(room, Room) and await room.sit(Identity("ben", None)) == 1
            names = room.plan.people

            def who(me: int | None, lang: str = "en") -> list[str]:
                text = plain(who_text(room.master.who(), TableTexts(lang, lambda: names, me), me))
                return [" ".join(line.split()) for line in text.splitlines()]

            assert who(0) == [
                "Left ben (away)",
                "Top left —",
                "Top —",
                "Top right —",
                "Right —",
                "You ana, host (away)",
            ]
            assert who(1)[0] == "Left —"
            assert who(1)[-2:] == ["Right ana, host (away)", "You ben (away)"]
            assert who(1, "de")[-1] == "Du ben (weg)"
            assert [line.split()[0] for line in who(None)] == ["1", "2", "3", "4", "5", "6"]
            assert TableTexts("en", lambda: names, 1).place(0) == "Right"
            assert TableTexts("en", lambda: ["a", "b"], 1).place(0) == "Top"

    asyncio.run(play())
