"""A store that refuses a change (a server's disk is full): the table keeps nothing of it
and tells nobody; the autosave of a game at a terminal still never refuses."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from threethirteen.core.events import DrawSource, Event
from threethirteen.core.players import load_policy
from threethirteen.core.rules import Discard, Draw, new_game
from threethirteen.core.store import StoreRefused
from threethirteen.core.table import Table
from threethirteen.core.told import Told
from threethirteen.core.turns import AiTurn, AutoTurn, Scope
from threethirteen.repl.files.log_file import LogFile

from tests.helpers.rooms import Disk

PLAYERS = ("human", "greedy", "greedy", "greedy")


class Store:
    """A store that keeps the log in memory and refuses while :attr:`refusing`."""

    def __init__(self) -> None:
        self.refusing = False
        self.kept: tuple[Event, ...] = ()

    def sync(self, events: Sequence[Event]) -> None:
        if self.refusing:
            raise StoreRefused("the disk is full")
        self.kept = tuple(events)


def table_with(store: Store, seed: int = 5) -> tuple[Table, list[Told]]:
    _, events = new_game(seed, players=PLAYERS)
    policies = {seat: load_policy("greedy") for seat in (1, 2, 3)}
    table = Table(events, policies, store=store, helper=lambda: load_policy("greedy"))
    store.kept = table.events
    heard: list[Told] = []
    for seat in (0, 1, None):
        table.subscribe(heard.append, seat)
    return table, heard


def to_person(table: Table) -> None:
    while isinstance(step := table.next_step(), AiTurn):
        table.play_step(step)


def test_a_refused_move_changes_nothing_and_is_told_to_nobody() -> None:
    store = Store()
    table, heard = table_with(store)
    to_person(table)
    before, snapshot, told = table.events, table.snapshot, len(heard)
    store.refusing = True
    for command in (Draw(seat=0, source=DrawSource.STOCK), Draw(seat=0, source=DrawSource.DISCARD)):
        with pytest.raises(StoreRefused):
            table.submit(0, command)
    with pytest.raises(StoreRefused):
        table.hint(0)  # a hint is help recorded: refused too, and not counted
    assert table.events == before and table.snapshot is snapshot and len(heard) == told
    assert not table.is_assisted(0) and store.kept == before
    store.refusing = False
    drawn = table.submit(0, Draw(seat=0, source=DrawSource.STOCK))
    assert store.kept == table.events == before + drawn and len(heard) == told + 3


def test_a_refused_ai_turn_keeps_nothing_and_plays_the_same_turn_later() -> None:
    store, same = Store(), Store()
    table, heard = table_with(store)
    twin, _ = table_with(same)
    to_person(table)
    to_person(twin)
    mine = table.view(0).mine
    assert mine is not None
    for each in (table, twin):
        each.submit(0, Draw(seat=0, source=DrawSource.STOCK))
        each.submit(0, Discard(seat=0, card=each.view(0).mine.hand[0]))  # type: ignore[union-attr]
    step = table.next_step()
    assert isinstance(step, AiTurn)
    before, told = table.events, len(heard)
    store.refusing = True
    with pytest.raises(StoreRefused):
        table.play_step(step)
    assert table.events == before and len(heard) == told and table.next_step() == step
    store.refusing = False
    assert table.play_step(step) == twin.play_step(step)  # as if nothing had been refused


def test_an_auto_turn_refused_after_its_help_was_recorded_is_played_later_once() -> None:
    store = Store()
    table, _ = table_with(store)
    to_person(table)
    table.auto(0, Scope.TURN)
    step = table.next_step()
    assert step == AutoTurn(seat=0, record=True)
    store.refusing = True
    with pytest.raises(StoreRefused):
        table.play_step(step)  # the help itself is refused: nothing recorded
    assert not table.is_assisted(0) and table.next_step() == step
    store.refusing = False
    played = table.play_step(step)
    assert table.is_assisted(0) and played
    helps = [e for e in table.events if type(e).__name__ == "AssistanceUsed"]
    assert len(helps) == 1 and table.autopilot(0) is None  # one turn, recorded once


def test_the_refusing_autosave_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "table.jsonl"
    disk = Disk()
    told: list[OSError | None] = []
    store = LogFile(path, write=disk, refuse=True)
    store.told = told.append
    table, _ = table_with(Store())
    table.store = store
    store.sync(table.events)
    to_person(table)
    table.submit(0, Draw(seat=0, source=DrawSource.STOCK))
    table.submit(0, Discard(seat=0, card=table.view(0).mine.hand[0]))  # type: ignore[union-attr]
    step = table.next_step()
    assert isinstance(step, AiTurn)
    whole = path.read_bytes()
    disk.writes_left = 1  # the turn's first line (the draw) fits, then the disk is full
    for _ in range(2):
        with pytest.raises(StoreRefused):
            table.play_step(step)
        assert path.read_bytes() == whole  # no line of the refused turn is left behind
    assert len(told) == 1 and isinstance(told[0], OSError)  # said once
    disk.full = False
    assert table.play_step(step)
    assert told[-1] is None
    from threethirteen.repl.files.reading import load_file

    assert load_file(path).events == table.events


def test_the_autosave_of_a_game_at_a_terminal_still_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "auto.jsonl"
    disk = Disk()
    store = LogFile(path, write=disk)
    table, _ = table_with(Store())
    table.store = store
    store.sync(table.events)
    to_person(table)
    disk.full = True
    table.submit(0, Draw(seat=0, source=DrawSource.STOCK))  # not refused: kept in memory
    assert store.failure is not None
    disk.full = False
    table.submit(0, Discard(seat=0, card=table.view(0).mine.hand[0]))  # type: ignore[union-attr]
    from threethirteen.repl.files.reading import load_file

    assert load_file(path).events == table.events  # everything missed written since
