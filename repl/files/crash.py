"""What an unexpected error leaves: a crash file with what is needed to reproduce it."""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

from ...core import __version__
from ...core.events import Event
from ...core.log import encode_log
from .atomic import write_atomic
from .paths import data_dir


def write_crash(
    error: BaseException, *, seed: int | None, command: str, events: Sequence[Event]
) -> Path:
    """Write what is needed to reproduce an unexpected error; the file's path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = data_dir() / f"crash-{stamp}-{os.getpid()}.txt"
    parts = [
        f"threethirteen {__version__} crashed while running {command!r}",
        f"seed: {seed}",
        f"reproduce: threethirteen play --seed {seed} (then the moves below)",
        "",
        "".join(traceback.format_exception(error)),
        "the game's log:",
    ]
    try:
        parts.append(encode_log(events) if events else "(no game)")
    except Exception as log_error:  # the crash report must be written even if this fails
        parts.append(f"(the log could not be encoded: {log_error})")
    write_atomic(path, "\n".join(parts) + "\n")
    return path
