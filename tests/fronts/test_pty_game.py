"""End to end in a pseudo-terminal (80×24, or smaller), as a person plays: pexpect types, the
screen answers."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from threethirteen.core.cards import parse_card
from threethirteen.core.log import read_log

from tests.helpers import ROOT
from tests.helpers.terminal import Terminal, ended, leave, spawn, spawn_cli

WINNER = r"(You win with \d+|\w+ wins with \d+|Nobody wins)"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path


def test_play_a_turn_with_bad_input_completion_undo_redo_save_and_load(home: Path) -> None:
    child = spawn(home, "--seed", "7")
    child.expect("your turn: draw or take")
    child.send("frob")  # the reason shows under the line before Enter
    child.expect("Unknown command 'frob'")
    child.send("\x03")  # Ctrl-C clears the line
    child.send("dra")
    child.expect("draw the top card of the stock")  # the menu, each command with its meaning
    child.send("\t\r")  # Tab completes the command
    child.expect(r"You draw (\S+) from the stock\.")
    child.expect("your turn: discard a card")
    child.send("x ")
    child.expect("penalty after: ")  # the cards of the hand, with the penalty after each
    child.send("\t\t\r")  # Tab shows, a second Tab points at the first card: discarded
    child.expect(r"You discard (\S+)\.")
    discarded = child.match.group(1)
    child.expect("your turn: draw or take")
    child.send("undo\r")
    child.expect(f"Undone: your discard of {re.escape(discarded)}")
    child.send("redo\r")
    child.expect(f"Redone: your discard of {re.escape(discarded)}")
    child.send("save game\r")
    saves = home / "data" / "threethirteen" / "saves"
    child.expect(r"Saved to\s+(\S+)\s+\((\d+) events\)")
    assert child.match.group(1) == str(saves / "game.jsonl")
    saved = read_log((saves / "game.jsonl").read_text(encoding="utf-8"))
    assert saved.state.seed == 7 and saved.state.is_assisted(0)
    child.send("save game\r")  # it exists: asked, and left alone on n
    child.expect(r"exists\.\s+Replace\s+it\?\s+\[y/n\]")
    child.send("n")
    child.expect("Not saved")
    child.send("load game\r")
    child.expect("Loaded")
    child.expect("seed 7")
    leave(child)


def test_leave_with_ctrl_d_and_resume(home: Path) -> None:
    child = spawn(home, "--seed", "8")
    child.expect("your turn: draw or take")
    child.send("draw\r")
    child.expect("You draw")
    child.send("\x04")
    child.expect(r"Leave the game\? It is saved and can be resumed\.")
    child.send("y")
    child.expect("The game is saved: run threethirteen to resume it.")
    ended(child)

    again = spawn(home)
    again.expect(r"An unfinished game was saved \(seed 8, round 1\)\. Resume it\?")
    again.send("y")
    again.expect("Welcome back: seed 8, round 1.")
    again.expect("your turn: discard a card")  # right where it was left
    leave(again)


def test_auto_game_to_the_final_result(home: Path) -> None:
    child = spawn(home, "--seed", "9", "--jokers", "2", "--aces", "high")
    child.expect("your turn: draw or take")
    child.send("auto game\r")
    child.expect("Game over after 11 rounds.")
    child.expect(WINNER)
    child.expect("game over: new or quit")
    leave(child)
    autosave = read_log((home / "data" / "threethirteen" / "autosave.jsonl").read_text("utf-8"))
    assert autosave.state.ended is not None and autosave.state.options.aces_high


def test_colour_when_the_terminal_has_it_and_none_with_no_color(home: Path) -> None:
    child = spawn(home, "--seed", "10", colour=True)
    coloured = child.expect("your turn: draw or take")
    leave(child)
    plain = spawn(home, "--seed", "10", "--new")
    uncoloured = plain.expect("your turn: draw or take")
    leave(plain)
    colour_code = re.compile(r"\x1b\[[0-9;]*38;[25];")
    assert colour_code.search(coloured)
    assert not colour_code.search(uncoloured)
    assert "♣" in uncoloured or "♦" in uncoloured or "♥" in uncoloured or "♠" in uncoloured


def seed_1_at_discard(home: Path) -> Terminal:
    """Seed 1 after drawing from the stock: the hand A♥ J♥ K♥ K♠, a card to discard."""
    child = spawn(home, "--seed", "1")
    child.expect("your turn: draw or take")
    child.send("draw\r")
    child.expect("your turn: discard a card")
    return child


def test_no_empty_rows_under_the_prompt_until_the_menu_opens(home: Path) -> None:
    child = seed_1_at_discard(home)
    screen = child.screen()
    assert "Your hand, by suit: A♥ J♥ K♥  K♠" in screen
    assert screen[-2] == ">"  # the toolbar right under the prompt: no rows kept empty
    assert screen[-1].startswith(" your turn: discard a card · wild 3")
    child.send("discard A")
    child.expect(r"penalty after: \d+")
    screen = child.screen()
    prompt = screen.index("> discard A")
    assert screen[prompt + 1].split() == ["A♥", "penalty", "after:", "30"]  # room made for it
    child.send("\r")  # the menu offers just A♥: Enter plays it
    child.expect(r"You discard A♥\.")
    assert "> discard Ah" in child.screen()
    leave(child)


def test_enter_takes_a_highlighted_completion_and_guesses_no_card(home: Path) -> None:
    child = seed_1_at_discard(home)
    child.send("discard K\r")  # K♥ or K♠: Enter does not choose
    child.expect("'K' is not a card")
    child.send("\x03di")
    child.expect(r"discard a card \(or type just the card")
    child.send("\x1b[B\r")  # ↓ highlights discard, Enter accepts it: no "Which card?"
    child.send(" K")
    seen = child.expect("K♠[^\n]*penalty after")
    child.send("\x1b[B\r")  # ↓ highlights the first king: a whole command, Enter runs it
    seen += child.expect(r"You discard K♥\.")
    assert "Which card" not in seen
    leave(child)


def test_on_a_small_screen_the_menu_says_it_has_more_and_tab_enter_plays_nothing(
    home: Path,
) -> None:
    replay = ROOT / "replays" / "jokers-0.jsonl"
    child = spawn(home, "--replay-to", f"{replay}:120", size=(20, 60))  # 7 cards, round 4
    child.expect("your turn: discard a card")
    child.send("x ")
    child.expect(r"penalty after: \d+")
    screen = child.screen()
    prompt = screen.index("> x")
    menu = screen[prompt + 1 : prompt + 5]
    assert [row.split()[0] for row in menu] == ["10♦", "9♣", "9♦", "7♦"]  # lowest first
    assert menu[-1].endswith("↓") and not menu[0].endswith("↑")  # more below, none above
    child.send("\t\r")  # Tab shows the menu, Enter plays nothing: the game asks
    child.expect("Which card")
    child.send("x \t\t")  # the line typed anew; now in the menu: the first card
    child.send("\x1b[B" * 4)  # ↓ four times: the menu scrolls
    screen = child.screen_with("> x 4d")
    prompt = screen.index("> x 4d")
    assert screen[prompt + 1].endswith("↑")  # more above now
    child.send("\x03")
    child.send("quit\r")
    child.expect("Goodbye")
    ended(child)


def test_a_dumb_terminal_answers_a_bad_line_and_says_the_status_in_words(home: Path) -> None:
    # TERM=dumb: prompt_toolkit draws nothing under the prompt (no toolbar, no message),
    # so Enter on "drwa" used to show nothing at all
    child = spawn(home, "--seed", "16", term="dumb")
    prompt = r"\n(?:\x1b\[0m)*> "
    seen = child.expect(prompt)
    assert "your turn: draw or take · wild 3 · penalty 18 · Round 1/11" in seen
    child.type("drwa\r")
    child.expect("Unknown command 'drwa': did you mean draw?")
    child.expect("your turn: draw or take")  # said again before the next prompt
    child.type("draw\r")
    child.expect("You draw 10♣ from the stock.")
    seen = child.expect(prompt)
    assert "your turn: discard a card · wild 3 · penalty 18" in seen  # after the best discard
    child.type("x 7h\r")
    child.expect(r"You cannot discard 7♥: it is not in the hand")
    leave(child)


@pytest.mark.parametrize("cols", [80, 60])
def test_the_error_under_the_prompt_is_wrapped_at_spaces_not_cut(home: Path, cols: int) -> None:
    child = spawn(home, "--seed", "5", size=(24, cols))
    child.expect("your turn: draw or take")
    child.send("take\r")
    child.expect(r"You take (\S+) from the discard pile")
    taken = child.match.group(1).removesuffix("*")  # a wild card is marked without colours
    child.expect("your turn: discard a card")
    child.send(f"x {taken}")  # said under the line as it is typed
    child.expect("cannot")
    screen = child.screen()
    first = next(i for i, row in enumerate(screen) if row.startswith("You cannot discard"))
    assert screen[-1].startswith(" your turn: discard a card")
    rows = screen[first:-1]  # the message's rows, above the toolbar
    assert " ".join(rows) == (
        f"You cannot discard {taken}: it was taken from the discard pile this turn; "
        "discard another card"
    )
    assert len(rows) > 1 and all(len(row) <= cols for row in rows)
    child.send("\x03")
    leave(child)


def test_a_dumb_terminal_shows_the_line_a_completion_and_backspace_leave(home: Path) -> None:
    # TERM=dumb: prompt_toolkit wrote only the character before the cursor on each change,
    # so after "x ", Tab, Tab the line showed "x c" while it held "x 10c"
    child = spawn(home, "--seed", "16", term="dumb")
    prompt = r"\n(?:\x1b\[0m)*> "
    child.expect(prompt)
    child.type("draw\r")
    child.expect("You draw 10♣ from the stock.")
    child.expect(prompt)
    child.type("x \t\t")
    child.expect(r"x (\S*[a-z])")  # a whole card: its suit's letter has come
    card = child.match.group(1)
    assert len(card) >= 2
    child.screen_with(f"> x {card}")
    child.type("\x7f")  # Backspace: the line is shown again, one character shorter
    child.screen_with(f"> x {card[:-1]}")
    child.type(card[-1] + "\r")
    child.expect(r"You discard (\S+)\.")
    assert child.match.group(1) == str(parse_card(card))
    leave(child)


def test_the_resume_question_breaks_between_words_and_shows_enter_means_yes(home: Path) -> None:
    child = spawn(home, "--seed", "8")
    child.expect("your turn: draw or take")
    leave(child)
    again = spawn(home, size=(20, 60))
    again.expect(r"Resume it\?")
    again.expect("n]")
    rows = [row for row in again.screen() if row.strip()]
    # 60 columns: "…Resume it? [" then "Y/n]" on the next row, broken within the brackets
    assert rows[:2] == ["An unfinished game was saved (seed 8, round 1). Resume it?", "[Y/n]"]
    again.send("\r")  # Enter: yes
    again.expect("Welcome back: seed 8, round 1.")
    leave(again)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("cols", [80, 60])
def test_the_status_line_and_the_seat_rows_keep_their_pieces_whole(
    home: Path, lang: str, cols: int
) -> None:
    """Seed 5: Right goes out before your first turn, so the piles line also says who is out
    and that this is your last turn; at 60 columns that goes whole on a row of its own."""
    german = lang == "de"
    size = (20 if cols == 60 else 24, cols)
    child = spawn(home, "--seed", "5", "--level", "medium", "--lang", lang, size=size)
    child.expect("ziehen oder nehmen" if german else "draw or take")
    child.send("d\r")
    child.expect("Du ziehst" if german else "You draw")
    screen = child.screen()
    head = "Runde 1/11 ·" if german else "Round 1/11 ·"
    screen = screen[max(i for i, row in enumerate(screen) if row.startswith(head)) :]
    out, last = ("Rechts: RAUS", "letzter Zug") if german else ("Right: OUT", "last turn")
    assert any(f"{out} · {last}" in row for row in screen), screen
    pile = "Ablagestapel: 10♣" if german else "discard pile: 10♣"
    assert any(pile in row for row in screen)
    total = "Stand" if german else "total"
    rows = [row for row in screen if re.match(r"^(▶ |  )\w+ +\d+ (Karten|cards) ", row)]
    assert len(rows) == 4 and len({row.index(total) for row in rows}) == 1, screen
    # a seat's moves go on under their own column, broken between phrases
    column = rows[0].index(total) + len(f"{total}   0   ")
    more = [row for row in screen if row.startswith(" " * column) and row[column] != " "]
    for row in more:
        above = screen[screen.index(row) - 1]
        assert above in rows and above.endswith(","), screen
    assert bool(more) == (cols == 60), screen
    bar = screen[-1]
    pieces = bar.strip().split(" · ")
    words = ("du bist dran: ablegen", "Platzhalter 3", "Strafpunkte ", "Runde 1/11")
    said = words if german else ("your turn: discard a card", "wild 3", "penalty ", "Round 1/11")
    assert len(pieces) >= 2 and all(p.startswith(w) for p, w in zip(pieces, said, strict=False)), (
        bar
    )
    assert all(len(row) <= cols for row in screen)
    child.send("quit\r")
    child.expect("gespeichert" if german else "The game is saved")
    ended(child)


def test_options_that_ask_for_a_game_deal_it_and_keep_the_unfinished_one(home: Path) -> None:
    child = spawn(home, "--seed", "8")
    child.expect("your turn: draw or take")
    child.send("draw\r")
    child.expect("You draw")
    leave(child)
    again = spawn(home, "--seed", "5")  # the README's first example, over a saved game
    again.expect(r"The unfinished game is kept in\s+(\S+):")
    kept = Path(again.match.group(1))
    again.expect("your turn: draw or take")
    assert "Resume it?" not in "\n".join(again.screen())
    again.send("seed\r")
    again.expect(r"Seed 5: ")
    assert read_log(kept.read_text(encoding="utf-8")).state.seed == 8
    leave(again)
    third = spawn(home, "--players", "3")  # nothing of yours played in seed 5: nothing kept
    third.expect("your turn: draw or take")
    assert "Resume it?" not in "\n".join(third.screen())
    assert len(list(kept.parent.glob("unfinished-*.jsonl"))) == 1
    leave(third)


def test_the_coach_says_a_costly_move_after_it_in_the_players_language(home: Path) -> None:
    """Round 1 of seed 5 against medium opponents: on your last turn the 10♣ on the discard
    pile makes a set with your two 10♠; drawing from the stock instead costs 22 points."""
    child = spawn_cli(home, "play", "--seed", "5", "--speed", "instant", "--coach", "--lang", "de")
    child.expect("Runde 1/11")
    child.expect("du bist dran: ziehen oder nehmen")
    assert "Trainer" not in "\n".join(child.screen())  # nothing before the move
    child.send("ziehen\r")
    child.expect(r"Trainer: du hast vom Stapel gezogen; die starke KI nimmt die oberste")
    child.expect(r"\+22,0\s+Strafpunkte\s+erwartet")
    child.send("x 10p\r")
    child.expect(r"Punkteliste\s+\(mit Hilfe\)")  # a coached game is assisted
    child.send(" ")
    child.expect("Runde 2/11")
    child.send("ende\r")
    child.expect(pexpect.EOF)
