"""This machine's addresses, as a server says where it listens and which hosts its web
front answers for."""

from __future__ import annotations

import socket

WILDCARDS = frozenset({"", "0.0.0.0", "::", "*"})
"""Addresses that listen on every network of the machine."""


def machine_addresses() -> list[str]:
    """This machine's addresses that another machine may reach, best first: the one its
    traffic leaves by (a UDP socket aimed at a documentation address sends nothing),
    then those its name resolves to; none when the machine has no network."""
    found: list[str] = []
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                found.append(str(probe.getsockname()[0]))
        except OSError:
            continue
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_TCP)
    except OSError:
        named = []
    for _family, _type, _proto, _name, address in named:
        text = str(address[0]).partition("%")[0]
        if text not in found:
            found.append(text)
    return [address for address in found if not address.startswith("fe80:")]
