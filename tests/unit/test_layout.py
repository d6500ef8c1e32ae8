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


def imported(tree: ast.AST, path: Path) -> set[str]:
    """The modules ``tree`` (the source at ``path``) imports, relative imports resolved to
    their full names."""
    package = ["threethirteen", "core", *path.parent.relative_to(CORE).parts]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - node.level + 1]
            names.add(".".join([*base, *(node.module or "").split(".")]).rstrip("."))
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(CORE)))
def test_core_does_no_io(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = imported(tree, path)
    assert not {name for name in names if name.split(".")[0] in NOT_IN_CORE}
    assert not {name for name in names if name.startswith("threethirteen.repl")}
    calls = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not calls & {"print", "open", "input"}
