"""What is said and done at a shared table, without the network (issue 25, findings 6, 9, 10
and 11): a command typed before the table moved on is refused as stale, a refusal names the
players, watchers are quiet unless the host lets them talk, ``mute`` and ``watchers off``,
and a said line keeps only characters one column wide."""

from __future__ import annotations

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from threethirteen.core.errors import Action, IllegalMoveError
from threethirteen.core.events import DrawSource
from threethirteen.core.players import load_policy
from threethirteen.core.rules import Discard, Draw, new_game
from threethirteen.core.table import Table
from threethirteen.core.turns import AiTurn, AutoTurn, PersonTurn
from threethirteen.repl.kit.safe import clean_line
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.kit.table_words import TableTexts
from threethirteen.repl.server.room import Plan, Refused, Room
from threethirteen.repl.server.table_session import TableSession, sit_down
from threethirteen.repl.words.i18n import sentence

from tests.helpers.rooms import HELD, Terminal, settle

SEED, SALT = 2213, "c0ffee" * 5 + "00"
STOCK = Draw(seat=0, source=DrawSource.STOCK)


def play_ais(table: Table) -> None:
    """The AI turns (and the autopilot's) until a person is to act."""
    while isinstance(step := table.next_step(), AiTurn | AutoTurn):
        table.play_step(step)


def shared(room: Room, name: str, seat: int | None) -> tuple[SeatFront, io.StringIO]:
    """A place at ``room`` that reads its news as it comes, and what it showed."""
    shown = io.StringIO()
    place = sit_down(room, Terminal(name), seat, lang="en", screen=PlainScreen(shown))
    place.front.begin()
    return place.front, shown


async def heard(room: Room, *fronts: SeatFront) -> None:
    """Until ``room`` took up every act sent so far and each of ``fronts`` has shown all it
    was told."""
    await room.master.quiet()
    await settle(lambda: all(len(front.link.news) == 0 for front in fronts))


async def typed(room: Room, front: SeatFront, line: str, *fronts: SeatFront) -> None:
    """``line`` typed at ``front``, and what came of it shown at ``fronts`` (and there)."""
    front.execute(line)
    await heard(room, front, *fronts)


# -- 11. a stale command ------------------------------------------------------------------


def test_a_move_typed_before_the_clock_played_the_turn_is_refused_as_stale() -> None:
    """The clock runs out on seat 0, whose view had ``told`` events; the AI plays that turn
    and the other seat's, and it is seat 0's turn again. A draw typed against the old view
    is refused (a key of its own, nothing changes); one typed now is played, and so is a
    discard typed before that draw was told (the seat's own events never make it stale)."""
    _, events = new_game(SEED, players=("human", "greedy"))
    table = Table(events, {1: load_policy("greedy")}, helper=lambda: load_policy("greedy"))
    play_ais(table)
    assert table.next_step() == PersonTurn(0)
    told = table.view(0).event_count
    assert table.time_up(0, told)
    play_ais(table)  # the AI plays seat 0's turn, then seat 1's
    assert table.next_step() == PersonTurn(0) and table.view(0).event_count > told
    count = len(table.events)
    with pytest.raises(IllegalMoveError) as refused:
        table.submit(0, STOCK, told=told)
    assert refused.value.key == "stale_command" and len(table.events) == count
    assert "the table moved on since you typed that" in str(refused.value)
    with pytest.raises(IllegalMoveError, match="moved on"):
        table.hint(0, told=told)
    now = table.view(0).event_count
    table.submit(0, STOCK, told=now)
    mine = table.view(0).mine
    assert mine is not None
    table.submit(0, Discard(seat=0, card=mine.hand[-1]), told=now)  # the draw not yet told
    assert len(table.events) > count + 1
    play_ais(table)  # seat 1 moves: what seat 0 was told at ``now`` is old again
    with pytest.raises(IllegalMoveError, match="moved on"):
        table.submit(0, STOCK, told=now)
    table.submit(0, STOCK, told=table.view(0).event_count)


def test_another_persons_move_makes_a_command_stale_and_its_own_never_does() -> None:
    _, events = new_game(7, players=("human", "human"))
    table = Table(events, {})
    first = table.state.turn
    assert first is not None
    other = 1 - first
    told = table.view(other).event_count
    table.submit(first, Draw(seat=first, source=DrawSource.STOCK), told=told)
    with pytest.raises(IllegalMoveError, match="moved on"):
        table.submit(other, Draw(seat=other, source=DrawSource.STOCK), told=told)
    mine = table.view(first).mine
    assert mine is not None
    table.submit(first, Discard(seat=first, card=mine.hand[0]), told=told)


def test_a_move_sent_from_an_old_view_at_a_shared_table_is_refused_and_the_table_shown(
    tmp_path: Path,
) -> None:
    """ana's line ``d`` was typed while her view still showed her turn, and ran before the
    news of the clock's AI turn reached her front (her view is put back to that one): the
    room refuses it as stale, nothing is played, and she sees why and the table again."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-8", host="ana", people=("ana", None), level="greedy")
            room = Room(plan, tmp_path, pool=pool, pace=0.0, deal=lambda: (SEED, SALT))
            ana, shown = shared(room, "ana", 0)
            await typed(room, ana, "start")
            await settle(lambda: ana.view is not None and ana.view.my_turn)
            old = ana.view
            assert old is not None and room.table is not None
            table = room.table
            room.master.drive._time_up(0, old.event_count)  # the clock ran out: the AI plays
            await settle(  # her turn again, and she was told all of it
                lambda: (
                    table.next_step() == PersonTurn(0)
                    and ana.view is not None
                    and ana.view.event_count == table.snapshot.state.event_count > old.event_count
                )
            )
            count = len(room.events)
            ana.view = old  # the line ran against the view she typed it on
            before = len(shown.getvalue())
            ana.execute("d")
            link = ana.sitting
            assert isinstance(link, TableSession)
            await link.settled()
            await heard(room, ana)
            said = shown.getvalue()[before:]
            assert "The table moved on since you typed that: nothing was played" in said
            assert "Your hand" in said.split("moved on", 1)[1]  # the table, shown again
            assert len(room.events) == count and table.next_step() == PersonTurn(0)
            await room.close()

    asyncio.run(play())


# -- 10. refusals name the players ---------------------------------------------------------


@pytest.mark.parametrize(("lang", "said"), [("en", "it is bob's turn"), ("de", "bob ist dran")])
def test_an_out_of_turn_move_is_refused_in_the_players_names(lang: str, said: str) -> None:
    for people in (["bob", "cy"], ["ana", "bob", "cy"]):
        me = people.index("cy")
        tx = TableTexts(lang, lambda people=people: people, me)  # type: ignore[misc]
        error = IllegalMoveError(
            "not_your_turn", seat=me, action=Action.DRAW, turn=people.index("bob")
        )
        text = sentence(tx.error(error))
        assert said in text, text
        assert text.startswith(("You cannot", "Du:")), text
        for seat_word in ("Left", "Top", "Right", "Links", "Oben", "Rechts"):
            assert seat_word not in text, text


# -- 6. who may talk --------------------------------------------------------------------


def test_watchers_are_quiet_unless_the_host_lets_them_talk_and_the_host_mutes(
    tmp_path: Path,
) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-9", host="ana", people=("ana", "ben", None, None))
            room = Room(plan, tmp_path, pool=pool, pace=HELD, deal=lambda: (SEED, SALT))
            ana, ana_shown = shared(room, "ana", 0)
            ben, ben_shown = shared(room, "ben", 1)
            eve, eve_shown = shared(room, "eve", None)
            everyone = (ana, ben, eve)
            await heard(room, *everyone)
            await typed(room, eve, "say hello all", *everyone)
            assert "Watchers do not talk at this table" in eve_shown.getvalue()
            assert "hello all" not in ana_shown.getvalue()
            await typed(room, ben, "watchers talk", *everyone)
            assert "Only the host (ana) decides that." in ben_shown.getvalue()
            await typed(room, ana, "watchers talk", *everyone)
            await typed(room, eve, "say hello now", *everyone)
            assert "eve (watching): hello now" in ana_shown.getvalue()
            await typed(room, ana, "mute eve", *everyone)
            assert "The host muted you" in eve_shown.getvalue()
            assert "eve is muted" in ana_shown.getvalue()
            await typed(room, eve, "say can you hear me", *everyone)
            await typed(room, ben, "say ben here", *everyone)
            assert "can you hear me" not in ana_shown.getvalue() + ben_shown.getvalue()
            assert "ben: ben here" in ana_shown.getvalue()
            await typed(room, ana, "mute nobody", *everyone)
            assert "Nobody called nobody is at this table" in ana_shown.getvalue()
            await typed(room, ana, "who", *everyone)
            assert "eve (muted)" in ana_shown.getvalue()
            completions = [c.text for c in ana.completer().get_completions(
                *_typed("mute ")
            )]  # fmt: skip
            assert completions == ["ana", "ben", "eve"]
            await typed(room, ana, "unmute eve", *everyone)
            await typed(room, eve, "say back again", *everyone)
            assert "eve (watching): back again" in ben_shown.getvalue()
            await typed(room, ana, "mute ben", *everyone)
            await typed(room, ben, "say first", *everyone)
            await typed(room, ben, "say second", *everyone)
            assert ben_shown.getvalue().count("The host muted you") == 1  # told once
            assert "first" not in ana_shown.getvalue() and "second" not in ana_shown.getvalue()
            await typed(room, ana, "watchers off", *everyone)
            assert "The host closed this table to watchers" in eve_shown.getvalue()
            assert room.master.talk.watching() == []
            with pytest.raises(Refused) as refused:
                shared(room, "eve", None)
            assert refused.value.key == "server.no_watchers"
            await typed(room, ana, "watchers on", ana, ben)
            shared(room, "eve", None)  # watching again, quiet
            await room.close()

    asyncio.run(play())


def _typed(text: str) -> tuple[Document, CompleteEvent]:
    return Document(text), CompleteEvent(completion_requested=True)


# -- 9. a line keeps only characters one column wide --------------------------------------


def test_a_said_line_keeps_only_characters_one_column_wide() -> None:
    forged = "\u3164" * 37 + " ana wins with 12."
    assert clean_line(forged) == "ana wins with 12."
    assert clean_line("gg 中文 😀 e\u0301t\u00e9 \u200bok \u3000 x") == "gg ét\u00e9 ok x"
    assert clean_line("für Dich ♥ 7♠") == "für Dich ♥ 7♠"
    assert len(clean_line("x" * 500)) == 200
