"""Hostile files, made by a script: logs a stranger could send as a replay or a bug report.

Every file is written into a folder the test gives (``tmp_path``); nothing big is kept
in the repository. They start from a curated game (``replays/jokers-0.jsonl``, seeded and
finished) and break it one way each: control characters in every string a log carries,
fields too long, files that are not files, and logs whose cards or turns the rules never
produce. :func:`corpus` writes them all and names each.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.helpers import ROOT

BASE = ROOT / "replays" / "jokers-0.jsonl"

ESCAPES = "\x1b]0;owned\x07\x1b[2J\x1b[H\x9b31m\u202eevil\u2066\x08\x7f\x00"
"""What a crafted string carries: a window title, a cleared screen, the cursor sent home,
a C1 CSI, a bidi override and isolate, a backspace, DEL and NUL."""

Line = dict[str, Any]


def base_lines() -> list[Line]:
    """The curated game's lines as JSON objects: the header, then one per event."""
    return [json.loads(line) for line in BASE.read_text(encoding="utf-8").splitlines()]


def dump(lines: list[Line]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def _edited(change: Callable[[list[Line]], object]) -> str:
    lines = base_lines()
    change(lines)
    return dump(lines)


def _each_reason(lines: list[Line]) -> None:
    for line in lines[1:]:
        if "reason" in line:
            line["reason"] = "fine " + ESCAPES


def _names(field: str, value: str) -> Callable[[list[Line]], None]:
    def change(lines: list[Line]) -> None:
        for line in lines[:2]:
            line[field] = [value, *line[field][1:]]

    return change


def _set(seq: int, **fields: object) -> Callable[[list[Line]], None]:
    def change(lines: list[Line]) -> None:
        lines[seq].update(fields)

    return change


def _greedy_seat(lines: list[Line]) -> None:
    """Seat 0's turn is taken over and over: it draws the whole stock, never discarding."""
    dealt = lines[2]
    kept = lines[:3]
    for offset, card in enumerate(dealt["stock"]):
        turn = (dealt["dealer"] + 1) % 4
        kept.append(
            {"seq": 3 + offset, "type": "CardDrawn", "seat": turn, "source": "stock", "card": card}
        )
    lines[:] = kept


def _unseeded_unequal(lines: list[Line]) -> None:
    """Not dealt from its seed, and one hand a card short (the card sits in the stock)."""
    lines[1]["seeded"] = False
    dealt = lines[2]
    dealt["stock"].append(dealt["hands"][0].pop())


def _last_of(kind: str, lines: list[Line]) -> Line:
    return next(line for line in reversed(lines) if line.get("type") == kind)


def _winner(lines: list[Line]) -> None:
    _last_of("GameEnded", lines)["winner"] = 99


def _round_twelve(lines: list[Line]) -> None:
    for line in lines:
        if line.get("type") in ("RoundDealt", "RoundScored") and line["round_no"] == 1:
            line["round_no"] = 12


def _mid_move(lines: list[Line]) -> None:
    """Ends inside one move: the last discard of round 1 was scored, and the next deal,
    which that discard leads to as well, is missing (the save of an interrupted move)."""
    scored = next(i for i, line in enumerate(lines) if line.get("type") == "RoundScored")
    del lines[scored + 1 :]


def _unfinished(lines: list[Line]) -> None:
    """Ends after a whole move, before the game's end."""
    last = max(i for i, line in enumerate(lines[:100]) if line.get("type") == "CardDiscarded")
    del lines[last + 1 :]


TEXTS: dict[str, Callable[[], str]] = {
    "reasons": lambda: _edited(_each_reason),
    "seats": lambda: _edited(_names("seats", "Eve" + ESCAPES)),
    "players": lambda: _edited(_names("players", "hard" + ESCAPES)),
    "engine": lambda: _edited(lambda lines: lines[0].update(engine=ESCAPES)),
    "format": lambda: _edited(lambda lines: lines[0].update(format=ESCAPES)),
    "unknown-key": lambda: _edited(_set(3, **{ESCAPES: 1})),
    "unknown-type": lambda: _edited(_set(3, type=ESCAPES)),
    "bad-card": lambda: _edited(_set(3, card="7" + ESCAPES)),
    "bad-source": lambda: _edited(_set(3, source=ESCAPES)),
    "long-reason": lambda: _edited(_set(3, reason="x" * 5000)),
    "long-seat": lambda: _edited(_names("seats", "E" * 500)),
    "long-line": lambda: _edited(_set(3, padding="y" * 100_000)),
    "deep-json": lambda: _edited(lambda lines: None).replace(
        '"reason"', '"deep": ' + "[" * 100_000 + "]" * 100_000 + ', "reason"', 1
    ),
    "greedy-seat": lambda: _edited(_greedy_seat),
    "unseeded-unequal": lambda: _edited(_unseeded_unequal),
    "winner-99": lambda: _edited(_winner),
    "round-12": lambda: _edited(_round_twelve),
    "mid-move": lambda: _edited(_mid_move),
    "unfinished": lambda: _edited(_unfinished),
    "not-utf8": lambda: "",
}
"""Every hostile log that is text, by name: the text of its file."""

INJECTED = ("reasons", "seats", "players", "engine", "format", "unknown-key", "unknown-type")
INJECTED += ("bad-card", "bad-source")
"""The logs of :data:`TEXTS` with control characters in their text (run by the ``test_safe``
modules; ``test_hostile_files`` runs the others)."""

CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Any character :func:`~threethirteen.repl.kit.safe.visible` shows: C0 but the newline, DEL,
C1, bidi controls."""

TOO_BIG = 9 * 1024 * 1024
"""The size of the oversized file: over the 8 MiB a log may have (a whole game is ~100 KB)."""


def corpus(folder: Path) -> dict[str, Path]:
    """Write every hostile file into ``folder``; their paths by name.

    Besides :data:`TEXTS`: a FIFO nobody writes to, a folder, a link to ``/dev/zero``,
    a sparse file over the size limit, and a file of bytes that are not UTF-8.
    """
    folder.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    for name, make in TEXTS.items():
        path = folder / f"{name}.jsonl"
        if name == "not-utf8":
            path.write_bytes(dump(base_lines()[:3]).encode() + b"\xff\xfe\x1b[2J\n")
        else:
            path.write_text(make(), encoding="utf-8")
        paths[name] = path
    fifo = folder / "fifo.jsonl"
    os.mkfifo(fifo)
    paths["fifo"] = fifo
    directory = folder / "folder.jsonl"
    directory.mkdir()
    paths["folder"] = directory
    zero = folder / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    paths["dev-zero"] = zero
    big = folder / "big.jsonl"
    with big.open("wb") as file:
        file.write(BASE.read_bytes())
        file.truncate(TOO_BIG)
    paths["big"] = big
    return paths
