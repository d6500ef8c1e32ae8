"""Loading and verifying damaged logs: a clear LogFormatError or a failed verdict, never a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import LogFormatError
from core.events import GameOptions
from core.log import encode_log, read_log
from core.verify import summary, verify_log
from tests.playouts import play_game

_, _LOG = play_game(81, GameOptions(jokers=2))
TEXT = encode_log(_LOG)
LINES = TEXT.splitlines(keepends=True)
SHORT = "".join(LINES[:120])  # a few rounds: quick to load many times

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def load_or_refuse(text: str) -> None:
    """Either the log loads and verifies (or fails verification cleanly), or it is refused."""
    try:
        log = read_log(text)
    except LogFormatError as error:
        assert str(error).startswith("line ") or error.line is None
        assert "\n" not in str(error)
        return
    verdict = verify_log(log)
    assert summary(verdict)


@FUZZ
@given(st.integers(min_value=0, max_value=len(SHORT)))
def test_truncated_anywhere(cut: int) -> None:
    load_or_refuse(SHORT[:cut])


@FUZZ
@given(st.data())
def test_a_changed_card(data: st.DataObject) -> None:
    number = data.draw(st.integers(min_value=2, max_value=119))
    event = json.loads(LINES[number - 1])
    text = json.dumps(event, ensure_ascii=False)
    cards = [c for c in ("♣", "♦", "♥", "♠") if c in text]
    if not cards:
        return
    suit = data.draw(st.sampled_from(cards))
    other = data.draw(st.sampled_from([s for s in "♣♦♥♠" if s != suit]))
    lines = list(LINES[:120])
    lines[number - 1] = text.replace(suit, other, 1) + "\n"
    load_or_refuse("".join(lines))


@FUZZ
@given(st.integers(min_value=1, max_value=118), st.integers(min_value=1, max_value=118))
def test_events_swapped_or_removed(i: int, j: int) -> None:
    lines = list(LINES[:120])
    lines[i], lines[j] = lines[j], lines[i]
    load_or_refuse("".join(lines))
    del lines[i]
    load_or_refuse("".join(lines))


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    load_or_refuse(data.decode("utf-8", errors="replace"))
    load_or_refuse(LINES[0] + data.decode("latin-1"))


@FUZZ
@given(st.text(max_size=200))
def test_random_text_after_a_good_header(text: str) -> None:
    load_or_refuse(LINES[0] + LINES[1] + text)


def test_huge_and_deeply_nested_lines() -> None:
    load_or_refuse(LINES[0] + '{"seq": 1, "type": "GameStarted", "seed": ' + "9" * 100_000 + "}\n")
    load_or_refuse(LINES[0] + "[" * 100_000 + "\n")
    load_or_refuse(LINES[0] + json.dumps({"seq": 1, "type": "x" * 1_000_000}) + "\n")


def test_other_formats() -> None:
    for text in ('[Event "chess"]\n1. e4 e5\n', "a,b,c\n1,2,3\n", "\x00\x01\x02", "{}\n", "null\n"):
        load_or_refuse(text)


def test_the_same_seed_gives_the_same_log_whatever_the_hash_seed() -> None:
    """Byte-identical logs from two processes with different PYTHONHASHSEED."""
    program = (
        "import sys; from core.log import encode_log; from core.events import GameOptions;"
        "from tests.playouts import play_game;"
        "sys.stdout.write(encode_log(play_game(91, GameOptions(jokers=4))[1]))"
    )
    outputs = []
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", program], env=env, capture_output=True, check=True
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].decode("utf-8") == encode_log(play_game(91, GameOptions(jokers=4))[1])
