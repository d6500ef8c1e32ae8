"""A budget of the whole server shared so that a few addresses cannot spend it (issue 25,
finding 3): each address's and each network's share, the reserve kept for quiet
networks, and random early drop; with clocks and random generators the tests choose."""

from __future__ import annotations

import random

import pytest
from threethirteen.repl.server.limits import Limits, new_connection_share, new_name_share
from threethirteen.repl.server.limits_file import LimitsError, parse_limits
from threethirteen.repl.server.shares import Held, Share, Spent, network_of


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def never() -> float:
    """A random draw that never drops (1.0 is above every chance)."""
    return 1.0


def test_networks_are_a_slash_24_and_a_slash_48() -> None:
    assert network_of("192.0.2.7") == network_of("192.0.2.200") == "192.0.2.0/24"
    assert network_of("192.0.3.7") != network_of("192.0.2.7")
    assert network_of("2001:db8:0:1::/64") == network_of("2001:db8:0:ffff::/64")
    assert network_of("2001:db8:0:1::/64") == "2001:db8::/48"
    assert network_of("2001:db8:1::/64") != network_of("2001:db8::/64")
    assert network_of("?") == "?"  # not an address: itself


def test_an_address_and_a_network_take_their_share_only() -> None:
    share = Share(total=100, per_network=40, per_address=10, reserve=20)
    assert share.refusal(address=10, network=10, everyone=10, chance=never) == "address"
    assert share.refusal(address=0, network=40, everyone=40, chance=never) == "network"
    assert share.refusal(address=0, network=0, everyone=100, chance=never) == "total"
    assert share.refusal(address=9, network=39, everyone=50, chance=never) is None


def test_the_reserve_is_for_quiet_networks() -> None:
    share = Share(total=100, per_network=40, per_address=10, reserve=20)
    assert share.quiet == 2 and share.open_part == 80
    # a network that took two or more: not past the part before the reserve
    assert share.refusal(address=2, network=2, everyone=79, chance=never) is None
    assert share.refusal(address=2, network=2, everyone=80, chance=never) == "total"
    # a quiet one: up to the total
    assert share.refusal(address=1, network=1, everyone=99, chance=never) is None
    assert share.refusal(address=0, network=0, everyone=99, chance=never) is None


def test_early_drop_refuses_loud_networks_more_often_the_fuller_it_is() -> None:
    share = Share(total=100, per_network=40, per_address=10, reserve=20, early_drop=True)
    draws = random.Random(25)

    def dropped(everyone: int, network: int = 5) -> int:
        return sum(
            share.refusal(address=1, network=network, everyone=everyone, chance=draws.random)
            is not None
            for _ in range(2000)
        )

    assert dropped(39) == 0  # below half of the open part: never
    at_start, halfway, near_full = dropped(40), dropped(60), dropped(79)
    assert 0 < at_start < halfway < near_full < 2000
    assert dropped(79, network=1) == 0  # a quiet network is never dropped


def test_without_early_drop_nothing_is_left_to_chance() -> None:
    share = Share(total=100, per_network=40, per_address=10, reserve=20)

    def always() -> float:
        return 0.0  # a draw that would drop whenever dropping is possible

    assert share.refusal(address=5, network=5, everyone=79, chance=always) is None


def test_held_counts_by_address_and_network() -> None:
    held = Held(Share(total=4, per_network=3, per_address=2, reserve=1), chance=never)
    held.add("192.0.2.1")
    held.add("192.0.2.1")
    assert held.refusal("192.0.2.1") == "address"
    held.add("192.0.2.2")
    assert held.refusal("192.0.2.3") == "network" and held.total == 3
    assert held.refusal("198.51.100.1") is None  # quiet: the reserve is its
    held.remove("192.0.2.1")
    held.remove("192.0.2.9")  # never held: nothing changes
    assert held["192.0.2.1"] == 1 and held.total == 2 and held.refusal("192.0.2.3") is None


def test_twenty_addresses_opening_connections_leave_room_for_a_newcomer() -> None:
    """The flood of finding 3, in memory: 20 addresses of one /24 and 20 of 20 networks
    open connections as fast as they are let, for a minute; a newcomer from another
    network still gets in, and the flood takes no more than the part before the reserve
    (and a quiet start of each of its networks)."""
    limits = Limits()
    clock = Clock()
    opened = Spent(60.0, new_connection_share(limits), chance=random.Random(7).random,
                   clock=clock)  # fmt: skip
    flood = [f"203.0.113.{n}" for n in range(20)] + [f"198.{n}.100.1" for n in range(20)]
    let = 0
    for step in range(6000):
        clock.now = step * 0.01  # a minute in all
        address = flood[step % len(flood)]
        if opened.refusal(address) is None:
            opened.spend(address)
            let += 1
    share = new_connection_share(limits)
    assert let <= share.open_part + 21 * share.quiet
    assert opened.refusal("192.0.2.1") is None  # a newcomer
    assert opened.refusal("203.0.113.99") == "network"  # a newcomer of the flood's /24


def test_forty_addresses_claiming_names_leave_names_for_a_quiet_one() -> None:
    limits = Limits()
    clock = Clock()
    claimed = Spent(3600.0, new_name_share(limits), clock=clock)
    flood = [f"203.0.113.{n}" for n in range(40)]
    for _ in range(5):
        for address in flood:
            clock.now += 0.1
            if claimed.refusal(address) is None:
                claimed.spend(address)
    assert claimed.count() == limits.new_names_per_network  # one /24: its share
    assert claimed.refusal("192.0.2.1") is None
    clock.now += 3600.0  # an hour later the network may claim again
    assert claimed.refusal("203.0.113.5") is None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("connections_per_address = 65\nconnections_per_network = 64",
         "connections_per_address (65) is more than connections_per_network (64)"),
        ("new_names_per_network = 300", "new_names_per_network (300) is more than "
                                        "new_names_per_hour (200)"),
        ("handshakes_reserve = 32", "handshakes_reserve (32) must be less than "
                                    "handshakes_total (32)"),
        ("new_connections_per_network = 20\nnew_connections_per_address = 30",
         "new_connections_per_address (30) is more than new_connections_per_network (20)"),
    ],
)  # fmt: skip
def test_a_share_out_of_order_is_refused_in_the_limits_file(text: str, said: str) -> None:
    with pytest.raises(LimitsError) as caught:
        parse_limits(text)
    assert said in str(caught.value)


def test_a_limits_file_of_totals_alone_gets_shares_that_fit() -> None:
    """A file written before the budgets were shared names a total and a cap per address:
    the parts it does not name shrink (or grow) with the total, in order."""
    limits = parse_limits("new_connections_per_minute = 100\nnew_connections_per_address = 10\n"
                          "handshakes_total = 4\nnew_names_per_hour = 3\n")  # fmt: skip
    assert (limits.new_connections_per_network, limits.new_connections_reserve) == (25, 25)
    assert (limits.handshakes_per_network, limits.handshakes_reserve) == (2, 1)
    assert limits.handshakes_per_address == 2  # within its network's
    assert (limits.new_names_per_network, limits.new_names_per_address) == (1, 1)
    assert limits.new_names_reserve == 1
    big = parse_limits("connections_per_address = 100\nconnections_total = 1000\n")
    assert big.connections_per_network == 250 and big.connections_reserve == 125
    assert parse_limits("login_timeout = 30").connections_reserve == Limits().connections_reserve
