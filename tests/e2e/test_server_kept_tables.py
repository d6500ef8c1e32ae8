"""Tables that cannot be resumed (issue #25, finding 1, the server's side): a table whose
files ``threethirteen serve`` cannot read back at start keeps its code and its files, and
its players and the lobby are told why. The real OpenSSH client against a real server on
loopback; the files are broken by hand between two runs, as a table that recorded 101
pieces of help in a row did before the bound held at the table.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from threethirteen.core.log_bounds import MAX_HELPS
from threethirteen.repl.server.codes import CODES, code_at

from tests.helpers.child import Cli
from tests.helpers.sshclient import SSH, SSH_KEYGEN, Player, Server, deal
from tests.helpers.strangers import help_past_the_bound

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="needs the OpenSSH client (ssh and ssh-keygen)"
)

SEED, SALT = 2513, "ab" * 16
MADE = r"Table ([A-Z]{4}-\d+) is yours"
HELP = f"help is recorded again over {MAX_HELPS} times in one round"
GERMAN_HELP = f"(Hilfe ist in einer Runde über {MAX_HELPS}-mal wiederholt verzeichnet)"


def said(text: str) -> str:
    """``text`` as a pattern, each blank any blanks (a line broken at the screen's width)."""
    return r"\s+".join(re.escape(word) for word in text.split())


def files_of(folder: Path, *codes: str) -> dict[str, bytes]:
    """Every file of the tables ``codes`` in the server's ``tables``, byte for byte."""
    tables = folder / "tables"
    return {path.name: path.read_bytes() for code in codes for path in tables.glob(f"{code}.*")}


def dealt_table(server: Server, connect: Callable[..., Player], *guests: str) -> str:
    """ana makes a table of two seats or more, for herself and ``guests`` (the greedy AI
    at the others), deals, and everybody leaves with the server's stop; the table's code."""
    ana = connect(server.port, "ana", lobby=True)
    ana.line(f"new --level greedy --seats {max(2, 1 + len(guests))}")
    code = ana.expect(MADE).group(1)
    others = [connect(server.port, name, lobby=True) for name in guests]
    for other in others:
        other.line(f"join {code}")
        ana.expect(rf"{other.name} sits down")
    deal(ana, *others)
    server.stop()
    for player in (ana, *others):
        player.wait_end()
    return code


def test_a_table_whose_log_is_refused_is_kept_told_and_listed_and_never_changes(
    server: Server, connect: Callable[..., Player], cli: Cli
) -> None:
    """The table's log holds more hints than a round records: after the restart the
    server's log says it cannot be resumed and keeps it; ana and ben are told at the lobby,
    everybody's
    ``tables`` lists it and why (in English and German), ``join`` says so; new tables are
    made and played beside it, and after the stop and another start its files are as they
    were, byte for byte. ``replay --verify`` tells the host the same line."""
    code = dealt_table(server, connect, "ben")
    log = server.folder / "tables" / f"{code}.jsonl"
    refused = help_past_the_bound(log)
    before = files_of(server.folder, code)
    assert set(before) == {f"{code}.json", f"{code}.jsonl"}

    server.start()
    server.wait_log(f"table {code} cannot be resumed: line {refused}: {HELP}")
    why = f"cannot be resumed: its log is refused at line {refused} ({HELP})"
    ana = connect(server.port, "ana", lobby=True)
    ana.expect(said(f"Your table {code} cannot be resumed since the server restarted"))
    ana.expect(said("No open tables yet"))
    ana.expect(rf"{code}\s+ana,\s+ben\s+·\s+{said(why)}")
    ben = connect(server.port, "ben", lobby=True)
    ben.expect(said(f"Your table {code} cannot be resumed"))
    ben.line(f"join {code}")
    ben.expect(said(f"Table {code} {why}. Nobody plays there any more."))
    eve = connect(server.port, "eve", lobby=True)
    eve.expect(rf"{code}\s+ana,\s+ben\s+·\s+{said(why)}")
    assert "Your table" not in eve.text  # (the listing came after such news)
    eve.line("lang de")
    eve.line("tische")
    german = f"lässt sich nicht fortsetzen: sein Protokoll wird in Zeile {refused} abgelehnt"
    eve.expect(rf"{code}\s+ana,\s+ben\s+·\s+{said(german)}")
    eve.expect(said(GERMAN_HELP))
    eve.line(f"zuschauen {code}")
    eve.expect(said(f"Tisch {code} {german}"))
    eve.line("lang en")

    made = []
    for player in (ana, eve):
        player.line("new --level greedy --seats 2")
        made.append(player.expect(MADE).group(1))
        deal(player)
    assert code not in made
    server.stop()
    for player in (ana, ben, eve):
        player.wait_end()
    assert files_of(server.folder, code) == before
    assert all((server.folder / "tables" / f"{other}.jsonl").exists() for other in made)

    server.start()  # and again: still kept, still as it was
    log = server.wait_log(f"table {code} cannot be resumed: line {refused}", times=2)
    assert log.count(f"table {code} cannot be resumed: line {refused}") == 2
    server.stop()
    assert files_of(server.folder, code) == before

    verified = cli.run("replay", str(log), "--verify")
    assert verified.returncode != 0
    assert f"line {refused}: {HELP}" in verified.stdout + verified.stderr


def test_a_new_table_never_gets_the_code_of_a_table_that_cannot_be_resumed(
    tmp_path: Path, connect: Callable[..., Player]
) -> None:
    """Three tables cannot be resumed (a log refused, a plan that is not one, a log
    without its plan), and the server draws their codes, and only theirs, for every new
    table: three new tables get other codes, are dealt, and the three tables' files are
    unchanged, byte for byte, when the server has stopped."""
    folder = tmp_path / "server"
    first = Server(folder, deal=(SEED, SALT)).start()
    refused = dealt_table(first, connect)
    tables = folder / "tables"
    number = next(n for n in range(CODES) if code_at(n) == refused)
    broken, orphan = code_at(number + 1), code_at(number + 2)  # the next codes in turn
    shutil.copyfile(tables / f"{refused}.jsonl", tables / f"{broken}.jsonl")
    (tables / f"{broken}.json").write_text('{"code": "not a plan"', encoding="utf-8")
    shutil.copyfile(tables / f"{refused}.jsonl", tables / f"{orphan}.jsonl")
    line = help_past_the_bound(tables / f"{refused}.jsonl")
    kept = (refused, broken, orphan)
    before = files_of(folder, *kept)
    assert len(before) == 5

    server = Server(folder, deal=(SEED, SALT), codes=kept).start()
    try:
        for code in kept:
            server.wait_log(f"table {code} cannot be resumed")
        ana = connect(server.port, "ana", lobby=True)
        why = f"its log is refused at line {line} ({HELP})"
        said_why = said("cannot be resumed: " + why)
        ana.expect(rf"{refused}\s+ana,\s+AI 2\s+\(greedy\)\s+·\s+{said_why}")
        ana.expect(rf"{broken}\s+·\s+{said('cannot be resumed: its plan cannot be read')}")
        missing = "cannot be resumed: its plan is missing (only its log is there)"
        ana.expect(rf"{orphan}\s+·\s+{said(missing)}")
        made = []
        guests = (connect(server.port, name, lobby=True) for name in ("ben", "eve"))
        for player in (ana, *guests):
            player.line("new --level greedy --seats 2")
            made.append(player.expect(MADE).group(1))
            deal(player)
        assert not set(made) & set(kept), made
    finally:
        server.stop()
    assert files_of(folder, *kept) == before
    assert all((tables / f"{code}.jsonl").exists() for code in made)
