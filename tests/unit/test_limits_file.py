"""The server's limits file: read like any file from outside, and the admin told what is wrong."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from threethirteen.repl.server import serve
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.limits_file import (
    MOST_BYTES,
    LimitsError,
    changed_limits,
    limits_text,
    parse_limits,
    read_limits,
)


def test_an_empty_file_keeps_every_default() -> None:
    assert parse_limits("") == Limits()


def test_the_printed_defaults_read_back_as_they_are() -> None:
    assert parse_limits(limits_text()) == Limits()
    changed = attrs.evolve(Limits(), tables_per_name=5, login_timeout=12.5)
    assert parse_limits(limits_text(changed)) == changed
    assert changed_limits(changed) == ["login_timeout = 12.5", "tables_per_name = 5"]


def test_serve_will_not_hold_more_tables_than_it_has_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        serve.main(["--max-tables", "5000", "--print-limits"])
    assert "tables_total must be 1 to 2,940" in capsys.readouterr().err


def test_every_limit_can_be_set() -> None:
    for field in attrs.fields(Limits):
        default = getattr(Limits(), field.name)
        value = default - 1 if field.name == "line" else default + 1  # line: at its ceiling
        limits = parse_limits(f"{field.name} = {value!r}")
        assert getattr(limits, field.name) == value
        assert type(getattr(limits, field.name)) is type(default)


def test_a_whole_number_of_seconds_is_seconds() -> None:
    limits = parse_limits("login_timeout = 30")
    assert limits.login_timeout == 30.0 and isinstance(limits.login_timeout, float)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("tables_per_nam = 2", "line 1: no limit is called 'tables_per_nam' (did you mean"),
        ("[limits]\ntables_total = 2", "no limit is called 'limits'"),
        ("tables_total = 'many'", "tables_total must be a whole number"),
        ("tables_total = 2.5", "tables_total must be a whole number"),
        ("tables_total = true", "tables_total must be a whole number"),
        ("tables_total = 0", "tables_total must be 1 to 10,000,000, not 0"),
        ("tables_total = -3", "must be 1 to"),
        ("tables_total = 99999999999999", "must be 1 to"),
        ("login_timeout = nan", "login_timeout must be above 0"),
        ("login_timeout = inf", "login_timeout must be above 0"),
        ("login_timeout = 0", "login_timeout must be above 0"),
        ("login_timeout = 1e9", "at most 604,800"),
        ("login_timeout = false", "login_timeout must be a number, like 20.0"),
        ("tables_total = 1\ntables_total = 2", "it is not TOML"),
        ("tables_total =", "it is not TOML"),
        ("tables_per_address = 500", "tables_per_address (500) is more than tables_total (100)"),
        ("tables_total = 3000", "tables_total must be 1 to 2,940 (half the table codes)"),
        ("sessions_total = 2", "sessions_per_name (3) is more than sessions_total (2)"),
        ("line = 1001", "line must be 1 to 1,000 (the longest command the game reads)"),
    ],
)
def test_a_wrong_limit_is_said_in_a_line_and_nothing_starts(text: str, said: str) -> None:
    with pytest.raises(LimitsError) as caught:
        parse_limits(text)
    assert said in str(caught.value)


def test_a_file_from_outside_is_bounded_and_made_safe(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MOST_BYTES + "\n")
    with pytest.raises(LimitsError, match="longer than 64 KiB"):
        read_limits(big)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"tables_total = 2\n\xff\xfe")
    with pytest.raises(LimitsError, match="not UTF-8"):
        read_limits(binary)
    escape = tmp_path / "escape.toml"
    escape.write_text('"\\u001b[2Jtables" = 1\n')
    with pytest.raises(LimitsError) as caught:
        read_limits(escape)
    assert "\x1b" not in str(caught.value)
    with pytest.raises(LimitsError, match="cannot read it"):
        read_limits(tmp_path / "missing.toml")


def test_serve_prints_the_limits_it_would_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "limits.toml"
    path.write_text("tables_per_name = 2\n")
    assert serve.main(["--limits", str(path), "--max-tables", "40", "--print-limits"]) == 0
    printed = capsys.readouterr().out
    limits = parse_limits(printed)
    assert (limits.tables_per_name, limits.tables_total) == (2, 40)


def test_serve_will_not_start_with_a_wrong_limits_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "limits.toml"
    path.write_text("tables_per_name = 0\n")
    with pytest.raises(SystemExit) as stopped:
        serve.main(["--limits", str(path), "--data", str(tmp_path / "server")])
    assert stopped.value.code == 2
    assert "tables_per_name must be 1 to" in capsys.readouterr().err
    assert not (tmp_path / "server").exists()
