"""What every test shares: a config folder of its own, so no test reads or writes yours;
and, for the tests that ask, a data folder of its own and the command in a child process."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.child import Cli


@pytest.fixture(autouse=True)
def _config_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$XDG_CONFIG_HOME`` in a fresh temporary folder (no config file in it)."""
    home = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$XDG_DATA_HOME`` (``data/``) and ``$HOME`` (``home/``) in ``tmp_path``, which is also
    the working folder, so no test touches your saves; the game's data folder
    ``data/threethirteen`` (not created)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data" / "threethirteen"


@pytest.fixture
def colour_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """``NO_COLOR`` unset, whatever the shell running the tests says."""
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture
def cli(tmp_path: Path, _config_home: Path) -> Cli:
    """``threethirteen`` in a child process with a clean environment, run from ``tmp_path``:
    the same data folder as :func:`data_home`'s, the same config folder as this process's."""
    return Cli(tmp_path, config=_config_home)
