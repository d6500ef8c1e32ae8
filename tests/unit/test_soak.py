"""The soak's hostile clients (``bench --soak``): the names the command line takes are the
clients the soak has, and an unknown one is refused before anything starts."""

from __future__ import annotations

import pytest
from threethirteen.repl.lab.bench import HOSTILE_CLIENTS, main
from threethirteen.repl.lab.hostile import HOSTILES


def test_the_command_line_names_every_hostile_client_of_the_soak() -> None:
    assert tuple(HOSTILES) == HOSTILE_CLIENTS


def test_an_unknown_hostile_client_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--soak", "1", "--hostile", "talk,gossip"])
    assert stopped.value.code == 2
    assert "no hostile client called gossip" in capsys.readouterr().err
