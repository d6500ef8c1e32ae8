"""A log is the same bytes whatever the process: two child processes with different
``PYTHONHASHSEED`` write the same log for a seed (damaged logs, in-process:
``tests/unit/test_log_fuzz.py``)."""

from __future__ import annotations

import os
import subprocess
import sys

from threethirteen.core.events import GameOptions
from threethirteen.core.log import encode_log

from tests.helpers import ROOT
from tests.helpers.playouts import play_game


def test_the_same_seed_gives_the_same_log_whatever_the_hash_seed() -> None:
    """Byte-identical logs from two processes with different PYTHONHASHSEED."""
    program = (
        "import sys; from threethirteen.core.log import encode_log;"
        "from threethirteen.core.events import GameOptions;"
        "from tests.helpers.playouts import play_game;"
        "sys.stdout.write(encode_log(play_game(91, GameOptions(jokers=4))[1]))"
    )
    outputs = []
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", program], cwd=ROOT, env=env, capture_output=True, check=True
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].decode("utf-8") == encode_log(play_game(91, GameOptions(jokers=4))[1])
