"""Files from strangers (issue #11): refused quickly, at their line, in the game's words.

The corpus of :mod:`tests.helpers.hostile` is made by script in the test's folder. Each
file is loaded, replayed, verified, analysed and rebuilt with ``--replay-to`` in a child
process: each run finishes (the test's time limit is the net), exits 0 or 1, prints no
control character and no traceback, and leaves the data folder as it was. (The log
reader's refusals, in-process: ``tests/unit/test_hostile_files.py``.)
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.helpers.child import Cli
from tests.helpers.hostile import CONTROL, INJECTED, TEXTS, TOO_BIG, base_lines, corpus, dump

READABLE = ("mid-move.jsonl", "unfinished.jsonl")
"""The hostile files that are logs of a game after all (they end early)."""


def _snapshot(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


COMMANDS = ("replay", "replay --at", "verify", "analyze", "replay-to", "load")
"""The ways a file is opened, each run on every hostile file by a test of its own."""


def _command(cli: Cli, path: Path, way: str) -> list[str]:
    steps, hand = str(cli.folder / "steps.txt"), str(cli.folder / "hand.txt")
    return {
        "replay": ["replay", str(path), "--script", steps],
        "replay --at": ["replay", str(path), "--at", "40", "--script", steps],
        "verify": ["replay", str(path), "--verify"],
        "analyze": ["replay", str(path), "--analyze"],
        "replay-to": ["play", "--replay-to", f"{path}:40", "--script", hand],
        "load": ["play", "--seed", "3", "--script", str(cli.folder / f"load-{path.stem}.txt")],
    }[way]


@pytest.mark.parametrize("way", COMMANDS)
def test_every_hostile_file_is_refused_or_read_safely(cli: Cli, way: str) -> None:
    files = corpus(cli.folder / "hostile")
    assert (files["big"]).stat().st_size == TOO_BIG
    (cli.folder / "steps.txt").write_text("\n\n\nscores\nend\nquit\n")
    (cli.folder / "hand.txt").write_text("hand\nquit\n")
    data = cli.data / "threethirteen"
    data.mkdir(parents=True)
    (data / "stats.json").write_text('{"version": 1, "played": 3}\n')
    before = _snapshot(cli.data)
    runs = []
    # the files with control characters in their text are run by tests/e2e/test_safe.py
    for path in (path for name, path in files.items() if name not in INJECTED):
        (cli.folder / f"load-{path.stem}.txt").write_text(f"load {path}\nhand\n")
        runs.append((path.name, _command(cli, path, way)))
    for start in range(0, len(runs), os.cpu_count() or 2):
        batch = runs[start : start + (os.cpu_count() or 2)]
        children = [(name, args, cli.start(*args)) for name, args in batch]
        for name, args, child in children:
            out, err = child.communicate()  # the test's time limit is the net
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
    """A wrong stock is named by its first wrong card, not 90 cards."""
    lines = base_lines()
    stock = lines[2]["stock"]
    stock[0], stock[-1] = stock[-1], stock[0]
    code, said = _verify(cli, "stock", dump(lines[:3]))
    assert code == 1 and len(said) < 300
    assert re.search(r"RoundDealt\.stock\[0\] is \S+, but the rules give \S+ \(", said), said
    lines = base_lines()
    lines[0]["format"] = "f" * 5000
    code, said = _verify(cli, "format", dump(lines))
    assert code == 1 and len(said) < 300 and "f…'" in said


@pytest.mark.parametrize(
    "command",
    [
        ("play", "--seed", "3", "--script", "{script}"),
        ("replay", "jokers-0", "--script", "{script}"),
        ("serve", "--port", "0", "--password-file", "{script}"),
    ],
    ids=["play --script", "replay --script", "serve --password-file"],
)
def test_a_script_or_a_password_file_is_read_bounded(cli: Cli, command: tuple[str, ...]) -> None:
    """A FIFO nobody writes to, an endless device and a file of gigabytes, given as a
    script or a password file: each is refused at once in words (exit 2), never waited
    for or read whole."""
    fifo = cli.folder / "fifo.txt"
    os.mkfifo(fifo)
    huge = cli.folder / "huge.txt"
    with huge.open("wb") as file:
        file.truncate(3 << 30)  # 3 GB of holes: quick to make, slow to read whole
    for path in (fifo, Path("/dev/zero"), huge):
        done = cli.run(*(part.format(script=path) for part in command))
        said = done.stdout + done.stderr
        assert done.returncode == 2, said
        assert "cannot read" in said and "Traceback" not in said, said
