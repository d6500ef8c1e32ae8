"""The shape of the code, held as ``docs/architecture.md`` draws it.

Read from the source with :mod:`ast`, so an import inside a function or under
``TYPE_CHECKING`` counts like any other: no import cycle anywhere, and no module
over about 600 lines (that the engine is pure is ``tests/unit/test_layout.py``'s). And
the tests' own: no test module imports another (``docs/development.md``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT

PACKAGES = {"threethirteen.core": ROOT / "core", "threethirteen.repl": ROOT / "repl"}
MAX_LINES = 600
"""About 600 lines, the guide: a module is split by its jobs where they separate, not to stay
under a number; one that grows past this has more than one job."""


def sources() -> dict[str, Path]:
    """Every module of the package by its import name."""
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


MODULES = sources()


def imported(name: str, path: Path) -> Iterator[str]:
    """The package's own modules that ``name`` imports, wherever the import stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            if target in MODULES and target != name:
                yield target


GRAPH = {name: set(imported(name, path)) for name, path in MODULES.items()}


def cycle_from(start: str) -> list[str] | None:
    """An import path from ``start`` back to itself, if there is one."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        here, path = stack.pop()
        for there in GRAPH[here]:
            if there == start:
                return [*path, start]
            if there not in seen:
                seen.add(there)
                stack.append((there, [*path, there]))
    return None


def test_the_modules_are_found() -> None:
    assert "threethirteen.core.table" in MODULES and "threethirteen.repl.solo.game" in MODULES
    assert "threethirteen.core.rules" in GRAPH["threethirteen.core.table"]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_import_cycle(name: str) -> None:
    assert cycle_from(name) is None, " -> ".join(cycle_from(name) or [])


def test_the_cycle_finder_finds_one() -> None:
    """A test that cannot fail is a defect: the finder sees a cycle when there is one."""
    GRAPH["threethirteen.core.cards"].add("threethirteen.core.table")
    try:
        assert cycle_from("threethirteen.core.table") is not None
    finally:
        GRAPH["threethirteen.core.cards"].discard("threethirteen.core.table")


def is_data(path: Path) -> bool:
    """A module of tables only (a language's texts): imports and assignments, no code.

    One file per language lets a translator edit one file; its length is its tables'.
    """
    body = ast.parse(path.read_text(encoding="utf-8")).body
    allowed = ast.Expr | ast.Import | ast.ImportFrom | ast.Assign | ast.AnnAssign
    return all(isinstance(node, allowed) for node in body)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_too_long(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES or is_data(MODULES[name]), f"{name} has {lines} lines"


def test_only_the_language_tables_are_long() -> None:
    size = {n: len(p.read_text(encoding="utf-8").splitlines()) for n, p in MODULES.items()}
    long = {name for name, lines in size.items() if lines > MAX_LINES}
    assert long <= {"threethirteen.repl.words.de", "threethirteen.repl.words.en"}
    assert not is_data(MODULES["threethirteen.core.table"])


def classes() -> dict[str, list[str]]:
    """Every class of the package, by name: the modules that define a class of that name."""
    found: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(name)
    return found


def test_no_two_classes_share_a_name() -> None:
    """A name says what a thing is: one ``Table`` (the game in play), one ``Settings``."""
    twice = {name: where for name, where in classes().items() if len(where) > 1}
    assert not twice
    assert classes()["Table"] == ["threethirteen.core.table"]


def imported_tests(source: str) -> set[str]:
    """The test modules (and ``conftest``) of the repository's tests that ``source``
    imports: ``tests.unit.test_docs_links``, ``.test_docs_links`` …"""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            parts = name.lstrip(".").split(".")
            ours = name.startswith(".") or parts[0] == "tests"
            if ours and any(part.startswith("test_") or part == "conftest" for part in parts):
                found.add(name)
    return found


def test_no_test_module_imports_another() -> None:
    """What two test modules share is in ``tests/helpers`` (a fixture in
    ``tests/conftest.py``): a test module imported by another is collected with it."""
    sources = sorted((ROOT / "tests").rglob("*.py"))
    imports = {path: imported_tests(path.read_text(encoding="utf-8")) for path in sources}
    assert not {str(path.relative_to(ROOT)): names for path, names in imports.items() if names}


def test_an_import_of_a_test_module_is_found() -> None:
    """A test that cannot fail is a defect: each way of importing a test module is seen."""
    source = (
        "from tests.unit.test_docs_links import prose\n"
        "import tests.e2e.test_server\n"
        "from .test_melds import HANDS\n"
        "from tests.fronts import test_pty_game\n"
        "from tests.conftest import cli\n"
        "from tests.helpers.markdown_pages import prose\n"
        "import pytest\n"
    )
    assert imported_tests(source) == {
        "tests.unit.test_docs_links",
        "tests.unit.test_docs_links.prose",
        "tests.e2e.test_server",
        ".test_melds",
        ".test_melds.HANDS",
        "tests.fronts.test_pty_game",
        "tests.conftest",
        "tests.conftest.cli",
    }
