"""``save`` and ``load``: where a game goes, what is printed, and what is never overwritten."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from threethirteen.core.log import read_log
from threethirteen.repl.files.atomic import write_atomic
from threethirteen.repl.kit.loop import run_line, run_terminal
from threethirteen.repl.kit.screen import PlainScreen, TerminalScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of, open_table


@pytest.fixture(autouse=True)
def saves(data_home: Path) -> Path:
    """The saves folder (not created)."""
    return data_home / "saves"


def scripted(*lines: str, seed: int = 3) -> tuple[SeatFront, str]:
    """A game without a terminal (a script): the table and all it printed."""
    shown = io.StringIO()
    table = new_solo_front(
        seed, tx=Texts(), screen=PlainScreen(shown), settings=Settings(speed="instant")
    )
    table.begin()
    for line in lines:
        run_line(table, line)
    return table, " ".join(shown.getvalue().split())


def at_the_prompt(keys: str, seed: int = 3) -> str:
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        table, prompt = open_table(
            seed=seed,
            settings=Settings(speed="instant", level="easy"),
            tx=Texts(),
            offer_resume=False,
            input=pipe,
            output=DummyOutput(),
        )
        run_terminal(table, prompt)
    assert isinstance(table.screen, TerminalScreen)
    return " ".join("".join(table.screen.transcript).split())


def test_a_name_goes_into_the_saves_folder_with_jsonl_and_the_full_path_is_printed(
    saves: Path,
) -> None:
    table, shown = scripted("save mygame")
    path = saves / "mygame.jsonl"
    assert f"Saved to {path} ({len(game_of(table).events)} events)." in shown
    assert read_log(path.read_text(encoding="utf-8")).events == game_of(table).events
    assert not list(Path.cwd().glob("*.jsonl"))  # nothing in the working folder


def test_save_alone_names_the_file_after_the_seed(saves: Path) -> None:
    _, shown = scripted("save", seed=77)
    (path,) = saves.glob("threethirteen-77-*.jsonl")
    assert f"Saved to {path} (" in shown


def test_a_name_with_a_slash_is_a_path_and_its_folder_is_not_made(
    tmp_path: Path, saves: Path
) -> None:
    _, shown = scripted("save ./here", "save sub/there", f"save {tmp_path}/abs.jsonl")
    assert (tmp_path / "here.jsonl").is_file() and (tmp_path / "abs.jsonl").is_file()
    assert f"Saved to {tmp_path / 'here.jsonl'} (" in shown
    assert f"There is no folder {tmp_path / 'sub'}: save does not make one." in shown
    assert not (tmp_path / "sub").exists() and not saves.exists()


@pytest.mark.parametrize("line", ['save ""', "save '   '", "load ''"])
def test_an_empty_name_is_refused(line: str, saves: Path) -> None:
    _, shown = scripted(line)
    assert "A file name cannot be empty" in shown
    assert "Saved" not in shown and not saves.exists()


@pytest.mark.parametrize("name", ["..", "games/", "."])
def test_a_folder_is_not_a_name(name: str) -> None:
    _, shown = scripted(f"save {name}")
    assert f"{name!r} is not a name for a file." in shown and "Saved" not in shown


def test_a_script_never_overwrites_a_save(saves: Path) -> None:
    saves.mkdir(parents=True)
    (saves / "mine.jsonl").write_text("keep me\n", encoding="utf-8")
    _, shown = scripted("save mine")
    assert f"Not saved: {saves / 'mine.jsonl'} exists" in shown
    assert (saves / "mine.jsonl").read_text(encoding="utf-8") == "keep me\n"


def test_at_the_terminal_an_existing_save_is_replaced_only_on_yes(saves: Path) -> None:
    saves.mkdir(parents=True)
    path = saves / "mine.jsonl"
    path.write_text("keep me\n", encoding="utf-8")
    shown = at_the_prompt("save mine\rn quit\r")
    assert f"{path} exists. Replace it? [y/n] n" in shown and "Not saved" in shown
    assert path.read_text(encoding="utf-8") == "keep me\n"
    shown = at_the_prompt("save mine\ry quit\r")
    assert f"Saved to {path} (" in shown
    assert read_log(path.read_text(encoding="utf-8")).state.seed == 3


def test_a_pipe_or_a_link_is_never_replaced_unasked_nor_written_through(
    saves: Path, tmp_path: Path
) -> None:
    saves.mkdir(parents=True)
    os.mkfifo(saves / "pipe.jsonl")
    _, shown = scripted("save pipe")  # a script is never asked: refused, and no hang
    assert f"Not saved: {saves / 'pipe.jsonl'} exists" in shown
    assert stat.S_ISFIFO(os.lstat(saves / "pipe.jsonl").st_mode)

    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me\n", encoding="utf-8")
    link = saves / "link.jsonl"
    link.symlink_to(target)
    shown = at_the_prompt("save link\rn quit\r")
    assert f"{link} is a symbolic link, not a file. Replace it by the saved game?" in shown
    assert "Not saved" in shown and link.is_symlink()
    shown = at_the_prompt("save link\ry quit\r")
    assert f"Saved to {link} (" in shown
    assert not link.is_symlink() and read_log(link.read_text(encoding="utf-8")).state.seed == 3
    assert target.read_text(encoding="utf-8") == "keep me\n"  # the link's target is untouched


def test_load_finds_a_save_as_save_named_it(saves: Path, tmp_path: Path) -> None:
    scripted("save mygame", seed=5)
    table, shown = scripted("load mygame")
    assert f"Loaded {saves / 'mygame.jsonl'}: seed 5" in shown
    assert game_of(table).table.state.seed == 5
    (tmp_path / "local.jsonl").write_bytes((saves / "mygame.jsonl").read_bytes())
    table, shown = scripted("load local.jsonl")
    assert f"There is no saved game 'local.jsonl' in {saves}." in shown
    assert "For the file in this folder: load ./local.jsonl" in shown
    assert game_of(table).table.state.seed == 3
    table, _ = scripted("load ./local.jsonl")
    assert game_of(table).table.state.seed == 5


def test_write_atomic_without_overwrite_leaves_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text("old\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        write_atomic(path, "new\n", create_folder=False, overwrite=False)
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.jsonl"]  # no temporary file left
    with pytest.raises(FileNotFoundError):
        write_atomic(tmp_path / "no" / "y.jsonl", "new\n", create_folder=False)
