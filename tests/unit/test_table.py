"""The table without a terminal: people and AIs at one game, driven by plain calls."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest
from threethirteen.core.errors import IllegalMoveError
from threethirteen.core.events import (
    Assistance,
    AssistanceUsed,
    CardDrawn,
    DrawSource,
    Event,
    RoundDealt,
)
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.log_bounds import MAX_HELPS
from threethirteen.core.players import Policy, load_policy
from threethirteen.core.rules import Discard, Draw, new_game
from threethirteen.core.seen import DealSeen, UnseenDraw
from threethirteen.core.state import Phase, fold
from threethirteen.core.table import Table
from threethirteen.core.told import AiFailure, Moved, Told, TookBack
from threethirteen.core.turns import AiTurn, AutoTurn, PersonTurn, Scope
from threethirteen.core.views import PlayerView


class Session:
    """A stand-in for a front: one person at one seat, told only what that seat may know."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.told: list[Told] = []
        table.subscribe(self.told.append, seat)

    @property
    def view(self) -> PlayerView:
        mine = self.told[-1].after.mine if self.told else self.table.view(self.seat).mine
        assert mine is not None
        return mine

    def play_if_my_turn(self, brain: Policy) -> bool:
        """Play one decision with ``brain`` looking at this seat's view only."""
        view = self.view
        if view.turn != self.seat:
            return False
        if view.phase == Phase.DRAW:
            source = DrawSource(brain.choose_draw(view))
            self.table.submit(self.seat, Draw(seat=self.seat, source=source))
        else:
            card = brain.choose_discard(view)
            self.table.submit(self.seat, Discard(seat=self.seat, card=card))
        return True


class Shelf:
    """A store that keeps what it was given, and what listeners saw it hold."""

    def __init__(self) -> None:
        self.events: tuple[Event, ...] = ()

    def sync(self, events: Sequence[Event]) -> None:
        self.events = tuple(events)


def two_people_table(seed: int = 11, store: Shelf | None = None) -> Table:
    _, events = new_game(seed, players=("human", "greedy", "human", "greedy"))
    return Table(events, {1: load_policy("greedy"), 3: load_policy("greedy")}, store=store)


def play_ais(table: Table) -> None:
    """The AI turns until a person is to act (the turn driver says what is due)."""
    while isinstance(step := table.next_step(), AiTurn | AutoTurn):
        table.play_step(step)


def test_two_sessions_play_a_round_at_one_table_in_one_process() -> None:
    table = two_people_table()
    ana, ben = Session(table, 0), Session(table, 2)
    brain = load_policy("greedy")
    while table.state.ended is None and len(table.state.score_sheet) < 1:
        if isinstance(step := table.next_step(), AiTurn):
            table.play_step(step)
        elif not (ana.play_if_my_turn(brain) or ben.play_if_my_turn(brain)):
            pytest.fail(f"nobody can act: turn {table.state.turn}")
    assert len(table.state.score_sheet) == 1
    # both heard every change, in the same order, each as its own seat
    assert [t.number for t in ana.told] == [t.number for t in ben.told] and ana.told
    assert all(t.seat == 0 for t in ana.told) and all(t.seat == 2 for t in ben.told)
    # what a seat heard is the log with the others' hidden cards left out, nothing more
    for session in (ana, ben):
        for told in session.told:
            assert isinstance(told.change, Moved)
            for event in told.change.events:
                if isinstance(event, CardDrawn) and event.source == DrawSource.STOCK:
                    assert event.seat == session.seat
                assert not isinstance(event, RoundDealt)
                if isinstance(event, DealSeen):
                    assert len(event.hand) == event.round_no + 2
    numbers = [t.number for t in ana.told]
    assert numbers == sorted(set(numbers))  # counted, in order, each once


def test_a_person_acts_only_for_their_own_seat_and_never_for_an_ai() -> None:
    table = two_people_table()
    play_ais(table)
    seat = table.state.turn
    assert seat in (0, 2)
    other = 2 if seat == 0 else 0
    before = table.events
    with pytest.raises(IllegalMoveError, match="cannot act for seat"):
        table.submit(other, Draw(seat=seat, source=DrawSource.STOCK))
    with pytest.raises(IllegalMoveError, match="not played by a person"):
        table.submit(1, Draw(seat=1, source=DrawSource.STOCK))
    with pytest.raises(IllegalMoveError, match="turn"):
        table.submit(other, Draw(seat=other, source=DrawSource.STOCK))
    with pytest.raises(IllegalMoveError, match="a person plays it"):
        table.play_turn()
    with pytest.raises(IllegalMoveError, match="only on their own turn"):
        table.hint(other)  # the helper would play the seat to act: never another's
    assert table.events == before


def test_the_store_holds_every_event_before_anyone_is_told() -> None:
    shelf = Shelf()
    table = two_people_table(store=shelf)
    told: list[bool] = []
    table.subscribe(lambda change: told.append(shelf.events == table.events), 0)
    play_ais(table)
    seat = table.state.turn
    assert seat is not None
    table.submit(seat, Draw(seat=seat, source=DrawSource.STOCK))
    assert told and all(told)


def test_each_seat_is_told_only_its_own_stock_draws() -> None:
    _, events = new_game(12, players=("human", "greedy", "greedy", "greedy"))
    table = Table(events, {seat: load_policy("greedy") for seat in (1, 2, 3)})
    heard: dict[int | None, list[Told]] = {0: [], 1: [], None: []}
    for seat, told in heard.items():
        table.subscribe(told.append, seat)
    play_ais(table)
    table.submit(0, Draw(seat=0, source=DrawSource.STOCK))
    play_ais(table)
    own = [e for t in heard[0] if isinstance(t.change, Moved) for e in t.change.events]
    watched = [e for t in heard[None] if isinstance(t.change, Moved) for e in t.change.events]
    assert any(isinstance(e, CardDrawn) and e.seat == 0 for e in own)
    assert all(not isinstance(e, CardDrawn) or e.source == DrawSource.DISCARD for e in watched)
    assert any(isinstance(e, UnseenDraw) and e.seat == 0 for e in watched)
    # one redaction per seat, however many listen from it: the same objects
    again: list[Told] = []
    table.subscribe(again.append, 0)
    table.submit(0, Discard(seat=0, card=table.view(0).mine.hand[0]))  # type: ignore[union-attr]
    assert again[0] is heard[0][-len(again)]


def test_undo_belongs_to_a_person_alone_against_ais() -> None:
    table = two_people_table()
    play_ais(table)
    seat = table.state.turn
    assert seat is not None
    table.submit(seat, Draw(seat=seat, source=DrawSource.STOCK))
    assert not table.can_undo(seat)
    with pytest.raises(IllegalMoveError, match="other people"):
        table.undo(seat)


def test_an_undo_past_a_stock_draw_marks_the_game_assisted() -> None:
    _, events = new_game(3, players=("human", "greedy", "greedy", "greedy"))
    table = Table(events, {seat: load_policy("greedy") for seat in (1, 2, 3)})
    heard: list[Told] = []
    table.subscribe(heard.append, 0)
    play_ais(table)
    table.submit(0, Draw(seat=0, source=DrawSource.STOCK))
    assert table.can_undo(0) and not table.is_assisted(0)
    removed = table.undo(0)
    assert isinstance(removed[0], CardDrawn)
    assert table.is_assisted(0)
    undone = heard[-1].change
    assert isinstance(undone, TookBack) and undone.newly_assisted
    assert heard[-1].after.is_assisted(0)  # the view says so before the help is in the log
    redone = table.redo(0)
    assert redone == removed
    assert table.state.phase == Phase.DISCARD
    # the pending help is written before the next new event
    card = table.view(0).mine.hand[0]  # type: ignore[union-attr]
    table.submit(0, Discard(seat=0, card=card))
    assert any(isinstance(e, AssistanceUsed) and e.help == Assistance.UNDO for e in table.events)


def test_a_hint_names_a_move_never_the_card_a_stock_draw_would_show() -> None:
    _, events = new_game(4, players=("human", "greedy", "greedy", "greedy"))
    greedy = {seat: load_policy("greedy") for seat in (1, 2, 3)}
    table = Table(events, greedy, helper=lambda: load_policy("greedy"))
    play_ais(table)
    hint = table.hint(0)
    assert isinstance(hint.command, Draw) and table.is_assisted(0)
    if hint.command.source == DrawSource.STOCK:
        assert hint.card is None
    else:
        assert hint.card == table.view(0).round.discard_top  # type: ignore[union-attr]


def test_auto_is_taken_at_any_time_and_plays_from_the_persons_next_turn() -> None:
    _, events = new_game(4, players=("human", "greedy", "greedy", "greedy"))
    greedy = {seat: load_policy("greedy") for seat in (1, 2, 3)}
    table = Table(events, greedy, helper=lambda: load_policy("greedy"))
    assert table.state.turn == 1  # the deal: another seat is to play first
    assert isinstance(table.next_step(), AiTurn)
    table.auto(0, Scope.GAME)  # while another seat is to play
    assert table.autopilot(0) == Scope.GAME and not table.is_assisted(0)
    play_ais(table)
    assert table.state.ended is not None  # the AI played the person's every turn
    assert table.is_assisted(0)
    helped = [e for e in table.events if isinstance(e, AssistanceUsed)]
    assert len(helped) == 1  # recorded once, when it first played


def test_auto_turn_and_round_end_by_themselves_and_auto_off_ends_any() -> None:
    _, events = new_game(8, players=("human", "greedy", "greedy", "greedy"))
    table = Table(
        events,
        {seat: load_policy("greedy") for seat in (1, 2, 3)},
        helper=lambda: load_policy("greedy"),
    )
    play_ais(table)
    table.auto(0, Scope.TURN)
    step = table.next_step()
    assert step == AutoTurn(0, record=True)
    table.play_step(step)
    play_ais(table)
    assert table.next_step() == PersonTurn(0) and table.autopilot(0) is None
    round_no = table.state.round.round_no  # type: ignore[union-attr]
    table.auto(0, Scope.ROUND)
    play_ais(table)
    assert table.state.round.round_no == round_no + 1  # type: ignore[union-attr]
    assert table.next_step() == PersonTurn(0)
    table.auto(0, Scope.GAME)
    with pytest.raises(IllegalMoveError, match="auto off"):  # the AI plays this seat now
        table.submit(0, Draw(seat=0, source=DrawSource.STOCK))
    assert table.auto_off(0) and table.next_step() == PersonTurn(0)
    assert not table.auto_off(0)


def test_the_turn_clock_plays_one_turn_and_lapses_when_the_person_moves_first() -> None:
    _, events = new_game(9, players=("human", "greedy", "greedy", "greedy"))
    table = Table(
        events,
        {seat: load_policy("greedy") for seat in (1, 2, 3)},
        helper=lambda: load_policy("greedy"),
    )
    play_ais(table)
    count = table.state.event_count
    assert not table.time_up(0, count - 1)  # a clock wound at an earlier point does nothing
    assert table.time_up(0, count)
    assert table.next_step() == AutoTurn(0, record=True)
    with pytest.raises(IllegalMoveError, match="auto"):  # once time is up, the AI plays it
        table.submit(0, Draw(seat=0, source=DrawSource.STOCK))
    table.play_step(AutoTurn(0, record=True))
    play_ais(table)
    assert table.next_step() == PersonTurn(0) and table.is_assisted(0)  # one turn, no more
    count = table.state.event_count
    table.submit(0, Draw(seat=0, source=DrawSource.STOCK))  # a move made first wins
    assert not table.time_up(0, count) and table.next_step() == PersonTurn(0)


class Broken:
    def choose_draw(self, view: PlayerView) -> str:
        raise RuntimeError("this bot is broken")

    def choose_discard(self, view: PlayerView) -> object:
        raise RuntimeError("this bot is broken")


def test_a_failing_ai_is_replaced_for_its_turn_and_the_owner_is_told() -> None:
    _, events = new_game(5, players=("human", "greedy", "greedy", "greedy"))
    policies: dict[int, Policy] = {seat: load_policy("greedy") for seat in (1, 2, 3)}
    policies[1] = Broken()  # type: ignore[assignment]
    failures: list[AiFailure] = []
    table = Table(events, policies, on_ai_failure=failures.append)
    play_ais(table)
    assert failures and all(failure.seat == 1 for failure in failures)
    assert "broken" in str(failures[0].error)


def test_ai_turns_run_off_the_callers_thread_and_readers_never_wait() -> None:
    _, events = new_game(6, players=("human", "hard", "hard", "hard"))
    table = Table(events, {seat: load_policy("hard") for seat in (1, 2, 3)})
    with ThreadPoolExecutor(max_workers=1) as pool:
        while isinstance(step := table.next_step(), AiTurn):
            future = pool.submit(table.play_step, step)
            mine = table.view(0).mine  # the caller's thread is free meanwhile
            assert mine is not None and len(mine.hand) == 3
            assert future.result()
    assert table.state.turn == 0
    assert fold(table.events) == table.state


def test_hint_after_hint_keeps_the_log_one_the_reader_takes() -> None:
    """Help is bounded per round in a log (issues #18, #25): a hint past the bound is given
    but not recorded again, so the game's own log is never refused."""
    _, events = new_game(4, players=("human", "greedy", "greedy", "greedy"))
    greedy = {seat: load_policy("greedy") for seat in (1, 2, 3)}
    table = Table(events, greedy, helper=lambda: load_policy("greedy"))
    play_ais(table)
    for _ in range(MAX_HELPS + 50):
        table.hint(0)
    helps = [event for event in table.events if isinstance(event, AssistanceUsed)]
    assert len(helps) == MAX_HELPS and table.is_assisted(0)
    assert read_log(encode_log(table.events)).events == table.events
