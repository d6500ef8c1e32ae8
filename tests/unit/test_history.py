"""Your finished games (issue #18): each kept in the data folder as it ends, bounded,
listed by ``threethirteen history``, summed up by ``threethirteen stats``, replayed by
number; the list read as a stranger's file (a crafted line is skipped, a FIFO or a link in
its place is not read), and written so that a crash never costs a game already kept."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from threethirteen.core.events import Event, GameEnded
from threethirteen.core.verify import verify_log
from threethirteen.repl.files import history
from threethirteen.repl.files.bounded import NotAFile
from threethirteen.repl.files.history import (
    INDEX,
    MAX_INDEX_BYTES,
    PastGame,
    keep_game,
    kept_log,
    read_history,
    summary,
)
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.kit.render import fit, plain
from threethirteen.repl.solo.keeping import record_result
from threethirteen.repl.solo.past import opponents_text, render_history, render_stats
from threethirteen.repl.solo.replay import replay_file
from threethirteen.repl.words.i18n import Texts

from tests.helpers.recorded import recorded_game


def finished(seed: int = 5) -> tuple[Event, ...]:
    """A game of the medium and hard levels (recorded: tests/helpers/recorded.py)."""
    return recorded_game(seed, ("medium", "hard", "medium", "hard"))


def game_line(**changes: object) -> dict[str, object]:
    """A line of the list as the game writes it, with ``changes``."""
    line: dict[str, object] = {
        "number": 1,
        "ended": "2026-12-01 21:03",
        "seed": 5,
        "jokers": 0,
        "aces_high": False,
        "players": ["human", "hard", "hard", "hard"],
        "seat": 0,
        "totals": [30, 50, 60, 70],
        "winner": 0,
        "assisted": False,
        "log": None,
    }
    return line | changes


def write_lines(folder: Path, *lines: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / INDEX
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_finished_game_is_kept_whole_and_listed_with_its_number(data_home: Path) -> None:
    events = finished()
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    told = record_result(events, ended, seat=0, assisted=True, tx=Texts())
    assert ("class:dim", "Kept in your history as game 1: threethirteen replay 1") in told
    (game,) = read_history().games
    assert game.number == 1 and game.seed == 5 and game.assisted
    assert game.totals == ended.totals and game.score == ended.totals[0]
    assert game.opponents == ("hard", "medium", "hard")
    assert game.place == 1 + sum(total < game.score for total in ended.totals)
    # the kept log is the game itself, and `replay 1` finds it
    path = kept_log(1)
    assert path is not None and path == replay_file("1")
    assert load_file(path).events == events and verify_log(load_file(path)).ok
    assert record_result(events, ended, seat=0, assisted=False, tx=Texts("de"))[-1] == (
        "class:dim",
        "In deinem Verlauf als Spiel 2 behalten: threethirteen replay 2",
    )
    assert [game.number for game in read_history().games] == [1, 2]


def test_the_history_is_bounded(data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last KEEP_LOGS logs and KEEP_GAMES lines are kept; the list is written anew once
    it is TRIM_AFTER lines longer; numbers never come back."""
    monkeypatch.setattr(history, "KEEP_LOGS", 3)
    monkeypatch.setattr(history, "KEEP_GAMES", 5)
    monkeypatch.setattr(history, "TRIM_AFTER", 2)
    events = finished()
    for _ in range(12):
        keep_game(events, seat=0, assisted=False)
    folder = data_home / "games"
    assert sorted(int(path.name.split("-")[1]) for path in folder.glob("game-*")) == [10, 11, 12]
    lines = (folder / INDEX).read_text(encoding="utf-8").splitlines()
    assert 5 <= len(lines) <= 7
    numbers = [game.number for game in read_history().games]
    assert numbers == list(range(13 - len(lines), 13))
    assert kept_log(9) is None and kept_log(12) is not None


def test_a_line_cut_by_a_crash_costs_no_later_game(data_home: Path) -> None:
    folder = data_home / "games"
    path = write_lines(folder, game_line())
    with path.open("a", encoding="utf-8") as file:
        file.write('{"number": 2, "ended": "2026-')  # the power went out here
    kept = keep_game(finished(), seat=0, assisted=False)
    assert kept.number == 2
    found = read_history()
    assert [game.number for game in found.games] == [1, 2] and found.skipped == 1


def test_a_log_whose_line_was_never_written_still_replays(data_home: Path) -> None:
    """A crash between writing a game's log and its line: the log keeps its number, the
    next game takes the one after, and `replay NUMBER` opens it."""
    keep_game(finished(), seat=0, assisted=False)
    (data_home / "games" / INDEX).unlink()
    assert keep_game(finished(6), seat=0, assisted=False).number == 2
    path = kept_log(1)
    assert path is not None and load_file(path).events == finished()


@pytest.mark.parametrize(
    "line",
    [
        game_line(number=0),
        game_line(number=True),
        game_line(number=10**12),
        game_line(seed="5"),
        game_line(seed=10**60),
        game_line(jokers=-2),
        game_line(seat=4),
        game_line(winner=9),
        game_line(totals=[1] * 9, players=["hard"] * 9),
        game_line(totals=[1, 2, 3], players=["hard"] * 4),
        game_line(totals=[-5, 1, 2, 3]),
        game_line(players=["h" * 81, "hard", "hard", "hard"]),
        game_line(players=["human", "\x1b[2J", "hard", "hard"]),
        game_line(players=["human", "a\nb", "hard", "hard"]),
        game_line(ended="yesterday"),
        game_line(log="../../.ssh/authorized_keys"),
        game_line(log="game-1-20261201-210300.jsonl/../x"),
        game_line(aces_high="no"),
        {"number": 1},
        [1, 2, 3],
        "[" * 100_000,
        json.dumps(game_line(players=["x" * 5000, "hard", "hard", "hard"])),
        "not json at all",
    ],
)
def test_a_crafted_line_is_no_game(data_home: Path, line: object) -> None:
    write_lines(data_home / "games", game_line(), line, game_line(number=2))
    found = read_history()
    assert [game.number for game in found.games] == [1, 2] and found.skipped == 1
    shown = plain(render_history(found, Texts(), 80))
    assert "1 line of your history is no game" in shown


@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_a_fifo_or_a_link_in_the_list_s_place_is_not_read(data_home: Path, kind: str) -> None:
    folder = data_home / "games"
    folder.mkdir(parents=True)
    target = data_home / "elsewhere.jsonl"
    target.write_text(json.dumps(game_line()) + "\n", encoding="utf-8")
    if kind == "fifo":
        os.mkfifo(folder / INDEX)
    else:
        (folder / INDEX).symlink_to(target)
    with pytest.raises(NotAFile):
        read_history()
    with pytest.raises(NotAFile):
        keep_game(finished(), seat=0, assisted=False)
    assert target.read_text(encoding="utf-8") == json.dumps(game_line()) + "\n"
    assert "Your history cannot be read" in plain(render_stats(Texts()))


def test_a_huge_list_is_read_from_its_end(data_home: Path) -> None:
    """A list grown past its bound (by hand, or by anyone) costs a bounded read: only its
    last MAX_INDEX_BYTES, from a line's start, are games."""
    folder = data_home / "games"
    path = write_lines(folder, *(game_line(number=n) for n in range(1, 20_001)))
    assert path.stat().st_size > 2 * MAX_INDEX_BYTES
    games = read_history().games
    assert games[-1].number == 20_000 and len(games) * 200 < MAX_INDEX_BYTES < path.stat().st_size


def past_game(number: int, score: int, **changes: object) -> PastGame:
    totals = (score, 40, 50, score if changes.pop("shared", False) else 60)
    fields: dict[str, object] = {
        "number": number,
        "ended": "2026-12-01 21:03",
        "seed": 100 + number,
        "jokers": 0,
        "aces_high": False,
        "players": ("human", "hard", "hard", "hard"),
        "seat": 0,
        "totals": totals,
        "winner": 0 if score < 40 and not changes.get("shared") else None,
        "assisted": False,
    }
    return PastGame(**(fields | changes))  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [60, 80])
def test_the_history_fits_the_terminal(language: str, width: int) -> None:
    games = [past_game(n, 20 + 7 * n, assisted=n % 3 == 0, jokers=2 * (n % 3)) for n in range(30)]
    games[5] = past_game(5, 50, shared=True)
    games[6] = past_game(6, 44, players=("human", "easy", "hard", "my.bot:Bot"), aces_high=True)
    found = history.History(tuple(games[1:]))
    drawn = render_history(found, Texts(language), width)
    lines = plain(drawn).splitlines()
    table = lines[1:22]  # the heading and 20 games: never wrapped
    assert all(len(line) <= width for line in [*table, *plain(fit(drawn, width)).splitlines()])
    rows = table[1:]
    assert [row.split()[0] for row in rows] == [str(n) for n in range(10, 30)]  # the last 20
    assert ("9 older" if language == "en" else "9 ältere") in "\n".join(lines)
    everything = plain(render_history(found, Texts(language), width, everything=True))
    shared = next(line for line in everything.splitlines() if line.split()[:1] == ["5"])
    assert ("=2nd" if language == "en" else "=2.") in shared
    mixed = next(line for line in everything.splitlines() if line.split()[:1] == ["6"])
    assert ("easy/hard/my.…" if language == "en" else "leicht/stark/…") in mixed  # cut at 14


def test_the_statistics_by_kind_and_the_chart_of_the_last_games(data_home: Path) -> None:
    events = finished()
    for _ in range(12):
        keep_game(events, seat=0, assisted=False)
    medium = recorded_game(7, ("hard", "medium", "medium", "medium"))
    keep_game(medium, seat=0, assisted=False)
    shown = plain(render_stats(Texts(), 80))
    kinds = shown[shown.index("By opponents") :].splitlines()
    heading = ["opponents", "jokers", "aces", "played", "help", "won", "average", "best"]
    assert kinds[1].split() == heading
    first, second = kinds[2].split(), kinds[3].split()
    assert first[:5] == ["hard/medium", "0", "low", "12", "0"]
    score = read_history().games[0].score
    assert first[6] == f"{score:.1f}" and first[7:] == [str(score), "(#12)"]
    assert second[:4] == ["medium", "0", "low", "1"]
    chart = shown[shown.index("Your latest games") :].splitlines()[1:11]
    assert [row.split()[0] for row in chart] == [f"#{n}" for n in range(4, 14)]
    games = read_history().games[-10:]
    longest = max(game.score for game in games)
    for row, game in zip(chart, games, strict=True):
        assert row.split()[2] == str(game.score)
        assert row.count("█") == max(1, round(game.score * 40 / longest))



@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "played 2, of them assisted 1 · of your own 1: won 1"),
        ("de", "gespielt 2, davon mit Hilfe 1 · allein gespielt 1: gewonnen 1"),
    ],
)
def test_a_game_the_ai_played_for_you_is_no_win_of_yours(
    data_home: Path, language: str, said: str
) -> None:
    """``auto game`` (or any help) makes a game assisted: counted as played and assisted,
    never as a win, in the average or as the best score of one's own."""
    won = recorded_game(7, ("hard", "medium", "medium", "medium"))
    ended = won[-1]
    assert isinstance(ended, GameEnded) and ended.winner == 2
    record_result(won, ended, seat=2, assisted=True, tx=Texts(language))  # you are seat 2
    mine = finished()
    last = mine[-1]
    assert isinstance(last, GameEnded) and last.winner == 0
    assert last.totals[0] > ended.totals[2]  # the assisted game's total would be the best
    record_result(mine, last, seat=0, assisted=False, tx=Texts(language))
    shown = plain(render_stats(Texts(language), 80))
    assert said in shown
    score = last.totals[0]
    assert ("best " if language == "en" else "bester Stand ") + str(score) in shown
    assert Texts(language)("stats.assisted_note").split()[0] in shown
    kinds = shown[shown.index("By opponents" if language == "en" else "Nach") :].splitlines()
    rows = sorted(line.split()[3:] for line in kinds[2:4])
    average = f"{score:.1f}" if language == "en" else f"{score:.1f}".replace(".", ",")
    best = ["(#2)"] if language == "en" else ["(Nr.", "2)"]
    # the assisted game: played, assisted, not won, no average nor best; then your own
    assert rows == [["1", "0", "1", average, str(score), *best], ["1", "1", "0", "—", "—"]]
    chart = shown[shown.index("Your latest" if language == "en" else "Deine letzten") :]
    assert Texts(language)("table.assisted") in chart.splitlines()[1]
    narrow = plain(render_stats(Texts(language), 60))
    table = narrow[narrow.index("By opponents" if language == "en" else "Nach") :]
    assert [line for line in table.splitlines()[1:-1] if len(line) > 60] == []
    if language == "de":  # too wide with the best's game number: it is left out
        assert "(Nr. 2)" not in table and "70,0 70" in table

def test_a_game_not_finished_is_not_kept() -> None:
    with pytest.raises(ValueError, match="finished"):
        summary(finished()[:-1], seat=0, assisted=False, number=1, ended="2026-12-01 21:03")


def test_a_table_not_of_four_says_how_many_opponents() -> None:
    eight = past_game(1, 40, players=("human", *("medium",) * 7))
    two = past_game(2, 40, players=("human", "hard"))
    four = past_game(3, 40, players=("human", "hard", "easy", "hard"))
    assert [opponents_text(game, Texts()) for game in (eight, two, four)] == [
        "7× medium",
        "1× hard",
        "hard/easy",
    ]
    assert opponents_text(eight, Texts("de")) == "7× mittel"
