"""The folder list tells the truth: ``core/`` is pure (no files, no printing, no processes,
no terminal, no clock of its own); whatever does I/O lives in ``repl/``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import threethirteen.core

CORE = Path(threethirteen.core.__file__).parent
MODULES = sorted(CORE.rglob("*.py"))

NOT_IN_CORE = {
    "asyncio",
    "concurrent",
    "io",
    "logging",
    "multiprocessing",
    "os",
    "pathlib",
    "prompt_toolkit",
    "shutil",
    "socket",
    "subprocess",
    "sys",
    "tempfile",
    "time",
}
"""Modules that do I/O, or read the clock (core takes a clock as a parameter)."""


def imported(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(CORE)))
def test_core_does_no_io(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = imported(tree)
    assert not {name for name in names if name.split(".")[0] in NOT_IN_CORE}
    assert not {name for name in names if name.startswith("threethirteen.repl")}
    calls = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not calls & {"print", "open", "input"}

