"""The web front's gate against round five of the attacks (issue 34): one client behind
``--web-proxy`` cannot spend the server's budget, a page of another host (DNS rebinding)
gets nothing, and a long flood is paced at ``bytes_per_second``, its debt paid in full."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from threethirteen.repl.server import shares
from threethirteen.repl.server.limits import Limits
from threethirteen.repl.server.shares import Bucket, Held, Share, Spent
from threethirteen.repl.server.web.gate import Gate
from threethirteen.repl.server.web.hosts import allowed_hosts, host_name

from tests.helpers.channel import service_for
from tests.helpers.rooms import settle
from tests.helpers.web import Browser, web_front


def run(test: object) -> None:
    asyncio.run(test)  # type: ignore[arg-type]


async def page(http: aiohttp.ClientSession, port: int, headers: dict[str, str]) -> int:
    """``GET /``'s status (0: the connection was cut before an answer)."""
    try:
        async with http.get(f"http://127.0.0.1:{port}/", headers=headers) as answer:
            await answer.read()
            return answer.status
    except aiohttp.ClientError:
        return 0


# -- 1. one client behind the proxy ------------------------------------------------------


def test_a_browser_behind_the_proxy_spends_its_own_share_and_no_one_else_s(
    tmp_path: Path,
) -> None:
    """The page loaded 1,300 times through the proxy, each on a connection of its own (as
    nginx asks for it), by one browser: refused after its address's share, and said so
    in the log once; an SSH newcomer and a browser from elsewhere still get in."""
    said: list[str] = []
    limits = Limits()

    async def test() -> None:
        async with web_front(tmp_path, said, limits, proxied=True) as (front, port):
            flood = {"X-Forwarded-For": "10.0.0.1, 203.0.113.9"}  # (the proxy's is the last)
            statuses: Counter[int] = Counter()
            connector = aiohttp.TCPConnector(force_close=True, limit=50)
            async with aiohttp.ClientSession(connector=connector) as http:
                for _ in range(26):
                    batch = [page(http, port, flood) for _ in range(50)]
                    statuses.update(await asyncio.gather(*batch))
                assert statuses == {200: limits.new_connections_per_address, 429: 1240}
                async with http.get(f"http://127.0.0.1:{port}/", headers=flood) as answer:
                    said_to_it = await answer.text()
                assert "Too many connections from your address" in said_to_it
                assert "Zu viele Verbindungen von deiner Adresse" in said_to_it
                # an SSH newcomer from another address is let in, and a browser from elsewhere
                assert front.service.connection_problem("198.51.100.7") is None
                elsewhere = {"X-Forwarded-For": "198.51.100.20"}
                assert await page(http, port, elsewhere) == 200
            ben = await Browser(port, "ben").connect(headers=elsewhere)
            await ben.until(lambda m: m["type"] == "welcome")
            assert any(" from 198.51.100.20 (browser)" in line for line in said)
            await ben.close()
            await settle(lambda: front.service.connections.total == 0)
        refusals = [line for line in said if "refused" in line]
        assert len(refusals) < 5, refusals  # once a minute per source, not once a request
        assert "refused a browser behind the proxy: too many new connections from the " \
               "address" in refusals[0]  # fmt: skip

    run(test())


def test_the_proxy_s_connections_are_one_source_with_a_share_of_the_front_s_own(
    tmp_path: Path,
) -> None:
    said: list[str] = []
    limits = Limits(proxy_connections=4)

    async def test() -> None:
        async with web_front(tmp_path, said, limits, proxied=True) as (front, port):
            service = front.service
            held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(4)]
            await settle(lambda: service.connections.total == 4)
            refused = []
            for _ in range(10):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                refused.append(await reader.read())
                writer.close()
            assert all(answer.startswith(b"HTTP/1.1 503") for answer in refused)
            assert "The server is busy right now" in refused[0].decode()
            assert service.connection_problem("198.51.100.7") is None  # SSH's are not spent
            for _reader, writer in held:
                writer.close()
            await settle(lambda: service.connections.total == 0)
        refusals = [line for line in said if "refused a web connection" in line]
        assert len(refusals) == 1 and "too many connections from the proxy" in refusals[0]

    run(test())


@pytest.mark.parametrize("budget", ["held", "spent"])
def test_a_key_that_is_no_address_is_never_a_quiet_network(budget: str) -> None:
    """A peer counted under a name of the server's own (``?``, or one per connection, as a
    proxy's once were) may take the part before the reserve, never the reserve: that is
    kept for the quiet networks of real addresses."""
    share = Share(total=100, per_network=40, per_address=10, reserve=20)
    counts = Held(share) if budget == "held" else Spent(60.0, share, clock=lambda: 0.0)

    def take(key: str) -> bool:
        if counts.refusal(key) is not None:
            return False
        if isinstance(counts, Held):
            counts.add(key)
        else:
            counts.spend(key)
        return True

    let_in = sum(take(f"via proxy {n}") for n in range(200))
    assert let_in == share.open_part
    assert take("192.0.2.7")  # a quiet network of a real address still gets in


# -- 2. DNS rebinding --------------------------------------------------------------------


def test_a_request_for_another_host_is_misdirected(tmp_path: Path) -> None:
    """A page of evil.example whose name now points at the server (DNS rebinding): its
    page and its socket are answered 421, and a socket opened at the server's own host by
    another origin 403; the server's own hosts, and one ``--web-origin`` names, work."""
    said: list[str] = []

    async def test() -> None:
        origins = ("https://cards.example.org",)
        async with web_front(tmp_path, said, origins=origins) as (_front, port):
            base = f"http://127.0.0.1:{port}"
            evil = f"evil.example:{port}"
            async with aiohttp.ClientSession() as http:
                for path in ("/", "/t/KITE-7", "/static/table.js"):
                    async with http.get(base + path, headers={"Host": evil}) as answer:
                        assert answer.status == 421, path
                for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}",
                             "cards.example.org"):  # fmt: skip
                    async with http.get(base + "/", headers={"Host": host}) as answer:
                        assert answer.status == 200, host
            for headers, status in (
                ({"Host": evil, "Origin": f"http://{evil}"}, 421),
                ({"Host": f"localhost:{port}", "Origin": f"http://{evil}"}, 403),
            ):
                rebound = Browser(port, "ana")
                try:
                    await rebound.connect(headers=headers)
                except aiohttp.WSServerHandshakeError as error:
                    assert error.status == status
                else:
                    raise AssertionError(f"the socket opened with {headers}")
                finally:
                    await rebound.close()
            for host, origin in ((f"localhost:{port}", f"http://localhost:{port}"),
                                 ("cards.example.org", "https://cards.example.org")):  # fmt: skip
                own = Browser(port, host.partition(":")[0].replace(".", "")[:12])
                await own.connect(headers={"Host": host, "Origin": origin})
                await own.until(lambda m: m["type"] == "welcome")
                await own.close()
        assert any("refused a request for the host 'evil.example'" in line for line in said)

    run(test())


def test_a_front_on_every_network_answers_for_the_machine_s_addresses() -> None:
    addresses = lambda: ["192.168.1.20", "2001:db8:0:0::5"]  # noqa: E731
    everywhere = allowed_hosts("0.0.0.0", ("http://mymachine.local:8213",), addresses)
    assert {"192.168.1.20", "2001:db8::5", "mymachine.local", "localhost"} <= everywhere
    assert host_name("[2001:DB8::5]:8213") in everywhere
    one = allowed_hosts("192.168.1.20", (), addresses)
    assert one == {"192.168.1.20", "localhost", "127.0.0.1", "::1"}
    assert "evil.example" not in everywhere | one


# -- 5b. a debt is paid in full -----------------------------------------------------------


def test_a_debt_is_paid_in_full_at_the_rate() -> None:
    bucket = Bucket(rate=10, burst=20, now=0.0)
    assert bucket.take(20, now=0.0) == 20
    bucket.tokens = -100.0  # 100 taken beyond what there was (what a gate owes)
    assert bucket.take(5, now=1.0) == 0  # 90 still owed: nothing, and nothing forgiven
    assert bucket.wait(1, now=1.0) == 9.1
    assert bucket.take(6, now=10.5) == 5  # paid at 10.0; five more since


class Time:
    """The shares' clock (a bucket's), moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now


class Socket(asyncio.Transport):
    """A connection's transport: whether it is read."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("192.0.2.7", 50000) if name == "peername" else default

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def is_closing(self) -> bool:
        return False

    def write(self, data: Any) -> None:
        pass

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


class Reader(asyncio.Protocol):
    """What HTTP would parse: the bytes the gate let through."""

    def __init__(self) -> None:
        self.received = 0

    def data_received(self, data: bytes) -> None:
        self.received += len(data)


def test_the_gate_paces_a_long_flood_at_bytes_per_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that sends as fast as it is read, 256 KiB a read (the most one read of a
    socket brings): however long it goes on, the gate has let through no more than the
    burst and ``bytes_per_second`` for the time gone by (the buckets' clock is the test's)."""
    clock = Time()
    monkeypatch.setattr(shares, "time", clock)
    limits = Limits()
    read = 256 * 1024

    async def flood() -> float:
        loop = asyncio.get_running_loop()
        service = service_for(tmp_path, [], limits)
        reader, socket = Reader(), Socket()
        gate = Gate(service, reader, gates=set())
        gate.connection_made(socket)
        for _ in range(20):
            assert socket.reading
            assert reader.received <= limits.bytes_burst + limits.bytes_per_second * clock.now + 1
            gate.data_received(b"x" * read)
            while not socket.reading:  # the gate waits: here its time passes at once
                timer = gate._paused
                assert timer is not None
                clock.now += max(timer.when() - loop.time(), 0.0)
                timer.cancel()
                gate._resume()
        gate.connection_lost(None)
        return clock.now

    gone_by = asyncio.run(flood())
    assert gone_by >= 19 * read / limits.bytes_per_second - 1  # and it was paced at no less
