"""What the tests share and the tests are not: the command in a child process, a terminal
emulator, pseudo-terminals, SSH clients, playouts, bots, hostile files, reference solvers.

No test module imports another test module: what two of them need lives here (or, for a
fixture, in ``tests/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository: ``core/``, ``repl/``, ``replays/``, ``README.md``, ``tests/``."""
