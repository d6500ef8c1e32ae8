"""What a host sees of ``threethirteen serve``: on standard output the addresses and the host
key, on standard error only the server's own log lines, from its start to its stop. Whatever
a library says, even as it is imported (asyncssh 2.24 with cryptography 51 warns five times
as it is imported), is a stamped line of that log, once per kind.

The server runs with the packages installed (CI installs the newest the project allows),
and once more with a library that is made to warn as it is imported, whatever its version.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.helpers.attacks import stop_server
from tests.helpers.sshclient import Server

STAMPED = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S")
"""How every line of the server's log begins: the time, then what happened."""

WARNS = '''\
"""The server's command, with asyncssh made to warn as it is imported (twice, alike)."""
import importlib.abc
import sys
import warnings


class Warns(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "asyncssh":
            for _ in range(2):
                warnings.warn("this library is out of date\\nsee its notes", UserWarning)
        return None


sys.meta_path.insert(0, Warns())
from threethirteen.repl.cli import main

sys.exit(main(sys.argv[1:]))
'''


def stopped_log(server: Server) -> list[str]:
    """The lines the server wrote on standard error, from its start to its stop."""
    server.start()
    stop_server(server)
    return server.log().splitlines()


def assert_only_its_own(lines: list[str]) -> None:
    assert lines and lines[-1].endswith("server stopped"), lines
    assert not [line for line in lines if not STAMPED.match(line)], lines
    said = Counter(line.split(" ", 2)[2] for line in lines)
    assert max(said.values()) == 1, said  # each thing once


def test_the_server_and_its_web_front_write_only_their_own_lines(tmp_path: Path) -> None:
    lines = stopped_log(Server(tmp_path / "server", "--web", "0"))
    assert_only_its_own(lines)


def test_a_library_that_warns_as_it_is_imported_is_a_line_of_the_log(tmp_path: Path) -> None:
    launcher = tmp_path / "warns.py"
    launcher.write_text(WARNS, encoding="utf-8")
    lines = stopped_log(Server(tmp_path / "server", "--web", "0", launcher=launcher))
    assert_only_its_own(lines)
    warned = [line for line in lines if "this library is out of date" in line]
    assert len(warned) == 1, lines
    said = r"UserWarning: this library is out of date \| see its notes \(\S+/warns.py:\d+\)"
    assert re.search(said, warned[0]), warned
