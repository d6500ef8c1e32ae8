"""Files from strangers, round two (issue #18): each crafted file of
:mod:`tests.helpers.strangers` is refused, or shown, in the game's words: no traceback,
no hang, no line of output it made up or made long."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from threethirteen.core.errors import LogFormatError
from threethirteen.core.events import AssistanceUsed
from threethirteen.core.log import moves_cards
from threethirteen.core.log_bounds import MAX_HELPS
from threethirteen.repl.files.lock import LOCK, claim_folder
from threethirteen.repl.files.paths import data_path
from threethirteen.repl.files.reading import load_file
from threethirteen.repl.files.reproduce import write_report
from threethirteen.repl.files.stats import MAX_STATS_BYTES, read_stats
from threethirteen.repl.kit.render import Text
from threethirteen.repl.solo.keeping import record_result
from threethirteen.repl.solo.past import render_stats
from threethirteen.repl.solo.replay import verify_main
from threethirteen.repl.solo.saves import Saved, plan_save, write_save
from threethirteen.repl.solo.settings import YOU
from threethirteen.repl.words.i18n import Texts

from tests.helpers.games import finished_game
from tests.helpers.hostile import TEXTS as HOSTILE
from tests.helpers.strangers import write


def plain(text: Text) -> str:
    return "".join(part for _, part in text)


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


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_statistics_that_are_no_file_are_not_waited_for_nor_read_whole(
    data_home: Path, kind: str
) -> None:
    """A FIFO nobody writes to, a link to ``/dev/zero``: said, left as it is, the game
    not counted (they hung ``stats`` and the end of a game, or grew to a MemoryError)."""
    data_home.mkdir(parents=True)
    stats = data_home / "stats.json"
    if kind == "fifo":
        os.mkfifo(stats)
    else:
        stats.symlink_to("/dev/zero")
    assert plain(render_stats(Texts())) == (
        "Your statistics\n"
        "The statistics cannot be read (it is not a regular file; it is left as it is).\n"
    )
    said = record_result(*finished_game(), seat=YOU, assisted=False, tx=Texts("de"))
    assert [line for _, line in said] == [
        "Dieses Spiel konnte nicht in deine Statistik eingehen (sie ist keine reguläre "
        "Datei; sie bleibt, wie sie ist).",
        "In deinem Verlauf als Spiel 1 behalten: threethirteen replay 1",
    ]
    assert stats.is_fifo() if kind == "fifo" else stats.is_symlink()


def test_a_statistics_file_too_large_is_kept_aside(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    with (data_home / "stats.json").open("wb") as file:
        file.truncate(MAX_STATS_BYTES + 1)
    assert read_stats().kept is not None


def test_the_lock_follows_no_link_and_waits_for_no_fifo(tmp_path: Path) -> None:
    """A ``lock`` linked elsewhere leaves its target whole; a FIFO is no lock (a traceback)."""
    target = tmp_path / "precious.txt"
    target.write_text("mine\n")
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / LOCK).symlink_to(target)
    assert claim_folder(linked) is None
    assert target.read_text() == "mine\n"
    piped = tmp_path / "piped"
    piped.mkdir()
    os.mkfifo(piped / LOCK)
    assert claim_folder(piped) is None
    assert (piped / LOCK).is_fifo()


def test_a_relative_data_home_is_ignored(data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``XDG_DATA_HOME=data`` put the lock, the history and the autosave in the working
    folder; the XDG rules say a relative path is invalid, as the config path reads them."""
    monkeypatch.setenv("XDG_DATA_HOME", "data")
    home = Path(os.environ["HOME"])
    assert data_path() == home / ".local" / "share" / "threethirteen"
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert data_path() == home / ".local" / "share" / "threethirteen"


def test_a_long_seed_gets_a_short_file_name(data_home: Path, tmp_path: Path) -> None:
    """``save`` and ``report`` of a game with a 4,000-digit seed (a file name over 255 bytes
    failed them)."""
    events = load_file(write(tmp_path, "long-seed")).events
    seed = events[0].seed  # type: ignore[union-attr]
    plan = plan_save(None, seed)
    assert plan.name.startswith("threethirteen-7777777777777777-4000digits-")
    saved = write_save(plan, events, overwrite=False)
    assert isinstance(saved, Saved) and saved.path.exists()
    report = write_report(events, folder=tmp_path / "reports", settings="")
    assert report.log.name.endswith("-seed7777777777777777-4000digits.jsonl")
    assert report.log.exists()


def test_help_is_bounded_per_round_while_the_log_is_read(tmp_path: Path) -> None:
    """100,000 legal ``AssistanceUsed`` lines in one turn took 10 s to verify: refused at
    the first over the bound, before it is applied; the most a log may hold is read, and
    help (which moves no card) is not counted against the deck."""
    with pytest.raises(LogFormatError) as caught:
        load_file(write(tmp_path, "many-helps"))
    assert (caught.value.line, caught.value.key) == (3 + MAX_HELPS + 1, "log_too_much_help")
    said = f"line {3 + MAX_HELPS + 1}: help is recorded again over {MAX_HELPS} times in one round"
    assert str(caught.value) == said
    log = load_file(write(tmp_path, "most-help"))
    helps = sum(isinstance(event, AssistanceUsed) for event in log.events)
    assert helps == len(log.state.score_sheet) * MAX_HELPS
    # the decks are looked at after the events that move cards, never after help
    moving = [event for event in log.events if moves_cards(event)]
    assert not any(isinstance(event, AssistanceUsed) for event in moving)
    assert len(moving) == len(log.events) - helps - 1  # and the game's end
