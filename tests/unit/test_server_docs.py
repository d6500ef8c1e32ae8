"""docs/running-a-server.md says what the server does: every limit with its default, and
only options ``threethirteen serve`` has (the README's "Play with friends" too)."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from threethirteen.repl.server import serve
from threethirteen.repl.server.limits import Limits

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "running-a-server.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def documented_limits() -> dict[str, str]:
    """Each limit the document's table names, and the default it gives."""
    found: dict[str, str] = {}
    for row in re.findall(r"^\| (`[a-z_]+`(?:, `[a-z_]+`)*) \| ([^|]+) \|", DOC, re.M):
        names = re.findall(r"`([a-z_]+)`", row[0])
        values = [value.strip() for value in row[1].split(",")]
        assert len(names) == len(values), row
        found.update(zip(names, values, strict=True))
    return found


def test_every_limit_is_in_the_table_with_its_default() -> None:
    documented = documented_limits()
    defaults = Limits()
    assert set(documented) == {field.name for field in attrs.fields(Limits)}
    for name, shown in documented.items():
        assert shown == repr(getattr(defaults, name)), name


def test_the_options_shown_are_serves_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        serve.main(["--help"])
    options = set(re.findall(r"--[a-z][a-z-]+", capsys.readouterr().out))
    shown = set(re.findall(r"\bserve\b[^\n`]*", DOC + README))  # serve, not server
    used = {option for line in shown for option in re.findall(r"--[a-z][a-z-]+", line)}
    assert used and used <= options, used - options
