"""When rounds end, per seat count (``threethirteen simulate --ending``, core.lab.ending), and
the hard level's use of it: counted against a plain reading of the log, smoothed as the
four-seat table was, and the four-seat table itself left as it was."""

from __future__ import annotations

import pytest
from threethirteen.core.ai import hard
from threethirteen.core.events import CardDiscarded, Event, PlayerWentOut, RoundDealt
from threethirteen.core.lab.ending import Counts, count_endings, smoothed
from threethirteen.core.players import play_game
from threethirteen.core.seats import MAX_SEATS, MIN_SEATS
from threethirteen.repl.lab.simulate import main


def by_hand(events: tuple[Event, ...]) -> Counts:
    """The counts read round by round: the discards before the first going out, and who
    went out; a seat's turn ended the round for it when someone else went out before the
    seat's next discard."""
    counts: Counts = {}
    rounds: list[tuple[int, list[Event]]] = []
    for event in events:
        if isinstance(event, RoundDealt):
            rounds.append((event.round_no, []))
        elif rounds:
            rounds[-1][1].append(event)
    for round_no, played in rounds:
        out_at = next((i for i, e in enumerate(played) if isinstance(e, PlayerWentOut)), None)
        before = played if out_at is None else played[:out_at]
        went_out = played[out_at] if out_at is not None else None
        discards = [e.seat for e in before if isinstance(e, CardDiscarded)]
        for n, seat in enumerate(discards):
            turn = discards[:n].count(seat)
            later = seat in discards[n + 1 :]
            if later:
                ended = False
            elif isinstance(went_out, PlayerWentOut):
                if went_out.seat == seat:
                    continue  # it went out itself with this discard
                ended = True
            else:
                ended = False  # the safety rule ended the round
            old = counts.get((round_no, turn), (0, 0))
            counts[(round_no, turn)] = (old[0] + ended, old[1] + 1)
    return counts


@pytest.mark.parametrize("seats", [2, 3, 8])
def test_the_counts_are_the_log_read_plainly(seats: int) -> None:
    for seed in (1, 2):
        events = play_game(seed, ("greedy",) * seats)
        assert count_endings(events) == by_hand(events)


def test_the_rates_are_cut_where_seen_too_rarely_and_never_fall() -> None:
    counts: Counts = {(3, 0): (4, 80), (3, 1): (2, 80), (3, 2): (30, 50), (3, 3): (5, 49)}
    assert smoothed(counts) == {3: (0.05, 0.05, 0.6)}
    assert smoothed({(1, 0): (0, 3)}) == {1: (0.5,)}  # nothing seen enough: an even chance


def test_the_hard_level_has_a_table_for_every_count_and_four_as_it_was() -> None:
    assert hard.ending_table(4) is hard.ENDING
    for seats in range(MIN_SEATS, MAX_SEATS + 1):
        table = hard.ending_table(seats)
        assert sorted(table) == list(range(1, 12))
        assert all(0 <= c <= 1 and list(row) == sorted(row) for row in table.values() for c in row)
    # more players, more who may go out first: round 11's first turn ends sooner at eight
    assert hard.ending_table(2)[11][0] < hard.ENDING[11][0] < hard.ending_table(8)[11][0]


def test_the_command_prints_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quiet", "--ending", "--games", "1", "--players", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "# 1 game of greedy at each seat count, seeds 1–1" in out
    assert all(f"    {seats}: {{  # " in out for seats in range(MIN_SEATS, MAX_SEATS + 1)), out
    assert main(["--quiet", "--ending", "--games", "1", "--players", "nobody"]) == 2
