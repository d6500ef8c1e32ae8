"""The deck ladder, measured by ``threethirteen simulate --ladder`` (core.lab.ladder)."""

from __future__ import annotations

import pytest
from threethirteen.core.cards import decks_deal
from threethirteen.core.lab.ladder import ladder_jobs, measure, play_last_round
from threethirteen.core.seats import DECKS_BY_SEATS, MAX_SEATS, MIN_SEATS
from threethirteen.repl.lab.simulate import main

COUNTS = range(MIN_SEATS, MAX_SEATS + 1)


def test_round_11_is_dealt_as_the_game_deals_it_and_played_to_its_end() -> None:
    last = play_last_round(4, seats=8, decks=3, jokers=0, player="greedy")
    assert last.stock == 3 * 52 - 8 * 13 - 1 and 0 <= last.rebuilds <= 2 and last.turns > 0
    assert play_last_round(4, 8, 3, 0, "greedy") == last  # the same seed, the same round


def test_the_jobs_cover_every_count_with_each_deck_that_deals() -> None:
    jobs = ladder_jobs((1,), "greedy")
    assert {job.seats for job in jobs} == set(COUNTS)
    assert all(decks_deal(job.decks, job.seats) for job in jobs)
    assert {(job.seats, job.decks) for job in jobs} >= set(DECKS_BY_SEATS.items())
    cell = measure(jobs[0])
    assert (cell.seats, cell.decks, cell.rounds) == (2, 1, 1)


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quiet", "--ladder", "--games", "1", "--players", "greedy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| seats | decks |") and "| 8 | 3 * | 0 | 51 | 1 |" in out
    assert main(["--quiet", "--ladder", "--games", "1", "--players", "nobody"]) == 2
