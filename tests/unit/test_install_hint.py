"""The command that adds an extra (``server``, ``cluster``) to the game, for the way the
game was installed: pipx, a clone installed into an environment (editable or not), or
anything else; never ``pip install 'threethirteen[server]'``, which finds nothing (the
game is installed from a clone, not from a package index)."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from threethirteen.repl import cli
from threethirteen.repl.files.install import (
    PIPX_METADATA,
    Installed,
    extras_of,
    install_commands,
    install_hint,
    installed,
    reinstall_command,
    source_of,
)

REQUIRES = [
    "prompt_toolkit>=3.0.43",
    'asyncssh>=2.14; extra == "server"',
    'distributed>=2024.12; extra == "cluster"',
    "cryptography>=39; extra == 'cluster'",
]
EXTRAS = {"server": ("asyncssh>=2.14",), "cluster": ("distributed>=2024.12", "cryptography>=39")}


def clone(tmp_path: Path) -> Path:
    folder = tmp_path / "my games" / "threethirteen"
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text("[project]\nname = 'threethirteen'\n")
    return folder


def test_the_extras_packages_are_read_from_the_metadata() -> None:
    assert extras_of(REQUIRES) == EXTRAS


def test_the_clone_is_read_from_direct_url(tmp_path: Path) -> None:
    folder = clone(tmp_path)
    url = folder.as_uri()
    editable = json.dumps({"url": url, "dir_info": {"editable": True}})
    assert source_of(editable) == (folder, True)
    assert source_of(json.dumps({"url": url, "dir_info": {}})) == (folder, False)
    gone = json.dumps({"url": (tmp_path / "gone").as_uri(), "dir_info": {}})
    wheel = json.dumps({"url": "https://example.org/t.whl", "archive_info": {}})
    for said in (None, "", "{not json", gone, wheel, "[]"):
        assert source_of(said) == (None, False)


def test_a_clone_in_an_environment_is_given_its_folder_to_pip(tmp_path: Path) -> None:
    folder = clone(tmp_path)
    how = Installed(python="/v/bin/python", prefix=Path("/v"), source=folder, extras=EXTRAS)
    quoted = f"'{folder}[server]'"
    assert install_commands("server", how) == (f"/v/bin/python -m pip install {quoted}",)
    editable = Installed(
        python="/v/bin/python", prefix=Path("/v"), source=folder, editable=True, extras=EXTRAS
    )
    assert install_commands("server", editable) == (f"/v/bin/python -m pip install -e {quoted}",)
    hint = install_hint("cluster", editable)
    assert "distributed>=2024.12, cryptography>=39" in hint and "editable" in hint
    assert f"  /v/bin/python -m pip install -e '{folder}[cluster]'" in hint.splitlines()


def test_pipx_injects_the_packages_or_installs_again_by_force(tmp_path: Path) -> None:
    folder = clone(tmp_path)
    how = Installed(
        python="/p/bin/python",
        prefix=Path("/p"),
        source=folder,
        pipx="threethirteen",
        extras=EXTRAS,
    )
    assert install_commands("server", how) == (
        "pipx inject threethirteen 'asyncssh>=2.14'",
        f"pipx install --force '{folder}[server]'",
    )
    hint = install_hint("server", how).splitlines()
    assert "pipx" in hint[0] and hint[1:] == [
        "  pipx inject threethirteen 'asyncssh>=2.14'",
        "or",
        f"  pipx install --force '{folder}[server]'",
    ]
    assert all("pip install 'threethirteen[" not in line for line in hint)


def test_without_a_clone_the_packages_themselves_and_without_pip_words() -> None:
    how = Installed(python="/usr/bin/python3", prefix=Path("/usr"), extras=EXTRAS)
    assert install_commands("cluster", how) == (
        "/usr/bin/python3 -m pip install 'distributed>=2024.12' 'cryptography>=39'",
    )
    bare = Installed(python="/usr/bin/python3", prefix=Path("/usr"), has_pip=False, extras=EXTRAS)
    assert install_commands("server", bare) == ()
    said = " ".join(install_hint("server", bare).split())
    assert "Install asyncssh>=2.14 into the Python environment at /usr" in said


def test_this_installation_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test environment is an editable install of the clone (README: pip install -e)."""
    monkeypatch.chdir(tmp_path)
    how = installed()
    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    server = tuple(str(Requirement(line)) for line in project["optional-dependencies"]["server"])
    assert how.python == sys.executable and how.extras["server"] == server
    assert how.source is not None and how.source.resolve() == root and how.editable
    assert not (Path(sys.prefix) / PIPX_METADATA).exists() and how.pipx is None


def test_a_broken_installation_is_installed_again_as_it_was(tmp_path: Path) -> None:
    folder = clone(tmp_path)
    editable = Installed(
        python="/v/bin/python", prefix=Path("/v"), source=folder, editable=True, extras=EXTRAS
    )
    assert (
        reinstall_command(editable)
        == f"/v/bin/python -m pip install --force-reinstall -e '{folder}'"
    )
    pipx = Installed(python="/p/bin/python", prefix=Path("/p"), pipx="threethirteen", extras=EXTRAS)
    assert reinstall_command(pipx) == "pipx reinstall threethirteen"
    assert reinstall_command(Installed(python="/x", prefix=Path("/"), extras={})) is None


def test_a_command_that_cannot_load_says_how_to_install_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(name: str) -> object:
        raise ImportError(f"No module named {name!r}")

    monkeypatch.setattr(cli.importlib, "import_module", broken)
    assert cli.main(["rules"]) == 1
    err = capsys.readouterr().err
    command = reinstall_command(installed())
    assert command is not None and f"install it again:\n  {command}\n" in err
    assert "pip install --force-reinstall threethirteen" not in err  # no index has it
