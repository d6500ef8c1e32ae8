"""Starting a server: its folder, its host key, its tables, and the SSH listener; and
stopping it.

The server owns its event loop: the loop's exception handler logs one line per error
(one per kind within :attr:`~.limits.Limits.log_window`) and goes on, and so does what the
libraries say (asyncio, asyncssh, Python's warnings: :mod:`~.libraries`), so that every
line on standard error is the server's own, in its form and within its window. SIGINT and
SIGTERM stop the server, whatever the players' prompts are doing. Stopping tells every
player, closes every connection and is done within :data:`STOP_SECONDS`; the tables are
on disk already. The connection caps shrink to the file descriptors the process may open
(``ulimit -n``), so that running out of them never stops a table from saving; should it
happen anyway, new connections are refused (asyncio tries again a second later) while
the tables play on.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import signal
import sys
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh
import attrs
from attrs import Factory, frozen

from ..files.atomic import write_atomic
from ..files.bounded import read_bounded
from ..kit.safe import visible
from ..master.coach import Advice
from .hall import Hall
from .libraries import libraries_logged
from .limits import Limits
from .names import KeyBook
from .plan import Deal, secret_deal
from .process import Collector
from .server_log import ServerLog
from .service import Service
from .ssh import GameServer
from .terminal import Guest

if TYPE_CHECKING:  # the web extra (aiohttp): imported only to serve a web front
    from .web.app import WebFront

BACKLOG = 64
"""Connections the kernel queues before the server accepts them (each a descriptor, for a
moment, when they are accepted together)."""

STOP_SECONDS = 5.0
"""The longest a stop takes: players told, connections closed, worker threads done."""

WINDOW = 1 << 15
"""Bytes a client may send on a channel before the server reads them (SSH's window):
what waits for a paused terminal stays small."""


@frozen(kw_only=True)
class ServerSettings:
    """How a server runs: where, with which folder, and how strict."""

    host: str = "127.0.0.1"
    port: int = 2213
    folder: Path
    password: str | None = None
    pace: float = 1.0
    """Seconds before each AI turn, so people can follow the table."""
    limits: Limits = Factory(Limits)
    workers: int = 2
    """Threads the AI thinks on (its turns, hints, the coach; the event loop never waits
    for them); hints and the coach take at most all but one (``Limits.advice_threads``)."""
    writers: int = 2
    """Threads for the disk: the people's moves (decided, then appended and synced), the
    plans, the names; never behind an AI that thinks."""
    web_port: int | None = None
    """The web front's port (``None``: no web front; 0: any free port)."""
    web_host: str | None = None
    """Where the web front listens (``None``: where SSH does)."""
    web_origins: tuple[str, ...] = ()
    """Origins besides the page's own whose pages may open the socket (a reverse proxy's
    public address, when it does not pass the ``Host`` on)."""
    web_proxied: bool = False
    """The web front is behind a reverse proxy on this machine: a browser's address is the
    last of ``X-Forwarded-For``, and the proxy holds the caps per address of connections."""


HOST_KEY_BYTES = 16 * 1024
"""The most the host key's file may hold (an Ed25519 key is about 400 bytes)."""


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: made once (Ed25519), kept in the folder for its owner only.

    Read as the server's own files are (:func:`~..files.bounded.read_bounded`, no link
    followed); made in one step (:func:`~..files.atomic.write_atomic`, never over a key
    another server wrote meanwhile: that one is read instead)."""
    path = folder / "host_key"
    try:
        return asyncssh.import_private_key(read_bounded(path, HOST_KEY_BYTES, follow=False))
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519", comment="threethirteen server")
    text = key.export_private_key().decode("ascii")
    try:
        write_atomic(path, text, mode=0o600, overwrite=False)
    except FileExistsError:  # a second server made it first: one key for both
        return asyncssh.import_private_key(read_bounded(path, HOST_KEY_BYTES, follow=False))
    return key


async def serve(
    settings: ServerSettings,
    *,
    ready: Callable[[str, int, str], None],
    deal: Deal = secret_deal,
    report: Callable[[str], None] | None = None,
    collector: Collector | None = None,
    codes: Callable[[int], int] = secrets.randbelow,
    web_ready: Callable[[str, int], None] | None = None,
) -> None:
    """Run the server until it is stopped (SIGINT, SIGTERM); ``ready`` hears the address,
    the port and the host key's fingerprint once it listens (``web_ready`` the web front's
    address and port, next). ``report`` hears each line
    of the server's log (by default, standard error through :class:`~.server_log.ServerLog`);
    ``collector`` (the process's policy, if any) is told how many sessions there are;
    ``codes`` draws the codes of new tables (:attr:`~.hall.Hall.codes`)."""
    if report is not None:
        await _serve(settings, ready, deal, report, collector, codes, web_ready)
        return
    log = ServerLog(sys.stderr)
    try:
        await _serve(settings, ready, deal, log.line, collector, codes, web_ready)
    finally:
        await asyncio.get_running_loop().run_in_executor(None, log.close)


async def _serve(
    settings: ServerSettings,
    ready: Callable[[str, int, str], None],
    deal: Deal,
    report: Callable[[str], None],
    collector: Collector | None,
    codes: Callable[[int], int],
    web_ready: Callable[[str, int], None] | None,
) -> None:
    folder = settings.folder
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = host_key(folder)
    limits = settings.limits
    pool = ThreadPoolExecutor(max_workers=settings.writers, thread_name_prefix="files")
    think = ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="think")
    hall = Hall(
        folder,
        pool=pool,
        think=think,
        limits=limits,
        pace=settings.pace,
        deal=deal,
        report=report,
        codes=codes,
        advice=Advice.of(limits, workers=settings.workers),
    )
    hall.load()
    limits = descriptor_limits(limits, report)
    keys = KeyBook(
        folder / "keys.json",
        most=limits.names_total,
        pool=pool,
        unseated_kept=limits.unseated_names_kept,
    )
    service = Service(hall, keys, password=settings.password, limits=limits, report=report)
    if collector is not None:
        collector.population = lambda: service.sessions.total
    loop = asyncio.get_running_loop()
    handler = loop.get_exception_handler()
    loop.set_exception_handler(loop_errors(service))
    try:
        with libraries_logged(lambda kind, line: service.refuse(kind, "", line)):
            await _listen(settings, service, key, (think, pool), ready, web_ready)
    finally:
        loop.set_exception_handler(handler)


async def _listen(
    settings: ServerSettings,
    service: Service,
    key: asyncssh.SSHKey,
    pools: tuple[ThreadPoolExecutor, ...],
    ready: Callable[[str, int, str], None],
    web_ready: Callable[[str, int], None] | None,
) -> None:
    """Listen (SSH, and the web front if asked) until SIGINT or SIGTERM, then stop."""
    acceptor = await asyncssh.create_server(
        lambda: GameServer(service),
        settings.host,
        settings.port,
        server_host_keys=[key],
        encoding=None,
        line_editor=False,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        login_timeout=service.limits.login_timeout,
        window=WINDOW,
        max_pktsize=WINDOW,
        backlog=BACKLOG,
    )
    web = None
    if settings.web_port is not None:
        from .web.app import WebFront  # the web extra (aiohttp), only when asked for

        web = WebFront(
            service,
            origins=settings.web_origins,
            proxied=settings.web_proxied,
        )
        web_host = settings.web_host or settings.host
        try:
            web_port = await web.start(web_host, settings.web_port, BACKLOG)
        except BaseException:
            acceptor.close()
            raise
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals = []
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(number, stop.set)
            signals.append(number)
    ready(settings.host, acceptor.get_port(), key.get_fingerprint("sha256"))
    if web is not None and web_ready is not None:
        web_ready(web_host, web_port)
    try:
        await stop.wait()
    finally:
        await stopped(service, acceptor, pools, web)
        for number in signals:
            loop.remove_signal_handler(number)
        service.report("server stopped")


async def stopped(
    service: Service,
    acceptor: asyncssh.SSHAcceptor,
    pools: Sequence[ThreadPoolExecutor],
    web: WebFront | None = None,
) -> None:
    """Stop: no new connection, every player told and let go (in a terminal or a
    browser), every connection closed, the worker threads done; within
    :data:`STOP_SECONDS`, whatever the clients do."""
    service.stopping = True
    acceptor.close()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STOP_SECONDS - 0.5
    # the tables stop first: no move, no table closed for want of players while they
    # leave; the changes in hand end (each on disk already, or never told)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(service.hall.stop(), 1.5)
    with contextlib.suppress(TimeoutError):  # a language chosen, a sitting: on disk
        await asyncio.wait_for(service.keys.flush(), 1.0)
    guests = [one for one in service.present if isinstance(one, Guest)]
    for guest in guests:
        with contextlib.suppress(Exception):
            guest.stopping()
    tasks = [guest.task for guest in guests if guest.task is not None]
    if tasks:
        await asyncio.wait(tasks, timeout=2.0)
    for one in list(service.present):  # a guest not ended in time is told now
        with contextlib.suppress(Exception):
            one.stopping()
    if web is not None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(web.stop(), 1.0)
    # a client whose sessions have ended closes by itself, having shown their last words
    service.report(f"server stopping: the players told, {service.connections.total} to go")
    while service.connections.total and loop.time() < deadline - 1.5:
        await asyncio.sleep(0.05)
    lingering = [one for one in service.present if isinstance(one, GameServer)]
    for one in lingering:
        one.let_go()
    if lingering:
        service.report(f"server stopping: {len(lingering)} connections let go")
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(acceptor.wait_closed(), max(deadline - 1.5 - loop.time(), 0.1))
    for pool in pools:
        pool.shutdown(wait=False, cancel_futures=True)
    # a table's worker may be writing its log: let it finish, but not for ever
    for pool in pools:
        waiting = loop.run_in_executor(None, pool.shutdown, True)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(waiting), max(deadline - loop.time(), 0.1))


def descriptor_limits(limits: Limits, report: Callable[[str], None]) -> Limits:
    """``limits`` as this process's file descriptors allow: the soft limit is raised as
    far as the connections need (and the hard limit lets), and where it stays too low the
    connection caps shrink, keeping :attr:`~.limits.Limits.descriptors_reserve` free."""
    try:
        import resource
    except ImportError:  # not a POSIX system: nothing to ask
        return limits
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limits.connections_total + limits.descriptors_reserve + BACKLOG
    infinite = resource.RLIM_INFINITY
    if soft != infinite and soft < wanted:
        raised = wanted if hard == infinite else min(hard, wanted)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    if soft == infinite or soft >= wanted:
        return limits
    most = max(soft - limits.descriptors_reserve - BACKLOG, 1)
    report(f"only {soft} file descriptors (ulimit -n): at most {most} connections")
    handshakes = min(limits.handshakes_total, most)
    return attrs.evolve(  # the shares shrink with them: the reserves keep their part
        limits,
        connections_total=most,
        connections_per_network=min(limits.connections_per_network, most),
        connections_reserve=limits.connections_reserve * most // limits.connections_total,
        handshakes_total=handshakes,
        handshakes_per_network=min(limits.handshakes_per_network, handshakes),
        handshakes_reserve=limits.handshakes_reserve * handshakes // limits.handshakes_total,
    )


def loop_errors(service: Service) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """The event loop's exception handler: one line in the server's log per error (one
    per kind within the log's window), and the loop goes on. It never waits, never reads
    anything, and never raises."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        try:
            error = context.get("exception")
            message = str(context.get("message") or "")
            if isinstance(error, BaseException):
                kind = type(error).__name__
                where = traceback.extract_tb(error.__traceback__)[-1:]
                at = f" at {where[0].filename}:{where[0].lineno}" if where else ""
                said = f"{message}: {error!r}{at}" if message else f"{error!r}{at}"
            else:
                kind = message[:60]
                said = message
            line = f"error on the event loop: {visible(said)[:400]}"
            service.refuse("loop " + kind, "", line)
        except Exception:  # the handler of last resort must not fail in turn
            with contextlib.suppress(Exception):
                service.report("error on the event loop")

    return handle
