"""The ``threethirteen`` command in a child process (``python -m threethirteen.repl.cli``),
with a clean environment: nothing of the shell running the tests reaches it but ``PATH``.

The ``cli`` fixture of ``tests/conftest.py`` gives each test one, with its files in the
test's own temporary folder; the pseudo-terminal tests spawn :meth:`Cli.argv` with
:meth:`Cli.environment`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


class Cli:
    """``threethirteen`` run from ``folder``, its home, data and config folders inside it
    (``home/``, ``data/``, ``config/`` unless ``config`` is given), in a UTF-8 C locale."""

    def __init__(self, folder: Path, config: Path | None = None) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.config = config or folder / "config"

    def argv(self, *args: str) -> list[str]:
        """The command line of ``threethirteen ARGS``."""
        return [sys.executable, "-m", "threethirteen.repl.cli", *args]

    def environment(self, **changes: str) -> dict[str, str]:
        """The child's whole environment; ``changes`` add variables or replace them."""
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.folder / "home"),
            "XDG_DATA_HOME": str(self.data),
            "XDG_CONFIG_HOME": str(self.config),
            "LANG": "C.UTF-8",
            "PYTHONIOENCODING": "utf-8",
            **changes,
        }

    def start(self, *args: str) -> subprocess.Popen[str]:
        """Start ``threethirteen ARGS`` and let it run (nothing to read on stdin, the output
        as text in pipes): several at once, each waited for by the caller."""
        return subprocess.Popen(
            self.argv(*args),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=self.environment(),
            cwd=self.folder,
            text=True,
            encoding="utf-8",
        )

    def run(
        self,
        *args: str,
        input: str | None = None,
        env: dict[str, str] | None = None,
        stdout: int = subprocess.PIPE,
        stderr: int = subprocess.PIPE,
        timeout: float | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run ``threethirteen ARGS`` to its end: ``input`` on stdin (else nothing to read),
        the environment with ``env`` changed, the output as text. However long a busy
        machine makes it take: no deadline unless ``timeout`` is given (the test's time
        limit, pytest-timeout, is the net; the child is killed when it stops the test)."""
        return subprocess.run(
            self.argv(*args),
            input=input,
            stdin=subprocess.DEVNULL if input is None else None,
            stdout=stdout,
            stderr=stderr,
            text=True,
            encoding="utf-8",
            env=self.environment(**(env or {})),
            cwd=self.folder,
            timeout=timeout,
            check=False,
        )
