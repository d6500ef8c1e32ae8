"""Verifying logs: recorded games pass, and damage of every kind is caught at its line."""

from __future__ import annotations

import json

import attrs
import pytest
from threethirteen.core.cards import parse_card
from threethirteen.core.errors import GameError, LogFormatError
from threethirteen.core.events import CardDiscarded, GameOptions
from threethirteen.core.log import read_log
from threethirteen.core.verify import verify_events, verify_log
from threethirteen.repl.words.i18n import Texts

from tests.helpers.playouts import Recorded, record


@pytest.fixture(scope="session")
def game() -> Recorded:
    """A greedy playout with four jokers, aces high, played once for the whole session."""
    return record(71, GameOptions(jokers=4, aces_high=True))


def verdict_of(lines: list[str]):  # type: ignore[no-untyped-def]
    return verify_log(read_log("".join(lines)))


def changed(game: Recorded, number: int, change) -> list[str]:  # type: ignore[no-untyped-def]
    lines = list(game.lines)
    data = json.loads(lines[number - 1])
    change(data)
    lines[number - 1] = json.dumps(data, ensure_ascii=False) + "\n"
    return lines


def find(game: Recorded, kind: str, after: int = 2) -> int:
    return next(
        n
        for n, line in enumerate(game.lines, start=1)
        if n > after and json.loads(line).get("type") == kind
    )


def test_a_recorded_game_verifies(game: Recorded) -> None:
    verdict = verdict_of(game.lines)
    assert verdict.ok and verdict.state == game.state
    assert Texts("en").verdict(verdict).startswith("ok: seed 71, ")


def test_a_wrong_penalty_is_caught(game: Recorded) -> None:
    number = find(game, "RoundScored")

    def lower(data: dict) -> None:  # type: ignore[type-arg]
        data["scores"][0]["penalty"] += 1
        data["totals"][0] += 1

    verdict = verdict_of(changed(game, number, lower))
    assert not verdict.ok and verdict.line == number and "scores" in str(verdict.problem)


def test_a_deal_that_does_not_follow_from_the_seed(game: Recorded) -> None:
    number = find(game, "RoundDealt")

    def swap(data: dict) -> None:  # type: ignore[type-arg]
        data["stock"][0], data["stock"][-1] = data["stock"][-1], data["stock"][0]

    lines = changed(game, number, swap)
    swapped = json.loads(lines[number - 1])["stock"]
    assert swapped != json.loads(game.lines[number - 1])["stock"], "the seed put equal cards there"
    verdict = verdict_of(lines[:number])  # later draws would no longer fit the changed stock
    assert not verdict.ok and verdict.line == number and "seed" in str(verdict.problem)


def test_an_illegal_discard_is_caught(game: Recorded) -> None:
    """Discarding the card just taken from the pile folds fine but is against the rules."""
    for number, line in enumerate(game.lines, start=1):
        data = json.loads(line)
        if data.get("type") == "CardDrawn" and data["source"] == "discard":
            following = json.loads(game.lines[number])
            if following.get("type") != "CardDiscarded":
                continue
            lines = list(game.lines[:number])
            following["card"] = data["card"]
            lines.append(json.dumps(following, ensure_ascii=False) + "\n")
            with pytest.raises(LogFormatError) as refused:  # reading refuses it too, by the rules
                read_log("".join(lines))
            assert refused.value.line == number + 1 and refused.value.key == "log_illegal_move"
            discard = game.events[number - 1]
            assert isinstance(discard, CardDiscarded)
            illegal = attrs.evolve(discard, card=parse_card(data["card"]))
            verdict = verify_events((*game.events[: number - 1], illegal))
            assert not verdict.ok and verdict.line == number + 1
            assert "taken from the discard pile" in str(verdict.problem)
            problem = verdict.problem
            assert problem is not None and problem.key == "verify_illegal"
            error = problem.params["error"]
            assert isinstance(error, GameError) and error.key == "taken_this_turn"
            said = Texts("de").verdict(verdict)
            assert said.startswith(f"Zeile {number + 1}: regelwidrig: du kannst ")
            return
    pytest.fail("nobody took a discard")


def test_an_unfinished_log_verifies_as_unfinished(game: Recorded) -> None:
    verdict = verdict_of(game.lines[:200])
    assert verdict.ok and "unfinished" in Texts("en").verdict(verdict)
    assert "angefangen, in Runde" in Texts("de").verdict(verdict)


def test_a_wrong_field_names_both_values_as_the_log_shows_them(game: Recorded) -> None:
    def other_dealer(data: dict) -> None:  # type: ignore[type-arg]
        data["first_dealer"] = (data["first_dealer"] + 1) % 4

    verdict = verdict_of(changed(game, 2, other_dealer))
    problem = verdict.problem
    assert problem is not None and problem.key == "verify_other_value"
    dealer = json.loads(game.lines[1])["first_dealer"]
    assert problem.params["given"] == dealer
    assert str(problem) == (
        f"GameStarted.first_dealer is {(dealer + 1) % 4}, but the rules give {dealer}"
    )
    assert Texts("en").verdict(verdict) == f"line 2: {problem}"


def test_a_log_cut_inside_a_move_verifies_but_is_not_complete(game: Recorded) -> None:
    scored = find(game, "RoundScored")  # the next deal follows from the same discard
    verdict = verdict_of(game.lines[:scored])
    assert verdict.ok and not verdict.complete
    assert verdict_of(game.lines[: scored + 1]).complete


def test_a_committed_deal_verifies_and_a_changed_seed_breaks_the_promise() -> None:
    """A shared table commits to its seed (SHA-256 of seed and salt, in GameStarted):
    the whole log verifies; the same log with another seed, or another salt, does not,
    and says why in words, at line 2."""
    from threethirteen.core.fairness import commitment
    from threethirteen.core.log import encode_log, read_log
    from threethirteen.core.rules import new_game

    _, events = new_game(41, salt="0123456789abcdef0123456789abcdef")
    started = events[0]
    assert started.commitment == commitment(41, "0123456789abcdef0123456789abcdef")
    text = encode_log(events)
    assert verify_log(read_log(text)).ok
    for changed in (
        text.replace('"seed": 41', '"seed": 42'),
        text.replace('"salt": "0123456789abcdef0123456789abcdef"', '"salt": "ab"'),
    ):
        verdict = verify_log(read_log(changed))
        assert not verdict.ok and verdict.line == 2
        assert "not the deal that was promised" in str(verdict.problem)
