"""The config file: read with every problem named by its line, overridden by options, and
the speed and sort changed in a game remembered without losing the player's own lines."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.repl.files.config import (
    CHOICES,
    MAX_BYTES,
    REMEMBERED,
    SORTS,
    Config,
    ConfigProblem,
    config_path,
    parse_config,
    read_config,
    remember,
)
from threethirteen.repl.kit.loop import run_terminal
from threethirteen.repl.kit.screen import TerminalScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.solo.play import main, parser, settings_from
from threethirteen.repl.solo.replay import main as replay_main
from threethirteen.repl.solo.settings import DELAYS, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers import ROOT
from tests.helpers.opening import open_table
from tests.helpers.strangers import NESTED_CONFIG

F2 = "\x1bOQ"

MINE = """\
# my settings for Three-Thirteen
level = "hard"   # they should try

speed = "fast"  # I read fast
color = false
"""


pytestmark = pytest.mark.usefixtures("data_home", "colour_allowed")


@pytest.fixture(autouse=True)
def _no_terminal_type(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)


@pytest.fixture
def path(_config_home: Path) -> Path:
    """Where the game looks for the config file (the folder does not exist yet)."""
    return _config_home / "threethirteen" / "config.toml"


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def told(problems: tuple[ConfigProblem, ...], path: Path, lang: str = "en") -> list[str]:
    return [problem.told(path, Texts(lang)) for problem in problems]


# -- where it is -----------------------------------------------------------------------------


def test_the_file_is_under_xdg_config_home_or_dot_config(tmp_path: Path) -> None:
    environ = {"XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    assert config_path(environ) == tmp_path / "cfg" / "threethirteen" / "config.toml"
    home = Path(os.path.expanduser("~"))
    assert config_path({}) == home / ".config" / "threethirteen" / "config.toml"
    # the XDG rule: a relative path is not a place, it is ignored
    assert config_path({"XDG_CONFIG_HOME": "cfg"}) == config_path({})


def test_the_settings_are_the_games_own_words() -> None:
    assert CHOICES["speed"] == tuple(DELAYS)
    assert CHOICES["sort"] == SORTS
    assert set(REMEMBERED) <= set(CHOICES)


# -- reading ---------------------------------------------------------------------------------


def test_no_file_is_the_defaults_without_a_word(path: Path) -> None:
    assert read_config(path) == (Config(), ())


def test_a_good_file_gives_every_setting(path: Path) -> None:
    write(
        path,
        'level = "easy"\nspeed = "step"\nlanguage = "de"\nsort = "melds"\n'
        'jokers = 4\naces = "high"\ncolor = false\n',
    )
    config, problems = read_config(path)
    assert problems == ()
    assert config == Config(
        level="easy", speed="step", language="de", sort="melds", jokers=4, aces="high", color=False
    )


def test_a_syntax_error_names_its_line_and_gives_every_default(path: Path) -> None:
    write(path, '# fine\nlevel = "hard"\nspeed = fast\n')
    config, problems = read_config(path)
    assert config == Config()  # level = "hard" too is not trusted from a broken file
    (warning,) = told(problems, path)
    assert warning.startswith(f"{path}, line 3: this is not TOML (")
    assert warning.endswith("); every setting has its default.")
    assert "\n" not in warning


def test_a_bad_value_costs_only_its_own_key_and_names_its_line(path: Path) -> None:
    write(path, '# my settings\nlevel = "hard"\n\n  speed   =  "slow" # oops\njokers = 5\n')
    config, problems = read_config(path)
    assert config == Config(level="hard")
    assert told(problems, path) == [
        f'{path}, line 4: speed takes "instant", "fast", "normal" or "step", not "slow"; '
        'the default is used ("normal").',
        f"{path}, line 5: jokers takes 0, 1, 2, 3, 4 or 6, not 5; the default is used (0).",
    ]


def test_a_value_of_the_wrong_type_is_a_bad_value(path: Path) -> None:
    write(path, 'jokers = "2"\ncolor = "no"\naces = 1\nlevel = ["hard"]\n')
    config, problems = read_config(path)
    assert config == Config()
    assert [(p.line, p.setting) for p in problems] == [
        (1, "jokers"),
        (2, "color"),
        (3, "aces"),
        (4, "level"),
    ]
    assert 'color takes true or false, not "no"' in told(problems, path)[1]


def test_an_unknown_key_is_named_and_the_rest_is_used(path: Path) -> None:
    write(path, 'level = "hard"\ncolour = false\n\n[display]\nwidth = 80\n')
    config, problems = read_config(path)
    assert config == Config(level="hard")
    assert [(p.key, p.line, p.setting) for p in problems] == [
        ("config.unknown", 2, "colour"),
        ("config.unknown", 4, "display"),
    ]
    assert told(problems, path)[0] == (
        f"{path}, line 2: there is no setting colour; the settings are level, speed, language, "
        "sort, players, jokers, aces, color and coach."
    )


def test_a_warning_is_safe_for_the_terminal_and_short(path: Path) -> None:
    write(path, 'level = "\\u001b[2J' + "x" * 200 + '"\n"\\u009b" = 1\n')
    _, problems = read_config(path)
    for warning in told(problems, path):
        assert "\x1b" not in warning and "\x9b" not in warning
    first, second = told(problems, path)
    assert "\\u001b[2J" in first and "…" in first and len(first) < len(str(path)) + 200
    assert "there is no setting \\u009b" in second


def test_a_warning_in_german(path: Path) -> None:
    write(path, 'sort = "size"\n')
    _, problems = read_config(path)
    assert told(problems, path, "de") == [
        f'{path}, Zeile 1: sort nimmt "suit", "rank" oder "melds", nicht "size"; '
        'der Standardwert gilt ("suit").'
    ]


def test_an_oversized_file_is_not_read(path: Path) -> None:
    write(path, 'level = "hard"\n' + "#" * MAX_BYTES + "\n")
    config, problems = read_config(path)
    assert config == Config()
    assert told(problems, path) == [
        f"{path} is larger than 64 KiB, too large for a config file; every setting has its default."
    ]
    write(path, 'level = "hard"\n' + "#" * (MAX_BYTES - 20) + "\n")  # just under: read
    assert read_config(path) == (Config(level="hard"), ())


def test_a_folder_in_its_place_is_not_read(path: Path) -> None:
    path.mkdir(parents=True)
    config, problems = read_config(path)
    assert config == Config()
    assert told(problems, path) == [f"{path} is not a file; every setting has its default."]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_in_its_place_is_not_waited_for(path: Path) -> None:
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    assert read_config(path) == (Config(), (ConfigProblem(key="config.not_a_file"),))


def test_a_file_that_is_not_utf8_names_its_line(path: Path) -> None:
    write(path, b'level = "hard"\nspeed = "f\xe4st"\n')
    config, problems = read_config(path)
    assert config == Config()
    assert told(problems, path) == [
        f"{path}, line 2: this is not TOML (not UTF-8 text); every setting has its default."
    ]


def test_a_syntax_error_at_the_end_has_no_line_to_name() -> None:
    _, problems = parse_config("jokers = [0,\n")
    assert problems[0].key == "config.not_toml" and problems[0].line is None
    assert "at the end" in problems[0].detail


# -- what wins -------------------------------------------------------------------------------


def test_options_win_over_the_file_and_the_file_over_the_defaults() -> None:
    config = Config(level="hard", speed="fast", sort="rank", jokers=2, aces="high", color=False)
    assert settings_from(parser().parse_args([]), Config()) == Settings()
    assert settings_from(parser().parse_args([]), config) == Settings(
        speed="fast", sort="rank", level="hard", jokers=2, aces_high=True, color=False
    )
    options = ["--level", "easy", "--speed", "step", "--jokers", "0", "--aces", "low"]
    assert settings_from(parser().parse_args(options), config) == Settings(
        speed="step", sort="rank", level="easy", jokers=0, aces_high=False, color=False
    )


def test_the_language_comes_from_the_option_then_the_file_then_the_locale(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("seed\n")

    def said(*options: str) -> str:
        assert main(["--seed", "4", "--script", str(script), *options]) == 0
        return capsys.readouterr().out

    english, german = "deals the same cards.", "teilt dieselben Karten aus."
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert english in said()
    write(path, 'language = "de"\n')
    assert german in said()
    assert english in said("--lang", "en")
    write(path, 'language = "en"\n')
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert english in said()
    path.unlink()
    assert german in said()


def test_a_broken_file_warns_once_on_stderr_and_the_game_goes_on(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(path, 'level = "easy"\nspeed = "warp"\n')
    script = tmp_path / "moves.txt"
    script.write_text("draw\n")
    assert main(["--seed", "4", "--script", str(script)]) == 0
    out, err = capsys.readouterr()
    assert err == (
        f'threethirteen: {path}, line 2: speed takes "instant", "fast", "normal" or "step", '
        'not "warp"; the default is used ("normal").\n'
    )
    assert "You draw" in out


def open_at_terminal(
    keys: str, settings: Settings, settings_file: Path | None, *, resume: bool = False
) -> tuple[SeatFront, str]:
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        table, prompt = open_table(
            seed=41,
            settings=settings,
            tx=Texts("en"),
            offer_resume=resume,
            settings_file=settings_file,
            input=pipe,
            output=DummyOutput(),
        )
        run_terminal(table, prompt)
    assert isinstance(table.screen, TerminalScreen)
    return table, "".join(table.screen.transcript)


def test_color_false_is_plain_text_and_no_color_still_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, _ = open_at_terminal("quit\r", Settings(speed="instant", color=False), None)
    assert isinstance(table.screen, TerminalScreen) and table.screen.plain_text
    table, _ = open_at_terminal("quit\r", Settings(speed="instant"), None)
    assert isinstance(table.screen, TerminalScreen) and not table.screen.plain_text
    monkeypatch.setenv("NO_COLOR", "1")
    table, _ = open_at_terminal("quit\r", Settings(speed="instant", color=True), None)
    assert isinstance(table.screen, TerminalScreen) and table.screen.plain_text


# -- remembering speed and sort --------------------------------------------------------------


def test_speed_and_sort_changed_in_a_game_are_remembered(path: Path) -> None:
    write(path, MINE)
    config, _ = read_config(path)
    settings = settings_from(parser().parse_args(["--speed", "instant"]), config)
    _, shown = open_at_terminal("sort rank\rspeed normal\r" + F2 + "quit\r", settings, path)
    assert "Your hand, by rank:" in shown and "Your hand, by melds:" in shown
    assert (
        path.read_text(encoding="utf-8")
        == MINE.replace('speed = "fast"  # I read fast', 'speed = "normal"  # I read fast')
        + 'sort = "melds"\n'
    )
    assert read_config(path) == (
        Config(level="hard", speed="normal", sort="melds", color=False),
        (),
    )


def test_a_resumed_game_shows_the_hand_in_the_remembered_order(path: Path) -> None:
    settings = Settings(speed="instant", level="easy")
    open_at_terminal("draw\r sort rank\r quit\r", settings, path)
    assert read_config(path)[0].sort == "rank"
    config, _ = read_config(path)  # what main reads on the next start
    resumed = settings_from(parser().parse_args(["--speed", "instant", "--level", "easy"]), config)
    table, shown = open_at_terminal("y quit\r", resumed, path, resume=True)
    assert "Welcome back" in shown
    after = shown[shown.index("Welcome back") :]
    assert "Your hand, by rank:" in after and "Your hand, by suit:" not in after
    assert table.sort == "rank"


def test_a_script_remembers_nothing(path: Path, tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("sort rank\nspeed fast\n")
    assert main(["--seed", "4", "--script", str(script)]) == 0
    assert not path.exists()


def test_a_script_plays_the_same_game_whatever_the_config_file_says(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("draw\nauto round\nscore\n")
    assert main(["--seed", "4", "--script", str(script)]) == 0
    plain = capsys.readouterr().out
    write(path, 'level = "easy"\njokers = 4\naces = "high"\nsort = "rank"\n')
    assert main(["--seed", "4", "--script", str(script)]) == 0
    configured = capsys.readouterr().out
    assert "by rank" in configured and "by rank" not in plain  # presentation: the file's
    assert configured.replace("by rank", "by suit") != configured
    score = configured[configured.rindex("Score sheet") :]
    assert score == plain[plain.rindex("Score sheet") :]  # the game: the command line's


def test_a_new_setting_goes_before_the_first_table(path: Path) -> None:
    write(path, 'level = "hard"\n\n[mine]\nnote = "kept"\n')
    assert remember(path, "sort", "rank")
    assert path.read_text(encoding="utf-8") == (
        'level = "hard"\n\nsort = "rank"\n[mine]\nnote = "kept"\n'
    )


def test_remembering_creates_the_folder_and_the_file(path: Path) -> None:
    assert remember(path, "speed", "step")
    assert path.read_text(encoding="utf-8") == 'speed = "step"\n'
    assert list(path.parent.iterdir()) == [path]  # no temporary file left behind


def test_the_files_permissions_and_link_are_kept(path: Path, tmp_path: Path) -> None:
    real = write(tmp_path / "dotfiles" / "threethirteen.toml", MINE)
    real.chmod(0o640)
    path.parent.mkdir(parents=True)
    path.symlink_to(real)
    assert remember(path, "speed", "instant")
    assert path.is_symlink() and path.resolve() == real
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert 'speed = "instant"  # I read fast' in real.read_text(encoding="utf-8")


def test_a_file_it_cannot_read_is_left_alone(path: Path) -> None:
    for text in ("speed = fast\n", "speed.x = 1\n", 'speed = """fast"""\n'):
        write(path, text)
        remember(path, "speed", "step")
        assert path.read_text(encoding="utf-8") == text


def test_a_place_it_cannot_write_is_no_trouble(path: Path, tmp_path: Path) -> None:
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.write_text("a file where the folder should be\n")
    assert not remember(path, "speed", "fast")
    config, problems = read_config(path)
    assert config == Config() and problems[0].key == "config.unreadable"
    _, shown = open_at_terminal("speed fast\rquit\r", Settings(speed="instant"), path)
    assert "Speed: fast." in shown  # the game goes on at the new speed


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="root writes into read-only folders"
)
def test_a_read_only_folder_is_no_trouble(path: Path) -> None:
    write(path, MINE)
    path.parent.chmod(0o500)
    try:
        assert not remember(path, "speed", "step")
        assert path.read_text(encoding="utf-8") == MINE
    finally:
        path.parent.chmod(0o700)


def test_only_speed_and_sort_with_good_values_are_remembered(path: Path) -> None:
    assert not remember(path, "level", "hard")
    assert not remember(path, "speed", "warp")
    assert not path.exists()


def test_the_documented_example_is_a_good_file() -> None:
    page = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")  # its "Settings"
    example = page.split("```toml\n", 1)[1].split("```", 1)[0]
    config, problems = parse_config(example)
    assert problems == ()
    assert config == Config(
        level="hard",
        speed="fast",
        language="de",
        sort="rank",
        players=6,
        jokers=3,
        aces="high",
        color=False,
    )


def test_a_config_nested_too_deep_is_one_warning_and_the_games_start(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """10 KB of arrays in arrays (issue #18): ``play`` and ``replay`` start with the defaults."""
    write(path, NESTED_CONFIG)
    warning = (
        f"threethirteen: {path} nests its values too deeply for a config file; every setting "
        "has its default.\n"
    )
    script = tmp_path / "moves.txt"
    script.write_text("draw\n")
    assert main(["--seed", "4", "--script", str(script)]) == 0
    out, err = capsys.readouterr()
    assert err == warning and "You draw" in out
    steps = tmp_path / "steps.txt"
    steps.write_text("next\nquit\n")
    assert replay_main([str(ROOT / "replays" / "jokers-0.jsonl"), "--script", str(steps)]) == 0
    out, err = capsys.readouterr()
    assert err == warning.replace("threethirteen:", "threethirteen replay:")
    assert "The game begins" in out
    assert not remember(path, "speed", "fast")
    assert path.read_text() == NESTED_CONFIG


def test_a_speed_kept_for_later_games_says_so(path: Path) -> None:
    _, shown = open_at_terminal("speed step\rquit\r", Settings(speed="instant"), path)
    said = " ".join(shown.split())
    assert "Speed: step (a key after each turn); kept for your next games too." in said
    assert read_config(path)[0].speed == "step"
