"""Whole sessions through a real ``PromptSession``: keys from a pipe, output to ``DummyOutput``.

Each key string ends the session itself (``quit``) and the pipe is closed
after it, so a session that wanted more input ends (saved) instead of hanging.
A space after each command feeds the "press a key" pause at the end of a
round when there is one; otherwise it is a harmless leading space.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import merge_key_bindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import DummyOutput
from threethirteen.core.cards import Card
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.players import play_game
from threethirteen.core.table import Table
from threethirteen.core.verify import verify_log
from threethirteen.repl.kit.completer import card_word
from threethirteen.repl.kit.keys import KEY_HELP
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.kit.seat import SeatFront
from threethirteen.repl.kit.style import wants_plain
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.solo.settings import YOU, Settings
from threethirteen.repl.words.i18n import Texts

from tests.helpers.opening import game_of, open_table
from tests.helpers.play import SEED, session

F2 = "\x1bOQ"


@pytest.fixture(autouse=True)
def _data_home(data_home: Path, colour_allowed: None) -> Path:
    return data_home


class _Quiet:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def preview(*lines: str, seed: int = SEED) -> SeatFront:
    """The same game played without a terminal, to know the cards before the keys are typed."""
    table = new_solo_front(
        seed, tx=Texts(), screen=PlainScreen(_Quiet()), settings=Settings(level="easy")
    )
    table.begin()
    for line in lines:
        table.execute(line)
    return table


def first_card() -> Card:
    """A card the human holds after drawing from the stock on the first turn."""
    round_ = game_of(preview("draw")).table.state.round
    assert round_ is not None
    return round_.hands[YOU][0]


def test_a_game_at_the_prompt(_data_home: Path, tmp_path: Path) -> None:
    card = first_card()
    keys = (
        "xyzzy\r\x03"  # refused before Enter took it, then Ctrl-C clears the line
        "draw\r "
        "undo\r "
        "redo\r "
        f"x {card_word(card)}\r "
        "score\r"
        "save mine\r"
        "quit\r"
    )
    code, table, shown = session(keys)
    assert code == 0
    assert "You draw" in shown and "Undone: your draw" in shown and "Redone: your draw" in shown
    assert "This game is now marked as assisted." in shown
    assert f"You discard {card}." in shown
    assert "The game is saved" in shown
    saved_to = _data_home / "saves" / "mine.jsonl"  # the saves folder, .jsonl added
    assert f"Saved to {saved_to} (" in " ".join(shown.split())
    saved = read_log(saved_to.read_text(encoding="utf-8"))
    assert saved.events == game_of(table).events
    assert saved.state.is_assisted(YOU)
    assert verify_log(saved).ok, Texts("en").verdict(verify_log(saved))
    autosave = read_log((_data_home / "autosave.jsonl").read_text(encoding="utf-8"))
    assert autosave.events == game_of(table).events
    history = (_data_home / "history").read_text(encoding="utf-8")
    assert "draw" in history and "xyzzy" not in history


def test_an_autosaved_game_resumes(_data_home: Path) -> None:
    card = first_card()
    session("draw\r quit\r")
    before = read_log((_data_home / "autosave.jsonl").read_text(encoding="utf-8")).events
    code, table, shown = session(f"y x {card_word(card)}\r quit\r", resume=True)
    assert code == 0
    assert "An unfinished game was saved (seed 41, round 1). Resume it?" in shown
    assert "Welcome back" in shown
    assert game_of(table).events[: len(before)] == before
    assert len(game_of(table).events) > len(before)


def test_declining_to_resume_keeps_the_old_game(_data_home: Path) -> None:
    session("draw\r quit\r")
    _, _, shown = session("n quit\r", resume=True, seed=42)
    assert "kept in" in shown
    kept = list(_data_home.glob("unfinished-*.jsonl"))
    assert len(kept) == 1 and read_log(kept[0].read_text(encoding="utf-8")).state.seed == SEED


def test_auto_game_plays_to_the_final_result(_data_home: Path) -> None:
    """From a game saved in round 11 (from the first round: tests/e2e/test_whole_games.py)."""
    events = play_game(SEED, ("easy",) * 4, rounds=10)
    started = attrs.evolve(events[0], players=("human", "easy", "easy", "easy"))
    _data_home.mkdir(parents=True)
    (_data_home / "autosave.jsonl").write_text(encode_log((started, *events[1:])), "utf-8")
    code, table, shown = session("y auto game\rstats\rscore\rquit\r", resume=True)
    assert code == 0 and game_of(table).table.state.ended is not None
    assert "Welcome back" in shown and "Game over after 11 rounds." in shown
    # the score sheet as a chart above the result: a bar per round for each player
    chart = shown[shown.index("Penalty points round by round") :].splitlines()[1:5]
    assert [row.split()[0] for row in chart] == ["You", "Left", "Top", "Right"]
    assert all(len(row.split()[1]) == 11 and "total" in row for row in chart), chart
    assert "█" in "".join(chart)  # the most one player took in a round
    assert any(words in shown for words in ("wins with", "Nobody wins", "You win"))
    assert "Round 11 is over" in shown and "(auto)" in shown
    final = read_log((_data_home / "autosave.jsonl").read_text(encoding="utf-8"))
    assert final.state.ended is not None and verify_log(final).ok  # replay --verify accepts it
    assert final.events[: len(events)] == (started, *events[1:])
    stats = json.loads((_data_home / "stats.json").read_text())
    assert stats["played"] == 1 and stats["assisted"] == 1
    assert "played 1" in shown
    # kept in the history, which the in-game `stats` sums up too
    assert "Kept in your history as game 1: threethirteen replay 1" in shown
    assert "By opponents and options" in shown and "Your latest games" in shown
    assert len(list((_data_home / "games").glob("game-00001-*.jsonl"))) == 1
    assert shown.count("Score sheet") == 2  # after round 11, and for `score`


def test_ctrl_d_asks_before_leaving() -> None:
    code, _, shown = session("\x04ndraw\r\x04y")
    assert code == 0
    assert shown.count("Leave the game?") == 2
    assert "You draw" in shown and "The game is saved" in shown


def test_f2_and_sort_change_the_order_of_the_hand() -> None:
    _, _, shown = session(F2 + F2 + "sort suit\r" + "quit\r")
    assert "Your hand, by rank:" in shown
    assert "Your hand, by melds:" in shown
    assert shown.rindex("Your hand, by suit:") > shown.index("Your hand, by melds:")


def test_a_session_in_german() -> None:
    _, _, shown = session("ziehen\r hilfe\r regeln\r ende\r", lang="de")
    assert "Du ziehst" in shown and "Befehle" in shown and "Die Regeln dieses Spiels" in shown
    assert "Deine Hand, nach Farbe:" in shown and "Das Spiel ist gespeichert" in shown


def test_hint_marks_the_game_assisted() -> None:
    _, table, shown = session("hint\r quit\r")
    assert "Hint: " in shown and "why: " in shown
    assert game_of(table).table.state.is_assisted(YOU)


def test_an_unexpected_error_is_written_down_and_the_game_goes_on(
    _data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: Table, seat: int, *, told: int | None = None) -> None:
        raise RuntimeError("the hint machine broke")

    monkeypatch.setattr(Table, "hint", broken)
    code, _, shown = session("hint\r draw\r quit\r")
    assert code == 0
    assert "Something unexpected went wrong (RuntimeError: the hint machine broke)" in shown
    crash = next(_data_home.glob("crash-*.txt")).read_text()
    assert f"seed: {SEED}" in crash and "the hint machine broke" in crash
    assert "You draw" in shown


def test_an_unreadable_save_is_answered(tmp_path: Path) -> None:
    (tmp_path / "broken.jsonl").write_text('{"format": "threethirteen-log", "schema": 1}\nnope\n')
    (tmp_path / "other.txt").write_text("hello\n")
    _, table, shown = session("load ./broken.jsonl\r load ./other.txt\r quit\r")
    said = " ".join(shown.split())
    assert f"Cannot load {tmp_path / 'broken.jsonl'}: line 2: not JSON" in said
    assert f"Cannot load {tmp_path / 'other.txt'}: line 1" in said
    assert game_of(table).table.state.seed == SEED


def test_new_asks_and_starts_the_given_seed(_data_home: Path) -> None:
    _, table, shown = session("draw\r new 77\ry quit\r")
    assert "Start a new game? This one is not finished." in shown
    assert "New game: seed 77" in shown and game_of(table).table.state.seed == 77
    assert len(list(_data_home.glob("unfinished-*.jsonl"))) == 1


def test_enter_plays_the_only_card_the_menu_offers(_data_home: Path) -> None:
    hand = game_of(preview("draw", seed=1)).table.state.round.hands[YOU]  # type: ignore[union-attr]
    assert [str(card) for card in hand] == ["A♥", "J♥", "K♥", "K♠"]
    _, _, shown = session("draw\r discard A\r quit\r", seed=1)
    assert "You discard A♥." in shown
    history = (_data_home / "history").read_text(encoding="utf-8")
    assert "+ discard Ah\n" in history  # the line as it ran, its card completed
    _, _, shown = session("ziehen\r ablegen a\r ende\r", lang="de", seed=1)
    assert "Du legst A♥ ab." in shown
    _, _, shown = session("draw\r J\r quit\r", seed=1)  # a bare card: J♥ is the only jack
    assert "You discard J♥." in shown


def test_enter_does_not_guess_between_two_cards(_data_home: Path) -> None:
    _, table, shown = session("draw\r discard K\r\x03 A\r\x03 quit\r", seed=1)
    assert "You discard" not in shown  # K♥ or K♠; A♥ or the command auto
    round_ = game_of(table).table.state.round
    assert round_ is not None and len(round_.hands[YOU]) == 4
    history = (_data_home / "history").read_text(encoding="utf-8")
    assert "discard K" not in history


def test_a_whole_card_still_runs_at_once() -> None:
    _, _, shown = session("draw\r discard Kh\r quit\r", seed=1)
    assert "You discard K♥." in shown


KEY_PRESSES = {
    "Tab": ("c-i",),
    "↑ ↓": ("up", "down"),
    "→": ("right",),
    "Enter": ("c-m",),
    "F2": ("f2",),
    "{ctrl}-C": ("c-c",),
    "{ctrl}-D": ("c-d",),
}


@pytest.mark.parametrize(("lang", "ctrl"), [("en", "Ctrl"), ("de", "Strg")])
def test_help_lists_the_keys_the_prompt_has(lang: str, ctrl: str) -> None:
    with create_pipe_input() as pipe:
        pipe.close()
        table, prompt = open_table(
            seed=SEED,
            settings=Settings(speed="instant"),
            tx=Texts(lang),
            offer_resume=False,
            input=pipe,
            output=DummyOutput(),
        )
    listed = [label for label, _ in KEY_HELP]
    assert listed == list(KEY_PRESSES)
    # the prompt's own keys, with what prompt_toolkit binds in every application
    bound = merge_key_bindings([load_key_bindings(), prompt.app.key_bindings])
    for label in listed:
        for key in KEY_PRESSES[label]:
            assert bound.get_bindings_for_keys((Keys(key),)), (label, key)
    _, _, shown = session(("help keys" if lang == "en" else "hilfe tasten") + "\rquit\r", lang=lang)
    keys = shown[shown.index("Keys:" if lang == "en" else "Tasten:") :]
    for label, name in KEY_HELP:
        line = f"  {label.format(ctrl=ctrl):<24}{table.tx(f'keys.{name}')}\n"
        assert line in keys
    assert f"{ctrl}-C" in keys and ("Ctrl" in keys) == (lang == "en")


def test_tab_then_enter_discards_no_card_the_player_did_not_point_at() -> None:
    # prompt_toolkit's Tab highlighted the first card of the menu, and Enter played it
    _, table, shown = session("draw\r x \t\r\x03 quit\r", seed=1)
    assert "You discard" not in shown
    round_ = game_of(table).table.state.round
    assert round_ is not None and len(round_.hands[YOU]) == 4
    # a second Tab points at the first card: the lowest penalty after (J♥, 21)
    _, _, shown = session("draw\r x \t\t\r quit\r", seed=1)
    assert "You discard J♥." in shown


def test_no_color_and_a_dumb_or_unknown_terminal_get_plain_text() -> None:
    assert wants_plain({"TERM": "dumb"}) and wants_plain({"TERM": "unknown"})
    assert wants_plain({"TERM": "xterm-256color", "NO_COLOR": "1"})
    assert not wants_plain({"TERM": "xterm-256color", "NO_COLOR": ""})
