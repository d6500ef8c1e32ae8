"""The SSH side of a server: who may log in, what a connection may ask for, the limits,
and one person's prompt in their own terminal.

A connection may open one kind of channel: a session with a terminal, which runs the
game's prompt (:class:`Guest`), or the single command ``log CODE``, which sends a
finished table's log to someone who sat at it. Nothing else is served: no other
command, no shell, no SFTP or SCP, no port, agent or X11 forwarding.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import functools
import time
from collections import defaultdict, deque
from collections.abc import Callable
from typing import Any, TextIO, cast

import asyncssh
from attrs import frozen
from prompt_toolkit import PromptSession
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.application.current import create_app_session, get_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from threethirteen.core.log import encode_log
from threethirteen.repl.front import Front, Quit
from threethirteen.repl.i18n import Texts
from threethirteen.repl.loop import make_session
from threethirteen.repl.screen import TerminalScreen
from threethirteen.repl.server.hall import Hall
from threethirteen.repl.server.lobby import LobbyFront
from threethirteen.repl.server.names import KeyBook, name_problem, password_matches
from threethirteen.repl.server.room import Room
from threethirteen.repl.server.seat import SeatFront, WatchFront
from threethirteen.repl.style import STYLE


@frozen(kw_only=True)
class Limits:
    """What one person or one address may take of a server."""

    connections_per_address: int = 16
    sessions_per_name: int = 3
    line: int = 1000
    """The longest line a client may type, in characters (more is dropped, and said)."""
    commands: int = 20
    """Lines a session may run within :attr:`per_seconds`."""
    per_seconds: float = 10.0
    says_per_minute: int = 10
    lobby_idle: float = 600.0
    """Seconds someone may sit in the lobby without typing before being let go."""
    write_buffer: int = 1 << 20
    """Bytes a client may leave unread before its connection is closed."""


class Service:
    """Everything the connections of one server share."""

    def __init__(
        self,
        hall: Hall,
        keys: KeyBook,
        *,
        password: str | None = None,
        limits: Limits | None = None,
        report: Callable[[str], None] = print,
    ) -> None:
        self.hall = hall
        self.keys = keys
        self.password = password
        self.limits = limits or Limits()
        self.report = report
        self.addresses: dict[str, int] = defaultdict(int)
        self.sessions: dict[str, int] = defaultdict(int)


class GameServer(asyncssh.SSHServer):
    """One SSH connection: its address, its user name and how it proved it."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.name = ""
        self.fingerprint: str | None = None
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        service = self.service
        if service.addresses[self.address] >= service.limits.connections_per_address:
            service.report(f"refused {self.address}: too many connections")
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "too many connections")
            return
        service.addresses[self.address] += 1
        self.counted = True
        service.report(f"connection from {self.address}")

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.service.addresses[self.address] -= 1
        if exc is not None and not isinstance(exc, asyncssh.ConnectionLost):
            self.service.report(f"connection from {self.address} ({self.name}) ended: {exc}")

    def begin_auth(self, username: str) -> bool:
        self.name = username[:40]
        if name_problem(username) is not None and self.conn is not None:
            self.service.report(f"refused {self.address}: the name {visible_name(username)!r}")
            self._banner(
                f"'{visible_name(username)}' cannot be a player's name: use a lower-case "
                "letter, then up to 15 letters, digits, - or _ (ssh NAME@host)."
            )
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if name_problem(username) is not None:
            return False
        fingerprint = key.get_fingerprint("sha256")
        owner = self.service.keys.owner(username)
        if owner is not None and owner != fingerprint:
            self.service.report(f"refused {self.address}: name {username} with another key")
            self._banner(
                f"The name '{username}' belongs to another key on this server. "
                "Log in with that key, or choose another name (ssh OTHER@host)."
            )
            return False
        self.fingerprint = fingerprint
        return True

    def password_auth_supported(self) -> bool:
        return bool(self.service.password)

    def validate_password(self, username: str, password: str) -> bool:
        if name_problem(username) is not None:
            return False
        if self.service.keys.owner(username) is not None:
            self._banner(f"The name '{username}' belongs to a key: log in with that key.")
            return False
        if not password_matches(self.service.password, password):
            self.service.report(f"refused {self.address}: wrong password for {username}")
            return False
        self.fingerprint = None
        return True

    def auth_completed(self) -> None:
        service = self.service
        if self.fingerprint is not None and not service.keys.claim(self.name, self.fingerprint):
            if self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "name taken")
            return
        how = "key " + self.fingerprint if self.fingerprint else "password"
        service.report(f"{self.name} logged in from {self.address} ({how})")

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        service = self.service
        if service.sessions[self.name] >= service.limits.sessions_per_name:
            service.report(f"refused a session of {self.name}: too many at once")
            return False
        return GameSession(self)

    def _banner(self, text: str) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.send_auth_banner(text + "\r\n")


def visible_name(name: str) -> str:
    """A refused user name, safe to show: printable ASCII only, at most 20 characters."""
    return "".join(c if c.isascii() and c.isprintable() else "?" for c in name[:20])


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One channel: the game's prompt in a terminal, or ``log CODE``."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.service = server.service
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.command: str | None = None
        self.has_terminal = False
        self.guest: Guest | None = None
        self.task: asyncio.Task[None] | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        self.service.sessions[self.server.name] += 1

    def connection_lost(self, exc: Exception | None) -> None:
        self.service.sessions[self.server.name] -= 1
        if self.task is not None:
            self.task.cancel()

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.has_terminal = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command[:200]
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.service.report(f"refused {self.server.name}: subsystem {visible_name(subsystem)}")
        return False

    def session_started(self) -> None:
        chan = self.chan
        assert chan is not None
        if self.command is not None:
            self._run_command(chan, self.command)
            return
        if not self.has_terminal:
            chan.write(b"This game needs a terminal: connect with ssh -t.\r\n")
            chan.exit(1)
            return
        self.guest = Guest(self.service, self.server.name, chan)
        self.task = asyncio.ensure_future(self.guest.run())

    def _run_command(self, chan: asyncssh.SSHServerChannel[bytes], command: str) -> None:
        """``log CODE``: a finished table's log, for someone who sat at it."""
        words = command.split()
        name = self.server.name
        if len(words) != 2 or words[0] != "log":
            self.service.report(f"refused {name}: command {visible_name(command)!r}")
            chan.write_stderr(b"The only command this server runs is: log CODE\n")
            chan.exit(2)
            return
        room = self.service.hall.find(words[1])
        if room is None or room.seat_of(name) is None:
            chan.write_stderr(b"No table with that code that you sat at.\n")
            chan.exit(1)
        elif not room.finished:
            chan.write_stderr(b"That game is not over yet: its log is sent once it is.\n")
            chan.exit(1)
        else:
            chan.write(encode_log(room.events).encode("utf-8"))
            self.service.report(f"{name} fetched the log of {room.code}")
            chan.exit(0)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.guest is None:
            return
        text = self._decoder.decode(data)
        self.guest.typed(text)

    def eof_received(self) -> bool:
        if self.guest is not None:
            self.guest.typed("\x04")
        return False

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.guest is not None:
            self.guest.resized()


class Guest:
    """One person at the server, in their own terminal: the lobby, then a table."""

    def __init__(self, service: Service, name: str, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.service = service
        self.name = name
        self.chan = chan
        self.tx = Texts(_language(chan.get_environment()))
        self.input: PipeInput | None = None
        self.front: Front | None = None
        self._next: Front | None = None
        self._shows: asyncio.Queue[Callable[[], None]] = asyncio.Queue()
        self._lines: deque[float] = deque()
        self._says: deque[float] = deque()
        self._session: PromptSession[str] | None = None
        term = chan.get_terminal_type() or "xterm"
        env = chan.get_environment()
        self.plain = term == "dumb" or "NO_COLOR" in env
        stream = cast(TextIO, _Channel(self))
        self.output = Vt100_Output(stream, self._size, term=term, enable_cpr=True)

    # -- the terminal --------------------------------------------------------------------

    def _size(self) -> Size:
        width, height, _, _ = self.chan.get_terminal_size()
        return Size(rows=max(height, 10), columns=max(width, 40))

    def write(self, data: str) -> None:
        """Write to the client's terminal; a client that reads nothing is let go."""
        if self.chan.get_write_buffer_size() > self.service.limits.write_buffer:
            self.service.report(f"{self.name}: the client reads too slowly; closing")
            self.chan.close()
            return
        with contextlib.suppress(Exception):
            self.chan.write(data.replace("\n", "\r\n").encode("utf-8", "replace"))

    def typed(self, text: str) -> None:
        """Keys from the client, bounded: a flood beyond a line's length is dropped."""
        if self.input is None:
            return
        # A line may grow past the limit (it is refused whole at Enter, never cut and run),
        # up to four times it; then the text is dropped but keys still work: Enter,
        # Ctrl-C, ←, ⌫ … (without them a line that reached the bound could never end).
        typed = len(self._session.default_buffer.text) if self._session is not None else 0
        room = max(self.service.limits.line * 4 - typed, 0)
        if len(text) > room:
            text = text[:room] + "".join(c for c in text[room:] if not c.isprintable())
        self.input.send_text(text)

    def resized(self) -> None:
        with contextlib.suppress(Exception):
            get_app()._on_resize()

    # -- what the fronts ask -------------------------------------------------------------

    def later(self, show: Callable[[], None]) -> None:
        """Show something above the prompt, in order, without breaking the line being typed."""
        self._shows.put_nowait(show)

    def go_to_lobby(self) -> None:
        self._next = self._lobby()

    def may_say(self) -> bool:
        return _within(self._says, self.service.limits.says_per_minute, 60.0)

    # -- the session ---------------------------------------------------------------------

    async def run(self) -> None:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=self.output):
            self.input = pipe
            self.screen = TerminalScreen(
                style=STYLE,
                plain_text=self.plain,
                input=pipe,
                output=self.output,
                yes_keys=self.tx.yes_keys,
            )
            shows = asyncio.ensure_future(self._show_forever())
            why = "quit"
            try:
                await self._serve()
            except Quit:
                pass
            except EOFError:
                why = "end of input"
            except asyncio.CancelledError:
                why = "connection closed"
            except Exception as error:  # a client never takes the server down
                why = "error"
                self.service.report(f"{self.name}: error: {error!r}")
                with contextlib.suppress(Exception):
                    self.write("The server hit an error; it is logged. Please connect again.\n")
            finally:
                shows.cancel()
                if self.front is not None:
                    self.front.leave()
                    self._left(self.front)
                self.service.report(f"{self.name} left ({why})")
                with contextlib.suppress(Exception):
                    self.chan.exit(0)

    async def _serve(self) -> None:
        room = self.service.hall.seat_waiting_for(self.name)
        front: Front = self._seat(room, "play") if room is not None else self._lobby()
        while True:
            self.front = front
            self._next = None
            front.begin()
            session = make_session(front, history_path=None, input=self.input, output=self.output)
            self._session = session
            while self._next is None:
                idle = self.service.limits.lobby_idle if isinstance(front, LobbyFront) else None
                try:
                    line = await asyncio.wait_for(session.prompt_async(), idle)
                except KeyboardInterrupt:
                    continue
                except TimeoutError:
                    self.write(self.tx("server.idle") + "\n")
                    raise Quit from None
                if len(line) > self.service.limits.line:
                    front.refuse(self.tx("server.line_too_long", limit=self.service.limits.line))
                    continue
                if not _within(
                    self._lines, self.service.limits.commands, self.service.limits.per_seconds
                ):
                    front.refuse(self.tx("server.slow_down"))
                    continue
                try:
                    front.execute(line)
                except (Quit, EOFError):
                    raise
                except Exception as error:  # logged here; the player and the table go on
                    self.service.report(f"{self.name}: error in {line[:40]!r}: {error!r}")
                    front.refuse(self.tx("server.error"))
            front.leave()
            self._left(front)
            front = self._next

    def _left(self, front: Front) -> None:
        if isinstance(front, SeatFront) and not isinstance(front, WatchFront):
            room = front.room
            room.stand(self.name)
            hall = self.service.hall
            if not room.started:
                if room.people():
                    hall.keep(room)
                else:
                    hall.drop(room)

    async def _show_forever(self) -> None:
        while True:
            shows = [await self._shows.get()]
            while not self._shows.empty():
                shows.append(self._shows.get_nowait())

            try:
                await run_in_terminal(functools.partial(self._show_all, shows))
                get_app().invalidate()
            except Exception as error:  # one bad screen must not silence the table
                self.service.report(f"{self.name}: cannot show: {error!r}")

    def _show_all(self, shows: list[Callable[[], None]]) -> None:
        for show in shows:
            try:
                show()
            except Exception as error:
                self.service.report(f"{self.name}: cannot show: {error!r}")

    # -- fronts --------------------------------------------------------------------------

    def _lobby(self) -> LobbyFront:
        return LobbyFront(
            self.service.hall,
            name=self.name,
            tx=self.tx,
            screen=self.screen,
            go=self._go,
            language=self._language,
        )

    def _seat(self, room: Room, how: str) -> Front:
        if how == "watch":
            return WatchFront(room, self, tx=self.tx, screen=self.screen)
        seat = room.seat_of(self.name)
        assert seat is not None
        return SeatFront(room, seat, self, tx=self.tx, screen=self.screen)

    def _go(self, room: Room, how: str) -> None:
        self._next = self._seat(room, how)

    def _language(self, lang: str) -> None:
        self.tx = Texts(lang)
        self.screen.yes_keys = self.tx.yes_keys
        self._next = self._lobby()


class _Channel:
    """The text stream prompt_toolkit writes to: the client's terminal."""

    encoding = "utf-8"

    def __init__(self, guest: Guest) -> None:
        self.guest = guest

    def write(self, data: str) -> int:
        self.guest.write(data)
        return len(data)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("an SSH channel has no file descriptor")


def _within(times: deque[float], most: int, seconds: float) -> bool:
    """Count one more use now; whether at most ``most`` fall within the last ``seconds``."""
    now = time.monotonic()
    while times and now - times[0] > seconds:
        times.popleft()
    if len(times) >= most:
        return False
    times.append(now)
    return True


def _language(env: Any) -> str:
    """German when the client's locale is German (``LANG``, ``LC_ALL``, ``LC_MESSAGES``)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = str(env.get(name, "")) if hasattr(env, "get") else ""
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
