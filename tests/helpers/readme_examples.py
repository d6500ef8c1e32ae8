"""The marked examples of the README and of ``docs/*.md``, run for real:
``python -m tests.helpers.readme_examples [--write]``.

A ```` ```text ```` block right after an ``<!-- example … -->`` comment holds
``$ threethirteen …`` lines, each followed by what that command prints. Every
command is run (in a folder holding the repository's ``replays/`` and
``damaged.jsonl``, which is ``replays/no-winner.jsonl`` with one total changed)
and the block must be its output exactly; a line that is only ``…`` stands for
one or more lines left out, and for nothing else. ``tests/e2e/test_readme_examples.py``
holds every page (:data:`PAGES`) to that; ``--write`` rewrites the blocks from the real output,
keeping each ``…`` with as many lines before and after it as it had.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from tests.helpers import ROOT
from tests.helpers.child import Cli

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = (README, *sorted(DOCS.glob("*.md")))
"""The pages whose examples are run: the README and every page of ``docs/``."""
MARKER = "<!-- example"
FENCE = "```"
ELLIPSIS = "…"
PROMPT = "$ "


@frozen
class Example:
    """One marked block: the page it is on, where its lines are there, and the lines."""

    page: Path
    first: int
    """The index of the block's first line (after the opening fence)."""
    lines: tuple[str, ...]

    def commands(self) -> list[tuple[str, list[str]]]:
        """Each ``$`` command with the lines shown as its output."""
        out: list[tuple[str, list[str]]] = []
        for line in self.lines:
            if line.startswith(PROMPT):
                out.append((line[len(PROMPT) :], []))
            elif out:
                out[-1][1].append(line)
            else:
                raise ValueError(f"{self.where()}: output before any $ command")
        return out

    def where(self) -> str:
        """The page (from the repository's root) and the line the block starts on."""
        return f"{self.page.relative_to(ROOT)} line {self.first + 1}"


def examples(text: str, page: Path = README) -> list[Example]:
    """The marked blocks of a page (``text``, read from ``page``)."""
    lines = text.split("\n")
    found: list[Example] = []
    for i, line in enumerate(lines):
        if not line.startswith(MARKER):
            continue
        if i + 1 >= len(lines) or lines[i + 1] != FENCE + "text":
            raise ValueError(
                f"{page.relative_to(ROOT)} line {i + 1}: "
                "an example marker not before a ```text block"
            )
        end = lines.index(FENCE, i + 2)
        found.append(Example(page=page, first=i + 2, lines=tuple(lines[i + 2 : end])))
    return found


def read(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def marked(pages: Sequence[Path] = PAGES) -> list[Example]:
    """The marked blocks of every page, page by page."""
    return [example for page in pages for example in examples(read(page), page)]


def is_ellipsis(line: str) -> bool:
    return line.strip() == ELLIPSIS


def matches(shown: Sequence[str], real: Sequence[str]) -> bool:
    """Whether the lines shown are the real ones, each ``…`` line standing for one or more."""
    if not shown:
        return not real
    if is_ellipsis(shown[0]):
        return any(matches(shown[1:], real[skip:]) for skip in range(1, len(real) + 1))
    return bool(real) and shown[0] == real[0] and matches(shown[1:], real[1:])


def rewritten(shown: Sequence[str], real: Sequence[str]) -> list[str]:
    """The real lines, shortened as ``shown`` was: one ``…`` keeps its lines before and after."""
    if matches(shown, real):
        return list(shown)
    marks = [i for i, line in enumerate(shown) if is_ellipsis(line)]
    if len(marks) != 1:
        return list(real)
    head, tail = marks[0], len(shown) - marks[0] - 1
    if len(real) <= head + tail:
        return list(real)
    return [*real[:head], shown[head], *real[len(real) - tail :]]


def prepare(folder: Path) -> None:
    """The files the examples name: ``replays/`` and a ``damaged.jsonl``."""
    (folder / "replays").symlink_to(ROOT / "replays", target_is_directory=True)
    lines = (ROOT / "replays" / "no-winner.jsonl").read_text(encoding="utf-8").split("\n")
    scored = max(i for i, line in enumerate(lines) if '"type": "RoundScored"' in line)
    damaged = lines[scored].replace('"totals": [71, ', '"totals": [70, ')
    assert damaged != lines[scored], "no-winner.jsonl's last totals changed: update prepare()"
    lines[scored] = damaged
    (folder / "damaged.jsonl").write_text("\n".join(lines), encoding="utf-8")


def run(command: str, folder: Path) -> list[str]:
    """What ``command`` (a ``threethirteen`` command line) prints, run in ``folder``."""
    words = shlex.split(command)
    if not words or words[0] != "threethirteen":
        raise ValueError(f"not a threethirteen command: {command!r}")
    done = Cli(folder).run(
        *words[1:], env={"NO_COLOR": "1", "TERM": "dumb"}, stderr=subprocess.STDOUT
    )
    return done.stdout.rstrip("\n").split("\n") if done.stdout else []


def real_lines(example: Example, folder: Path) -> list[str]:
    """The block as the commands really print it (without any ``…``)."""
    out: list[str] = []
    for command, _ in example.commands():
        out += [PROMPT + command, *run(command, folder)]
    return out


def check(example: Example, folder: Path) -> list[str]:
    """What differs between the block and the real output ([] when they match)."""
    problems = []
    for command, shown in example.commands():
        real = run(command, folder)
        if not matches(shown, real):
            problems.append(
                f"$ {command}\n  {example.where()} shows:\n"
                + "".join(f"    {line}\n" for line in shown)
                + "  it prints:\n"
                + "".join(f"    {line}\n" for line in real)
            )
    return problems


def write(page: Path, folder: Path) -> int:
    """Rewrite every marked block of ``page`` from the real output; how many changed."""
    lines = read(page).split("\n")
    changed = 0
    for example in reversed(examples("\n".join(lines), page)):
        new: list[str] = []
        for command, shown in example.commands():
            new += [PROMPT + command, *rewritten(shown, run(command, folder))]
        if tuple(new) != example.lines:
            changed += 1
            lines[example.first : example.first + len(example.lines)] = new
    page.write_text("\n".join(lines), encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """Check the examples of every page (exit 1 on a difference), or ``--write`` them."""
    args = list(sys.argv[1:] if argv is None else argv)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        prepare(folder)
        if args == ["--write"]:
            for page in PAGES:
                print(f"{write(page, folder)} example(s) rewritten in {page}")
            return 0
        if args:
            print("usage: python -m tests.helpers.readme_examples [--write]", file=sys.stderr)
            return 2
        problems = [problem for example in marked() for problem in check(example, folder)]
        print("".join(problems) or "The pages' examples are what the commands print.")
        return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
