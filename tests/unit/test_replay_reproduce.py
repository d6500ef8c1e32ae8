"""Reproducing a game: ``report`` writes a log and a note and prints a line; that line,
``threethirteen play --replay-to FILE:N``, rebuilds the game and the same commands then
continue the same game. Out-of-range, damaged and unverifiable files are refused."""

from __future__ import annotations

import io
import re
import shlex
from importlib.metadata import PackageNotFoundError
from pathlib import Path

import pytest
from attrs import frozen
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core import __version__
from threethirteen.core.cards import Rank, parse_card
from threethirteen.core.events import (
    CardDiscarded,
    CardDrawn,
    DrawSource,
    Event,
    PlayerWentOut,
    RoundDealt,
    RoundEnd,
    RoundScored,
    StockRebuilt,
)
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.moves import move_end
from threethirteen.core.players import load_policy, play_on
from threethirteen.core.rules import new_game
from threethirteen.core.state import Phase
from threethirteen.repl import cli
from threethirteen.repl.files import reproduce
from threethirteen.repl.files.reproduce import ReproduceError, issues_url, parse_target, rebuild
from threethirteen.repl.kit.completer import card_word
from threethirteen.repl.kit.loop import run_line, run_terminal
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.solo.game import new_solo_front, solo_front
from threethirteen.repl.solo.play import main
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of, open_table

PLAYERS = ("easy", "greedy", "easy", "greedy")
AUTOSAVE = '{"not": "touched"}\n'
STATS = '{"version": 1, "played": 7}\n'


@frozen
class Played:
    """A game of AI players: its events, and the event counts at which one move ended and
    the next began."""

    events: tuple[Event, ...]
    move_ends: frozenset[int]

    def index_of(self, kind: type, start: int = 0, seat: int | None = None) -> int:
        """The index of the first event of ``kind`` (by ``seat``) from ``start`` on."""
        return next(
            i
            for i in range(start, len(self.events))
            if isinstance(self.events[i], kind)
            and (seat is None or getattr(self.events[i], "seat", None) == seat)
        )


@pytest.fixture(scope="session")
def game() -> Played:
    """Seed 8, played once for the whole session by core.players' loop."""
    start, first = new_game(8, players=PLAYERS)
    events = list(first)
    ends = {len(events)}
    for more, _ in play_on(start, [load_policy(level) for level in PLAYERS], PLAYERS):
        events += more
        ends.add(len(events))
    return Played(tuple(events), frozenset(ends))


@pytest.fixture(autouse=True)
def data(data_home: Path) -> Path:
    """A data folder with someone's autosave and statistics in it, which must stay as they are."""
    data_home.mkdir(parents=True)
    (data_home / "autosave.jsonl").write_text(AUTOSAVE, encoding="utf-8")
    (data_home / "stats.json").write_text(STATS, encoding="utf-8")
    return data_home


def untouched(folder: Path) -> bool:
    autosave = (folder / "autosave.jsonl").read_text(encoding="utf-8")
    return autosave == AUTOSAVE and (folder / "stats.json").read_text(encoding="utf-8") == STATS


@pytest.fixture
def recorded(tmp_path: Path, game: Played) -> Path:
    path = tmp_path / "recorded.jsonl"
    path.write_text(encode_log(game.events), encoding="utf-8")
    return path


def script(tmp_path: Path, lines: list[str], name: str = "moves.txt") -> str:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


# -- where a move ends ----------------------------------------------------------------


def test_moves_end_exactly_where_the_engine_ended_them(game: Played) -> None:
    assert {
        n for n in range(1, len(game.events) + 1) if move_end(game.events, n) == n
    } == game.move_ends
    assert move_end(game.events, 1) == 2  # the start and the first deal are one move


def test_a_target_is_file_colon_number() -> None:
    assert parse_target("a/b:c.jsonl:12") == (Path("a/b:c.jsonl"), 12)
    for bad in ("game.jsonl", "game.jsonl:", ":3", "game.jsonl:x", "game.jsonl:-1"):
        with pytest.raises(ReproduceError):
            parse_target(bad)


# -- report, then the line it prints ---------------------------------------------------


def draw_and_throw(seed: int, before: list[str], turns: int) -> list[str]:
    """Lines for ``turns`` turns of drawing from the stock and discarding the card drawn."""
    table = new_solo_front(
        seed, tx=Texts(), screen=PlainScreen(io.StringIO()), settings=Settings(level="easy")
    )
    table.begin()
    for line in before:
        run_line(table, line)
    lines: list[str] = []
    for _ in range(turns):
        round_ = game_of(table).table.state.round
        assert round_ is not None and game_of(table).table.state.turn == YOU
        for line in ("draw", f"x {card_word(round_.stock[0])}"):
            run_line(table, line)
            lines.append(line)
    return lines


def test_report_writes_a_log_and_a_note_and_its_line_continues_the_same_game(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = draw_and_throw(21, [], 2)
    then = draw_and_throw(21, first, 3)
    original = script(tmp_path, [*first, "report", *then, "save ./original.jsonl"])
    assert main(["--seed", "21", "--level", "easy", "--script", original]) == 0
    out = capsys.readouterr().out
    found = re.search(r"^(threethirteen play --replay-to (\S+):(\d+))$", out, re.M)
    assert found, out
    line, log, count = found.group(1), Path(found.group(2)), int(found.group(3))
    assert log.parent == data and re.fullmatch(r"report-\d{4}-\d\d-\d\d-seed21\.jsonl", log.name)
    assert (
        read_log(log.read_text(encoding="utf-8")).events
        == read_log((tmp_path / "original.jsonl").read_text(encoding="utf-8")).events[:count]
    )
    note = log.with_suffix(".txt").read_text(encoding="utf-8")
    for expected in (
        f"version: threethirteen {__version__}",
        "platform: ",
        "python: 3.",
        "seed: 21",
        "options: jokers 0, aces low",
        "players: human, easy, easy, easy",
        f"events: {count} (round ",
        f"reproduce: {line}",
    ):
        assert expected in note
    # the printed line, run with the commands that followed, plays the same game
    rest = script(tmp_path, [*then, "save ./again.jsonl"], "rest.txt")
    assert cli.main([*shlex.split(line)[1:], "--script", rest]) == 0
    again = (tmp_path / "again.jsonl").read_bytes()
    assert again == (tmp_path / "original.jsonl").read_bytes()
    assert "Rebuilt from" in capsys.readouterr().out
    assert untouched(data)


def test_report_at_the_prompt(data: Path) -> None:
    with create_pipe_input() as pipe:
        pipe.send_text("draw\r report\r quit\r")
        pipe.close()
        table, prompt = open_table(
            seed=33,
            settings=Settings(speed="instant", level="easy"),
            tx=Texts(),
            offer_resume=False,
            input=pipe,
            output=DummyOutput(),
        )
        assert run_terminal(table, prompt) == 0
    assert isinstance(table.screen, TerminalScreen)
    shown = "".join(table.screen.transcript)
    (log,) = data.glob("report-*-seed33.jsonl")
    count = len(game_of(table).events)
    assert f"threethirteen play --replay-to {log}:{count}\n" in shown
    assert "Bug report written" in " ".join(shown.split())
    # where to send it: the Issues URL of the installed package's metadata
    assert issues_url() == "https://github.com/threethirteen/threethirteen/issues"
    said = " ".join(shown.split())
    assert f"Please open an issue at {issues_url()} and attach both files." in said
    assert read_log(log.read_text(encoding="utf-8")).events == game_of(table).events
    assert log.with_suffix(".txt").exists()


# -- --replay-to -----------------------------------------------------------------------


def test_rebuilt_in_the_middle_of_a_turn_the_opponents_play_on_as_recorded(
    tmp_path: Path, recorded: Path, data: Path, capsys: pytest.CaptureFixture[str], game: Played
) -> None:
    deal = game.index_of(RoundDealt, start=game.index_of(RoundDealt) + 1)  # round 2
    drawn = game.index_of(CardDrawn, start=deal, seat=1)
    assert isinstance(game.events[drawn + 1], CardDiscarded)  # Left drew and has not discarded yet
    lines = script(tmp_path, ["save ./out.jsonl"])
    assert main(["--replay-to", f"{recorded}:{drawn + 1}", "--script", lines]) == 0
    out = capsys.readouterr().out
    assert f"events 1 to {drawn + 1} of {len(game.events)}" in " ".join(out.split())
    saved = read_log((tmp_path / "out.jsonl").read_text(encoding="utf-8"))
    assert len(saved.events) > drawn + 1
    assert saved.events == game.events[: len(saved.events)]  # Left and the others, as recorded
    assert saved.state.turn == YOU and saved.state.phase == Phase.DRAW
    assert untouched(data)


def test_rebuilt_in_the_middle_of_your_turn_you_discard(
    tmp_path: Path, recorded: Path, capsys: pytest.CaptureFixture[str], game: Played
) -> None:
    drawn = game.index_of(CardDrawn, start=game.index_of(CardDiscarded), seat=YOU)
    discard = game.events[drawn + 1]
    assert isinstance(discard, CardDiscarded)
    lines = script(tmp_path, [f"x {card_word(discard.card)}", "save ./out.jsonl"])
    assert main(["--replay-to", f"{recorded}:{drawn + 1}", "--script", lines]) == 0
    assert "your turn" not in capsys.readouterr().err
    saved = read_log((tmp_path / "out.jsonl").read_text(encoding="utf-8")).events
    assert len(saved) > drawn + 2 and saved[: drawn + 1] == game.events[: drawn + 1]
    assert saved[drawn + 1] == CardDiscarded(seat=YOU, card=discard.card)  # yours: no reason
    assert saved[drawn + 2 :] == game.events[drawn + 2 : len(saved)]


def test_a_number_inside_a_move_is_moved_to_its_end_and_said(
    tmp_path: Path, recorded: Path, capsys: pytest.CaptureFixture[str], game: Played
) -> None:
    scored = game.index_of(RoundScored)
    last_discard = scored - 1
    assert isinstance(game.events[last_discard], CardDiscarded)
    assert isinstance(game.events[scored + 1], RoundDealt)
    lines = script(tmp_path, ["save ./out.jsonl"])
    assert main(["--replay-to", f"{recorded}:{last_discard + 1}", "--script", lines]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert (
        f"Event {last_discard + 1} is inside a move (RoundScored, RoundDealt follow from the "
        f"same move); the game is rebuilt to event {scored + 2}, where that move ends."
    ) in said
    saved = read_log((tmp_path / "out.jsonl").read_text(encoding="utf-8")).events
    assert saved == game.events[: len(saved)] and len(saved) >= scored + 2
    out = game.index_of(PlayerWentOut)
    assert rebuild(recorded, out).events == game.events[: out + 1]  # the discard that went out
    assert rebuild(recorded, 1).moved_over == ("RoundDealt",)


def test_out_of_range_and_malformed_targets_are_refused(
    recorded: Path, data: Path, capsys: pytest.CaptureFixture[str], game: Played
) -> None:
    for target, message in (
        (f"{recorded}:0", f"there is no event 0: {recorded} has events 1 to {len(game.events)}"),
        (f"{recorded}:{len(game.events) + 1}", f"there is no event {len(game.events) + 1}"),
        (str(recorded), "--replay-to takes FILE:N (an event number)"),
        (f"{recorded.parent / 'missing.jsonl'}:3", "cannot read"),
    ):
        assert main(["--replay-to", target]) == 1
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
    assert untouched(data)


def test_damaged_and_unverifiable_files_are_refused_naming_the_line(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str], game: Played
) -> None:
    lines = encode_log(game.events).splitlines(keepends=True)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(lines[:7]) + "{not json\n" + "".join(lines[8:]), encoding="utf-8")
    assert main(["--replay-to", f"{broken}:20"]) == 1
    assert f"{broken}: line 8: not JSON" in capsys.readouterr().err
    reseeded = tmp_path / "reseeded.jsonl"
    reseeded.write_text(
        encode_log(game.events).replace('"seed": 8,', '"seed": 9,', 2), encoding="utf-8"
    )
    assert main(["--replay-to", f"{reseeded}:20"]) == 1
    assert f"{reseeded} does not verify: line " in capsys.readouterr().err
    unfinished = tmp_path / "unfinished.jsonl"
    scored = game.index_of(RoundScored)
    unfinished.write_text(encode_log(game.events[: scored + 1]), encoding="utf-8")
    assert main(["--replay-to", f"{unfinished}:{scored + 1}"]) == 1
    assert "stops inside a move" in capsys.readouterr().err
    assert untouched(data)


def test_a_cut_off_last_line_allows_the_events_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: Played
) -> None:
    text = encode_log(game.events[:60])
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: text.index('{"seq": 60,') + 20], encoding="utf-8")
    assert main(["--replay-to", f"{cut}:60"]) == 1
    assert "line 61: the last line is cut off" in capsys.readouterr().err
    lines = script(tmp_path, ["save ./out.jsonl"])
    number = max(n for n in game.move_ends if n <= 59)
    assert main(["--replay-to", f"{cut}:{number}", "--script", lines]) == 0
    assert "(Line 61 of the file is cut off" in " ".join(capsys.readouterr().out.split())


def test_a_rebuilt_game_at_the_prompt_is_neither_autosaved_nor_counted(
    recorded: Path, data: Path
) -> None:
    rebuilt = rebuild(recorded, 50)
    with create_pipe_input() as pipe:
        pipe.send_text("\x04n auto round\r score\r\x04y")
        pipe.close()
        table, prompt = open_table(
            seed=None,
            settings=Settings(speed="instant", level="easy"),
            tx=Texts(),
            rebuilt=rebuilt,
            input=pipe,
            output=DummyOutput(),
        )
        assert run_terminal(table, prompt) == 0
    assert isinstance(table.screen, TerminalScreen)
    shown = " ".join("".join(table.screen.transcript).split())
    assert "Rebuilt from" in shown and "This game is not autosaved" in shown
    assert "Leave? This game is not autosaved (save FILE keeps it)." in shown
    assert "Goodbye. (This game was not autosaved.)" in shown
    assert game_of(table).events[: len(rebuilt.events)] == tuple(rebuilt.events)
    assert untouched(data)
    assert not list(data.glob("unfinished-*"))


def test_only_level_names_are_taken_from_a_file() -> None:
    """A file must never make the game import code: other players get the default level."""
    _, events = new_game(4, players=("human", "os:system", "hard", "nosuch:Bot"))
    table = solo_front(
        events,
        tx=Texts(),
        screen=PlainScreen(io.StringIO()),
        settings=Settings(level="easy"),
    )
    kinds = {seat: type(policy) for seat, policy in game_of(table).table.policies.items()}
    assert kinds[2] is type(load_policy("hard"))
    assert kinds[1] is kinds[3] is type(load_policy("easy"))


def test_a_rebuild_belongs_to_the_draw_and_the_safety_rule_starts_a_move() -> None:
    card = parse_card("7h")
    exhausted = RoundScored(
        round_no=2, ended_by=RoundEnd.STOCK_EXHAUSTED, went_out=None, scores=(), totals=()
    )
    events: list[Event] = [
        CardDiscarded(seat=1, card=card),
        StockRebuilt(round_no=2, rebuild_no=1, stock=(card,)),
        CardDrawn(seat=2, source=DrawSource.STOCK, card=card),
        CardDiscarded(seat=2, card=card),
        exhausted,  # the next seat drew from an empty stock twice rebuilt: no card moved
        RoundDealt(
            round_no=3, dealer=0, wild_rank=Rank.FIVE, hands=((),) * 4, upcard=card, stock=()
        ),
    ]
    assert [move_end(events, n) for n in range(1, 7)] == [1, 3, 3, 4, 6, 6]


def test_a_report_without_an_issues_url_says_where_in_words(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing(name: str) -> None:
        raise PackageNotFoundError(name)

    monkeypatch.setattr(reproduce, "metadata", missing)
    assert reproduce.issues_url() is None
    shown = io.StringIO()
    table = new_solo_front(5, tx=Texts(), screen=PlainScreen(shown), settings=Settings())
    table.execute("report")
    said = " ".join(shown.getvalue().split())
    assert "Please send both files to the game's developers." in said and "https://" not in said
