"""A game of your own at any seat count: ``--players``, ``--levels``, the jokers of the
table's decks, the welcome, ``new`` at the same table, an autosave of eight resumed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.rules import new_game
from threethirteen.core.turns import AiTurn
from threethirteen.repl.files.config import parse_config
from threethirteen.repl.kit.loop import run_terminal
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.solo import play
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of, open_table
from tests.helpers.play import table_at
from tests.helpers.timelines import lowest_discard

EIGHT = Settings(speed="instant", level="easy", seats=8)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``threethirteen play ARGV`` on an empty script: the exit code and what it says."""
    code = play.main([*argv, "--script", "/dev/null"])
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def session(
    keys: str, settings: Settings, *, lang: str = "en", resume: bool = False
) -> tuple[SeatFront, str]:
    """A whole session at a prompt on ``keys``: the front and everything shown."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        front, prompt = open_table(
            seed=5,
            settings=settings,
            tx=Texts(lang),
            offer_resume=resume,
            input=pipe,
            output=DummyOutput(),
        )
        run_terminal(front, prompt)
    assert isinstance(front.screen, TerminalScreen)
    return front, " ".join("".join(front.screen.transcript).split())


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--players", "9"], "--players is a number from 2 to 8, not 9."),
        (["--players", "1"], "--players is a number from 2 to 8, not 1."),
        (
            ["--players", "6", "--jokers", "2"],
            "2 jokers do not fit 6 players: they play three decks, with 0, 3 or 6 jokers.",
        ),
        (
            ["--players", "2", "--jokers", "4"],
            "4 jokers do not fit 2 players: they play one deck, with 0, 1 or 2 jokers.",
        ),
        (
            ["--players", "4", "--levels", "hard,easy"],
            "--levels gives one level, or one for each of your 3 opponents (clockwise from your "
            "left): 2 given in hard,easy; each is easy, medium or hard.",
        ),
        (["--levels", "hard,medium,genius"], "3 given in hard,medium,genius"),
    ],
)
def test_a_table_that_cannot_be_dealt_is_refused_in_the_games_words(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, shown = run(argv, capsys)
    assert code == 2 and said in " ".join(shown.split())


def test_the_refusal_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, shown = run(["--lang", "de", "--players", "6", "--jokers", "4"], capsys)
    assert code == 2
    assert "4 Joker passen nicht zu 6 Spielern: Sie spielen mit drei Paketen" in shown


def test_players_and_levels_make_the_table() -> None:
    args = play.parser().parse_args(["--players", "4", "--levels", "hard, medium,easy"])
    settings = play.settings_from(args, parse_config("")[0])
    assert settings.players() == ("human", "hard", "medium", "easy")
    args = play.parser().parse_args(["--players", "6", "--levels", "hard", "--jokers", "6"])
    settings = play.settings_from(args, parse_config("")[0])
    assert settings.players() == ("human", *("hard",) * 5) and settings.options().jokers == 6
    args = play.parser().parse_args(["--level", "easy"])  # as before: four, one level
    assert play.settings_from(args, parse_config("")[0]).players() == ("human", *("easy",) * 3)


def test_the_config_file_may_say_how_many_play() -> None:
    config, problems = parse_config("players = 6\njokers = 3\n")
    assert not problems and config.players == 6 and config.jokers == 3
    assert config.for_scripts().players == 4  # a script deals the game's own table
    config, problems = parse_config("players = 9\n")
    assert config.players == 4 and [p.key for p in problems] == ["config.bad_value"]
    assert "players takes 2, 3, 4, 5, 6, 7 or 8, not 9" in problems[0].told(Path("c"), Texts())


def test_jokers_of_the_config_file_that_do_not_fit_are_none(
    capsys: pytest.CaptureFixture[str], _config_home: Path, tmp_path: Path
) -> None:
    settings_file = _config_home / "threethirteen" / "config.toml"
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text("jokers = 2\n", encoding="utf-8")
    script = tmp_path / "moves.txt"
    script.write_text("rules\n", encoding="utf-8")
    code = play.main(["--players", "6", "--seed", "3", "--jokers", "3", "--script", str(script)])
    assert code == 0 and "6 players. Three decks of 52 cards and 3 jokers" in " ".join(
        capsys.readouterr().out.split()
    )


@pytest.mark.parametrize(
    ("seats", "lang", "welcome"),
    [
        (4, "en", "you against Left, Top and Right."),
        (2, "en", "you against Top."),
        (
            8,
            "en",
            "you against Lower left, Upper left, Top left, Top, Top right, Upper right and "
            "Lower right.",
        ),
        (4, "de", "du gegen Links, Oben und Rechts."),
        (3, "de", "du gegen Links und Rechts."),
        (
            8,
            "de",
            "du gegen Links unten, Links oben, Oben links, Oben, Oben rechts, Rechts oben und "
            "Rechts unten.",
        ),
    ],
)
def test_the_welcome_names_the_opponents(
    seats: int, lang: str, welcome: str, data_home: Path
) -> None:
    settings = Settings(speed="instant", level="easy", seats=seats)
    _, shown = session("quit\r", settings, lang=lang)
    assert welcome in shown


def test_new_deals_at_the_same_table_with_the_same_levels() -> None:
    front = table_at()
    game = game_of(front)
    _, events = new_game(5, game.settings.options(), ("human", "hard", "easy", "medium", "hard"))
    game.replace(events)
    assert front.execute("new 9") is None
    state = game.table.state
    assert state.seed == 9 and state.seat_count == 5
    assert state.started is not None
    assert state.started.players == ("human", "hard", "easy", "medium", "hard")
    assert game.tx.seat(4) == "Right"


def test_new_keeps_jokers_only_where_they_fit() -> None:
    front = table_at()
    game = game_of(front)
    game.settings.jokers = 2  # four seats' jokers; a table of six plays 0, 3 or 6
    _, events = new_game(5, game.settings.options().__class__(jokers=6), ("human",) * 6)
    game.replace(events)
    assert front.execute("new 9") is None
    state = game.table.state
    assert state.seat_count == 6 and state.started is not None
    assert state.started.options.jokers == 6 and state.started.decks == 3


def test_an_autosave_of_eight_resumes_at_eight(data_home: Path) -> None:
    first, _ = session("draw\rquit\r", EIGHT)
    assert game_of(first).table.state.seat_count == 8
    front, shown = session("y quit\r", Settings(speed="instant"), resume=True)
    game = game_of(front)
    assert game.table.state.seat_count == 8 and game.table.events == game_of(first).table.events
    assert "Welcome back: seed 5" in shown and game.tx.seat(7) == "Lower right"
    assert game.settings.seats == 8  # `new` would deal at eight again


def test_the_opponents_play_after_the_persons_line_not_under_it() -> None:
    """A line is done (told, and back to the loop) before the opponents start: the loop
    plays them between lines, as a server's room plays them on its timer."""
    front = table_at()
    game = game_of(front)
    assert front.execute("d") is None
    card = lowest_discard(game.table.state).card
    assert front.execute(f"x {card}") is None
    assert isinstance(game.table.next_step(), AiTurn)  # the line ran; no opponent has played
    played = len(game.table.events)
    front.between_lines()
    assert len(game.table.events) > played
    assert game.table.state.turn == YOU or game.table.state.ended is not None


def test_auto_is_played_between_lines_and_said_before() -> None:
    shown = io.StringIO()
    screen = PlainScreen(shown)
    front = new_solo_front(11, tx=Texts(), screen=screen, settings=Settings(speed="instant"))
    front.begin()
    game = game_of(front)
    assert game.table.state.turn == YOU
    assert front.execute("auto turn") is None
    assert game.table.state.turn == YOU  # nothing played under the command
    assert "The AI plays this turn for you" in shown.getvalue()
    front.between_lines()
    assert game.table.autopilot(YOU) is None  # the turn was played, and the opponents'
    assert game.table.state.turn == YOU or game.table.state.ended is not None
