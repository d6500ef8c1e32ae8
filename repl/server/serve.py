"""``threethirteen serve``: a server where friends play at shared tables over SSH.

This is the command's front (its options, the lines it prints at start); the
server itself is :mod:`repl.server`. It needs the ``server`` extra (asyncssh).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

from ..files.bounded import read_text
from ..files.paths import data_path
from ..kit.command_line import command_parser
from ..kit.safe import visible
from .addresses import WILDCARDS, machine_addresses
from .libraries import libraries_logged
from .limits import Limits
from .limits_file import LimitsError, changed_limits, check_limits, limits_text, read_limits
from .server_log import Refusals, ServerLog

DESCRIPTION = """\
Run a server where friends play Three-Thirteen at shared
tables. Players need only an SSH client:

  ssh -p 2213 NAME@HOST

opens the game in their own terminal, in a lobby where
tables are made (new), joined (join CODE) and watched
(watch CODE). The first key that logs in under a NAME
keeps it. The server listens on 127.0.0.1 unless --host
says otherwise, and prints its host key's fingerprint
for players to compare. Every table is kept in the data
folder and resumes after a restart. With --web PORT, friends
without SSH play at the same tables in a browser:
http://HOST:PORT/ (needs the web extra).
"""

FILES_AND_ENVIRONMENT = """\
files (in the server's folder, --data DIR):
  host_key
      the server's SSH key; its fingerprint is printed
      at start, for players to compare
  keys.json
      each player's name, the key that owns it, the
      language they chose
  tables/CODE.json, tables/CODE.jsonl
      each open table's plan and log; tables/past/ the
      tables that are over
  default folder: $XDG_DATA_HOME/threethirteen/server
      (~/.local/share/threethirteen/server)
  --limits FILE, --password-file FILE
      wherever you keep them; read at start

environment:
  XDG_DATA_HOME
      where the default folder is
  a player's LC_ALL, LC_MESSAGES, LANG, LANGUAGE
      when their ssh sends them (SendEnv), the first
      one set chooses their language, German if it
      starts with "de", until they choose with lang

The server's log (who came in, what was refused and
which limit refused it) goes to standard error.
"""
"""The epilog of ``serve --help``: the server's own files, not a game's at a terminal; no
line is wider than 60 columns."""


def main(argv: list[str] | None = None) -> int:
    """Start the server and run it until Ctrl-C; the exit code."""
    parser = command_parser("threethirteen serve", DESCRIPTION, FILES_AND_ENVIRONMENT)
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDR",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every network)",
    )
    parser.add_argument(
        "--port", type=int, default=2213, metavar="N", help="port to listen on (default 2213)"
    )
    parser.add_argument(
        "--web",
        type=int,
        default=None,
        metavar="PORT",
        help="also serve the tables to browsers on PORT (plain HTTP; put a TLS proxy in "
        "front of it for the internet: docs/running-a-server.md); needs the web extra",
    )
    parser.add_argument(
        "--web-host",
        default=None,
        metavar="ADDR",
        help="address the web front listens on (default: --host's)",
    )
    parser.add_argument(
        "--web-origin",
        action="append",
        default=[],
        metavar="URL",
        help="a page address besides the server's own that browsers come from, such as a "
        "proxy's https://cards.example.org (may be given more than once)",
    )
    parser.add_argument(
        "--web-proxy",
        action="store_true",
        help="the web front sits behind a reverse proxy on this machine: a browser's "
        "address is the last of X-Forwarded-For",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="the server's folder: host key, names and keys, tables (default: the data "
        "folder's 'server')",
    )
    parser.add_argument(
        "--password-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="let people without a key in with the password in FILE (its first line); "
        "without it, only keys log in",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="pause before each AI turn, so people can follow (default 1.0)",
    )
    parser.add_argument(
        "--max-tables",
        type=int,
        default=None,
        metavar="N",
        help="open tables at most (default 100; the limit tables_total)",
    )
    parser.add_argument(
        "--limits",
        type=Path,
        default=None,
        metavar="FILE",
        help="the limits players are held to, from a TOML file (see --print-limits)",
    )
    parser.add_argument(
        "--print-limits",
        action="store_true",
        help="print every limit with its value (the defaults, or --limits FILE's), to "
        "copy into a limits file, and stop",
    )
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port must be 0-65535")
    if args.web is not None and not 0 <= args.web <= 65535:
        parser.error("--web must be a port, 0-65535")
    if args.web is not None and args.web == args.port != 0:
        parser.error("--web must be another port than --port")
    for origin in args.web_origin:
        if not origin.startswith(("http://", "https://")) or len(origin) > 200:
            parser.error(f"--web-origin must be an address like https://cards.example.org, "
                         f"not {visible(origin)!r}")  # fmt: skip
    if not 0 <= args.pace <= 60:
        parser.error("--pace must be 0-60 seconds")
    limits = Limits()
    if args.limits is not None:
        try:
            limits = read_limits(args.limits)
        except LimitsError as error:
            parser.error(f"the limits file {visible(str(args.limits))}: {error}")
    if args.max_tables is not None:
        if args.max_tables < 1:
            parser.error("--max-tables must be at least 1")
        limits = attrs.evolve(limits, tables_total=args.max_tables)
        try:
            check_limits(limits)
        except LimitsError as error:
            parser.error(f"--max-tables: {error}")
    if args.print_limits:
        print(limits_text(limits), end="")
        return 0
    password = password_option(parser, args.password_file)
    log = ServerLog(sys.stderr)
    refusals = Refusals(log.line, limits.log_window)
    try:  # from here on, what a library says is a line of the log (its imports' warnings too)
        with libraries_logged(lambda kind, line: refusals(kind, "", line)):
            return _start(args, limits, password, log)
    finally:
        log.close()


def _start(
    args: argparse.Namespace, limits: Limits, password: str | None, log: ServerLog
) -> int:
    """Import the server's libraries, then run the server until it is stopped."""
    try:
        from .process import Collector, run
        from .running import ServerSettings, serve
    except ImportError as error:
        from ..files.install import install_hint  # the command for this installation

        extra = "web" if args.web is not None else "server"
        print(
            f"threethirteen serve needs the {extra} extra ({error}).\n{install_hint(extra)}",
            file=sys.stderr,
        )
        return 1
    if args.web is not None:
        try:
            import aiohttp  # noqa: F401  (the web front's library)
        except ImportError as error:
            from ..files.install import install_hint

            print(
                f"threethirteen serve --web needs the web extra ({error}).\n"
                f"{install_hint('web')}",
                file=sys.stderr,
            )
            return 1
    folder = args.data if args.data is not None else data_path() / "server"
    settings = ServerSettings(
        host=args.host,
        port=args.port,
        folder=folder,
        password=password,
        pace=args.pace,
        limits=limits,
        web_port=args.web,
        web_host=args.web_host,
        web_origins=tuple(args.web_origin),
        web_proxied=args.web_proxy,
    )

    def web_ready(host: str, port: int) -> None:
        print(f"web front listening on {host} port {port}", flush=True)
        for line in web_lines(host, port, machine_addresses):
            print(line, flush=True)

    def ready(host: str, port: int, fingerprint: str) -> None:
        print(f"threethirteen server listening on {host} port {port}", flush=True)
        print(f"host key fingerprint: {fingerprint}", flush=True)
        for line in join_lines(host, port, machine_addresses):
            print(line, flush=True)
        print(f"tables are kept in {folder}", flush=True)
        for line in changed_limits(limits):
            print(f"limit: {line}", flush=True)

    try:
        collector = Collector()
        running = serve(
            settings, ready=ready, report=log.line, collector=collector, web_ready=web_ready
        )
        run(running, collector=collector)
    except (OSError, ValueError) as error:
        print(f"threethirteen serve: cannot start: {visible(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def password_option(parser: argparse.ArgumentParser, path: Path | None) -> str | None:
    """The password of ``--password-file`` (``None`` without one); a file that gives none
    is the command line's error (:func:`read_password` says why)."""
    if path is None:
        return None
    try:
        return read_password(path)
    except ValueError as error:
        parser.error(str(error))


PASSWORD_BYTES = 4096
"""The most a password file may hold (the password is its first line)."""


def read_password(path: Path) -> str:
    """The password in the file ``path`` (its first line, without the spaces around it),
    read as every file from outside is (:func:`~..files.bounded.read_text`). Raises
    ``ValueError`` with the words to say: a file that cannot be read, or a password
    shorter than 8 characters."""
    try:
        lines = read_text(path, PASSWORD_BYTES).splitlines()
    except (OSError, ValueError) as error:
        raise ValueError(f"cannot read the password file: {visible(str(error))}") from None
    password = lines[0].strip() if lines else ""
    if len(password) < 8:
        raise ValueError("the password file must hold a password of at least 8 characters")
    return password


LOOPBACK = ("127.", "::1", "localhost")


def join_lines(host: str, port: int, addresses: Callable[[], list[str]]) -> list[str]:
    """How players join, said where the server listens: for every network (``0.0.0.0``)
    the machine's own addresses, one line each (a wildcard is no address to type); for
    this machine only, that it is so and how to let others in."""
    command = f"ssh -p {port} NAME@"
    if host in WILDCARDS:
        found = [address for address in addresses() if not address.startswith(LOOPBACK)]
        lines = [f"players join with: {command}{address}" for address in found]
        if not lines:
            lines = ["players join with the address of this machine: this server found none"]
        lines.append(f"  on this machine: {command}localhost")
        lines.append("  from outside your network: docs/running-a-server.md says how")
        return lines
    if host.startswith(LOOPBACK):
        return [
            f"players join with: {command}{host} (only from this machine; --host 0.0.0.0 "
            "lets the other machines of your network in)"
        ]
    return [f"players join with: {command}{host}"]


def web_lines(host: str, port: int, addresses: Callable[[], list[str]]) -> list[str]:
    """Where browsers open the game, said as :func:`join_lines` says it for SSH."""
    page = f"http://{{}}:{port}/"
    if host in WILDCARDS:
        found = [address for address in addresses() if not address.startswith(LOOPBACK)]
        lines = [f"browsers open: {page.format(_bracketed(address))}" for address in found]
        lines.append(f"  on this machine: {page.format('localhost')}")
        return lines
    if host.startswith(LOOPBACK):
        return [
            f"browsers open: {page.format(_bracketed(host))} (only on this machine; "
            "--web-host 0.0.0.0 lets your network in, a TLS proxy the internet)"
        ]
    return [f"browsers open: {page.format(_bracketed(host))}"]


def _bracketed(address: str) -> str:
    """An IPv6 address in brackets, as an address of a page writes it."""
    return f"[{address}]" if ":" in address else address
