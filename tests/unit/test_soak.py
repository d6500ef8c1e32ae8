"""The soak's command line (``python -m tests.helpers.soak``): an unknown hostile client is
refused by name before anything starts."""

from __future__ import annotations

import pytest

from tests.helpers.soak import main


def test_an_unknown_hostile_client_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["1", "--hostile", "talk,gossip"])
    assert stopped.value.code == 2
    assert "no hostile client called gossip" in capsys.readouterr().err


def test_the_bench_has_no_soak(capsys: pytest.CaptureFixture[str]) -> None:
    """The soak is a test's tool: the product's ``bench`` has no ``--soak``."""
    from threethirteen.repl.lab.bench import main as bench

    with pytest.raises(SystemExit) as stopped:
        bench(["--server", "--soak", "1"])
    assert stopped.value.code == 2
    assert "unrecognized arguments: --soak" in capsys.readouterr().err
