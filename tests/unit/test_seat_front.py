"""One seated front for three places: a game at a terminal, a seat at a shared table, and
someone watching. They are the same class; only the link, the commands of the kind of table
(and its code) and the sitting around it differ."""

from __future__ import annotations

import asyncio
import io
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core.events import DrawSource
from threethirteen.core.rules import Draw
from threethirteen.core.turns import Scope
from threethirteen.repl.kit.render import plain
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.kit.table_words import TableTexts
from threethirteen.repl.protocol.acts import Play
from threethirteen.repl.server.room import Plan, Room
from threethirteen.repl.server.table_session import SETTLE, TableSession, sit_down
from threethirteen.repl.server.web.board import board_json
from threethirteen.repl.solo.game import SoloGame, new_solo_front
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words.grammar import SHARED
from threethirteen.repl.words.i18n import Texts

from tests.helpers.rooms import HELD, Terminal, settle


def shared(
    room: Room, name: str, seat: int | None, *, settle: float = SETTLE
) -> tuple[SeatFront, io.StringIO]:
    shown = io.StringIO()
    place = sit_down(
        room, Terminal(name), seat, lang="en", screen=PlainScreen(shown), settle=settle
    )
    place.front.begin()  # (what it says on coming, and then the table's news as it comes)
    return place.front, shown


SEED, SALT = 77, "ab" * 16


def test_one_front_three_places(tmp_path: Path) -> None:
    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-4", host="ana", people=["ana", "ben", None, None])
            room = Room(plan, tmp_path, pool=pool, pace=HELD, deal=lambda: (SEED, SALT))
            ana, ana_shown = shared(room, "ana", 0)
            ben, _ = shared(room, "ben", 1)
            eve, eve_shown = shared(room, "eve", None)
            solo = new_solo_front(
                3, tx=Texts(), screen=PlainScreen(io.StringIO()), settings=Settings()
            )
            assert {type(front) for front in (ana, ben, eve, solo)} == {SeatFront}
            assert isinstance(solo.sitting, SoloGame) and isinstance(ana.sitting, TableSession)
            # before the deal: nothing to play, the host may start
            assert ana.problem(SHARED.parse("d")) == Texts()("server.not_started")  # type: ignore[arg-type]
            assert ben.problem(SHARED.parse("start")) == Texts()("server.host_only", host="ana")  # type: ignore[arg-type]
            # the host is told to start, the others whom they wait for
            assert plain(ana.toolbar()).strip() == "SAGE-4 · start deals when you are ready"
            assert plain(ben.toolbar()).strip() == "SAGE-4 · waiting for ana to start"
            ana.execute("start")
            await settle(lambda: ana.view is not None and eve.view is not None)
            # how each place shows itself
            assert plain(eve.toolbar()).strip() == (
                "SAGE-4 · watching · to play: AI 3 (draw) · wild 3 · Round 1/11"
            )  # its commands follow where they fit
            # someone watching is shown the table of the new round, whose turn it is marked
            await settle(lambda: "▶ AI 3" in eve_shown.getvalue())
            assert "ana          3 cards    total   0" in eve_shown.getvalue()
            assert plain(solo.toolbar()).strip().endswith("F2: sort")
            assert "F2" not in plain(ana.toolbar())
            # someone watching looks, never plays; a shared table has no undo
            for line in ("d", "x 7h", "hint", "auto", "sort", "melds", "undo", "start"):
                assert eve.problem(SHARED.parse(line)) == Texts()("server.only_watching")  # type: ignore[arg-type]
            assert ana.problem(SHARED.parse("undo")) == Texts()("server.no_undo")  # type: ignore[arg-type]
            assert eve.view is not None and eve.view.mine is None  # no hand to hold
            # auto is taken at any time: from the next turn when another seat plays
            assert room.table is not None
            assert room.table.snapshot.state.turn == 2  # the deal: Top (an AI, held) is to play
            waiting, shown = (ana, ana_shown)
            shown.truncate(0)
            waiting.execute("auto game")
            await room.master.quiet()
            assert room.table.autopilot(0) == Scope.GAME
            await settle(lambda: waiting.piloted == Scope.GAME)  # told so
            waiting.execute("auto off")
            await room.master.quiet()
            assert room.table.autopilot(0) is None
            await settle(lambda: waiting.piloted is None)
            waiting.execute("auto off")
            said = " ".join(shown.getvalue().split())
            assert "The AI plays the rest of the game for you, from your next turn" in said
            assert "Auto play is off" in said and "The AI is not playing for you" in said

    asyncio.run(play())


async def play_turn(front: SeatFront) -> str:
    """On ``front``'s turn: draw from the stock, then discard the first card; that card."""
    await settle(lambda: front.view is not None and front.view.my_turn)
    size = len(front.view.mine.hand)  # type: ignore[union-attr]
    front.execute("d")
    await settle(lambda: len(front.view.mine.hand) > size)  # type: ignore[union-attr]
    card = front.view.mine.hand[0]  # type: ignore[union-attr]
    front.execute(f"x {card.rank.symbol}{card.suit.value}")  # type: ignore[union-attr]
    return str(card)


def test_a_shared_table_calls_its_players_by_name(tmp_path: Path) -> None:
    """At a shared table each player is called by name (you are "you"), and the log keeps
    the names; ``who`` still says where each sits, seen from your place."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-5", host="ana", people=["ana", "ben", None, None])
            room = Room(plan, tmp_path, pool=pool, pace=0.0, deal=lambda: (SEED, SALT))
            ana, ana_shown = shared(room, "ana", 0)
            ben, ben_shown = shared(room, "ben", 1)
            ana.execute("start")
            await settle(lambda: ana.view is not None)
            assert room.events[0].seats == ("ana", "ben", "AI 3", "AI 4")  # type: ignore[union-attr]
            assert room.table is not None
            table = room.table
            await settle(lambda: table.snapshot.state.turn in (0, 1))
            assert table.snapshot.state.turn == 0  # the deal: ana plays first, then ben
            mine = await play_turn(ana)
            await settle(lambda: f"You discard {mine}" in ana_shown.getvalue())
            thrown = await play_turn(ben)
            await settle(lambda: f"discards {thrown}." in ana_shown.getvalue())
            said = ana_shown.getvalue()
            assert f"ben draws from the stock, discards {thrown}." in said or (
                f"ben discards {thrown}." in said
            )
            assert "Left draws" not in said and "Left discards" not in said
            ana.execute("who")
            assert "Left     ben (here)" in ana_shown.getvalue()  # where ben sits, from ana
            ben.execute("")
            shown = ben_shown.getvalue()
            assert "ana" in shown and "AI 3" in shown and "▶" in shown
            await room.close()

    asyncio.run(play())


def test_the_turn_clock_shows_its_time_and_says_when_it_runs_short(tmp_path: Path) -> None:
    """With ``--turn-time``, the toolbar of the player to act counts down, and ten seconds
    before the AI takes the turn the player is told, in their own words."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            # a second more than the warning's ten: the test waits that second, no longer
            plan = Plan(code="SAGE-6", host="ana", turn_time=11, people=["ana", None, None, None])
            room = Room(plan, tmp_path, pool=pool, pace=0.0, deal=lambda: (SEED, SALT))
            ana, shown = shared(room, "ana", 0)
            ana.execute("start")
            await settle(lambda: ana.view is not None and ana.view.my_turn)
            await settle(lambda: " s left" in plain(ana.toolbar()))
            left = int(plain(ana.toolbar()).split(" s left")[0].split("·")[-1])
            assert 1 <= left <= 11
            await settle(lambda: "seconds left for your turn" in shown.getvalue())
            said = " ".join(shown.getvalue().split())
            assert "10 seconds left for your turn; then the AI plays it for you." in said
            await room.close()

    asyncio.run(play())


def test_the_next_prompt_waits_for_the_news_of_the_move_just_typed(tmp_path: Path) -> None:
    """After a move typed at a shared table, the next prompt waits until the table has told
    it (so the prompt is drawn once, under the news), and no longer; a line that sends
    nothing to the table does not wait, and a move the room does not answer is waited for
    only :attr:`TableSession.settle` seconds (:data:`SETTLE` unless told)."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-7", host="ana", people=["ana", None, None, None])
            room = Room(plan, tmp_path, pool=pool, pace=0.0, deal=lambda: (SEED, SALT))
            ana, shown = shared(room, "ana", 0, settle=HELD)  # the news, however long it takes
            link = ana.sitting
            assert isinstance(link, TableSession)
            ana.execute("start")
            await settle(lambda: ana.view is not None and ana.view.my_turn)
            ana.execute("score")
            waiting = link.settled()
            with pytest.raises(StopIteration):  # nothing sent: it returns at once
                waiting.send(None)
            ana.execute("d")
            assert "You draw" not in shown.getvalue()
            await link.settled()
            assert "You draw" in shown.getvalue()  # the news came first
            before = shown.getvalue()
            ana.send(Play(command=Draw(seat=0, source=DrawSource.STOCK), seen=ana.seen))  # again
            await link.settled()
            assert "You cannot take another card" in shown.getvalue()[len(before) :]
            await room.close()
        # a room that does not answer: its one worker is kept busy while ana draws
        with ThreadPoolExecutor(1) as one:
            plan = Plan(code="SAGE-8", host="ana", people=["ana", None, None, None])
            busy = Room(plan, tmp_path / "busy", pool=one, pace=0.0, deal=lambda: (SEED, SALT))
            ana, shown = shared(busy, "ana", 0, settle=0.3)
            ana.execute("start")
            await settle(lambda: ana.view is not None and ana.view.my_turn)
            link = ana.sitting
            assert isinstance(link, TableSession)
            go_on = threading.Event()
            held = one.submit(go_on.wait)
            ana.execute("d")
            started = asyncio.get_running_loop().time()
            await link.settled()
            assert asyncio.get_running_loop().time() - started >= 0.3 - 0.05
            assert "You draw" not in shown.getvalue()  # not told yet: the prompt did not wait
            go_on.set()
            held.result()
            await settle(lambda: "You draw" in shown.getvalue())
            await busy.close()

    asyncio.run(play())


def test_a_seat_the_ai_plays_for_its_absent_player_is_not_waited_for(tmp_path: Path) -> None:
    """ben leaves at his turn: the others wait for him, and are told so. Back, he leaves
    his game to the AI (``auto game``) and goes again: the others are told the AI plays his
    seat, in the toolbar, in ``who`` and on the page's board, in English and in German (one
    decision, :meth:`~repl.protocol.news.Who.playing`), never that the table waits for him."""

    async def play() -> None:
        with ThreadPoolExecutor(2) as pool:
            plan = Plan(code="SAGE-9", host="ana", people=["ana", "ben"])
            room = Room(plan, tmp_path, pool=pool, pace=HELD, deal=lambda: (SEED, SALT))
            ana, shown = shared(room, "ana", 0)
            ben, _ = shared(room, "ben", 1)
            ana.execute("start")
            await settle(lambda: ana.view is not None and ben.view is not None)
            if ana.view.my_turn:  # type: ignore[union-attr]
                await play_turn(ana)
            await settle(lambda: ana.view is not None and not ana.view.my_turn)  # ben's turn
            ben.leave()
            await settle(lambda: ana.who is not None and "ben" not in ana.who.here)
            assert "waiting for ben, away" in plain(ana.toolbar())
            assert "ben is away; their seat waits for them." in shown.getvalue()  # (told first)
            # back, he leaves his game to the AI: the others hear it as soon as he asks
            ben, _ = shared(room, "ben", 1)
            ben.execute("auto game")
            await settle(lambda: ana.who is not None and ana.who.playing(1) == "auto")
            assert "the AI plays for ben (auto)" in plain(ana.toolbar())
            ben.leave()
            await settle(lambda: ana.who is not None and "ben" not in ana.who.here)
            assert ana.who.playing(1) == "auto"
            bar = plain(ana.toolbar())
            assert "the AI plays for ben (auto)" in bar and "waiting" not in bar
            assert "ben is away; the AI plays their seat for now (auto)." in shown.getvalue()
            ana.execute("who")
            assert "ben (away, the AI plays)" in shown.getvalue()
            seats = board_json(ana.view, 0, ana.who, ana.tx, code="SAGE-9", clock=None, me="ana")
            ben_seat = next(seat for seat in seats["seats"] if seat["index"] == 1)
            assert (ben_seat["here"], ben_seat["auto"], ben_seat["turn"]) == (False, True, True)
            ana.tx = TableTexts("de", ana.tx.names, 0)  # type: ignore[attr-defined]
            bar = plain(ana.toolbar())
            assert "die KI spielt für ben (auto)" in bar and "wartet" not in bar
            await room.close()

    asyncio.run(play())
