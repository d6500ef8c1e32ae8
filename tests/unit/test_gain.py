"""A player's gain over a base player, one decision at a time (``threethirteen simulate
--gain``, core.lab.gain): the same figure as paired whole games, at the cost of the choices
that differ."""

from __future__ import annotations

import math

import pytest
from threethirteen.core.events import GameOptions
from threethirteen.core.lab.gain import (
    DISCARD,
    DRAW,
    GainJob,
    gain_jobs,
    measure_gain,
    summarise,
)
from threethirteen.core.lab.simulation import GameJob, mean_interval, play_job
from threethirteen.repl.lab.simulate import main

SLOPPY = "tests.helpers.bots:Sloppy"
"""Always draws from the stock and throws its highest card: far worse than greedy."""


def job(candidate: str, base: str, seed: int = 3, seats: int = 2, playouts: int = 2) -> GainJob:
    return GainJob(
        seed=seed,
        candidate=candidate,
        base=base,
        seat=seed % seats,
        options=GameOptions(),
        seats=seats,
        playouts=playouts,
    )


def test_the_gains_add_up_to_what_paired_whole_games_show() -> None:
    """The brute-force reference: the bot and greedy each play the same deals in the same
    seat; the decision-by-decision gains must tell the same difference."""
    jobs = gain_jobs(SLOPPY, "greedy", range(1, 9), GameOptions(), 2, 3)
    games = [measure_gain(one) for one in jobs]
    gain, gain_half = mean_interval([game.gain for game in games])
    paired = []
    for one in jobs:
        lineup = ["greedy", "greedy"]
        lineup[one.seat] = SLOPPY
        with_bot, _ = play_job(
            GameJob(seed=one.seed, players=tuple(lineup), options=one.options), clock=float
        )
        without, _ = play_job(
            GameJob(seed=one.seed, players=("greedy", "greedy"), options=one.options), clock=float
        )
        paired.append(with_bot.totals[one.seat] - without.totals[one.seat])
    difference, paired_half = mean_interval(paired)
    assert gain > 100 and difference > 100  # the bot is far worse, and both see it
    assert abs(gain - difference) < math.hypot(gain_half, paired_half)


def test_each_game_is_played_by_the_bot_in_its_seat_and_its_total_is_the_game_s() -> None:
    one = job(SLOPPY, "greedy", seed=5)
    game = measure_gain(one)
    lineup = ["greedy", "greedy"]
    lineup[one.seat] = SLOPPY
    played, _ = play_job(GameJob(seed=5, players=tuple(lineup), options=one.options), clock=float)
    assert game.error is None and game.seat == one.seat
    assert game.total == played.totals[one.seat]
    assert 0 < len(game.choices) <= game.decisions


def test_a_choice_names_both_players_choices_and_the_same_number_of_play_outs() -> None:
    game = measure_gain(job(SLOPPY, "greedy", playouts=3))
    kinds = {choice.kind for choice in game.choices}
    assert kinds <= {DRAW, DISCARD} and kinds
    for choice in game.choices:
        assert choice.candidate != choice.base
        assert len(choice.mine) == len(choice.theirs) == 3
        assert 1 <= choice.round_no <= 11 and choice.turn >= 0
        if choice.kind == DRAW:  # the bot always draws from the stock
            assert (choice.candidate, choice.base) == ("stock", "discard")
        assert choice.gain == pytest.approx(sum(choice.mine) / 3 - sum(choice.theirs) / 3)


def test_a_bot_that_chooses_as_the_base_does_is_never_played_out() -> None:
    game = measure_gain(job("greedy", "greedy"))
    assert game.choices == () and game.gain == 0 and game.decisions > 20


def test_the_same_job_gives_the_same_figures() -> None:
    first, again = (measure_gain(job(SLOPPY, "greedy", seed=8)) for _ in range(2))
    assert first == again and first.choices


def test_the_parts_add_up_to_the_whole() -> None:
    report = summarise([measure_gain(job(SLOPPY, "greedy", seed=s)) for s in (1, 2, 3)])
    parts = {part.label: part for part in report.parts}
    whole = report.whole
    assert whole.changed == report.changed and report.games == 3
    for split in (
        ("draws", "discards"),
        ("rounds 1-4", "rounds 5-8", "rounds 9-11"),
        ("first 3 turns", "later turns"),
    ):
        assert sum(parts[label].changed for label in split) == whole.changed
        assert sum(parts[label].mean for label in split) == pytest.approx(whole.mean)
    assert report.base_total == pytest.approx(report.candidate_total - whole.mean)


def test_a_bot_that_breaks_the_rules_ends_its_game_with_the_reason() -> None:
    game = measure_gain(job("tests.helpers.bots:StockCheater", "greedy"))
    assert game.error is not None and "StockCheater" in game.error
    report = summarise([game, measure_gain(job("greedy", "greedy"))])
    assert report.games == 1 and report.failed == (game,)


def test_the_command_prints_the_gain_and_its_parts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--quiet", "--gain", SLOPPY, "--against", "greedy", "--seats", "2"]
    assert main([*argv, "--games", "2", "--playouts", "2"]) == 0
    out = capsys.readouterr().out
    said = " ".join(out.split("\n\n")[0].split())  # the sentences, filled to the width
    assert "decisions; each such choice and greedy's were played out 2 times" in said
    assert all(len(line) <= 80 for line in out.splitlines())
    for label in ("all", "draws", "discards", "rounds 9-11", "first 3 turns", "later turns"):
        assert f"\n{label} " in out
    assert "greedy in the same seats would have scored" in " ".join(out.split())


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--compare", "hard"], "--gain is a measure of its own"),
        (["--players", "greedy,greedy"], "--gain is a measure of its own"),
        (["--out", "x.jsonl"], "--gain plays here"),
        (["--playouts", "0"], "--playouts must be 1 to 1000"),
    ],
)
def test_what_gain_cannot_do_is_refused(
    extra: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--gain", "greedy", "--games", "1", *extra])
    assert stop.value.code == 2
    assert said in capsys.readouterr().err


def test_an_unknown_bot_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quiet", "--gain", "nosuch:Bot", "--games", "1"]) == 2
    assert "nosuch" in capsys.readouterr().err
