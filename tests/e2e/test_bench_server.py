"""``threethirteen bench --server --quick``: a smoke run of the load benchmark against a
real server on loopback. The figures are printed, never asserted; this only checks
that each of them is printed and that every move typed was seen at its table."""

from __future__ import annotations

import re

import pytest

from tests.helpers.child import Cli

pytest.importorskip("asyncssh")


def test_the_quick_server_bench_prints_its_figures(cli: Cli) -> None:
    result = cli.run("bench", "--server", "--quick")
    assert result.returncode == 0, result.stderr
    # what the clients' libraries say is one line each (asyncssh warns as it is imported),
    # never Python's raw warning with its source line
    said = [line for line in result.stderr.splitlines() if line.strip()]
    assert all(line.startswith("the clients' libraries: ") for line in said), said
    assert len(said) == len(set(said)), said
    out = result.stdout
    assert re.search(r"^4 people at every table +\d+ +[\d.]+ +[\d.]+ +[\d.]+$", out, re.M)
    assert re.search(r"^AI seat \(hard\) at table 1: others +\d+ ", out, re.M)
    assert re.search(r"^  \.\.\. at the AI's own table +\d+ ", out, re.M)
    for figure in (
        "ms per session in all",
        "ms per move",
        "MiB per session",
        "server event loop lag: p50",
        "the other tables' p99 with the AI seat:",
        "prompts drawn in play:",
    ):
        assert figure in out
    for generation in ("young", "middle", "full"):  # the collector's pauses, by generation
        assert re.search(rf"^    {generation} +\d+ · longest +[\d.]+ ms · total", out, re.M)
    assert "not measured" not in out  # every move typed reached every other player


def test_the_quick_web_bench_prints_its_figures(cli: Cli) -> None:
    """Two tables of two browsers (WebSocket clients of ``serve --web``): the latency row,
    the server's CPU a move, and every move sent shown on every other player's board."""
    pytest.importorskip("aiohttp")
    result = cli.run("bench", "--server", "--web", "--quick", "--humans", "2", "--no-ai")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "2 tables of 2 people in browsers (WebSocket)" in out
    assert "receiving its board (ms):" in out
    assert re.search(r"^2 people at every table +[1-9]\d* +[\d.]+ +[\d.]+ +[\d.]+$", out, re.M)
    assert re.search(r"^  server CPU in play: [\d.]+ ms per move", out, re.M)
    assert "MiB per session" in out
    assert "prompts drawn" not in out  # a browser draws no prompt on the server
    assert "not measured" not in out  # every move sent reached every other player


def test_a_short_soak_checks_the_logs_and_that_the_server_answers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A few seconds of one normal table beside two of the hostile clients (bounded ones
    that today's server withstands): nothing lost, the probe answered, exit code 0. The
    soak is the tests' (:mod:`tests.helpers.soak`), against the bench's server."""
    from tests.helpers.soak import main

    code = main(["0.2", "--tables", "1", "--think", "0.3", "--hostile", "guess,churn"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert re.search(r"^the normal tables +[1-9]\d* ", out, re.M)
    assert "moves told but not in the table's log on disk: 0" in out
    assert re.search(r"the server answered a fresh login [1-9]\d* times", out)
    assert re.search(r"^  password guesses: [1-9][\d,]* passwords guessed", out, re.M)
    assert re.search(r"^  tables made and left: \d+ tables made and left", out, re.M)
    assert "soak passed" in out


def test_the_help_tells_the_server_options(cli: Cli) -> None:
    text = " ".join(cli.run("bench", "--help").stdout.split())
    assert "--tables N tables at once (default 25)" in text
    assert "--think SECONDS pause before each move typed, on average (default 1.0" in text
    assert "--web the people play in browsers: WebSocket clients of serve --web" in text
