"""How a budget of the whole server is shared, so that a few addresses cannot spend it:
what each address (:func:`address_of`) and each network holds now (:class:`Held`) or
spent within a while (:class:`Spent`), and whether one more is let in (:class:`Share`).

>>> tally = Tally(60.0)
>>> tally.add("127.0.0.2", now=0.0); tally.add("127.0.0.2", now=30.0)
>>> tally.count("127.0.0.2", now=70.0)  # the first one is more than a minute old
1
>>> network_of("192.0.2.7"), network_of("2001:db8:0:1::/64")
('192.0.2.0/24', '2001:db8::/48')
>>> address_of("2001:db8::1"), address_of("::ffff:192.0.2.7")
('2001:db8::/64', '192.0.2.7')

Beside them, the pace of one connection or one session (:class:`Bucket`). A leaf: it
imports nothing of the server.
"""

from __future__ import annotations

import ipaddress
import random
import time
from collections import deque
from collections.abc import Callable

from attrs import frozen


@frozen
class Share:
    """How a budget of the whole server is shared, so that a few addresses cannot spend it.

    Each address may take ``per_address`` of the ``total``, each network ``per_network``
    (an IPv4 /24, an IPv6 /48: :func:`network_of`). A network is *quiet* while it holds
    less than a quarter of an address's share (at least one); the last ``reserve`` of the
    total is kept for quiet networks. With ``early_drop``, a network that is not quiet is
    refused at random from half of the rest on, more often the fuller the budget is
    (OpenSSH's ``MaxStartups`` start:rate:full). So a flood of a few addresses spends at
    most the part before the reserve, and those that are not flooding still get in: the
    flood's own networks are refused, not everyone (as OpenSSH's ``PerSourcePenalties``
    refuses the sources that misbehave, and no other).

    >>> share = Share(total=100, per_network=40, per_address=10, reserve=20)
    >>> share.refusal(address=0, network=0, everyone=99, chance=random.random) is None
    True
    >>> share.refusal(address=3, network=3, everyone=80, chance=random.random)
    'total'
    """

    total: int
    per_network: int
    per_address: int
    reserve: int
    early_drop: bool = False

    @property
    def quiet(self) -> int:
        """A network that holds less than this is quiet: a quarter of an address's share."""
        return max(self.per_address // 4, 1)

    @property
    def open_part(self) -> int:
        """What networks that are not quiet may take of the total: all but the reserve."""
        return max(self.total - max(self.reserve, 0), 0)

    def refusal(
        self,
        *,
        address: int,
        network: int,
        everyone: int,
        chance: Callable[[], float],
        addressed: bool = True,
    ) -> str | None:
        """Why one more is refused (``address``, ``network``, ``total``), or ``None``:
        given what the address, its network and everyone hold now. A key that is no
        address (``addressed`` false: a peer the server could not name) is never quiet:
        nothing says where it comes from, so each one may be anyone's."""
        if address >= self.per_address:
            return "address"
        if network >= self.per_network:
            return "network"
        if everyone >= self.total:
            return "total"
        if addressed and network < self.quiet:
            return None  # the reserve is theirs
        most = self.open_part
        if everyone >= most:
            return "total"
        start = most // 2
        drop = (everyone - start + 1) / (most - start + 1)
        if self.early_drop and 0 < start <= everyone and chance() < drop:
            return "total"
        return None


class Held:
    """What each address and each network holds of a :class:`Share` now (connections,
    logins under way), and whether one more may be taken."""

    def __init__(self, share: Share, *, chance: Callable[[], float] = random.random) -> None:
        self.share = share
        self.chance = chance
        self.by_address = Count()
        self.by_network = Count()

    def __getitem__(self, address: str) -> int:
        return self.by_address[address]

    @property
    def total(self) -> int:
        return self.by_address.total

    def refusal(self, address: str) -> str | None:
        """Why ``address`` may not take one more now (``address``, ``network``,
        ``total``), or ``None``."""
        return self.share.refusal(
            address=self.by_address[address],
            network=self.by_network[network_of(address)],
            everyone=self.by_address.total,
            chance=self.chance,
            addressed=is_address(address),
        )

    def add(self, address: str) -> None:
        self.by_address.add(address)
        self.by_network.add(network_of(address))

    def remove(self, address: str) -> None:
        if self.by_address[address]:
            self.by_address.remove(address)
            self.by_network.remove(network_of(address))


class Spent:
    """What each address and each network spent of a :class:`Share` within the last
    ``seconds`` (connections opened, names claimed), and whether one more may be spent.

    >>> now = [0.0]
    >>> share = Share(total=3, per_network=2, per_address=1, reserve=1)
    >>> spent = Spent(60.0, share, clock=lambda: now[0])
    >>> spent.spend("192.0.2.1"); spent.refusal("192.0.2.1"), spent.refusal("192.0.2.2")
    ('address', None)
    >>> spent.spend("192.0.2.2"); spent.refusal("192.0.2.3"), spent.refusal("198.51.100.1")
    ('network', None)
    >>> now[0] = 60.0; spent.refusal("192.0.2.1") is None  # a minute later
    True
    """

    def __init__(
        self,
        seconds: float,
        share: Share,
        *,
        chance: Callable[[], float] = random.random,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.share = share
        self.chance = chance
        self.clock = clock
        self.by_address = Tally(seconds, most=share.per_address)
        self.by_network = Tally(seconds, most=share.per_network)
        self.in_all = Tally(seconds, most=share.total)

    def refusal(self, address: str) -> str | None:
        """Why ``address`` may not spend one more now (``address``, ``network``,
        ``total``), or ``None``."""
        now = self.clock()
        return self.share.refusal(
            address=self.by_address.count(address, now),
            network=self.by_network.count(network_of(address), now),
            everyone=self.in_all.count("", now),
            chance=self.chance,
            addressed=is_address(address),
        )

    def spend(self, address: str) -> None:
        now = self.clock()
        self.by_address.add(address, now)
        self.by_network.add(network_of(address), now)
        self.in_all.add("", now)

    def count(self, address: str = "") -> int:
        """What ``address`` spent within the window (without one: everyone)."""
        if not address:
            return self.in_all.count("", self.clock())
        return self.by_address.count(address, self.clock())


class Count:
    """How many of something each address (or name) holds now, and all of them together;
    an address that holds none is forgotten."""

    def __init__(self) -> None:
        self.each: dict[str, int] = {}
        self.total = 0

    def __getitem__(self, key: str) -> int:
        return self.each.get(key, 0)

    def add(self, key: str) -> None:
        self.each[key] = self.each.get(key, 0) + 1
        self.total += 1

    def remove(self, key: str) -> None:
        left = self.each.get(key, 0) - 1
        if left < 0:
            return
        self.total -= 1
        if left:
            self.each[key] = left
        else:
            del self.each[key]


class Tally:
    """Uses of something per key (an address) within the last ``seconds``.

    Bounded twice: a key keeps at most ``most`` times (no cap counts further), and at
    most ``keys`` keys are kept (the oldest are forgotten first).
    """

    def __init__(self, seconds: float, *, most: int = 1000, keys: int = 4096) -> None:
        self.seconds = seconds
        self.most = max(most, 1)
        self.keys = keys
        self._times: dict[str, deque[float]] = {}

    def count(self, key: str, now: float | None = None) -> int:
        """The uses of ``key`` within the window."""
        times = self._times.get(key)
        if times is None:
            return 0
        now = time.monotonic() if now is None else now
        while times and now - times[0] >= self.seconds:
            times.popleft()
        if not times:
            del self._times[key]
        return len(times)

    def add(self, key: str, now: float | None = None) -> None:
        """One more use of ``key``."""
        now = time.monotonic() if now is None else now
        times = self._times.pop(key, None)  # taken out and put back: the newest key last
        if times is None:
            times = deque(maxlen=self.most)
        times.append(now)
        self._times[key] = times
        while len(self._times) > self.keys:
            del self._times[next(iter(self._times))]

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until the oldest use of ``key`` leaves the window (0 without one)."""
        times = self._times.get(key)
        if not times:
            return 0.0
        now = time.monotonic() if now is None else now
        return max(self.seconds - (now - times[0]), 0.0)


def is_address(key: str) -> bool:
    """Whether ``key`` is an address (:func:`address_of`) or a network, not a name the
    server gave a peer it could not tell (``?``) or a whole source (a proxy).

    >>> is_address("192.0.2.7"), is_address("2001:db8::/64"), is_address("via proxy 7")
    (True, True, False)
    """
    try:
        ipaddress.ip_network(key, strict=False)
    except ValueError:
        return False
    return True


def network_of(address: str) -> str:
    """The network an address (:func:`address_of`) is counted in as well: the /24 of an
    IPv4 address, the /48 of an IPv6 /64. A /48 is what a site is given (RFC 6177) and
    what a tunnel broker hands anyone for free, so one person may well hold all of it,
    as they may hold a /64 (it is the address already); the /56 of a home is within it.
    A key that is no address is a network of its own, and never a quiet one
    (:meth:`Share.refusal`)."""
    try:
        network = ipaddress.ip_network(address, strict=False)
    except ValueError:
        return address
    prefix = 24 if network.version == 4 else 48
    if network.prefixlen <= prefix:
        return str(network)
    return str(network.supernet(new_prefix=prefix))


def address_of(peer: str) -> str:
    """The address a peer's caps are counted by: its IPv4 address, or the /64 network of an
    IPv6 address (one host often holds a whole /64)."""
    try:
        ip = ipaddress.ip_address(peer.split("%", 1)[0])
    except ValueError:
        return peer[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


WHERE = {"address": " from the address", "network": " from the network"}
"""How a refusal of a shared budget (:meth:`Share.refusal`) is logged: whose
share it was (the server's own, when none)."""


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up.

    >>> bucket = Bucket(rate=10, burst=20, now=0.0)
    >>> bucket.take(25, now=0.0), bucket.take(5, now=0.5), bucket.wait(1, now=0.5)
    (20, 5, 0.1)
    >>> bucket.owe(30); bucket.take(5, now=1.0), bucket.wait(1, now=1.0)  # 25 still owed
    (0, 2.6)
    """

    def __init__(self, *, rate: float, burst: float, now: float | None = None) -> None:
        self.rate = max(rate, 0.001)
        self.burst = max(burst, 1.0)
        self.tokens = self.burst
        self.stamp = time.monotonic() if now is None else now

    def _fill(self, now: float | None) -> None:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, wanted: int, now: float | None = None) -> int:
        """Take up to ``wanted`` tokens; how many were taken (none while a debt is being
        paid: it is never forgiven)."""
        self._fill(now)
        taken = max(min(wanted, int(self.tokens)), 0)
        self.tokens -= taken
        return taken

    def owe(self, tokens: float) -> None:
        """Owe ``tokens`` taken beyond what there was (what a connection sent beyond its
        pace): paid in full at :attr:`rate` before a token may be taken again."""
        self.tokens -= max(tokens, 0.0)

    def wait(self, wanted: float, now: float | None = None) -> float:
        """Seconds until ``wanted`` tokens are there (at most a full bucket's worth)."""
        self._fill(now)
        missing = min(wanted, self.burst) - self.tokens
        return round(max(missing, 0.0) / self.rate, 6)
