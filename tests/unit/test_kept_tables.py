"""Tables that cannot be resumed (issue #25, finding 1, the server's side), without the
network: a hall that finds files it cannot read back keeps each such table under its
code, never gives that code to a new table, never changes its files, keeps its players'
names, and says why in the players' words without quoting the files. Over SSH:
tests/e2e/test_server_kept_tables.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from threethirteen.core.cards import parse_card
from threethirteen.core.errors import LogFormatError
from threethirteen.core.log_bounds import MAX_HELPS
from threethirteen.repl.protocol.acts import Start
from threethirteen.repl.server.codes import CODES, code_at
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.kept import Kept, refused_log
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import Identity, KeyBook
from threethirteen.repl.server.plan import Plan, plan_text
from threethirteen.repl.server.room import Room
from threethirteen.repl.server.service import Service, hall_names
from threethirteen.repl.words.i18n import Texts

from tests.helpers.rooms import Ear
from tests.helpers.strangers import help_past_the_bound

SEED, SALT = 2213, "c0ffee" * 5 + "00"
HELP = f"help is recorded again over {MAX_HELPS} times in one round"
GERMAN_HELP = f"(Hilfe ist in einer Runde über {MAX_HELPS}-mal wiederholt verzeichnet)"


def hall_at(folder: Path, pool: ThreadPoolExecutor, reports: list[str], *codes: str) -> Hall:
    """A hall on ``folder`` whose new tables draw ``codes`` in turn (at random without)."""
    numbers = {code_at(number): number for number in range(CODES)}
    drawn = [numbers[code] for code in codes]
    turn = iter(range(1 << 30))

    def draw(most: int) -> int:
        return drawn[next(turn) % len(drawn)] if drawn else secrets.randbelow(most)

    return Hall(
        folder,
        pool=pool,
        limits=Limits(),
        pace=0.0,
        deal=lambda: (SEED, SALT),
        report=reports.append,
        codes=draw,
    )


def dealt(folder: Path) -> str:
    """A table of ana's, of two seats, dealt, the server stopped: its code."""

    async def play() -> str:
        with ThreadPoolExecutor(2) as pool:
            hall = hall_at(folder, pool, [])
            hall.load()
            room = await hall.create(
                Identity("ana", None), Plan(code="", host="", level="greedy", seats=2)
            )
            assert isinstance(room, Room)
            assert await Ear.at(room, "ana", 0).send(room, Start()) is None
            await hall.stop()
            return room.code

    return asyncio.run(play())


def snapshot(tables: Path) -> dict[str, bytes | str]:
    """Every file in ``tables`` (not the past), its bytes, or what it is when it is not
    a regular file."""
    found: dict[str, bytes | str] = {}
    for path in sorted(tables.iterdir()):
        if path.name != "past":
            found[path.name] = path.read_bytes() if path.is_file() else "not a file"
    return found


def test_every_table_that_cannot_be_read_back_is_kept_under_its_code_untouched(
    tmp_path: Path,
) -> None:
    """Seven tables cannot be resumed, each for another reason, one mended by hand: each
    is reported and kept (nothing in ``rooms``), three new tables that draw only their
    codes get others, and every file of theirs is as it was once the hall has stopped. The
    one mended resumes at the next start; the others stay kept."""
    code = dealt(tmp_path)
    tables = tmp_path / "tables"
    good_plan = json.loads((tables / f"{code}.json").read_text(encoding="utf-8"))
    good_log = tables / f"{code}.jsonl"
    number = next(n for n in range(CODES) if code_at(n) == code)
    others = [code_at(number + step) for step in range(1, 8)]
    helped, fifo_plan, foreign, orphan, folder_log, cards, wider = others

    def table(other: str, plan: object = None, log: bool = True) -> None:
        if plan is not None:
            text = plan if isinstance(plan, str) else json.dumps(plan)
            (tables / f"{other}.json").write_text(text, encoding="utf-8")
        if log:
            shutil.copyfile(good_log, tables / f"{other}.jsonl")

    table(helped, good_plan | {"code": helped})
    line = help_past_the_bound(tables / f"{helped}.jsonl")
    os.mkfifo(tables / f"{fifo_plan}.json")  # never opened to wait for a writer
    table(fifo_plan)
    table(foreign, good_plan)  # the plan of another table
    table(orphan)  # a log without its plan
    table(folder_log, good_plan | {"code": folder_log}, log=False)
    (tables / f"{folder_log}.jsonl").mkdir()
    table(cards, good_plan | {"code": cards})
    lines = (tables / f"{cards}.jsonl").read_text(encoding="utf-8").splitlines()
    dealt_line = json.loads(lines[2])
    assert dealt_line["type"] == "RoundDealt"
    dealt_line["hands"][0][0] = dealt_line["hands"][1][0]  # a card twice, one gone
    lines[2] = json.dumps(dealt_line)
    (tables / f"{cards}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    people, keys = ["ana", None, None, None], ["password", None, None, None]
    table(wider, good_plan | {"code": wider, "seats": 4, "people": people, "keys": keys})
    before = snapshot(tables)
    reports: list[str] = []

    async def restart() -> tuple[dict[str, Kept], list[str]]:
        with ThreadPoolExecutor(2) as pool:
            hall = hall_at(tmp_path, pool, reports, *others)
            hall.load()
            assert set(hall.rooms) == {code}
            made = []
            for name in ("ana", "ben", "eve"):
                room = await hall.create(
                    Identity(name, None), Plan(code="", host="", level="greedy", seats=2)
                )
                assert isinstance(room, Room)
                made.append(room.code)
                assert await Ear.at(room, name, 0).send(room, Start()) is None
            assert hall.find(helped) is None
            assert hall.directory.find_kept(helped.lower()) is not None
            unread = {fifo_plan, foreign, orphan}  # (who sat there is not known)
            assert {kept.code for kept in hall.directory.kept_of("ana")} == set(others) - unread
            assert "ana" in hall_names(hall)
            await hall.stop()
            return hall.kept, made

    kept, made = asyncio.run(restart())
    assert not set(made) & set(others) and len(set(made)) == 3
    reasons = {other: kept[other].reason for other in kept}
    assert reasons == {
        helped: "server.kept_log",
        fifo_plan: "server.kept_plan",
        foreign: "server.kept_plan",
        orphan: "server.kept_no_plan",
        folder_log: "server.kept_log_unread",
        cards: "server.kept_log_hidden",
        wider: "server.kept_table",
    }
    assert kept[helped].line == line and kept[cards].line == 3
    said = [report for report in reports if "cannot be resumed" in report]
    assert len(said) == len(others) and all("kept as they are" in report for report in said)
    assert any(f"table {helped} cannot be resumed: line {line}: {HELP}" in r for r in said)
    after = snapshot(tables)
    kept_before = {name: text for name, text in before.items() if not name.startswith(code)}
    assert {name: after[name] for name in kept_before} == kept_before  # byte for byte
    # (the table resumed plays on at the start, as it did before the stop: its AI's turn)
    assert all(f"{new}.jsonl" in after for new in made)

    (tables / f"{helped}.jsonl").write_bytes(good_log.read_bytes())  # mended by hand
    events = len(good_log.read_bytes().splitlines()) - 1  # (under the log's header)
    reports.clear()

    async def mended() -> None:
        with ThreadPoolExecutor(2) as pool:
            hall = hall_at(tmp_path, pool, reports)
            hall.load()
            assert helped in hall.rooms and helped not in hall.kept
            assert set(hall.kept) == set(others) - {helped}
            await hall.stop()

    asyncio.run(mended())
    assert f"table {helped} resumed at event {events}" in reports


def test_why_a_table_cannot_be_resumed_is_said_in_both_languages_quoting_nothing() -> None:
    """The reader's own sentence when it holds only numbers; a line alone when the error
    names cards (of a hand nobody else may see) or text of the file; a file's error,
    which names the server's folder, never."""
    too_much = LogFormatError("log_too_much_help", line=212, limit=MAX_HELPS)
    helped = refused_log("KITE-7", None, too_much)
    assert helped.said(Texts("en")) == (
        f"cannot be resumed: its log is refused at line 212 ({HELP})"
    )
    assert helped.said(Texts("de")) == (
        f"lässt sich nicht fortsetzen: sein Protokoll wird in Zeile 212 abgelehnt {GERMAN_HELP}"
    )
    top = LogFormatError("log_not_stock_top", line=9, seat=1, card=parse_card("7h"), top=None)
    hidden = refused_log("KITE-7", None, top)
    for lang in ("en", "de"):
        assert "7" not in hidden.said(Texts(lang)).replace("9", "")
    assert hidden.said(Texts("en")) == (
        "cannot be resumed: its log is refused at line 9 (whoever runs the server can see why)"
    )
    path = "/srv/secret/tables/KITE-7.jsonl"
    unread = refused_log("KITE-7", None, LogFormatError("file_unreadable", path=path, detail="x"))
    assert unread.reason == "server.kept_log_unread"
    assert "secret" not in unread.said(Texts("en")) and "secret" not in unread.said(Texts("de"))
    assert refused_log("KITE-7", None, OSError("disk")).reason == "server.kept_log_unread"


@pytest.mark.parametrize("reason", ["server.kept_plan", "server.kept_no_plan", "server.kept_table"])
def test_every_reason_is_a_sentence_in_both_languages(reason: str) -> None:
    for lang in ("en", "de"):
        text = Kept("KITE-7", reason).said(Texts(lang))
        assert "{" not in text and "None" not in text and len(text) < 80, text


def test_a_password_player_at_a_table_that_cannot_be_resumed_keeps_their_name(
    tmp_path: Path,
) -> None:
    """carol came in with the password and sat at a table whose log is now refused: no key
    may take her name (the table resumes, should its log be mended), and it counts as
    having sat; a name of no table is free for a key."""
    tables = tmp_path / "tables"
    tables.mkdir()
    plan = Plan(code="KITE-7", host="carol", people=["carol", None, None, None])
    (tables / "KITE-7.json").write_text(plan_text(plan), encoding="utf-8")
    (tables / "KITE-7.jsonl").write_text("not a log\n", encoding="utf-8")
    with ThreadPoolExecutor(1) as pool:
        limits = Limits()
        hall = Hall(tmp_path, pool=pool, limits=limits, pace=0.0, deal=lambda: (SEED, SALT))
        hall.load()
        assert hall.kept["KITE-7"].reason == "server.kept_log_hidden"
        book = KeyBook(tmp_path / "keys.json")
        service = Service(hall, book, password="correct horse", limits=limits, report=len)
        assert service.password_holds("carol") and not service.password_holds("dave")
        assert "carol" in hall_names(hall)
