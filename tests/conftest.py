"""What every test shares: a config folder and a data folder of its own, so no test reads or
writes yours (nor another test's, when they run in parallel); for the tests that ask, a data
folder in their own working folder, the command in a child process and a saved game to
replay. And each test's kind, from the folder it lives in (a marker of the same name):

- ``tests/unit/``: in-process and quick (the engine, the AI, files, the REPL driven through
  a real ``PromptSession`` with pipe input, rooms on an event loop without the network; a
  game of the slower levels is read from ``tests/recorded/``);
- ``tests/fronts/``: the terminal program in a real pseudo-terminal (pexpect);
- ``tests/e2e/``: whole commands in child processes, the SSH server with real clients, and
  what takes long in-process (whole games of the slower levels, thousands of hands).

``pytest -m "not e2e"`` is the inner loop. What the test modules share is in
``tests/helpers/`` (no test module imports another).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from threethirteen.core.log import encode_log

from tests.helpers.child import Cli
from tests.helpers.games import keep_someones_files, played_game
from tests.helpers.sshclient import Player, Server, make_key

TESTS = Path(__file__).resolve().parent
KINDS = ("unit", "fronts", "e2e")
"""The folders of ``tests/``, each a marker of the same name (registered in pyproject.toml)."""


def kind_of(path: Path) -> str | None:
    """The kind of the test module at ``path``: its folder under ``tests/`` (``None`` when
    that is not one of :data:`KINDS`, or the file is not under ``tests/``)."""
    try:
        folder = path.resolve().relative_to(TESTS).parts[0]
    except ValueError:
        return None
    return folder if folder in KINDS else None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its kind, the folder it lives in; before ``-m`` deselects by it."""
    for item in items:
        kind = kind_of(item.path)
        if kind is not None:
            item.add_marker(kind)


class Misplaced(pytest.File):
    """A test module outside the folders of the kinds: an error, not a test without a kind."""

    def collect(self) -> list[pytest.Item]:
        where = self.path.relative_to(TESTS.parent)
        raise self.CollectError(
            f"{where}: a test module lives in tests/unit, tests/fronts or tests/e2e "
            "(its folder is its kind; see tests/conftest.py)"
        )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A test module under ``tests/`` but in none of the kinds' folders: :class:`Misplaced`."""
    module = file_path.name.startswith("test_") and file_path.suffix == ".py"
    if module and TESTS in file_path.resolve().parents and kind_of(file_path) is None:
        return Misplaced.from_parent(parent, path=file_path)
    return None


@pytest.fixture(autouse=True)
def _config_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``$XDG_CONFIG_HOME`` in a fresh temporary folder (no config file in it)."""
    home = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _data_home_elsewhere(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """``$XDG_DATA_HOME`` in a fresh temporary folder (empty), for the tests that do not ask
    for :func:`data_home`: the game's files (autosave, lock, histories) are never yours,
    nor shared with a test running beside this one."""
    home = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
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


# -- the replay tests' game ------------------------------------------------------------


@pytest.fixture
def saved_game(tmp_path: Path) -> Path:
    """:func:`~tests.helpers.games.played_game` saved as ``game.jsonl`` in ``tmp_path``."""
    path = tmp_path / "game.jsonl"
    path.write_text(encode_log(played_game()), encoding="utf-8")
    return path


@pytest.fixture
def watched_data(data_home: Path, colour_allowed: None) -> Path:
    """A data folder holding someone's autosave and statistics, which must not change
    (:func:`~tests.helpers.games.untouched` says whether they did)."""
    return keep_someones_files(data_home)


# -- a server and its players' keys (tests/e2e/test_server*.py) --------------------------


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """An Ed25519 key for each of ana, ben and eve (no passphrase), made once per module."""
    folder = tmp_path_factory.mktemp("keys")
    return {name: make_key(folder, name) for name in ("ana", "ben", "eve")}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The ssh client's ``$HOME`` (nothing in it)."""
    return tmp_path / "client-home"


@pytest.fixture
def connect(keys: dict[str, Path], home: Path) -> Iterator[Callable[..., Player]]:
    """``connect(port, name)``: ``name`` logs in with their own key (or ``key=``), from
    ``address`` when given (a loopback address of its own), in a pseudo-terminal; with
    ``lobby=True`` once the welcome has come. Every session is closed at the test's end."""
    players: list[Player] = []

    def connect(
        port: int,
        name: str,
        address: str | None = None,
        *,
        key: str | None = None,
        lobby: bool = False,
    ) -> Player:
        options = ("-b", address) if address is not None else ()
        player = Player(port, keys[key or name], name, home=home, options=options)
        players.append(player)
        if lobby:
            player.expect(rf"Welcome, {name}\.")
        return player

    yield connect
    for player in players:
        player.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """``threethirteen serve --port 0 --pace 0`` on a fresh data folder."""
    running = Server(tmp_path / "server").start()
    yield running
    running.stop()
