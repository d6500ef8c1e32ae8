"""The score sheet and a round's end of two to eight seats, in 80 and 60 columns: every seat
named (by its initials where its name does not fit its column), nothing wider."""

from __future__ import annotations

import pytest
from threethirteen.core.events import RoundScored
from threethirteen.core.players import play_game
from threethirteen.core.state import fold
from threethirteen.repl.kit.chart import render_score_chart
from threethirteen.repl.kit.layout import plain
from threethirteen.repl.kit.sheet import render_round_over, render_score_sheet, short_name
from threethirteen.repl.words.i18n import Texts


def test_a_name_that_does_not_fit_is_said_by_its_initials() -> None:
    assert short_name("Top", 4) == "Top"
    assert short_name("Lower left", 4) == "LL" and short_name("Oben rechts", 6) == "OR"
    assert short_name("Rechts", 4) == "Rec…"  # one word: cut
    assert short_name("Anna Maria Schmidt", 10) == "Anna Mari…"  # a wide column: cut


@pytest.mark.parametrize("seats", [2, 3, 5, 6, 7, 8])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [80, 60])
def test_the_sheet_and_the_round_fit_the_width(seats: int, lang: str, width: int) -> None:
    events = play_game(3, ("easy",) * seats)
    sheet = fold(events).score_sheet
    tx = Texts(lang, seats=seats)
    drawn = plain(render_score_sheet(sheet, tx, width=width)).splitlines()
    assert max(len(row) for row in drawn) <= width
    head = drawn[1]
    legend = " ".join(drawn[14:])
    labels = [name if f" {name} " in f" {head} " else None for name in map(tx.seat, range(seats))]
    for seat, name in enumerate(map(tx.seat, range(seats))):
        if labels[seat] is None:  # by its initials, said in full under the sheet
            short = next(word for word in head.split() if f"{word} {name}" in legend)
            labels[seat] = short
    assert len(set(labels)) == seats  # no two seats alike
    several = [label for label in labels if label is not None and " " in label]
    assert not several or all(label in head for label in several)
    chart = plain(render_score_chart(sheet, tx)).splitlines()
    assert len(chart) == 1 + seats and max(len(row) for row in chart) <= width
    for scored in (e for e in events if isinstance(e, RoundScored)):
        assert (
            max(len(r) for r in plain(render_round_over(scored, tx, width)).splitlines()) <= width
        )


def test_four_seats_keep_their_sheet() -> None:
    sheet = fold(play_game(3, ("easy",) * 4)).score_sheet
    drawn = plain(render_score_sheet(sheet, Texts("en"), width=60)).splitlines()
    assert drawn[1].split() == ["Round", "wild", "You", "Left", "Top", "Right", "out"]
    assert len(drawn) == 14  # no legend
