"""``threethirteen serve`` says how players join with addresses one can type: the
machine's own for a server on every network, never ``0.0.0.0``."""

from __future__ import annotations

from threethirteen.repl.server.serve import join_lines, machine_addresses


def test_every_network_is_said_as_the_machines_own_addresses() -> None:
    lines = join_lines("0.0.0.0", 2213, lambda: ["192.168.1.20", "127.0.0.1", "fd00::2"])
    assert lines[:2] == [
        "players join with: ssh -p 2213 NAME@192.168.1.20",
        "players join with: ssh -p 2213 NAME@fd00::2",
    ]
    assert "  on this machine: ssh -p 2213 NAME@localhost" in lines
    assert not any("0.0.0.0" in line or "127.0.0.1" in line for line in lines)
    assert any("outside your network" in line for line in lines)


def test_a_machine_without_a_network_says_so() -> None:
    lines = join_lines("::", 2213, lambda: ["127.0.0.1", "::1"])
    assert lines[0] == "players join with the address of this machine: this server found none"


def test_a_server_of_this_machine_only_says_how_to_let_others_in() -> None:
    (line,) = join_lines("127.0.0.1", 2300, lambda: ["192.168.1.20"])
    assert line.startswith("players join with: ssh -p 2300 NAME@127.0.0.1 (only from this machine")
    assert "--host 0.0.0.0" in line
    assert join_lines("192.168.1.20", 2213, list) == [
        "players join with: ssh -p 2213 NAME@192.168.1.20"
    ]


def test_the_machines_addresses_are_addresses() -> None:
    import ipaddress

    for address in machine_addresses():  # whatever this machine has: each parses, none link-local
        assert not ipaddress.ip_address(address).is_link_local
