"""The AI levels in child processes: the same seed plays the same game whatever the process
and its hash seed (the rest of the AI's tests run in-process: ``tests/unit/test_ai.py``)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

from tests.helpers import ROOT
from tests.helpers.games import play_log


def test_same_seed_same_game_across_processes_and_hash_seeds() -> None:
    # Three plays of the same seed (here and in two processes with other hash seeds)
    # write the same log; seven rounds keep it quick and reach 9-card hands.
    code = (
        "import hashlib, tests.helpers.games as t;"
        "print(hashlib.sha256(t.play_log(12, ('hard','medium','easy','greedy'), rounds=7)"
        ".encode()).hexdigest())"
    )
    digests = set()
    for hash_seed in ("1", "987"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(out.stdout.strip())
    here = play_log(12, ("hard", "medium", "easy", "greedy"), rounds=7)
    assert '"round_no": 7' in here
    here = hashlib.sha256(here.encode()).hexdigest()
    assert digests == {here}
