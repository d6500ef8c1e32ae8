"""A table of any size (2 to 8 seats): the turns, what each seat is told and the log
redacted for one seat work as at four."""

from __future__ import annotations

import pytest
from threethirteen.core.players import load_policy
from threethirteen.core.rules import default_players, new_game
from threethirteen.core.seen import DealSeen, StartSeen
from threethirteen.core.table import Table
from threethirteen.core.turns import AiTurn, PersonTurn
from threethirteen.core.verify import verify_game


@pytest.mark.parametrize("seats", [2, 3, 6, 8])
def test_a_table_of_any_size_plays_and_tells(seats: int) -> None:
    _, events = new_game(9, players=default_players(seats))
    table = Table(events, {seat: load_policy("greedy") for seat in range(1, seats)})
    assert table.people() == (0,)
    told: list[object] = []
    table.subscribe(told.append, 3 % seats)
    for _ in range(3):  # to the person's turn three times: the others play between
        while isinstance(step := table.next_step(), AiTurn):
            table.play_step(step)
        assert isinstance(step, PersonTurn) and step.seat == 0
        view = table.view(0)
        assert view.seat_count == seats and len(view.totals) == seats
        table.play_turn(0)  # the AI plays the person's turn: marked as help
    seen = table.seen(1)
    start = seen[0]
    assert isinstance(start, StartSeen) and start.seat_count == seats
    deal = next(event for event in seen if isinstance(event, DealSeen))
    assert len(deal.hand_sizes) == seats and len(deal.hand) == 3
    assert told and verify_game(table.events).ok
