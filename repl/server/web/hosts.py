"""The hosts the web front answers for, against DNS rebinding.

A page of another site can make a browser's name for that site point at this server (DNS
rebinding): the browser then asks for ``Host: evil.example:8213`` and sends ``Origin:
http://evil.example:8213``, the same origin as far as it knows. So the web front keeps a
list of the hosts that are its own (:func:`allowed_hosts`): where it listens (for every
network of the machine, the machine's addresses), this machine's own names for itself, and
the hosts of ``--web-origin``. A request for any other host is answered ``421 Misdirected
Request``; a socket opened by a page of any other origin, ``403``.

>>> hosts = allowed_hosts("0.0.0.0", ("https://cards.example.org",), lambda: ["192.0.2.7"])
>>> sorted(hosts)
['127.0.0.1', '192.0.2.7', '::1', 'cards.example.org', 'localhost']
>>> host_name("[::1]:8213"), host_name("Cards.Example.org."), host_name("evil.example:8213")
('::1', 'cards.example.org', 'evil.example')
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from ..addresses import WILDCARDS

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
"""What this machine calls itself: a page opened here is always let in."""


def host_name(host: str) -> str:
    """The name or address a ``Host`` header (or a listening address) names, as
    :func:`allowed_hosts` keeps it: lower case, without its port, brackets or final dot,
    an IP address in its shortest form."""
    host = host.strip().lower()
    if host.startswith("["):
        name = host[1:].partition("]")[0]
    elif host.count(":") == 1:
        name = host.partition(":")[0]
    else:
        name = host
    name = name.rstrip(".")
    try:
        return str(ipaddress.ip_address(name))
    except ValueError:
        return name


def origin_host(origin: str) -> str:
    """The host of an origin or a page's address (``https://cards.example.org``)."""
    try:
        return host_name(urlsplit(origin).netloc)
    except ValueError:
        return ""


def allowed_hosts(
    listening: str, origins: Iterable[str], addresses: Callable[[], list[str]]
) -> frozenset[str]:
    """The hosts a web front listening on ``listening`` answers for: that address (for a
    wildcard, each of the machine's ``addresses``, as they are when it starts), this
    machine's own names for itself, and the host of each of ``origins``."""
    hosts = set(LOCAL_HOSTS)
    if listening in WILDCARDS:
        hosts.update(host_name(address) for address in addresses())
    else:
        hosts.add(host_name(listening))
    hosts.update(origin_host(origin) for origin in origins)
    hosts.discard("")
    return frozenset(hosts)
