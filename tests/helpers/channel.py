"""An SSH channel without the network, and a server's service over a temporary folder:
what a :class:`~threethirteen.repl.server.terminal.Guest` and a
:class:`~threethirteen.repl.server.keyboard.Keyboard` ask of them, and everything they
write kept to be read."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.names import KeyBook
from threethirteen.repl.server.service import Service

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


class Channel:
    """An SSH channel with a terminal of ``size`` that keeps every write."""

    def __init__(self, size: tuple[int, int] = (80, 24)) -> None:
        self.size = size
        self.paused = 0
        self.resumed = 0
        self.writes: list[bytes] = []
        self.exited: int | None = None

    @property
    def written(self) -> bytes:
        """Everything written so far."""
        return b"".join(self.writes)

    def text(self, since: int = 0) -> str:
        """What the writes from the ``since``-th on say, without colours and cursor moves."""
        return ANSI.sub("", b"".join(self.writes[since:]).decode())

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        self.resumed += 1

    def get_environment(self) -> dict[str, str]:
        return {}

    def get_extra_info(self, name: str, default: object = None) -> object:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 2213)}.get(
            name, default
        )

    def get_terminal_type(self) -> str:
        return "xterm"

    def get_terminal_size(self) -> tuple[int, int, int, int]:
        return (*self.size, 0, 0)

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return self.exited is not None

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def exit(self, status: int) -> None:
        self.exited = status

    def close(self) -> None:
        self.exited = -1


def service_for(tmp_path: Path, said: list[str], limits: Limits | None = None) -> Service:
    """A server's service keeping its tables and names in ``tmp_path``; what it reports is
    appended to ``said``."""
    limits = limits or Limits()
    hall = Hall(tmp_path, pool=ThreadPoolExecutor(1), limits=limits)
    hall.load()
    return Service(hall, KeyBook(tmp_path / "keys.json"), limits=limits, report=said.append)
