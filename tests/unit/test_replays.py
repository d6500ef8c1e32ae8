"""The curated games in ``replays/`` are golden tests: each verifies and shows what it claims."""

from __future__ import annotations

import random
import re

import pytest
from threethirteen.core.cards import is_wild, wild_rank_for_round
from threethirteen.core.deck import SeededShuffler
from threethirteen.core.events import (
    CardDiscarded,
    GameEnded,
    GameStarted,
    PlayerWentOut,
    RoundDealt,
    RoundEnd,
    RoundScored,
    StockRebuilt,
)
from threethirteen.core.log import GameLog, encode_log, read_log
from threethirteen.core.melds import best_arrangement
from threethirteen.core.seats import DECKS_BY_SEATS
from threethirteen.core.state import fold
from threethirteen.core.verify import verify_log
from threethirteen.repl.files.shipped import rules_text, shipped_replays
from threethirteen.repl.words.cardwords import read_card
from threethirteen.repl.words.i18n import Texts

from tests.helpers.curated import CURATED, REPLAYS

README = (REPLAYS / "README.md").read_text(encoding="utf-8")


def load(name: str) -> GameLog:
    return read_log((REPLAYS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", CURATED, ids=lambda game: game.name)
def test_curated_game_verifies_and_is_listed(game) -> None:  # type: ignore[no-untyped-def]
    log = load(game.name)
    verdict = verify_log(log)
    assert verdict.ok, Texts("en").verdict(verdict)
    assert fold(log.events) == log.state == verdict.state
    # recorded in an older schema: read through the upcasters, written again as today's
    assert log.header["schema"] == game.schema
    assert read_log(encode_log(log.events)).events == log.events
    started = log.events[0]
    assert isinstance(started, GameStarted)
    assert started.seed == game.seed and started.players == game.players
    assert started.options == game.options
    assert started.seeded == (game.shuffler is None)
    assert f"`{game.name}`" in README


def test_every_file_is_curated_and_in_the_catalogue() -> None:
    files = sorted(p.name for p in REPLAYS.glob("*.jsonl"))
    assert files == sorted(g.name for g in CURATED)
    assert files == sorted(game.file_name for game in shipped_replays())
    assert all(game.shows for game in shipped_replays())


def test_the_rule_books_worked_examples_hold() -> None:
    """Every row of the worked examples in the shipped rules (both languages, German with
    its own card letters: D♥) is the solver's."""
    for language, aces_word in (("en", "aces high"), ("de", "Ass hoch")):
        text = rules_text(language)
        rows = re.findall(r"^\| (\d+) \| ([^|]+) \| (\d+) \|", text, flags=re.MULTILINE)
        assert len(rows) == 10, language
        for round_no, hand, penalty in rows:
            cards, _, option = hand.strip().partition(", ")
            arrangement = best_arrangement(
                tuple(map(read_card, cards.split())), int(round_no), aces_high=option == aces_word
            )
            assert arrangement.penalty == int(penalty), (language, hand)


def test_the_options_are_covered() -> None:
    options = {load(game.name).state.options for game in CURATED}
    assert {o.jokers for o in options} == {0, 2, 4, 6}
    assert any(o.aces_high for o in options)


@pytest.mark.parametrize(
    ("name", "seats", "decks"), [("two-seats", 2, 1), ("eight-seats-jokers", 8, 3)]
)
def test_two_and_eight_seats(name: str, seats: int, decks: int) -> None:
    """The smallest and the largest table, each dealt from its decks (cards conserved in
    every deal), every seat taking turns, and the jokers of eight seats melded as wilds."""
    log = load(f"{name}.jsonl")
    started = log.events[0]
    assert isinstance(started, GameStarted)
    assert (started.seat_count, started.decks, len(started.players)) == (seats, decks, seats)
    jokers = started.options.jokers
    for dealt in (e for e in log.events if isinstance(e, RoundDealt)):
        held = sum(len(hand) for hand in dealt.hands)
        assert held == seats * (dealt.round_no + 2)
        assert held + 1 + len(dealt.stock) == 52 * decks + jokers
    movers = {e.seat for e in log.events if isinstance(e, CardDiscarded)}
    assert movers == set(range(seats))
    ended = log.events[-1]
    assert isinstance(ended, GameEnded) and len(ended.totals) == seats
    # the winner named by the seat names of the table's own size (seat 1 of 2, 4 of 8)
    assert ended.winner == seats // 2 and Texts().verdict(verify_log(log)).endswith("Top wins")
    if jokers:
        melds = [m for e in log.events if isinstance(e, PlayerWentOut) for m in e.melds]
        assert any(card.is_joker for meld in melds for card in meld)


def test_no_winner() -> None:
    ended = load("no-winner.jsonl").events[-1]
    assert isinstance(ended, GameEnded) and ended.winner is None
    low = min(ended.totals)
    assert list(ended.totals).count(low) >= 2


def test_an_all_wild_meld() -> None:
    events = load("all-wild-meld.jsonl").events
    out = next(e for e in events if isinstance(e, PlayerWentOut))
    wild = wild_rank_for_round(1)
    assert out.seat == 1 and any(all(is_wild(c, wild) for c in meld) for meld in out.melds)


def test_stock_rebuilds_and_the_safety_rule() -> None:
    events = load("safety-rule.jsonl").events
    rebuilds = [e.rebuild_no for e in events if isinstance(e, StockRebuilt)]
    assert rebuilds == [1, 2]
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(scored) == 1 and scored[0].ended_by == RoundEnd.STOCK_EXHAUSTED
    assert scored[0].went_out is None


def test_whole_games_end() -> None:
    for game in CURATED:
        log = load(game.name)
        if game.rounds == 11:
            assert log.state.ended is not None, game.name
            assert len(log.state.score_sheet) == 11


@pytest.mark.parametrize("name", ["jokers-2", "two-seats"])
def test_a_game_said_to_pit_levels_says_who_won(name: str) -> None:
    """A curated game listed as one level against others says which won (the winner need
    not be the stronger level: one game is luck as much as skill), in the list and the
    README, true to the recorded game; the list in 80 columns."""
    log = load(f"{name}.jsonl")
    started, ended = log.events[0], log.events[-1]
    assert isinstance(started, GameStarted) and isinstance(ended, GameEnded)
    assert ended.winner is not None
    winner = f"{started.seats[ended.winner]} ({started.players[ended.winner]}) wins"
    shows = next(game.shows for game in shipped_replays() if game.name == name)
    row = next(line for line in README.splitlines() if line.startswith(f"| `{name}.jsonl`"))
    assert winner in shows and winner in row and len(f"{'':20}{shows}") <= 80
    last = max(range(len(ended.totals)), key=lambda seat: ended.totals[seat])
    if len(ended.totals) > 2 and started.players[last] == "hard":
        assert "hard finishes last" in row


def test_the_format_is_described_for_two_to_eight_seats_and_one_to_three_decks() -> None:
    """replays/README.md says what is true at every table size, not only at four: the
    seats, the decks of the ladder, and the first dealer's formula (checked against the
    engine's shuffler)."""
    for four_only in (
        "randrange(4)",
        "seat, `0`–`3`",
        "two of each of the 52 cards",
        "0 → 1 → 2 → 3 → 0",
    ):
        assert four_only not in README, four_only
    assert "randrange(seat_count)" in README
    for seed in (5, 202, 808):
        for seats in DECKS_BY_SEATS:
            documented = random.Random(f"threethirteen:{seed}:first-dealer").randrange(seats)
            assert SeededShuffler(seed).first_dealer(seats) == documented
    ladder = "one deck at two seats, two at three to five, three at six to eight"
    assert ladder in " ".join(README.split())
    assert all(DECKS_BY_SEATS[n] == 1 + (n >= 3) + (n >= 6) for n in DECKS_BY_SEATS)
    ended_by = next(line for line in README.splitlines() if line.startswith("| `RoundScored`"))
    assert all(f'`"{end.value}"`' in ended_by for end in RoundEnd)  # every way a round ends
