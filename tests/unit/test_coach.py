"""The coach: after a move that costs clearly more than the hard AI's choice, one line;
the same judgement, in the same words, as ``replay --analyze``; a coached game is
assisted, recorded once."""

from __future__ import annotations

import io
import re

from threethirteen.core.events import (
    Assistance,
    AssistanceUsed,
    CardDiscarded,
    CardDrawn,
    DrawSource,
)
from threethirteen.core.lab.analysis import analyze, discard_value, judge
from threethirteen.core.players import load_policy
from threethirteen.core.state import GameState, evolve
from threethirteen.core.views import view_for
from threethirteen.repl.files.config import parse_config
from threethirteen.repl.kit.coach import THRESHOLD, coach_line, cost_text, move_and_advice
from threethirteen.repl.kit.completer import card_word
from threethirteen.repl.kit.loop import run_line
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.master.coach import Coach
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.solo.play import parser, settings_from
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.games import played_game
from tests.helpers.opening import game_of


def test_the_coach_judges_a_move_as_the_analysis_does_in_the_same_words() -> None:
    events = played_game()
    found = {d.seq: d for d in analyze(events, 0)}
    coach, state, spoke = Coach(), GameState(), 0
    for event in events:
        if isinstance(event, CardDrawn | CardDiscarded) and event.seat == 0:
            said = coach.judge(state, event)
            wanted = found.get(state.event_count + 1)
            if wanted is None or wanted.cost < THRESHOLD:
                assert said is None
            else:
                assert said == wanted
                spoke += 1
                took = isinstance(event, CardDrawn) and event.source == DrawSource.DISCARD
                taken = Texts("de").card(event.card) if took else ""
                move, advice = move_and_advice(wanted, Texts("de"), None, taken)
                line = coach_line(said, event, Texts("de"))
                assert move in line and advice in line and cost_text(wanted, Texts("de")) in line
        state = evolve(state, event)
    assert spoke >= 1


def worst_card(state: GameState) -> str:
    """The discard that leaves the highest expected penalty (a move the coach should mind)."""
    view = view_for(state, YOU)
    return card_word(max(view.hand, key=lambda card: discard_value(view, card)))


def test_a_coached_game_says_each_costly_move_once_and_is_assisted_once() -> None:
    shown = io.StringIO()
    settings = Settings(speed="instant", level="easy", coach=True)
    front = new_solo_front(8, tx=Texts(), screen=PlainScreen(shown), settings=settings)
    front.begin()
    table = game_of(front).table
    said: list[str] = []
    while table.state.ended is None and table.state.round is not None:
        if table.state.round.round_no > 3:
            break
        for line in ("draw", f"x {worst_card(table.state)}"):
            before = len(shown.getvalue())
            assert run_line(front, line) is None
            told = " ".join(shown.getvalue()[before:].split())  # lines wrap at 80 columns
            said += re.findall(r"Coach: .*?expected penalty\)", told)
    coached = [
        e for e in table.events if isinstance(e, AssistanceUsed) and e.help == Assistance.COACH
    ]
    assert len(coached) == 1 and table.state.is_assisted(YOU)
    costly = [d for d in analyze(table.events, 0) if d.cost >= THRESHOLD]
    assert len(said) == len(costly) >= 1
    for line, decision in zip(said, costly, strict=True):
        assert f"+{decision.cost:.1f} expected penalty" in line


def test_the_coach_is_off_by_default_and_turned_on_and_off_in_a_game() -> None:
    shown = io.StringIO()
    settings = Settings(speed="instant", level="easy")
    front = new_solo_front(8, tx=Texts(), screen=PlainScreen(shown), settings=settings)
    front.begin()
    game = game_of(front)
    assert not game.coaching
    run_line(front, "coach")
    assert "The coach is off (coach on turns it on)." in shown.getvalue()
    run_line(front, "trainer an")
    assert game.coaching and "The coach is on" in shown.getvalue()
    assert not game.table.state.is_assisted(YOU)  # not until a move it judges
    run_line(front, "draw")
    assert game.table.state.is_assisted(YOU)
    run_line(front, "coach off")
    assert not game.coaching and "The coach is off." in shown.getvalue()


def test_coach_from_the_command_line_and_the_config_file_but_never_a_scripts() -> None:
    config, problems = parse_config("coach = true\n")
    assert not problems and config.coach
    assert settings_from(parser().parse_args([]), config).coach
    assert settings_from(parser().parse_args(["--coach"]), config.for_scripts()).coach
    assert not settings_from(parser().parse_args([]), config.for_scripts()).coach


def test_a_move_as_good_as_the_hard_ais_is_not_judged() -> None:
    events = played_game()
    advisor = load_policy("hard")
    state = GameState()
    for event in events:
        if isinstance(event, CardDiscarded) and event.seat == 0:
            view = view_for(state, 0)
            advised = advisor.choose_discard(view)
            same = CardDiscarded(seat=0, card=advised)
            assert judge(state, same, load_policy("hard")) is None
            break
        state = evolve(state, event)
