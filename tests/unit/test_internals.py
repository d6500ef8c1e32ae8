"""prompt_toolkit's private API is used in one module, :mod:`threethirteen.repl.kit.internals`,
and each private part it leans on is still there in the prompt_toolkit installed.

The source of ``repl/`` is read with :mod:`ast`. A private name (one underscore, not a
dunder) counts as prompt_toolkit's where it is:

- imported from prompt_toolkit, or from one of its private modules;
- an attribute of a name imported from prompt_toolkit (``typeahead._buffer``);
- an attribute of ``self``, ``cls`` or ``super()`` in a class that derives from a
  prompt_toolkit class, when one of those classes has that name (``self._paste_buffer``
  in a parser), or a method of such a class that overrides one (``def _dumb_prompt``);
- any other attribute, or ``getattr``'s string, of a name private somewhere in
  prompt_toolkit's source (``app._redraw``): which object it is is not known from the
  source. (asyncssh's private parts that the server touches, ``chan._env`` and
  ``conn._transport``, are names prompt_toolkit has none of: they are not this test's.)
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import tomllib
from collections.abc import Iterator
from functools import cache
from importlib.metadata import version
from pathlib import Path

import prompt_toolkit
from packaging.requirements import Requirement
from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application
from prompt_toolkit.input import DummyInput, typeahead, vt100_parser
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.layout import Window
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.utils import Event
from threethirteen.repl.kit import internals

from tests.helpers import ROOT

INTERNALS = "threethirteen.repl.kit.internals"

CALLS = ("getattr", "setattr", "hasattr", "delattr")


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def names_in(tree: ast.AST) -> set[str]:
    """The private names ``tree`` defines or uses: attributes, functions, classes, globals."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Name):
            found.add(node.id)
    return {name for name in found if private(name)}


@cache
def package_names(package: str) -> frozenset[str]:
    """Every private name in the source of ``package``."""
    folder = Path(importlib.import_module(package).__file__ or "").parent
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        found |= names_in(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(found)


@cache
def class_names(cls: type) -> frozenset[str]:
    """The private names a prompt_toolkit class has: in its source, and its members."""
    found = {name for name in dir(cls) if private(name)}
    with contextlib.suppress(OSError, TypeError):  # a class without source: its members
        found |= names_in(ast.parse(inspect.getsource(cls)))
    return frozenset(found)


def from_toolkit(module: str) -> bool:
    return module == "prompt_toolkit" or module.startswith("prompt_toolkit.")


class Scan:
    """The uses of prompt_toolkit's private API in the source of one module."""

    def __init__(self, source: str, module: str) -> None:
        self.tree = ast.parse(source)
        self.module = module
        self.package = module.rpartition(".")[0]
        self.imports: dict[str, tuple[str, str | None]] = {}
        """Each name an import binds: the module it is from, and the name there (``None``
        for the module itself)."""
        self.classes = {
            node.name: node for node in self.tree.body if isinstance(node, ast.ClassDef)
        }
        self.found: list[str] = []

    def uses(self) -> list[str]:
        """Each use: its line and what it names."""
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    bound = alias.asname or alias.name.partition(".")[0]
                    self.imports[bound] = (alias.name if alias.asname else bound, None)
            elif isinstance(node, ast.ImportFrom):
                base = self._absolute(node)
                for alias in node.names:
                    self.imports[alias.asname or alias.name] = (base, alias.name)
                    if from_toolkit(base) and (
                        private(alias.name) or any(map(private, base.split(".")))
                    ):
                        self._flag(node, f"from {base} import {alias.name}")
        self._walk(self.tree, ())
        return self.found

    def _absolute(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        anchor = self.package.rsplit(".", node.level - 1)[0] if node.level > 1 else self.package
        return f"{anchor}.{node.module}" if node.module else anchor

    def _flag(self, node: ast.AST, what: str) -> None:
        self.found.append(f"{self.module}:{getattr(node, 'lineno', 0)}: {what}")

    def _walk(self, node: ast.AST, bases: tuple[type, ...]) -> None:
        """Look at ``node`` and what it holds; ``bases``: the prompt_toolkit classes that
        the class it stands in derives from."""
        if isinstance(node, ast.ClassDef):
            bases = self._toolkit_bases(node)
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                    item.name in class_names(base) for base in bases if private(item.name)
                ):
                    self._flag(item, f"def {item.name} (overrides prompt_toolkit's)")
        elif isinstance(node, ast.Attribute) and private(node.attr):
            self._attribute(node, node.value, node.attr, bases)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in CALLS
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and private(node.args[1].value)
        ):
            self._attribute(node, node.args[0], node.args[1].value, bases)
        for child in ast.iter_child_nodes(node):
            self._walk(child, bases)

    def _attribute(
        self, node: ast.AST, owner: ast.expr, name: str, bases: tuple[type, ...]
    ) -> None:
        shown = f"{ast.unparse(owner)}.{name}"
        if isinstance(owner, ast.Name) and owner.id in self.imports:
            source, _ = self.imports[owner.id]
            if from_toolkit(source):
                self._flag(node, shown)
            return
        mine = (isinstance(owner, ast.Name) and owner.id in ("self", "cls")) or (
            isinstance(owner, ast.Call)
            and isinstance(owner.func, ast.Name)
            and owner.func.id == "super"
        )
        if mine:
            if any(name in class_names(base) for base in bases):
                self._flag(node, shown)
            return
        if name in package_names("prompt_toolkit"):
            self._flag(node, shown)

    def _toolkit_bases(self, node: ast.ClassDef) -> tuple[type, ...]:
        """The prompt_toolkit classes ``node`` derives from, however far up."""
        found: list[type] = []
        for base in node.bases:
            if isinstance(base, ast.Name) and base.id in self.classes:
                found += self._toolkit_bases(self.classes[base.id])
                continue
            cls = self._resolve(base)
            if isinstance(cls, type):
                found += [one for one in cls.__mro__ if from_toolkit(one.__module__)]
        return tuple(found)

    def _resolve(self, node: ast.expr) -> object:
        if isinstance(node, ast.Subscript):  # PromptSession[str]
            return self._resolve(node.value)
        if isinstance(node, ast.Attribute):
            owner = self._resolve(node.value)
            return getattr(owner, node.attr, None)
        if isinstance(node, ast.Name) and node.id in self.imports:
            module, name = self.imports[node.id]
            try:
                imported = importlib.import_module(module)
            except ImportError:
                return None
            return imported if name is None else getattr(imported, name, None)
        return None


def private_uses(source: str, module: str = "threethirteen.repl.sample") -> list[str]:
    return Scan(source, module).uses()


def modules() -> Iterator[tuple[str, Path]]:
    folder = ROOT / "repl"
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(folder).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        yield ".".join(("threethirteen.repl", *parts)), path


def test_only_the_internals_module_uses_prompt_toolkits_private_api() -> None:
    assert {"threethirteen.repl.server.terminal", INTERNALS} <= dict(modules()).keys()
    found = [
        use
        for module, path in modules()
        if module != INTERNALS
        for use in private_uses(path.read_text(encoding="utf-8"), module)
    ]
    assert not found, "prompt_toolkit's private API belongs in repl/kit/internals.py"


def test_the_scan_finds_each_use_of_the_internals_module_elsewhere() -> None:
    """The internals module's own source, read as another module's: every private part it
    leans on is found."""
    source = (ROOT / "repl" / "kit" / "internals.py").read_text(encoding="utf-8")
    found = " ".join(private_uses(source, "threethirteen.repl.kit.elsewhere"))
    for name in (
        "app._running_in_terminal",
        "app._redraw",
        "app._on_resize",
        "self._in_bracketed_paste",
        "self._paste_buffer",
        "vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE",
        "typeahead._buffer",
        "def _dumb_prompt",
        "super()._dumb_prompt",
        "changed._handlers",
    ):
        assert name in found, name


SAMPLE = """
import asyncssh
from prompt_toolkit import PromptSession
from prompt_toolkit.input import typeahead
from prompt_toolkit.input.vt100_parser import _IS_PREFIX_OF_LONGER_MATCH_CACHE
import prompt_toolkit.input.typeahead as ahead

def draw(app, chan):
    app._on_resize()                      # flagged: a prompt_toolkit name
    getattr(app, "_redraw", None)()       # flagged: the same, by its string
    typeahead._buffer.clear()             # flagged: a prompt_toolkit module
    ahead._buffer.clear()                 # flagged: the same, as a module bound by name
    chan._env = {}                        # not flagged: asyncssh's own
    chan._open_for_fun = 1                # not flagged: no prompt_toolkit name

class Echo(PromptSession[str]):
    def _dumb_prompt(self, message=""):   # flagged: overrides prompt_toolkit's
        return super()._dumb_prompt(message)  # flagged
    def count(self):
        self._mine = 1                    # not flagged: a name of its own
        return self._is_running_here      # not flagged: no prompt_toolkit name

class Further(Echo):
    def again(self):
        return self._dumb_prompt()        # flagged: a prompt_toolkit base, two up

class Plain:
    def __init__(self):
        self._paste_buffer = ""           # not flagged: not a prompt_toolkit class
"""


def test_the_scan_flags_a_sample_and_only_what_it_should() -> None:
    found = [use.split(": ", 1)[1] for use in private_uses(SAMPLE)]
    assert found == [
        "from prompt_toolkit.input.vt100_parser import _IS_PREFIX_OF_LONGER_MATCH_CACHE",
        "app._on_resize",
        "app._redraw",
        "typeahead._buffer",
        "ahead._buffer",
        "def _dumb_prompt (overrides prompt_toolkit's)",
        "super()._dumb_prompt",
        "self._dumb_prompt",
    ]


def test_the_scan_flags_a_use_put_back_in_the_server() -> None:
    """The terminal's batch asking the app itself again: found in its module."""
    path = ROOT / "repl" / "server" / "display.py"
    source = path.read_text(encoding="utf-8")
    assert "if running_in_terminal(app):" in source
    changed = source.replace("if running_in_terminal(app):", "if app._running_in_terminal:")
    found = private_uses(changed, "threethirteen.repl.server.display")
    assert [use.split(": ", 1)[1] for use in found] == ["app._running_in_terminal"]


# -- the private parts are there, in the prompt_toolkit installed ----------------------------


def test_the_installed_prompt_toolkit_is_in_the_range_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned = [
        Requirement(line)
        for line in project["dependencies"]
        if Requirement(line).name.replace("_", "-") == "prompt-toolkit"
    ]
    assert len(pinned) == 1
    assert version("prompt_toolkit") in pinned[0].specifier
    assert prompt_toolkit.__version__ == version("prompt_toolkit")
    below = [spec.version for spec in pinned[0].specifier if spec.operator == "<"]
    assert below == ["3.1"], "a minor version of prompt_toolkit may move its internals"


def test_the_applications_private_parts_are_there() -> None:
    app: Application[None] = Application(input=DummyInput(), output=DummyOutput())
    assert app._running_in_terminal is False
    assert internals.running_in_terminal(app) is False
    for name in ("_redraw", "_on_resize"):
        assert callable(getattr(app, name))


def test_the_parsers_private_parts_are_there() -> None:
    keys: list[object] = []
    parser = Vt100Parser(keys.append)
    assert parser._in_bracketed_paste is False
    parser.feed("\x1b[200~ab")
    assert parser._in_bracketed_paste is True and parser._paste_buffer == "ab"
    assert isinstance(vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE, dict)
    assert isinstance(typeahead._buffer, dict)


def test_the_typeahead_of_an_input_is_forgotten() -> None:
    keys = DummyInput()
    typeahead.store_typeahead(keys, [])
    assert keys.typeahead_hash() in typeahead._buffer
    internals.forget_typeahead(keys)
    assert keys.typeahead_hash() not in typeahead._buffer


def test_the_dumb_prompts_private_parts_are_there() -> None:
    assert callable(PromptSession._dumb_prompt)
    changed: Event[object] = Event(object())
    changed.add_handler(print)
    assert changed._handlers == [print]


def test_the_validation_toolbar_is_found() -> None:
    session: PromptSession[str] = PromptSession(input=DummyInput(), output=DummyOutput())
    windows = session.app.layout.find_all_windows()
    found = [w for w in windows if isinstance(w, Window) and internals.is_validation_toolbar(w)]
    assert len(found) == 1


def test_the_packages_private_names_are_read() -> None:
    found = package_names("prompt_toolkit")
    assert {"_redraw", "_buffer", "_handlers", "_in_bracketed_paste"} <= found
    assert not {"_env", "_transport", "_open", "_process_env_request"} & found  # asyncssh's
