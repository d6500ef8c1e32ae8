"""The table without a terminal: people and AIs at one game, driven by plain calls."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest
from threethirteen.core.errors import IllegalMoveError
from threethirteen.core.events import (
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
)
from threethirteen.core.players import Policy, load_policy
from threethirteen.core.rules import Assist, Discard, Draw, new_game
from threethirteen.core.state import Phase, fold
from threethirteen.core.table import AiReplaced, Change, Played, Table, Undone
from threethirteen.core.views import PlayerView


class Session:
    """A stand-in for a front: one person at one seat, who sees only that seat's view."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.changes: list[Change] = []
        self.views: list[PlayerView] = []
        table.subscribe(self.hear)

    def hear(self, change: Change) -> None:
        self.changes.append(change)
        self.views.append(self.table.view(self.seat))

    def play_if_my_turn(self, brain: Policy) -> bool:
        """Play one decision with ``brain`` looking at this seat's view only."""
        view = self.table.view(self.seat)
        if self.table.state.turn != self.seat:
            return False
        if self.table.state.phase == Phase.DRAW:
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


def test_two_sessions_play_a_round_at_one_table_in_one_process() -> None:
    table = two_people_table()
    ana, ben = Session(table, 0), Session(table, 2)
    brain = load_policy("greedy")
    while table.state.ended is None and len(table.state.score_sheet) < 1:
        if table.ai_to_act() is not None:
            table.play_turn()
        elif not (ana.play_if_my_turn(brain) or ben.play_if_my_turn(brain)):
            pytest.fail(f"nobody can act: turn {table.state.turn}")
    assert len(table.state.score_sheet) == 1
    # both heard every change, in the same order, and each saw only its own hand
    assert ana.changes == ben.changes and ana.changes
    heard = [e for change in ana.changes if isinstance(change, Played) for e in change.events]
    assert fold((*new_game(11, players=("human", "greedy", "human", "greedy"))[1], *heard)) == (
        table.state
    )
    assert all(view.seat == 0 for view in ana.views) and all(v.seat == 2 for v in ben.views)


def test_a_person_acts_only_for_their_own_seat_and_never_for_an_ai() -> None:
    table = two_people_table()
    while table.ai_to_act() is not None:
        table.play_turn()
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
    assert table.events == before


def test_the_store_holds_every_event_before_anyone_is_told() -> None:
    shelf = Shelf()
    table = two_people_table(store=shelf)
    told: list[bool] = []
    table.subscribe(lambda change: told.append(shelf.events == table.events))
    while table.ai_to_act() is not None:
        table.play_turn()
    seat = table.state.turn
    assert seat is not None
    table.submit(seat, Draw(seat=seat, source=DrawSource.STOCK))
    assert told and all(told)


def test_undo_belongs_to_a_person_alone_against_ais() -> None:
    table = two_people_table()
    while table.ai_to_act() is not None:
        table.play_turn()
    seat = table.state.turn
    assert seat is not None
    table.submit(seat, Draw(seat=seat, source=DrawSource.STOCK))
    assert not table.can_undo(seat)
    with pytest.raises(IllegalMoveError, match="other people"):
        table.undo(seat)


def test_an_undo_past_a_stock_draw_marks_the_game_assisted() -> None:
    _, events = new_game(3, players=("human", "greedy", "greedy", "greedy"))
    table = Table(events, {seat: load_policy("greedy") for seat in (1, 2, 3)})
    heard: list[Change] = []
    table.subscribe(heard.append)
    while table.ai_to_act() is not None:
        table.play_turn()
    table.submit(0, Draw(seat=0, source=DrawSource.STOCK))
    assert table.can_undo(0) and not table.is_assisted(0)
    removed = table.undo(0)
    assert isinstance(removed[0], CardDrawn)
    assert table.is_assisted(0)
    assert isinstance(heard[-1], Undone) and heard[-1].newly_assisted
    redone = table.redo(0)
    assert redone == removed
    assert table.state.phase == Phase.DISCARD
    # the pending help is written before the next new event
    card = table.view(0).hand[0]
    table.submit(0, Discard(seat=0, card=card))
    assert any(
        isinstance(e, AssistanceUsed) and e.help == Assistance.UNDO for e in table.events
    )


def test_hint_and_auto_are_recorded_help() -> None:
    _, events = new_game(4, players=("human", "greedy", "greedy", "greedy"))
    greedy = {seat: load_policy("greedy") for seat in (1, 2, 3)}
    table = Table(events, greedy, helper=lambda: load_policy("greedy"))
    while table.ai_to_act() is not None:
        table.play_turn()
    hint = table.hint(0)
    assert isinstance(hint.events[0], CardDrawn) and table.is_assisted(0)
    table.submit(0, Assist(seat=0, help=Assistance.AUTO))
    played = table.play_turn(0)
    assert isinstance(played[0], CardDrawn) and isinstance(played[-1], CardDiscarded)
    assert played[0].seat == 0


class Broken:
    def choose_draw(self, view: PlayerView) -> str:
        raise RuntimeError("this bot is broken")

    def choose_discard(self, view: PlayerView) -> object:
        raise RuntimeError("this bot is broken")


def test_a_failing_ai_is_replaced_for_its_turn_and_the_table_is_told() -> None:
    _, events = new_game(5, players=("human", "greedy", "greedy", "greedy"))
    policies: dict[int, Policy] = {seat: load_policy("greedy") for seat in (1, 2, 3)}
    policies[1] = Broken()  # type: ignore[assignment]
    table = Table(events, policies)
    heard: list[Change] = []
    table.subscribe(heard.append)
    while table.ai_to_act() is not None:
        table.play_turn()
    replaced = [change for change in heard if isinstance(change, AiReplaced)]
    assert replaced and all(change.seat == 1 for change in replaced)
    assert "broken" in str(replaced[0].error)


def test_ai_turns_run_off_the_callers_thread() -> None:
    _, events = new_game(6, players=("human", "hard", "hard", "hard"))
    table = Table(events, {seat: load_policy("hard") for seat in (1, 2, 3)})
    with ThreadPoolExecutor(max_workers=1) as pool:
        while table.ai_to_act() is not None:
            future = pool.submit(table.play_turn)
            view = table.view(0)  # the caller's thread is free meanwhile
            assert len(view.hand) == 3
            assert future.result(timeout=60)
    assert table.state.turn == 0
    assert fold(table.events) == table.state
