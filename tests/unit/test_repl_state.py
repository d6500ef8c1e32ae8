"""Undo and redo, rendering at 80 columns, both languages, and the files of the data directory."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from threethirteen.core.errors import Action, IllegalMoveError, LogFormatError
from threethirteen.core.events import Assistance, AssistanceUsed, DrawSource, GameEnded, GameOptions
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.players import PolicyError, play_game, play_on
from threethirteen.core.rules import Assist, Draw, decide, new_game
from threethirteen.core.timeline import Timeline, reveals_hidden
from threethirteen.core.views import view_for
from threethirteen.repl.files.crash import write_crash
from threethirteen.repl.files.log_file import LogFile
from threethirteen.repl.files.stats import Stats, read_stats, save_stats
from threethirteen.repl.kit.render import plain, render_game_over, render_table
from threethirteen.repl.kit.sheet import render_round_over, render_score_sheet
from threethirteen.repl.solo.settings import YOU
from threethirteen.repl.words.i18n import Texts, language_from_environment

from tests.helpers.timelines import POLICY, lowest_discard, move, started

pytestmark = pytest.mark.usefixtures("data_home")


# -- undo and redo ----------------------------------------------------------------------


def test_undo_of_a_take_is_free_and_redo_restores_exactly() -> None:
    timeline = started()
    before = timeline.state
    move(timeline, Draw(seat=YOU, source=DrawSource.DISCARD))
    after = tuple(timeline.events)
    assert timeline.undo_for(YOU) is not None
    assert timeline.state == before and not timeline.assisted_for(YOU)
    assert timeline.redo() is not None
    assert tuple(timeline.events) == after and not timeline.assisted_for(YOU)


def test_undo_after_a_stock_draw_marks_the_game_assisted() -> None:
    timeline = started()
    move(timeline, Draw(seat=YOU, source=DrawSource.STOCK))
    drawn = tuple(timeline.events)
    timeline.undo_for(YOU)
    assert timeline.assisted_for(YOU) and not timeline.state.is_assisted(YOU)
    assert timeline.pending == [AssistanceUsed(seat=YOU, help=Assistance.UNDO)]
    assert timeline.recorded()[-1] == timeline.pending[0]
    timeline.redo()
    assert tuple(timeline.events) == drawn  # exactly: the pending help is not in the way
    move(timeline, lowest_discard(timeline.state))
    assert timeline.state.is_assisted(YOU) and not timeline.pending
    assert isinstance(timeline.events[len(drawn)], AssistanceUsed)


def test_undo_of_a_discard_goes_back_past_the_opponents() -> None:
    timeline = started()
    move(timeline, Draw(seat=YOU, source=DrawSource.DISCARD))
    mid = timeline.state
    move(timeline, lowest_discard(timeline.state))
    assert len(timeline.events) > mid.event_count + 2  # the opponents played after it
    removed = timeline.undo_for(YOU)
    assert removed is not None and reveals_hidden(removed, YOU)
    assert timeline.state == mid and timeline.assisted_for(YOU)


def test_undo_is_unlimited_and_keeps_help_taken() -> None:
    timeline = started(22)
    first = timeline.state
    for _ in range(3):
        move(timeline, Draw(seat=YOU, source=DrawSource.STOCK))
        timeline.begin()
        timeline.extend(decide(timeline.state, Assist(seat=YOU, help=Assistance.HINT)))
        move(timeline, lowest_discard(timeline.state))
    while timeline.undo_for(YOU) is not None:
        pass
    assert timeline.state == first
    assert {p.help for p in timeline.pending} == {Assistance.HINT, Assistance.UNDO}
    assert not timeline.can_undo_for(YOU) and timeline.can_redo


def test_a_new_move_forgets_the_redo_stack() -> None:
    timeline = started()
    move(timeline, Draw(seat=YOU, source=DrawSource.STOCK))
    timeline.undo_for(YOU)
    move(timeline, Draw(seat=YOU, source=DrawSource.DISCARD))
    assert not timeline.can_redo and timeline.redo() is None


def test_no_undo_once_the_game_is_over() -> None:
    timeline = Timeline(play_game(23, ("easy",) * 4))
    assert not timeline.can_undo_for(YOU) and timeline.undo_for(YOU) is None


# -- rendering --------------------------------------------------------------------------


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_screen_of_a_game_fits_80_columns(lang: str) -> None:
    tx = Texts(lang)
    start, _ = new_game(24, GameOptions(jokers=4), ("easy",) * 4)
    state = start
    for checked, (new, state) in enumerate(play_on(start, [POLICY] * 4)):
        if state.round is not None and checked % 7 == 0:
            for sort in ("suit", "rank", "melds"):
                text = plain(render_table(view_for(state, 0), tx, sort=sort, assisted=True))
                assert widest(text) <= 80, text
            reveal = plain(render_table(view_for(state, 0), tx, hands=state.round.hands))
            assert widest(reveal) <= 80
            assert state.round is not None
            for card in state.round.hands[2]:
                assert tx.card(card) in reveal
        for event in new:
            if hasattr(event, "scores"):
                assert widest(plain(render_round_over(event, tx))) <= 80  # type: ignore[arg-type]
    sheet = plain(render_score_sheet(state.score_sheet, tx, assisted=True))
    assert widest(sheet) <= 80 and len(sheet.splitlines()) == 11 + 3
    assert state.ended is not None
    over = plain(render_game_over(state.ended, tx, assisted=False))
    assert widest(over) <= 80


def test_the_table_shows_what_the_issue_asks_for() -> None:
    timeline = started(25)
    text = plain(render_table(view_for(timeline.state, 0), Texts(), sort="rank"))
    state = timeline.state
    assert state.round is not None
    assert f"Round 1/11 · 3 cards · wild: 3 · dealer: {Texts().seat(state.round.dealer)}" in text
    assert f"Stock: {len(state.round.stock)} cards" in text
    assert "Your hand, by rank:" in text and "Best melds:" in text and "penalty" in text
    for name in ("Left", "Top", "Right", "You"):
        assert re.search(rf"{name}\s+\d+ cards\s+total\s+\d+", text)


def test_nobody_wins_on_a_shared_lowest_total() -> None:
    ended = GameEnded(totals=(40, 40, 55, 60), winner=None)
    text = plain(render_game_over(ended, Texts(), assisted=True))
    assert "Nobody wins: You and Left share the lowest total, 40" in text
    assert "assisted" in text
    german = plain(render_game_over(ended, Texts("de"), assisted=False))
    assert "Niemand gewinnt: Du und Links" in german


# -- both languages ---------------------------------------------------------------------


def test_engine_errors_are_translated() -> None:
    error = IllegalMoveError("not_your_turn", seat=0, action=Action.DISCARD, turn=1)
    assert Texts("de").error(error) == "Du: ablegen geht jetzt nicht, Links ist dran"
    assert Texts("en").error(error) == str(error) == "You cannot discard now: it is Left's turn"
    drawn = IllegalMoveError("already_drawn", seat=0, card=None)
    assert Texts("de").error(drawn) == (
        "du hast in diesem Zug schon eine Karte genommen (eine Karte vom Stapel); leg eine ab"
    )
    early = IllegalMoveError("draw_first", seat=2, top=None)
    assert Texts("de").error(early).endswith("oder nichts nehmen")
    assert str(early).endswith("(draw from the stock or take nothing)")
    inner = PolicyError("policy_illegal", player=1, detail=error)
    assert Texts("de").error(inner) == (
        "der Spieler Links hat regelwidrig gespielt: Du: ablegen geht jetzt nicht, Links ist dran"
    )
    assert str(inner) == f"the player Left made an illegal move: {error}"
    log_error = LogFormatError("log_not_json", line=3, detail="x")
    assert Texts("de").error(log_error) == "Zeile 3: kein JSON (x)"


def test_the_language_comes_from_the_environment() -> None:
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_environment({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE"}) == "en"
    assert language_from_environment({}) == "en"


# -- files ------------------------------------------------------------------------------


def test_the_autosave_appends_and_rewrites_when_undo_shortens(tmp_path: Path) -> None:
    timeline = started(26)
    autosave = LogFile(tmp_path / "auto.jsonl")
    autosave.sync(timeline.recorded())
    size = (tmp_path / "auto.jsonl").stat().st_size
    move(timeline, Draw(seat=YOU, source=DrawSource.STOCK))
    autosave.sync(timeline.recorded())
    assert (tmp_path / "auto.jsonl").stat().st_size > size
    assert read_log((tmp_path / "auto.jsonl").read_text()).events == timeline.recorded()
    timeline.undo_for(YOU)
    autosave.sync(timeline.recorded())
    text = (tmp_path / "auto.jsonl").read_text()
    assert text == encode_log(timeline.recorded())
    assert read_log(text).state.is_assisted(YOU)  # the pending help is saved too


def test_statistics_count_games_and_survive_damage(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    stats = Stats()
    stats.record(GameEnded(totals=(30, 50, 60, 70), winner=0), seat=0, assisted=False)
    stats.record(GameEnded(totals=(45, 45, 60, 70), winner=None), seat=0, assisted=True)
    save_stats(stats, path)
    again = read_stats(path).stats
    assert again == stats
    # the assisted game is played, and assisted: not a game of one's own, so neither its
    # result nor its total counts (the AI may have played it for you: auto game)
    counts = (again.played, again.own, again.won, again.no_winner, again.best, again.assisted)
    assert counts == (2, 1, 1, 0, 30, 1)
    assert again.average == 30.0
    assert json.loads(path.read_text())["version"] == 1
    older = {"version": 1, "played": 3, "won": 1, "no_winner": 0, "total_sum": 150}
    path.write_text(json.dumps(older | {"best": 30, "assisted": 1}))
    before = read_stats(path).stats  # counted before "own": every game was counted as one's own
    assert (before.own, before.average) == (3, 50.0)
    path.write_text("{not json")
    broken = read_stats(path)
    assert broken.stats == Stats() and broken.kept is not None
    assert broken.kept.read_text() == "{not json" and not path.exists()
    assert not list(tmp_path.glob(".stats.json.*"))  # no temporary file left behind


def test_a_crash_file_has_the_seed_the_error_and_the_log() -> None:
    timeline = started(27)
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        path = write_crash(error, seed=27, command="hint", events=timeline.recorded())
    text = path.read_text()
    assert "seed: 27" in text and "RuntimeError: boom" in text and "'hint'" in text
    assert '"format": "threethirteen-log"' in text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [60, 80])
def test_a_narrow_table_breaks_between_pieces_never_inside_one(lang: str, width: int) -> None:
    """Every table of a game at 60 and 80 columns: no line is wider; who went out and your
    last turn each stay whole; the seat rows keep their columns, a seat's moves going on
    under their own column after a comma."""
    tx = Texts(lang)
    start, _ = new_game(24, GameOptions(jokers=4), ("easy",) * 4)
    total = tx("table.total", total=0).split()[0]
    outs = last_turns = continued = 0
    for new, state in play_on(start, [POLICY] * 4):
        if state.round is None or not new:
            continue
        view = view_for(state, 0)
        text = plain(render_table(view, tx, width=width))
        assert widest(text) <= width, text
        lines = text.splitlines()
        if view.went_out is not None:
            outs += 1
            assert any(f"{tx.seat(view.went_out)}: {tx('table.out')}" in line for line in lines)
            if view.went_out != 0 and 0 in view.last_turns:
                last_turns += 1
                assert any(tx("table.last_turn") in line for line in lines), text
        rows = [
            i for i, line in enumerate(lines) if re.match(rf"^(▶ |  )\w+ +\d+ \w+ +{total} ", line)
        ]
        assert len(rows) == 4 and len({lines[i].index(total) for i in rows}) == 1, text
        column = lines[rows[0]].index(total) + len(total) + 7
        for i in range(rows[0], rows[-1] + 1):
            if i not in rows:  # a seat's moves, continued
                continued += 1
                assert lines[i - 1].endswith(",") and lines[i][column] != " ", text
                assert lines[i].startswith(" " * column), text
    assert outs and last_turns  # the game (seed 24) has both: each was looked at
    assert continued or width == 80  # at 60 columns some seat's moves go on below
