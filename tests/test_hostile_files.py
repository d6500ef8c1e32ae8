"""Files from strangers (issue #11): refused quickly, at their line, in the game's words.

The corpus of :mod:`tests.hostile` is made by script in the test's folder. Each file is
loaded, replayed, verified, analysed and rebuilt with ``--replay-to`` in a child process:
each run finishes (the timeout is only a safety net), exits 0 or 1, prints no control
character and no traceback, and leaves the data folder as it was.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from threethirteen.core.deck import deck_order
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import RoundDealt
from threethirteen.core.log import MAX_LINE, read_log
from threethirteen.core.state import cards_in_play
from threethirteen.repl.files.reading import MAX_LOG_BYTES, load_file, read_bounded

from tests.child import Cli
from tests.hostile import TEXTS, TOO_BIG, base_lines, corpus, dump
from tests.test_safe import CONTROL, INJECTED

READABLE = ("mid-move.jsonl", "unfinished.jsonl")
"""The hostile files that are logs of a game after all (they end early)."""


def _refusal(name: str) -> LogFormatError:
    with pytest.raises(LogFormatError) as caught:
        read_log(TEXTS[name]())
    return caught.value


@pytest.mark.parametrize(
    ("name", "line", "key", "words"),
    [
        ("greedy-seat", 5, "log_illegal_move", "cannot take another card"),
        ("unseeded-unequal", 3, "log_bad_event", "deals 3 cards to each seat, not 2, 3, 3, 3"),
        ("winner-99", 452, "log_bad_event", "seat 99 is not 0-3"),
        ("round-12", 3, "log_bad_event", "round 12 is not 1-11"),
        ("long-reason", 4, "log_bad_event", "the reason has 5000 characters, over 300"),
        ("long-seat", 2, "log_bad_event", "a seat name has 500 characters, over 40"),
        ("long-line", 4, "log_line_too_long", f"at most {MAX_LINE}"),
        ("deep-json", 4, "log_line_too_long", "characters"),
    ],
)
def test_a_hostile_log_is_refused_at_its_line(name: str, line: int, key: str, words: str) -> None:
    error = _refusal(name)
    assert (error.line, error.key) == (line, key)
    assert words in str(error)


def test_no_seat_draws_out_of_turn() -> None:
    """The rules' order of play is read, not trusted: a seat acts only on its turn."""
    lines = base_lines()
    dealt, drawn, discarded = lines[2], lines[3], lines[4]
    assert (drawn["type"], discarded["type"]) == ("CardDrawn", "CardDiscarded")
    for edited_line, words in (
        ({**drawn, "seat": (drawn["seat"] + 1) % 4}, "cannot take a card now: it is"),
        ({**discarded, "seq": 3}, "cannot discard yet: take a card first"),
    ):
        edited = [*lines[:3], edited_line]
        with pytest.raises(LogFormatError, match=words) as caught:
            read_log(dump(edited))
        assert caught.value.line == 4
    twice = [*lines[:3], {**dealt, "seq": 3}]
    with pytest.raises(LogFormatError, match="round 1 is still in play"):
        read_log(dump(twice))


def test_a_log_read_never_holds_a_hand_over_the_rules() -> None:
    log = read_log(dump(base_lines()[:4]))  # the first seat to act has drawn
    assert log.state.round is not None
    size = log.state.round.round_no + 2
    assert sorted(len(hand) for hand in log.state.round.hands) == [size, size, size, size + 1]
    assert len(cards_in_play(log.state.round)) == 104


def test_unequal_hands_have_no_deck_order() -> None:
    dealt = read_log(dump(base_lines()[:3])).events[1]
    assert isinstance(dealt, RoundDealt)
    short = RoundDealt(
        round_no=1,
        dealer=dealt.dealer,
        wild_rank=dealt.wild_rank,
        hands=(dealt.hands[0][:2], *dealt.hands[1:]),
        upcard=dealt.upcard,
        stock=(*dealt.stock, dealt.hands[0][2]),
    )
    with pytest.raises(ValueError, match="2, 3, 3, 3 cards"):
        deck_order(short)


def test_only_a_regular_file_within_the_limit_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    with pytest.raises(LogFormatError, match="it is a folder, not a saved game"):
        read_bounded(folder)
    big = tmp_path / "big.jsonl"
    with big.open("wb") as file:
        file.truncate(MAX_LOG_BYTES + 1)
    with pytest.raises(LogFormatError, match=f"at most {MAX_LOG_BYTES}") as caught:
        load_file(big)
    assert caught.value.key == "file_too_big"
    small = tmp_path / "small.jsonl"
    small.write_bytes(b"x" * 100)
    assert read_bounded(small, limit=100) == b"x" * 100
    with pytest.raises(LogFormatError, match="it has 100 bytes; a saved game has at most 99"):
        read_bounded(small, limit=99)
    with pytest.raises(LogFormatError, match="cannot read") as missing:
        read_bounded(tmp_path / "none.jsonl")
    assert missing.value.key == "file_unreadable"


def _snapshot(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _commands(cli: Cli, path: Path) -> list[list[str]]:
    return [
        ["replay", str(path), "--script", str(cli.folder / "steps.txt")],
        ["replay", str(path), "--at", "40", "--script", str(cli.folder / "steps.txt")],
        ["replay", str(path), "--verify"],
        ["replay", str(path), "--analyze"],
        ["play", "--replay-to", f"{path}:40", "--script", str(cli.folder / "hand.txt")],
        ["play", "--seed", "3", "--script", str(cli.folder / f"load-{path.stem}.txt")],
    ]


def test_every_hostile_file_is_refused_or_read_safely(cli: Cli) -> None:
    files = corpus(cli.folder / "hostile")
    assert (files["big"]).stat().st_size == TOO_BIG
    (cli.folder / "steps.txt").write_text("\n\n\nscores\nend\nquit\n")
    (cli.folder / "hand.txt").write_text("hand\nquit\n")
    data = cli.data / "threethirteen"
    data.mkdir(parents=True)
    (data / "stats.json").write_text('{"version": 1, "played": 3}\n')
    before = _snapshot(cli.data)
    runs = []
    # the files with control characters in their text are run by tests/test_safe.py
    for path in (path for name, path in files.items() if name not in INJECTED):
        (cli.folder / f"load-{path.stem}.txt").write_text(f"load {path}\nhand\n")
        runs += [(path.name, args) for args in _commands(cli, path)]
    for start in range(0, len(runs), os.cpu_count() or 2):
        batch = runs[start : start + (os.cpu_count() or 2)]
        children = [
            (
                name,
                args,
                subprocess.Popen(
                    cli.argv(*args),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    env=cli.environment(),
                    cwd=cli.folder,
                    text=True,
                    encoding="utf-8",
                ),
            )
            for name, args in batch
        ]
        for name, args, child in children:
            try:
                out, err = child.communicate(timeout=60)  # a safety net, not a speed test
            except subprocess.TimeoutExpired:
                child.kill()
                child.communicate()
                pytest.fail(f"{args} did not finish")
            said = out + err
            assert child.returncode in (0, 1), (args, said)
            assert "Traceback" not in said and "crash" not in said.lower(), (args, said)
            assert not CONTROL.search(said.replace("\n", "")), (args, said)
            if name not in READABLE and "--verify" in args:
                assert child.returncode == 1 and name in said, (args, said)
    assert _snapshot(cli.data) == before


def _verify(cli: Cli, name: str, text: str) -> tuple[int, str]:
    path = cli.folder / f"{name}.jsonl"
    path.write_text(text, encoding="utf-8")
    done = cli.run("replay", str(path), "--verify")
    assert done.stdout.count("\n") == 1 and not done.stderr, done.stdout + done.stderr
    return done.returncode, done.stdout


def test_verify_says_what_it_could_not_check(cli: Cli) -> None:
    unseeded = base_lines()
    unseeded[1]["seeded"] = False
    code, said = _verify(cli, "unseeded", dump(unseeded[:200]))
    assert code == 0
    assert said.endswith(
        "unfinished in round 6, totals 43/29/62/68; "
        "the deals could not be checked: the log is not dealt from its seed\n"
    )
    code, said = _verify(cli, "mid-move", TEXTS["mid-move"]())
    assert code == 1
    assert "the log ends in the middle of a move: seed 101, 44 events, round 1" in said
    code, said = _verify(cli, "unfinished", TEXTS["unfinished"]())
    assert code == 0 and ": ok: seed 101, 98 events, unfinished in round 3, totals" in said
    assert "deals could not" not in said


def test_a_long_value_is_shown_short(cli: Cli) -> None:
    """A wrong stock is named by its first cards and its count, not 90 cards."""
    lines = base_lines()
    stock = lines[2]["stock"]
    stock[0], stock[-1] = stock[-1], stock[0]
    code, said = _verify(cli, "stock", dump(lines[:3]))
    assert code == 1 and len(said) < 300
    assert re.search(r"RoundDealt\.stock is \[(\S+, ){6}…\] \(\d+ in all\)", said), said
    lines = base_lines()
    lines[0]["format"] = "f" * 5000
    code, said = _verify(cli, "format", dump(lines))
    assert code == 1 and len(said) < 300 and "f…'" in said
