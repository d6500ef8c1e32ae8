"""Files from strangers, round two (issue #18): each crafted file of
:mod:`tests.helpers.strangers` is refused, or shown, in the game's words: no traceback,
no hang, no line of output it made up or made long."""

from __future__ import annotations

from pathlib import Path

import pytest
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.solo.replay import verify_main

from tests.helpers.hostile import TEXTS as HOSTILE
from tests.helpers.strangers import write


def _verify(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str], **how: object
) -> tuple[int, str]:
    path = write(tmp_path, name)
    code = verify_main(path, label=name, **how)  # type: ignore[arg-type]
    return code, capsys.readouterr().out


def test_a_promise_must_be_dealt_from_its_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _verify(tmp_path, "promised-unseeded", capsys)
    assert code == 1
    assert out == (
        "promised-unseeded: line 2: the game promised its deal (a commitment) but says it is "
        "not dealt from its seed: the promise cannot be checked\n"
    )


def test_verify_takes_the_seat_names_the_reader_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name the loader takes (shown safely) is no reason for ``--verify`` to refuse."""
    path = tmp_path / "seats.jsonl"
    path.write_text(HOSTILE["seats"](), encoding="utf-8")
    load_file(path)  # the replay opens it
    assert verify_main(path, label="seats") == 0
    out = capsys.readouterr().out
    assert out.startswith("seats: ok: seed 101")
