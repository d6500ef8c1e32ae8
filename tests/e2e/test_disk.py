"""A full disk in a real process: a file size limit (``RLIMIT_FSIZE``) loses nothing
played (the rest of the full-disk tests run in-process: ``tests/unit/test_disk.py``)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from threethirteen.core.log import read_log

from tests.helpers import ROOT

CHILD = """
import resource, sys
from pathlib import Path
from threethirteen.repl.words.i18n import Texts
from threethirteen.repl.solo.game import new_solo_front
from threethirteen.repl.kit.screen import PlainScreen
from threethirteen.repl.solo.settings import Settings
from threethirteen.repl.files.log_file import LogFile
from tests.helpers.opening import game_of
from tests.helpers.play import play_a_turn

path = Path(sys.argv[1])
front = new_solo_front(
    5, tx=Texts(), screen=PlainScreen(sys.stdout), settings=Settings(speed="instant"),
    autosave=LogFile(path),
)
game_of(front).save()
front.begin()
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (path.stat().st_size + 100, hard))
play_a_turn(front)
play_a_turn(front)
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
play_a_turn(front)
print("events:", len(game_of(front).events))
"""


def test_a_file_size_limit_in_a_real_process_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "auto.jsonl"
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHILD), str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )  # however long it takes (the test's time limit is the net)
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert said.count("The game could not be saved (File too large)") == 1
    assert said.count("The game is saved again.") == 1
    count = int(said.rsplit("events:", 1)[1])
    assert len(read_log(path.read_text()).events) == count
