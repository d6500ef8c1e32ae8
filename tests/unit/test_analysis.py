"""``--analyze``: the hard AI's second opinion on a seat's decisions."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs
import pytest
from threethirteen.core.cards import new_deck
from threethirteen.core.events import DrawSource, GameOptions
from threethirteen.core.lab.analysis import analyze, costliest, discard_value, draw_value
from threethirteen.core.log import encode_log
from threethirteen.core.melds import best_arrangement
from threethirteen.core.players import play_game
from threethirteen.core.rules import new_game
from threethirteen.core.state import GameState, Phase
from threethirteen.core.views import view_for
from threethirteen.repl.solo.replay import main

from tests.helpers.games import first_rounds
from tests.helpers.playouts import record


def test_the_hard_ai_agrees_with_itself() -> None:
    log = play_game(5, ("hard", "easy", "easy", "easy"), rounds=3)
    assert analyze(log, seat=0) == []


def test_a_greedy_players_costliest_moves() -> None:
    log = record(2026, GameOptions(jokers=2)).events
    decisions = analyze(log[:150], seat=0)
    assert decisions
    worst = costliest(decisions, limit=5)
    assert worst and all(d.cost > 0 for d in worst)
    assert [d.cost for d in worst] == sorted((d.cost for d in worst), reverse=True)
    assert all(d.played != d.advised for d in decisions)


def _round_one_view() -> tuple[GameState, int]:
    state, _ = new_game(3)
    assert state.phase == Phase.DRAW and state.turn is not None
    return state, state.turn


def test_draw_values_against_plain_enumeration() -> None:
    state, seat = _round_one_view()
    view = view_for(state, seat)
    unseen = Counter(new_deck(0))
    unseen.subtract([*view.hand, *view.discard_pile])
    total = 0.0
    weight = 0
    for card, copies in unseen.items():
        if copies <= 0:
            continue
        hand = [*view.hand, card]
        best = min(best_arrangement(hand[:i] + hand[i + 1 :], 1).penalty for i in range(len(hand)))
        total += copies * best
        weight += copies
    assert abs(draw_value(view, DrawSource.STOCK) - total / weight) < 1e-9
    top = view.discard_top
    assert top is not None
    taken = [*view.hand, top]
    expected_take = min(
        best_arrangement(taken[:i] + taken[i + 1 :], 1).penalty
        for i in range(len(taken))
        if taken[i] != top
    )
    assert draw_value(view, DrawSource.DISCARD) == expected_take
    # A discard is valued one draw ahead, so it can never be worse than keeping that hand.
    for card in view.hand:
        rest = list(view.hand)
        rest.remove(card)
        assert discard_value(view, card) <= best_arrangement(rest, 1).penalty


def entries(out: str) -> list[str]:
    """The lines of ``--analyze`` as written before they were broken to the width: the
    verdict, the heading, then one line a decision (each starts ``  Round``)."""
    found: list[str] = []
    for line in out.splitlines():
        if found and line.startswith("  ") and not line.startswith("  Round "):
            found[-1] += " " + line.strip()
        else:
            found.append(line)
    return found


def test_replay_analyze_prints_the_costliest_moves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Of the first seven rounds of a shipped game (the whole game's: tests/e2e)."""
    path = tmp_path / "seven.jsonl"
    path.write_text(encode_log(first_rounds("no-winner.jsonl", 7).events), encoding="utf-8")
    assert main([str(path), "--analyze"]) == 0
    lines = entries(capsys.readouterr().out)
    assert lines[0].endswith("unfinished in round 8, totals 58/132/56/53")
    assert lines[1].startswith("You: in 9 of 40 decisions (a card taken, a card discarded)")
    costs = [float(line.split(", +")[1].split(" ")[0]) for line in lines[2:]]
    assert len(costs) == 5 and costs == sorted(costs, reverse=True)
    assert all(line.startswith("  Round ") for line in lines[2:])


def test_replay_analyze_reviews_the_seat_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--seat`` reviews another seat than the human's: by number, or by its name in the
    log (a shared table's log names its players)."""
    events = first_rounds("no-winner.jsonl", 5).events
    path = tmp_path / "five.jsonl"
    path.write_text(encode_log(events), encoding="utf-8")
    assert main([str(path), "--analyze", "--seat", "3"]) == 0
    out = entries(capsys.readouterr().out)
    assert out[1].startswith("Top: in 2 of 28 decisions") and len(out) == 3
    assert "you" not in " ".join(out[2:])
    named = (attrs.evolve(events[0], seats=("ana", "ben", "AI 3", "AI 4")), *events[1:])
    shared = tmp_path / "table.jsonl"
    shared.write_text(encode_log(named), encoding="utf-8")
    assert main([str(shared), "--analyze", "--seat", "BEN"]) == 0
    out = entries(capsys.readouterr().out)
    assert out[1].startswith("ben: in 7 of ") and len(out) == 6
    assert all(line.startswith("  Round ") and ", ben " in line for line in out[2:])
    assert main([str(shared), "--analyze", "--seat", "carl"]) == 1
    said = capsys.readouterr().out
    assert "no seat 'carl' in this game: its seats are ana, ben, AI 3, AI 4" in said
