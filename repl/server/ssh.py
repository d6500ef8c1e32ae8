"""The SSH side of a server: who may come in, who may log in, and what a connection may ask
for (its channels are :mod:`.session`'s).

A connection may open one kind of channel: a session with a terminal, which runs the
game's prompt (:class:`~.terminal.Guest`), or the single command ``log CODE``, which sends
a finished table's log to someone who sat at it. Nothing else is served: no other
command, no shell, no SFTP or SCP, no port, agent or X11 forwarding.

Every cap of :class:`~.limits.Limits` that a connection meets is held here: connections
and handshakes per address, per network and in total, and new connections per address,
per network and in total within a minute (counted from the first byte, refused before
any key exchange), each total shared so that a few addresses cannot spend it
(:class:`~.shares.Share`), failed logins per connection, wrong passwords per address
(each answered later than the last, then none tried at all for a while), new names per
address, per network, per hour and in the book, sessions per name, per address and in
total, and channels per connection, started or not, with a grace for a connection without
a terminal or a command (:mod:`.channels`). A name has one owner, whatever the way in: a
key, or someone who came in with the password and holds it while logged in or seated
(:meth:`~.service.Service.password_holds`); the two are checked again, at once, when the
login completes, so that two logins at the same moment cannot both have it. Every byte a
connection sends is paced before SSH parses it (:class:`~.ssh_bytes.Throttle`). Before login a
refusal is said in an auth banner, in English and German (the client's language is not
known yet); after it, in the person's language on their terminal. Each refusal is logged
once per kind and address within :attr:`~.limits.Limits.log_window`.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import textwrap

import asyncssh
from asyncssh.auth import KbdIntChallenge

from ..words.i18n import Texts
from .channels import Channels
from .leases import Lease
from .names import Identity, name_problem, password_matches, visible_name
from .service import Service
from .session import GameSession
from .shares import address_of
from .ssh_bytes import Alive, Parting, Throttle

RAISE = (
    "threethirteen serve --print-limits > limits.toml, change it there, and restart with "
    "--limits limits.toml"
)
"""How the host raises a limit, as the server's log says it (docs/running-a-server.md)."""

NAMES_REFUSED = {
    "server.names_full": f"the book of names is full (limit names_total; to raise it: {RAISE})",
    "server.names_busy": (
        "the server's new names for the hour are taken (limit new_names_per_hour; to raise "
        f"it: {RAISE})"
    ),
    "server.names_from_address": (
        "the address's new names for the hour are taken (friends behind one router share "
        f"an address: limit new_names_per_address; to raise it: {RAISE})"
    ),
    "server.names_from_network": (
        "the network's new names for the hour are taken (limit new_names_per_network; to "
        f"raise it: {RAISE})"
    ),
}
"""Why a new name is refused, as the server's log says it: the limit, and how the host
raises it."""


BANNERS = {"other_key": "server.banner_other_key", "password_name": "server.banner_password_name"}
"""What a login is told when its name is taken (:meth:`~.service.Service.take_name`)."""


BANNER_WIDTH = 78
"""A banner's lines are at most this wide (an 80-column terminal shows each whole), but a
line that begins with a space (a command to type) is left whole."""


def both(key: str, **params: object) -> str:
    """A text in English and in German, for someone whose language is not known yet, laid
    out in lines of :data:`BANNER_WIDTH` (ssh shows a banner as it comes: a long line
    would be cut by the terminal, in the middle of a word)."""
    return "\r\n".join(_laid_out(Texts(lang)(key, **params)) for lang in ("en", "de"))


_COMMAND = re.compile(r"\(ssh [^)]*\)")
"""A command in a sentence, ``(ssh OTHER@host)``: kept on one line."""


def _laid_out(text: str) -> str:
    lines: list[str] = []
    for line in text.split("\n"):
        if line.startswith(" ") or len(line) <= BANNER_WIDTH:
            lines.append(line)
            continue
        joined = _COMMAND.sub(lambda command: command[0].replace(" ", "\xa0"), line)
        wrapped = textwrap.wrap(
            joined, BANNER_WIDTH, break_long_words=False, break_on_hyphens=False
        )
        lines.extend(part.replace("\xa0", " ") for part in wrapped)
    return "\r\n".join(lines)


_PLAIN_GERMAN = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
)


def parting(key: str, **params: object) -> str:
    """:func:`both` as the words of a disconnect (or a refused channel): one line of
    ASCII, since OpenSSH shows those words escaped (``sp\\303\\244ter``, ``\\r\\n``),
    where a banner or the terminal shows UTF-8 as it is."""
    german = Texts("de")(key, **params).translate(_PLAIN_GERMAN)
    line = Texts("en")(key, **params) + " / " + german
    return line.encode("ascii", "replace").decode("ascii")


class GameServer(asyncssh.SSHServer):
    """One SSH connection: its address, its user name and how it proved it."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        """The client's address as it connected (for the log)."""
        self.address = "?"
        """The address its caps are counted by (:func:`~.shares.address_of`)."""
        self.name = ""
        self.fingerprint: str | None = None
        """The key this login proved its name with (``None``: the password)."""
        self.counted = False
        self.handshaking = False
        self.failures = 0
        self.keys_offered = 0
        """Keys the client offered (none: it may have no key at all, and is told how to
        make one, once)."""
        self.told_no_key = False
        self.new_name = False
        """Whether this login took its name just now (the book is still being written)."""
        self.login: Lease | None = None
        """Its login, once it logged in (its name is in use, and never freed meanwhile; one
        that came in with the password holds its name meanwhile)."""
        self.throttle: Throttle | None = None
        self.alive: Alive | None = None
        limits = service.limits
        self.channels = Channels(
            limits.sessions_per_connection, limits.session_grace, self._no_session
        )

    @property
    def logged_in(self) -> bool:
        """Whether this connection is logged in (until it ends)."""
        return self.login is not None and self.login.held

    @property
    def who(self) -> Identity:
        """Who logged in: the name, and the key that proved it (``None``: the password)."""
        return Identity(self.name, self.fingerprint)

    # -- coming in -----------------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        self.address = address_of(self.peer)
        why = self.service.connection_problem(self.address)
        if why is not None:
            self._log(why, why)
            key = "server.full"
            if why.endswith(("address", "network")):
                key += "_" + why.rsplit(" ", 1)[1]
            Parting(conn, parting(key), self.service.refusing)
            return
        service = self.service
        service.opened.spend(self.address)
        service.connections.add(self.address)
        service.handshakes.add(self.address)
        service.present.add(self)
        self.counted = self.handshaking = True
        self.throttle = Throttle(conn, service.limits)

    def connection_lost(self, exc: Exception | None) -> None:
        service = self.service
        if self.throttle is not None:
            self.throttle.close()
        if self.alive is not None:
            self.alive.close()
        self.channels.close()
        if self.counted:
            self.counted = False
            service.connections.remove(self.address)
            service.present.discard(self)
            if self.handshaking:
                self.handshaking = False
                service.handshakes.remove(self.address)
        if self.login is not None:
            self.login.give_back()
        if exc is not None and not isinstance(exc, asyncssh.ConnectionLost) and self.name:
            service.report(f"connection from {self.peer} ({self.name}) ended: {exc}")

    def stopping(self) -> None:
        """The server stops: a connection still logging in is closed now, with the words
        why. A logged-in one is told by its sessions, and closes by itself once they end:
        a client told to disconnect may drop what it has not shown yet (OpenSSH does), so
        it is let go (:meth:`let_go`) only if it is still here at the end of the stop."""
        if not self.logged_in:
            self.let_go()

    def let_go(self) -> None:
        """Close the connection now, saying that the server stops."""
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, parting("server.stopping"))

    # -- logging in ----------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        self.name = username[:40]
        if name_problem(username) is not None:
            shown = visible_name(username)
            self._refused("name", f"the name {shown!r}", "server.banner_bad_name", name=shown)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self.keys_offered += 1
        if self._tried_enough():
            return False
        if name_problem(username) is not None:
            return self._failed()
        fingerprint = key.get_fingerprint("sha256")
        owner = self.service.keys.owner(username)
        if owner is not None and owner != fingerprint:
            self._refused(
                "other key",
                f"name {username} with another key",
                "server.banner_other_key",
                name=username,
            )
            return self._failed()
        if owner is None and self.service.password_holds(username):
            self._refused(
                "password name",
                f"a key for {username}, a name in use with the password",
                "server.banner_password_name",
                name=username,
            )
            return self._failed()
        if owner is None:
            why = self.service.new_name_problem(self.address)
            if why is not None:
                said, most = NAMES_REFUSED.get(why, why), self.service.most_names(why)
                self._refused("new name", f"a new name: {said}", why, most=most)
                return self._failed()
        self.fingerprint = fingerprint
        return True

    def kbdint_auth_supported(self) -> bool:
        # with a password, asyncssh asks for it this way too; without one, a client that
        # offered no key is told how to make one (``Permission denied`` alone says nothing)
        return NotImplemented if self.service.password else True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> KbdIntChallenge:
        # said in a banner, not in the challenge: ssh shows a banner's German as it is
        if self.keys_offered or self.told_no_key or name_problem(username) is not None:
            return False  # the banners have said why its keys or its name were refused
        self.told_no_key = True
        where = self.conn.get_extra_info("sockname") if self.conn is not None else None
        host, port = (str(where[0]), int(where[1])) if where else ("HOST", 2213)
        command = f"ssh -p {port} {username}@{host}" if port != 22 else f"ssh {username}@{host}"
        self._refused("no key", f"{username} without a key", "server.banner_no_key",
                      command=command)  # fmt: skip
        return False

    def password_auth_supported(self) -> bool:
        return bool(self.service.password)

    async def validate_password(self, username: str, password: str) -> bool:
        service, limits = self.service, self.service.limits
        if self._tried_enough():
            return False
        if name_problem(username) is not None:
            return self._failed()
        if service.keys.owner(username) is not None:
            self._refused(
                "key name", f"a password for {username}", "server.banner_key_name", name=username
            )
            return self._failed()
        wrong = service.wrong_passwords.count(self.address)
        if wrong >= limits.password_tries_per_address:
            seconds = max(round(service.wrong_passwords.wait(self.address)), 1)
            self._refused("password wait", "a password (waiting)", "server.password_wait",
                          seconds=seconds)  # fmt: skip
            return self._failed()
        if password_matches(service.password, password):
            self.fingerprint = None
            return True
        service.wrong_passwords.add(self.address)
        self._log("password", f"wrong password for {username}")
        # answered later each time: a guess takes seconds, not a fraction of a millisecond
        await asyncio.sleep(limits.password_delay * 2 ** min(wrong, 3))
        return self._failed()

    def _tried_enough(self) -> bool:
        """Whether this connection has failed to log in too often (then it is closed)."""
        if self.failures < self.service.limits.auth_tries:
            return False
        if self.conn is not None:
            self._log("tries", "too many failed logins")
            self.conn.disconnect(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, parting("server.too_many_tries")
            )
        return True

    def _failed(self) -> bool:
        self.failures += 1
        return False

    def auth_completed(self) -> None:
        service = self.service
        if self.handshaking:
            self.handshaking = False
            service.handshakes.remove(self.address)
        # checked again, with nothing in between: another login may have taken the name
        # (a key, the password, the last new name) since this one showed its key
        why = self._name_lost()
        if why is not None:
            self._log("new name", f"the name {self.name}")
            if self.conn is not None:
                text = parting(why, name=self.name, most=self.service.most_names(why))
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, text)
            return
        self.login = service.login(self.name, password=self.fingerprint is None)
        if self.conn is not None:
            self.channels.wait()
            limits = service.limits
            misses = limits.keepalive_misses
            self.alive = Alive(self.conn, limits.keepalive_interval, misses, self._not_reading)
        how = "key " + self.fingerprint if self.fingerprint else "password"
        service.report(f"{self.name} logged in from {self.peer} ({how})")

    def _name_lost(self) -> str | None:
        """Take this login's name for it now: a key's, or held for the password (the text
        key of why not, if another login took it first)."""
        service, name = self.service, self.name
        if self.fingerprint is None:
            if service.keys.owner(name) is not None:
                return "server.banner_key_name"
            service.keys.forget(name)  # a key's name that lapsed: no key's any more
            return None  # (held for the password from the login on: :meth:`auth_completed`)
        new = service.keys.owner(name) is None
        why = service.take_name(name, self.fingerprint, self.address)
        if why is not None:
            return BANNERS.get(why, why)
        self.new_name = new
        return None

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        if self.channels.full():  # (said on the client's side as a channel refused)
            self._log("channels", f"too many channels on one connection ({self.name})")
            why = parting("server.channels_full", most=self.channels.most)
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, why)
        self.channels.opened()
        return GameSession(self)

    def _no_session(self) -> None:
        """No terminal or command for the grace: the connection is let go."""
        grace = f"{self.service.limits.session_grace:g}"
        what = f"let go {self.peer} ({self.name}): no session within {grace} s"
        self.service.refuse("no session", self.address, what)
        if self.conn is not None:
            with contextlib.suppress(Exception):
                text = parting("server.no_session", seconds=grace)
                self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, text)

    def _not_reading(self) -> None:
        """No answer to the keepalives: the client does not read, and is let go at once."""
        misses = self.service.limits.keepalive_misses
        what = f"let go {self.peer} ({self.name}): no answer to {misses} keepalives"
        self.service.refuse("keepalive", self.address, what)
        if self.conn is not None:
            self.conn.abort()

    def _log(self, kind: str, what: str) -> None:
        """Log a refusal, once per kind and address within the log's window."""
        self.service.refuse(kind, self.address, f"refused {self.peer}: {what}")

    def _refused(self, kind: str, what: str, key: str, **params: object) -> None:
        """Log a refusal and say it in an auth banner."""
        self._log(kind, what)
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.send_auth_banner(both(key, **params) + "\r\n")
