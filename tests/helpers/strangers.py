"""Files from strangers, round two (issue #18): crafted files the first round let through.

Like :mod:`tests.helpers.hostile`, each starts from the curated game and breaks it one
way, and is written into a folder the test gives: a promise with no seeded deal, a lone
surrogate, line breaks, long numbers, a config of nested arrays, legal logs of help.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from threethirteen.core.events import Assistance, AssistanceUsed
from threethirteen.core.fairness import commitment
from threethirteen.core.log import event_line, read_log
from threethirteen.core.log_bounds import MAX_HELPS

from tests.helpers.hostile import Line, _edited, base_lines, dump

SALT = "5eed"


def _promised_unseeded(lines: list[Line]) -> None:
    """A valid commitment to the seed, and deals that say they are not from the seed
    (a host could stack them: the promise would have caught it)."""
    lines[0]["schema"] = 2
    started = lines[1]
    started.update(seeded=False, salt=SALT, commitment=commitment(started["seed"], SALT))


def _seat_name(seat: int, name: str) -> Callable[[list[Line]], None]:
    def change(lines: list[Line]) -> None:
        for line in lines[:2]:
            line["seats"][seat] = name

    return change


def _reason(text: str) -> Callable[[list[Line]], None]:
    def change(lines: list[Line]) -> None:
        for line in lines[1:]:
            if "reason" in line:
                line["reason"] = text

    return change


def _total(lines: list[Line]) -> None:
    scored = next(line for line in lines if line.get("type") == "RoundScored")
    scored["totals"] = [int("9" * 4000), *scored["totals"][1:]]


def _negative_penalty(lines: list[Line]) -> None:
    scored = next(line for line in lines if line.get("type") == "RoundScored")
    scored["scores"][0]["penalty"] = -5


def _bad_scores(lines: list[Line]) -> None:
    scored = next(line for line in lines if line.get("type") == "RoundScored")
    second = scored["scores"][1]
    second.update(melds=[], unmelded=second["hand"])  # the penalty still says 0


def _helped(count: int) -> Callable[[list[Line]], None]:
    """``count`` legal pieces of help asked for by the first seat to act, before its draw."""

    def change(lines: list[Line]) -> None:
        seat = lines[3]["seat"]
        helps = [{"type": "AssistanceUsed", "seat": seat, "help": "hint"} for _ in range(count)]
        edited = [*lines[:3], *helps, *lines[3:]]
        for seq, line in enumerate(edited[1:], start=1):
            line["seq"] = seq
        lines[:] = edited

    return change


def _long_seed(lines: list[Line]) -> None:
    """A seed of 4,000 digits (its deals, then, not from it): too long for a file's name."""
    for line in lines[:2]:
        line["seed"] = int("7" * 4000)
    lines[1]["seeded"] = False


def _most_help(lines: list[Line]) -> None:
    """The most help a round records: :data:`~core.log_bounds.MAX_HELPS` before the first
    move of every round, by the seat that makes it (a legal log)."""
    edited, dealt = lines[:2], False
    for line in lines[2:]:
        dealt = dealt or line.get("type") == "RoundDealt"
        if dealt and line.get("type") == "CardDrawn":
            help_ = {"type": "AssistanceUsed", "seat": line["seat"], "help": "hint"}
            edited += [dict(help_) for _ in range(MAX_HELPS)]
            dealt = False
        edited.append(line)
    for seq, line in enumerate(edited[1:], start=1):
        line["seq"] = seq
    lines[:] = edited


TEXTS: dict[str, Callable[[], str]] = {
    "promised-unseeded": lambda: _edited(_promised_unseeded),
    "surrogate-seat": lambda: _edited(_seat_name(1, "Le\ud800ft")).replace("\ud800", "\\ud800"),
    "newline-seat": lambda: _edited(_seat_name(1, "Eve\n77 You win.")),
    "newline-reason": lambda: _edited(_reason("fine\n77 You discard K♠.")),
    "long-total": lambda: _edited(_total),
    "negative-penalty": lambda: _edited(_negative_penalty),
    "bad-scores": lambda: _edited(_bad_scores),
    "many-helps": lambda: _edited(_helped(100_000)),
    "long-seed": lambda: _edited(_long_seed),
    "most-help": lambda: _edited(_most_help),
}
"""Every crafted log of this round, by name: the text of its file."""

NESTED_CONFIG = "a = " + "[" * 5000 + "]" * 5000 + "\n"
"""A ``config.toml`` of 10 KB of nested arrays."""


def write(folder: Path, name: str) -> Path:
    """Write the crafted log ``name`` into ``folder``; its path."""
    path = folder / f"{name}.jsonl"
    path.write_text(TEXTS[name](), encoding="utf-8")
    return path


__all__ = ["NESTED_CONFIG", "TEXTS", "base_lines", "dump", "write"]


def help_past_the_bound(log: Path) -> int:
    """Append :data:`~core.log_bounds.MAX_HELPS` + 1 hints by the seat to play to the log
    at ``log``, as a shared table recorded 100 hints and an ``auto turn`` before the bound
    held at the table (issue #25); the line the reader refuses."""
    text = log.read_text(encoding="utf-8")
    state = read_log(text).state
    assert state.turn is not None, "a game in play"
    first = text.count("\n")  # the header, then one line per event: the next event's number
    hint = AssistanceUsed(seat=state.turn, help=Assistance.HINT)
    helps = "".join(event_line(seq, hint) for seq in range(first, first + MAX_HELPS + 1))
    with log.open("a", encoding="utf-8") as file:
        file.write(helps)
    return first + MAX_HELPS + 1
