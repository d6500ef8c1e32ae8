"""Two and eight at a table in a pseudo-terminal of 80×24 and 60×20: every seat on the
screen, and the table, the score sheet and the chart within its width."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from threethirteen.core.seats import seat_names

from tests.helpers.terminal import Terminal, ended, leave, spawn

SIZES = [(8, (24, 80)), (8, (20, 60)), (2, (24, 80)), (2, (20, 60))]
"""Players, and the terminal's rows and columns."""


def unwrapped(rows: list[str], cols: int) -> None:
    """No row reaches the last column: nothing was wrapped by the terminal."""
    assert all(len(row) < cols for row in rows), [row for row in rows if len(row) >= cols]


def seat_rows(screen: list[str], names: tuple[str, ...]) -> dict[str, str]:
    """Each seat's row of the table (``▶`` marks the seat whose turn it is)."""
    found = {}
    for name in names:
        rows = [row for row in screen if row[2:].startswith(name + "  ")]
        assert len(rows) == 1, (name, screen)
        found[name] = rows[0]
    return found


def to_the_end(child: Terminal) -> list[str]:
    """``auto game`` to the final result; the screen then."""
    child.send("auto game\r")
    child.expect("Game over after 11 rounds.")
    child.expect("game over: new or quit")
    return child.screen()


@pytest.mark.parametrize(("players", "size"), SIZES)
def test_every_seat_at_the_table_and_on_the_score_sheet(
    tmp_path: Path, players: int, size: tuple[int, int]
) -> None:
    _, cols = size
    names = seat_names(players)
    child = spawn(tmp_path, "--players", str(players), "--seed", "5", size=size)
    child.expect("your turn: draw or take")
    screen = child.screen()
    table = seat_rows(screen, names)
    assert table["You"].startswith("▶ You")
    assert all("3 cards" in row for row in table.values())
    assert [row for row in screen if row][-1].startswith(" your turn: draw or take")
    for row, below in itertools.pairwise(screen):  # the game's own wrap: indented
        assert len(row) < cols or below.startswith("  "), (row, below)

    end = to_the_end(child)
    chart = end.index(next(row for row in end if row.startswith("Penalty points round by round")))
    bars = end[chart + 1 : chart + 1 + players]
    assert [row.split("  ")[1].strip() for row in bars] == list(names)  # from your place
    assert all("total" in row for row in bars)
    unwrapped(end[chart:], cols)

    child.send("score\r")
    sheet = child.screen_with("> score")
    top = sheet.index(next(row for row in sheet if row.startswith("Score sheet")))
    head = sheet[top + 1].split()
    assert head[0] == "Round" and head[-1] == "out"
    labels = head[1:-1] if head[1] != "wild" else head[2:-1]
    assert len(labels) == players and labels[0] == "You"
    rounds = sheet[top + 2 : top + 13]
    assert [int(row.split()[0]) for row in rounds] == list(range(1, 12))
    total = sheet[top + 13].split()
    assert total[0] == "Total" and len(total) == 1 + players
    short = labels != list(names)
    length = 16 if short else 14  # a legend of two rows under the sheet of eight
    legend = " ".join(sheet[top + 14 : top + length])
    for label, name in zip(labels, names, strict=True):
        assert label == name or f"{label} {name}" in legend  # an initial is said in full
    unwrapped(sheet[top : top + length], cols)
    assert top + length <= sheet.index(">", top)  # the whole sheet, then the prompt
    leave(child)


def test_levels_clockwise_from_your_left_and_the_rules_of_six(tmp_path: Path) -> None:
    child = spawn(
        tmp_path,
        "--players",
        "6",
        "--levels",
        "hard,medium,easy,medium,hard",
        "--jokers",
        "3",
        "--seed",
        "4",
    )
    child.expect("your turn: draw or take")
    child.send("rules\r")
    child.expect("6 players")
    child.expect("Three decks of 52 cards and 3 jokers")
    child.send("new 8\r")
    child.expect(r"\[Y/n\]")
    child.send("y")
    child.expect(r"New game: seed 8, 3 jokers, aces low, opponents: hard, medium, easy, medium")
    child.expect("your turn: draw or take")
    assert len(seat_rows(child.screen(), seat_names(6))) == 6
    leave(child)


def test_the_end_of_a_round_of_eight_is_on_one_screen(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--players", "8", "--seed", "5")
    child.expect("your turn: draw or take")
    child.send("auto round\r")
    child.expect("Press a key to deal round 2.")
    screen = child.screen()
    top = screen.index(next(row for row in screen if row.startswith("Round 1 is over")))
    hands = seat_rows(screen[top:], seat_names(8))
    assert all("penalty" in row for row in hands.values())  # each hand on its seat's row
    total = next(row for row in screen[top:] if row.startswith("Total")).split()
    assert len(total) == 9  # this round's row and the totals: the whole sheet is `score`
    assert "(score shows every round of the score sheet)" in screen
    child.send(" ")
    child.send("quit\r")
    child.expect("The game is saved|Goodbye")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(24, 80), (20, 60)])
def test_a_blank_row_between_the_score_sheet_and_the_next_round(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    """After a round's score sheet, a key deals the next round: its first line, ``Round
    2/11 · dealer: …``, comes after a blank row, not glued to the sheet's totals."""
    child = spawn(tmp_path, "--seed", "5", "--lang", lang, size=size)
    child.expect("your turn: draw or take" if lang == "en" else "du bist dran")
    child.send("auto round\r" if lang == "en" else "auto runde\r")
    child.expect("deal round 2" if lang == "en" else "Runde 2 wird gegeben")
    child.send(" ")
    dealt = "Round 2/11 · dealer" if lang == "en" else "Runde 2/11 · Geber"
    screen = child.screen_until(lambda rows: any(row.startswith(dealt) for row in rows), dealt)
    at = next(i for i, row in enumerate(screen) if row.startswith(dealt))
    assert screen[at - 1] == "" and screen[at - 2].startswith("Total" if lang == "en" else "Stand")
    child.send("quit\r" if lang == "en" else "ende\r")
    child.expect("The game is saved" if lang == "en" else "Das Spiel ist gespeichert")
    ended(child)
