"""The real OpenSSH client against ``threethirteen serve`` on loopback, for the server tests.

:class:`Server` runs the server as a child process (``threethirteen serve --port 0``), which
a test may kill with SIGKILL and start again on the same folder; :class:`InProcess` runs
:func:`~repl.server.running.serve` on a thread of this process, with a deal the test
chooses. :class:`Player` is ``ssh -t NAME@127.0.0.1`` in a pseudo-terminal: it keeps every
byte the session receives, answers the terminal's cursor position requests as a real
terminal does, and waits for text on the screen's stream with the escape codes taken out.

A wait is for what comes (a pattern, the server's first lines, ssh's end), however long a
busy machine makes it take: none has a deadline of its own unless a test gives one, the
test's time limit (pytest-timeout) is the net. :data:`TIMEOUT` bounds only the tidying up.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import attrs
import pexpect

from tests.helpers import ROOT

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
"""An escape sequence: CSI (colours, cursor moves), OSC (titles), or a two-character one."""

_UNFINISHED = re.compile(r"\x1b(\[[0-?]*[ -/]*|\][^\x07\x1b]*|)$")
"""An escape sequence cut off at the end of what has come so far."""

CPR = "\x1b[6n"
"""prompt_toolkit asks where the cursor is; a real terminal answers."""

SSH = shutil.which("ssh")
SSH_KEYGEN = shutil.which("ssh-keygen")

SSH_OPTIONS = (
    "-F", "/dev/null",
    "-o", "StrictHostKeyChecking=no",
    "-o", "UserKnownHostsFile=/dev/null",
    "-o", "IdentitiesOnly=yes",
    "-o", "BatchMode=yes",
    "-o", "ConnectTimeout=120",
)  # fmt: skip
"""No user config, no known hosts, only the key given, never a question (the log level
stays at INFO: the client shows the server's banner only then)."""

TIMEOUT = 20.0
"""How long a process or thread being stopped is given before it is killed (tidying up)."""


def plain(text: str) -> str:
    """``text`` without its escape sequences (the text a person reads, in order)."""
    return ANSI.sub("", text)


def make_key(folder: Path, name: str) -> Path:
    """A new Ed25519 key without a passphrase: the private key's path."""
    assert SSH_KEYGEN is not None
    path = folder / name
    subprocess.run(
        [SSH_KEYGEN, "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)],
        check=True,
        stdin=subprocess.DEVNULL,
    )
    return path


def client_environment(home: Path) -> dict[str, str]:
    """The ssh client's environment: nothing of the shell running the tests but ``PATH``."""
    home.mkdir(parents=True, exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
    }


def ssh_argv(port: int, key: Path, user: str, *options: str) -> list[str]:
    """``ssh [OPTIONS]`` to the server as ``user`` with ``key`` (a command may follow)."""
    assert SSH is not None
    return [SSH, *SSH_OPTIONS, *options, "-p", str(port), "-i", str(key), f"{user}@127.0.0.1"]


def ssh_run(
    port: int,
    key: Path,
    user: str,
    *command: str,
    options: tuple[str, ...] = (),
    home: Path,
    stdout: int | IO[bytes] = subprocess.PIPE,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """``ssh [options] user@127.0.0.1 COMMAND`` without a terminal, to its end."""
    return subprocess.run(
        [*ssh_argv(port, key, user, *options), *command],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=client_environment(home),
        timeout=timeout,
        check=False,
    )


class Server:
    """``threethirteen serve --port 0 --pace 0 --data FOLDER`` in a child process; with
    ``deal`` (a seed and a salt), the same server started by :func:`main` instead, so that
    every game it deals is known to the test, and with ``codes`` too, each code of a new
    table drawn from them in turn; with ``files``, a process that may open no more than
    that many files (``ulimit -n``, soft and hard); with ``launcher``, that Python script
    runs the command (``threethirteen.repl.cli``'s ``main``) instead of ``-m``."""

    def __init__(
        self,
        folder: Path,
        *extra: str,
        deal: tuple[int, str] | None = None,
        codes: tuple[str, ...] = (),
        files: int | None = None,
        launcher: Path | None = None,
    ) -> None:
        assert deal is not None or not codes, "codes are drawn by the server of a deal"
        self.folder = folder
        self.extra = extra
        self.deal = deal
        self.codes = codes
        self.files = files
        self.launcher = launcher
        self.process: subprocess.Popen[str] | None = None
        self.port = 0
        self.web_port = 0
        """The web front's port, when ``--web 0`` is among ``extra``."""
        self.fingerprint = ""
        self.errors = folder.parent / f"{folder.name}-server.log"
        self._logged = threading.Condition()
        self._log_ended = True

    def start(self) -> Server:
        launcher = self.launcher
        command = ["-m", "threethirteen.repl.cli"] if launcher is None else [str(launcher)]
        argv = [sys.executable, *command, "serve", "--port", "0"]
        argv += ["--pace", "0", "--data", str(self.folder), *self.extra]
        if self.deal is not None:
            seed, salt = self.deal
            argv = [sys.executable, "-m", "tests.helpers.sshclient", str(self.folder)]
            argv += [str(seed), salt, *([",".join(self.codes)] if self.codes else [])]
            argv += ["--web"] if "--web" in self.extra else []
            for option in ("--password-file", "--limits"):  # (those it passes on)
                if option in self.extra:
                    at = self.extra.index(option)
                    argv += list(self.extra[at : at + 2])
        files = self.files

        def limit_files() -> None:
            if files is not None:
                import resource

                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            cwd=ROOT,
            preexec_fn=limit_files if files is not None else None,
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        self._log_ended = False
        reader = threading.Thread(target=self._keep_log, args=(self.process.stderr,), daemon=True)
        reader.start()
        first = self.process.stdout.readline()
        found = re.search(r"listening on 127\.0\.0\.1 port (\d+)$", first.strip())
        assert found, f"the server said {first!r}; its log: {self.log()}"
        self.port = int(found.group(1))
        second = self.process.stdout.readline()
        assert second.startswith("host key fingerprint: SHA256:"), second
        self.fingerprint = second.split(": ", 1)[1].strip()
        if "--web" in self.extra:  # its address comes after SSH's
            for line in self.process.stdout:
                web = re.search(r"^web front listening on \S+ port (\d+)$", line.strip())
                if web:
                    self.web_port = int(web.group(1))
                    break
            assert self.web_port, f"no web front; its log: {self.log()}"
        return self

    def log(self) -> str:
        """What the server wrote on standard error (one line per connection, refusal, error)."""
        with self._logged:
            return self.errors.read_text(encoding="utf-8") if self.errors.exists() else ""

    def wait_log(self, text: str, times: int = 1) -> str:
        """The log, once it has ``text`` (``times`` times: a log kept over restarts). The
        server writes its log from a thread of its own: a line comes a moment after what
        it tells of. Fails when the server ends without writing it."""
        with self._logged:
            self._logged.wait_for(lambda: self.log().count(text) >= times or self._log_ended)
        log = self.log()
        assert log.count(text) >= times, f"no {text!r} ({times}) in the log:\n{log[-3000:]}"
        return log

    def logged_all(self) -> None:
        """Wait until everything the ended server wrote on standard error is in the log."""
        with self._logged:
            self._logged.wait_for(lambda: self._log_ended)

    def _keep_log(self, stream: IO[str]) -> None:
        """Copy the server's standard error to :attr:`errors`, line by line, and say each."""
        with self.errors.open("a", encoding="utf-8") as copy:
            for line in stream:
                with self._logged:
                    copy.write(line)
                    copy.flush()
                    self._logged.notify_all()
        with self._logged:
            self._log_ended = True
            self._logged.notify_all()

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no chance to save anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=TIMEOUT)
            self.logged_all()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
        self.logged_all()
        if self.process.stdout is not None:
            self.process.stdout.close()


class InProcess:
    """:func:`serve` on a thread of this process, its deal (and its limits) chosen by the
    test."""

    def __init__(
        self, folder: Path, deal: Callable[[], tuple[int, str]], limits: Any = None
    ) -> None:
        self.folder = folder
        self.deal = deal
        self.limits = limits
        self.port = 0
        self.reports: list[str] = []
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._run, name="ssh-server", daemon=True)
        self._failure: BaseException | None = None

    def start(self) -> InProcess:
        self._thread.start()
        self._ready.wait()  # set when it listens, or when it failed to
        assert self._failure is None, f"the server did not start: {self._failure!r}"
        return self

    def _run(self) -> None:
        from threethirteen.repl.server.running import ServerSettings, serve

        def ready(host: str, port: int, fingerprint: str) -> None:
            self.port = port
            self._ready.set()

        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            settings = ServerSettings(folder=self.folder, port=0, pace=0.0)
            if self.limits is not None:
                settings = attrs.evolve(settings, limits=self.limits)
            self._task = asyncio.ensure_future(
                serve(settings, ready=ready, deal=self.deal, report=self.reports.append)
            )
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

        try:
            asyncio.run(main())
        except BaseException as error:
            self._failure = error
            self._ready.set()

    def stop(self) -> None:
        if self._loop is not None and self._task is not None:
            self._loop.call_soon_threadsafe(self._task.cancel)
        self._thread.join(TIMEOUT)


class Player:
    """``ssh -t NAME@127.0.0.1`` in an 80×24 pseudo-terminal, every byte it receives kept.

    A thread reads the session all the time and answers the cursor position requests at
    once, as a terminal does (prompt_toolkit waits a while for the answer before it shows
    what the table told a session), whichever session the test is looking at.
    """

    rows = 24
    cols = 80

    def __init__(
        self, port: int, key: Path, name: str, *, home: Path, options: tuple[str, ...] = ()
    ) -> None:
        self.name = name
        self.raw: list[str] = []
        """Every piece of text the session received, escapes and all."""
        self.text = ""
        """What the session received with the escape sequences taken out."""
        self.seen = 0
        """Where in :attr:`text` the next :meth:`expect` starts looking."""
        self.ended = False
        self._carry = ""
        self._news = threading.Condition()
        program, *args = ssh_argv(port, key, name, "-t", *options)
        self.child = pexpect.spawn(
            program,
            args,
            env=client_environment(home),
            encoding="utf-8",
            codec_errors="replace",
            dimensions=(self.rows, self.cols),
            timeout=TIMEOUT,
        )
        self._reader = threading.Thread(target=self._pump, name=f"ssh-{name}", daemon=True)
        self._reader.start()

    # -- reading -------------------------------------------------------------------------

    def _pump(self) -> None:
        while True:
            try:
                data = self.child.read_nonblocking(1 << 16, timeout=0.1)
            except pexpect.TIMEOUT:
                continue
            except Exception:
                break
            for _ in range(data.count(CPR)):
                with contextlib.suppress(OSError):
                    self.child.send(f"\x1b[{self.rows};1R")  # the cursor is on the bottom row
            with self._news:
                self.raw.append(data)
                data = self._carry + data
                cut = _UNFINISHED.search(data)
                self._carry = data[cut.start() :] if cut else ""
                self.text += plain(data[: cut.start()] if cut else data)
                self._news.notify_all()
        with self._news:
            self.ended = True
            self._news.notify_all()

    def find(self, pattern: str | re.Pattern[str]) -> re.Match[str] | None:
        """``pattern`` in the text after the last match, if it has come (not waiting)."""
        with self._news:
            found = re.compile(pattern).search(self.text, self.seen)
        if found:
            self.seen = found.end()
        return found

    def expect(self, pattern: str, timeout: float | None = None) -> re.Match[str]:
        """Wait for ``pattern`` (a regular expression) in the text after the last match (at
        most ``timeout`` seconds when given; an error if ssh ends first)."""
        regex = re.compile(pattern)
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._news:
            while True:
                found = regex.search(self.text, self.seen)
                if found:
                    self.seen = found.end()
                    return found
                if self.ended:
                    raise AssertionError(
                        f"{self.name}: ssh ended before {pattern!r}:\n{self.tail()}"
                    )
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise AssertionError(
                        f"{self.name}: no {pattern!r} in {timeout} s:\n{self.tail()}"
                    )
                try:
                    self._news.wait(left)
                except BaseException:  # the test's time limit: say what had come
                    sys.stderr.write(f"{self.name}: waiting for {pattern!r}:\n{self.tail()}\n")
                    raise

    def drain(self, quiet: float = 0.5) -> None:
        """Wait until nothing has come for ``quiet`` seconds."""
        with self._news:
            while True:
                size = len(self.raw)
                self._news.wait(quiet)
                if len(self.raw) == size or self.ended:
                    return

    def tail(self, chars: int = 2000) -> str:
        return self.text[-chars:]

    @property
    def stream(self) -> str:
        """Every byte received so far, as text, escapes and all."""
        with self._news:
            return "".join(self.raw)

    # -- typing --------------------------------------------------------------------------

    def line(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self.child.send(text + "\r")

    def send(self, text: str) -> None:
        self.child.send(text)

    def discard(self, card: str) -> None:
        """Discard ``card`` and wait until it is discarded: a wild card is discarded at the
        second Enter, after the warning under the line."""
        self.line(f"x {card}")
        told = self.expect(rf"You discard {re.escape(card)}\.|{re.escape(card)} is wild:")
        if "is wild" in told.group(0):
            self.line("")
            self.expect(rf"You discard {re.escape(card)}\.")

    def kill(self) -> None:
        """The client dies without a word (the connection drops)."""
        if self.child.isalive():
            self.child.kill(signal.SIGKILL)
        self._reader.join(TIMEOUT)
        self.child.close(force=True)

    def wait_end(self, timeout: float | None = None) -> int | None:
        """Wait for ssh to end (its output read to the end; at most ``timeout`` seconds when
        given); its exit status."""
        self._reader.join(timeout)
        assert self.ended, f"{self.name}: ssh is still running:\n{self.tail()}"
        self.child.close()
        status: int | None = self.child.exitstatus
        return status

    def close(self) -> None:
        if self.child.isalive():
            self.child.kill(signal.SIGTERM)
        self._reader.join(TIMEOUT)
        self.child.close(force=True)


def deal(host: Player, *others: Player) -> None:
    """``host`` starts the table and each of them sees the cards dealt; the table shown at
    the deal is left to be read (each player's place is put back to before it)."""
    players = (host, *others)
    marks = {player: player.seen for player in players}
    host.line("start")
    for player in players:
        player.expect(r"The cards are dealt\.")
        player.seen = marks[player]


def main(argv: list[str]) -> None:
    """``python -m tests.helpers.sshclient FOLDER SEED SALT [CODES] [--web] [--password-file
    F]``: a server (``--port 0 --pace 0``) that deals every game from SEED and SALT, draws
    the code of each new table from CODES in turn (``KITE-7,ROOK-3``; without them, at
    random), with ``--web`` a web front on a free port too, with ``--password-file`` the
    password on the first line of F, and says where it listens as the command does.

    Its ``auto`` and hints come from the greedy AI rather than the strongest level, so a
    whole game played by ``auto game`` takes seconds, not a minute of AI thinking.
    """
    from threethirteen.core import table
    from threethirteen.repl.server.codes import CODES, code_at
    from threethirteen.repl.server.running import ServerSettings, serve

    web = "--web" in argv
    argv = [arg for arg in argv if arg != "--web"]
    password = None
    if "--password-file" in argv:
        at = argv.index("--password-file")
        password = Path(argv[at + 1]).read_text(encoding="utf-8").splitlines()[0].strip()
        del argv[at : at + 2]
    limits = None
    if "--limits" in argv:
        from threethirteen.repl.server.limits_file import read_limits

        at = argv.index("--limits")
        limits = read_limits(Path(argv[at + 1]))
        del argv[at : at + 2]
    folder, seed, salt = Path(argv[0]), int(argv[1]), argv[2]
    table.HELPER_LEVELS = ("greedy",)  # type: ignore[assignment]
    numbers = {code_at(number): number for number in range(CODES)}
    drawn = itertools.cycle([numbers[code] for code in argv[3].split(",")] if argv[3:] else [])

    def codes(most: int) -> int:
        number = next(drawn, None)
        return secrets.randbelow(most) if number is None else number

    def ready(host: str, port: int, fingerprint: str) -> None:
        print(f"threethirteen server listening on {host} port {port}", flush=True)
        print(f"host key fingerprint: {fingerprint}", flush=True)

    def web_ready(host: str, port: int) -> None:
        print(f"web front listening on {host} port {port}", flush=True)

    settings = ServerSettings(
        folder=folder, port=0, pace=0.0, web_port=0 if web else None, password=password
    )
    if limits is not None:
        settings = attrs.evolve(settings, limits=limits)
    running = serve(settings, ready=ready, deal=lambda: (seed, salt), codes=codes,
                    web_ready=web_ready)  # fmt: skip
    asyncio.run(running)


if __name__ == "__main__":
    main(sys.argv[1:])
