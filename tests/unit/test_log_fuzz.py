"""Loading and verifying damaged logs: a clear LogFormatError or a failed verdict, never a crash."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import GameOptions, GameStarted
from threethirteen.core.log import encode_log, read_log
from threethirteen.core.verify import verify_log
from threethirteen.repl.words.i18n import Texts

from tests.helpers import ROOT
from tests.helpers.playouts import Recorded, record

REPLAYS = ROOT / "replays"


@pytest.fixture(scope="session")
def game() -> Recorded:
    """A greedy playout with two jokers, played once for the whole session."""
    return record(81, GameOptions(jokers=2))


@pytest.fixture(scope="session")
def short(game: Recorded) -> str:
    """The first 120 lines of the game's log: a few rounds, quick to load many times."""
    return "".join(game.lines[:120])


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
    assert Texts("en").verdict(verdict)


@FUZZ
@given(st.data())
def test_truncated_anywhere(short: str, data: st.DataObject) -> None:
    load_or_refuse(short[: data.draw(st.integers(min_value=0, max_value=len(short)))])


@FUZZ
@given(st.data())
def test_a_changed_card(game: Recorded, data: st.DataObject) -> None:
    number = data.draw(st.integers(min_value=2, max_value=119))
    event = json.loads(game.lines[number - 1])
    text = json.dumps(event, ensure_ascii=False)
    cards = [c for c in ("♣", "♦", "♥", "♠") if c in text]
    if not cards:
        return
    suit = data.draw(st.sampled_from(cards))
    other = data.draw(st.sampled_from([s for s in "♣♦♥♠" if s != suit]))
    lines = list(game.lines[:120])
    lines[number - 1] = text.replace(suit, other, 1) + "\n"
    load_or_refuse("".join(lines))


@FUZZ
@given(st.integers(min_value=1, max_value=118), st.integers(min_value=1, max_value=118))
def test_events_swapped_or_removed(game: Recorded, i: int, j: int) -> None:
    lines = list(game.lines[:120])
    lines[i], lines[j] = lines[j], lines[i]
    load_or_refuse("".join(lines))
    del lines[i]
    load_or_refuse("".join(lines))


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(game: Recorded, data: bytes) -> None:
    load_or_refuse(data.decode("utf-8", errors="replace"))
    load_or_refuse(game.lines[0] + data.decode("latin-1"))


@FUZZ
@given(st.text(max_size=200))
def test_random_text_after_a_good_header(game: Recorded, text: str) -> None:
    load_or_refuse(game.lines[0] + game.lines[1] + text)


def test_huge_and_deeply_nested_lines(game: Recorded) -> None:
    load_or_refuse(
        game.lines[0] + '{"seq": 1, "type": "GameStarted", "seed": ' + "9" * 100_000 + "}\n"
    )
    load_or_refuse(game.lines[0] + "[" * 100_000 + "\n")
    load_or_refuse(game.lines[0] + json.dumps({"seq": 1, "type": "x" * 1_000_000}) + "\n")


def test_other_formats() -> None:
    for text in ('[Event "chess"]\n1. e4 e5\n', "a,b,c\n1,2,3\n", "\x00\x01\x02", "{}\n", "null\n"):
        load_or_refuse(text)


def _verify_cli(text: str, tmp: Path) -> tuple[int, str]:
    """``threethirteen replay FILE --verify`` in-process: its exit code and output."""
    from threethirteen.repl.solo.replay import main

    path = tmp / "game.jsonl"
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main([str(path), "--verify"])
    return code, out.getvalue()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=1, max_value=118),
    st.sampled_from(["cut", "drop", "swap", "garbage", "card"]),
)
def test_verify_command_on_damaged_files(game: Recorded, at: int, damage: str) -> None:
    """One line of output naming the file, exit code 1 (or 0 if harmless), no traceback, and
    nothing written to the data folder."""
    lines = list(game.lines[:120])
    if damage == "cut":
        text = "".join(lines)[: sum(map(len, lines[:at])) + 7]
    elif damage == "drop":
        del lines[at]
        text = "".join(lines)
    elif damage == "swap":
        lines[at], lines[at + 1] = lines[at + 1], lines[at]
        text = "".join(lines)
    elif damage == "garbage":
        lines[at] = "\x00\xff{{{" + lines[at]
        text = "".join(lines)
    else:
        lines[at] = lines[at].replace("♥", "♠", 1).replace("♦", "♣", 1)
        text = "".join(lines)
    # hypothesis runs the test many times per fixture, so each example makes its own folder
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        tmp = Path(folder)
        data = tmp / "data"
        patch.setenv("XDG_DATA_HOME", str(data))
        code, output = _verify_cli(text, tmp)
        assert "Traceback" not in output
        assert len(output.strip().splitlines()) == 1 and output.startswith(str(tmp))
        assert code in (0, 1) and (code == 0) == (": ok: " in output)
        assert not data.exists()


def test_schema_1_logs_load_through_the_upcaster(short: str) -> None:
    """Schema 2 gave GameStarted its commitment and salt: a schema-1 log (every shipped
    replay is one) still loads, as a game that made no promise; a schema-2 line without
    them is refused, so is an old line under a header that claims the new schema."""
    from threethirteen.core.log import SCHEMA, UPCASTERS

    assert SCHEMA == 3 and set(UPCASTERS) == {1, 2}
    old = (REPLAYS / "jokers-2.jsonl").read_text(encoding="utf-8")
    assert '"schema": 1' in old.splitlines()[0] and "commitment" not in old
    loaded = read_log(old)
    started = loaded.events[0]
    assert isinstance(started, GameStarted)
    assert (started.commitment, started.salt) == (None, None)
    assert encode_log(loaded.events).count('"commitment": null') == 1
    header, first, rest = old.split("\n", 2)
    with pytest.raises(LogFormatError) as caught:
        read_log("\n".join((header.replace('"schema": 1', '"schema": 2'), first, rest)))
    assert caught.value.line == 2 and "commitment" in str(caught.value)
    written = short.split("\n")
    assert '"commitment": null' in written[1]
    written[1] = written[1].replace('"salt": null, ', "").replace(', "salt": null', "")
    with pytest.raises(LogFormatError, match="salt"):
        read_log("\n".join(written))
