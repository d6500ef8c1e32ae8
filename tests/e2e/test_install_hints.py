"""Without its extra, ``serve`` (and ``bench --server``) says the command that adds it to
this installation, to run as printed: here an editable clone, so this environment's pip
and the clone's folder (the commands for pipx and the rest: tests/unit/test_install_hint.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from threethirteen.repl.files.install import install_commands, installed

from tests.helpers.child import Cli


def without_asyncssh(tmp_path: Path) -> dict[str, str]:
    """An environment in which ``import asyncssh`` fails, as where the extra is missing."""
    fake = tmp_path / "no-asyncssh" / "asyncssh"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError(\"No module named 'asyncssh'\")\n")
    return {"PYTHONPATH": str(fake.parent)}


@pytest.mark.parametrize("argv", [("serve",), ("bench", "--server", "--quick")])
def test_without_the_server_extra_the_command_that_adds_it(
    argv: tuple[str, ...], cli: Cli, tmp_path: Path
) -> None:
    result = cli.run(*argv, env=without_asyncssh(tmp_path))
    assert result.returncode == 1
    err = result.stderr
    assert "needs the server extra (No module named 'asyncssh')" in err
    command = install_commands("server", installed())[0]
    assert f"\n  {command}\n" in err and "-m pip install -e '" in command
    assert "pip install 'threethirteen[server]'" not in err and "Traceback" not in err
