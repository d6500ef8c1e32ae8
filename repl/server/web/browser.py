"""One browser at the server: its login, its fronts (the lobby, then a table), its lines.

A browser session is a front's connection as an SSH terminal is (:class:`~..terminal.Guest`):
the same :class:`~..lobby.LobbyFront`, and at a table the same
:class:`~..table_session.TableSession` holding the link its room handed out, so it hears only what
the room told its seat, after it is on disk. What differs is the screen: a
:class:`~.messages.WebScreen` turns what the fronts say into ``text`` messages, and after each
change the session sends the ``board`` drawn from what the front holds (:mod:`.board`).

The login is a name and the browser's key (docs/web.md): the first key that logs in under
a name keeps it, in the same book as the SSH keys (:class:`~..names.KeyBook`), which keeps
only the key's SHA-256. A name is checked as an SSH login's is: its form, its owner, a name
held with the password, the new names an address and the server may take within the hour;
and the session is counted against the sessions of the name, the address and the server.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import re
from collections.abc import Callable

from ....core.views import SeatView
from ...kit.front import Front, Quit
from ...kit.render import plain
from ...kit.seat import SeatFront, log_file_name
from ...kit.table_words import TableTexts
from ...protocol.acts import Act, Play
from ...words import en
from ...words.i18n import Texts
from ..leases import Lease, refusal_key
from ..lines import LineCaps, run_line
from ..lobby import LobbyFront
from ..names import Identity, name_problem
from ..service import Service
from ..ssh import NAMES_REFUSED
from ..table_session import TableSession
from ..visitor import Visitor
from .board import Json, board_json, round_over_json, tables_json
from .messages import Hello, Outbox, WebScreen, changes, encoded

KEY = re.compile(r"[A-Za-z0-9_-]{43}")
"""A browser's key: 32 random bytes in base64url, without padding."""

WEB_WORDS = tuple(key for key in en.TEXTS if key.startswith("web."))
"""The labels of the page, sent in the player's language (the ``words`` message)."""


def fingerprint(key: str) -> str:
    """What the book of names keeps of a browser's key: its SHA-256 (never an SSH key's
    fingerprint, which starts ``SHA256:``)."""
    digest = hashlib.sha256(key.encode("ascii")).digest()
    return "WEB:" + base64.b64encode(digest).decode("ascii").rstrip("=")


class BrowserSession(Visitor):
    """One browser logged in at the server: the lobby, then a table (and back)."""

    def __init__(
        self,
        service: Service,
        outbox: Outbox,
        *,
        address: str,
        peer: str,
        end: Callable[[], None],
    ) -> None:
        # nobody yet, until the login: no name, and no key a seat could have kept
        super().__init__(service, who=Identity("", ""), address=address, tx=Texts("en"))
        self.service: Service = service  # (all of it: a browser logs in here, its names, counts)
        self.outbox = outbox
        self.peer = peer
        self._end = end
        self.screen: WebScreen = WebScreen(outbox, 80, self._changed)
        self.caps = LineCaps(service.limits, said_every=1.0)
        self._lease: Lease | None = None
        """The session's place in the server's counts (and its login's), until it ends."""
        self._dirty = False
        self._last_board: Json | None = None
        """The board the page was last sent (a change is sent as a ``patch`` of it)."""
        self._rounds: int | None = None
        """The rounds scored that the page was told of (``round_over``) at this table."""
        self._rounds_from = 0
        """The rounds scored before the page came to this table (never told it)."""
        self._retell = False
        """Whether the rounds' ends told are told again, in the words switched to."""
        self._last_bar = ""
        self._idle: asyncio.TimerHandle | None = None
        self._log_asked: str | None = None
        """The table whose log the line in hand asked for (``log CODE`` in the lobby)."""
        self.closed = False

    # -- logging in ------------------------------------------------------------------

    async def log_in(self, hello: Hello) -> bool:
        """Log in with ``hello``: whether the session goes on (else it was told why)."""
        if hello.lang != self.tx.lang:  # (the words of the other one came with the greeting)
            self.tx = Texts(hello.lang)
            self.send_words()
        self.screen.columns = hello.columns
        self.screen.yes_keys = self.tx.yes_keys
        service = self.service
        why = self._name_refused(hello)
        if why is not None:
            key, params = why
            service.refuse("web login", self.address, f"refused a web login: {key}")
            self.outbox.put({"type": "refused", "text": self.tx(key, **params)})
            return False
        name = hello.name
        busy = service.session_problem(name, self.address)
        if busy is not None:
            service.refuse("session", self.address, f"refused a session of {name}: {busy}")
            text = self.tx(refusal_key(busy), most=service.limits.sessions_per_name)
            self.outbox.put({"type": "refused", "text": text})
            return False
        self.who = Identity(name, fingerprint(hello.key))
        self._lease = service.session(name, self.address, login=True)
        if not await service.keys.keep(name):  # a name taken now is on disk before use
            service.report(f"{name}: the book of names cannot be written")
            self.outbox.put({"type": "refused", "text": self.tx("server.name_not_kept")})
            return False
        service.present.add(self)
        service.report(f"{name} logged in from {self.peer} (browser)")
        self.outbox.put({"type": "welcome", "name": name})
        return True

    def _name_refused(self, hello: Hello) -> tuple[str, dict[str, object]] | None:
        """Why ``hello`` may not have its name (a text key and its parameters), or
        ``None``: then the name is this key's, taken now if it was free (in memory: the
        book is written next)."""
        service, name = self.service, hello.name
        if name_problem(name) is not None:
            return "server.bad_name", {}
        if KEY.fullmatch(hello.key) is None:
            return "server.web_bad_key", {}
        why = service.take_name(name, fingerprint(hello.key), self.address)
        if why is None:
            return None
        if why in NAMES_REFUSED:
            service.refuse("new name", self.address, f"a new name: {NAMES_REFUSED[why]}")
            return why, {"most": service.most_names(why)}
        return f"server.web_{why}", {"name": name}

    def greet(self, lang: str | None) -> None:
        """The page's labels before the login (its form), in ``lang`` (``?lang=`` of the
        socket's address: the language the page was left in)."""
        self.tx = Texts("de" if lang == "de" else "en")
        self.send_words()

    def send_words(self) -> None:
        """The page's labels in this session's language."""
        words = {key: self.tx(key) for key in WEB_WORDS}
        self.outbox.put({"type": "words", "lang": self.tx.lang, "words": words})

    # -- the fronts ------------------------------------------------------------------

    async def begin(self, invited: str | None = None) -> None:
        """The first front: back at a running game of this player, else the lobby (and
        ``invited``, a table's code from an invite link, is joined from there)."""
        front, place = self.first()
        self._open(front, place)
        if invited and place is None:
            await self._run_line(f"join {invited}")

    def _open(self, front: Front, place: TableSession | None) -> None:
        self.front, self.place = front, place
        self.next = None
        where = "lobby" if place is None else "watch" if place.seat is None else "seat"
        code = None if place is None else place.code
        self.outbox.put({"type": "place", "where": where, "code": code})
        self._last_board, self._rounds, self._last_bar = None, None, ""
        self._retell = False
        front.begin()
        self._waited()
        self._changed()

    def _switch(self) -> None:
        """To the front the last line (or the room) sent this player to, if any."""
        while self.next is not None and not self.closed:
            front, place = self.next
            if self.front is not None:
                self.front.leave()
                self.left(self.place)
            self._open(front, place)

    def language_changed(self) -> None:
        self.send_words()

    def switch_language(self, lang: str) -> None:
        """The page's language switch (``lang`` message): the labels, and at a table the
        game's words too, from now on; the player stays where they are (the lobby's
        ``lang`` line goes back to the lobby)."""
        if self.closed or lang == self.tx.lang:
            return
        self.tx = Texts(lang)
        self.screen.yes_keys = self.tx.yes_keys
        self.send_words()
        place = self.place
        if place is not None:
            old = place.front.tx
            if isinstance(old, TableTexts):
                place.front.tx = TableTexts(lang, old.names, old.me)
        self._last_board, self._last_bar = None, ""  # sent whole, in the new words
        self._retell = True  # and the rounds' ends the page may still show
        asked = None if place is None else place.asked_text()
        if asked is not None:  # and the ask for another game it may show by the result
            self.outbox.put({"type": "invited", "code": asked[0], "text": asked[1], "again": True})
        self._changed()

    # -- lines -----------------------------------------------------------------------

    async def line(self, text: str) -> None:
        """A line typed (or clicked) in the browser: held to the limits, then run by the
        front it was typed at, as at a terminal."""
        front = self.front
        if front is None or self.closed:
            return
        if not self.caps.refused(text, front, self.tx):  # (slow down: said once a second)
            await self._run_line(text)

    async def act(self, act: Act) -> None:
        """An act a click made on the board (a move with the state id of the board the
        page showed: the table refuses it if it has moved on since), held to the same
        limits as a line, and sent by the seat's front."""
        front, place = self.front, self.place
        if front is None or self.closed or not self.caps.counted(front, self.tx):
            return
        if place is None or not isinstance(front, SeatFront):
            front.refuse(self.tx("server.not_at_table"))
            return
        if isinstance(act, Play) and act.command.seat != place.seat:
            key = "server.only_watching" if place.seat is None else "server.not_your_seat"
            front.refuse(self.tx(key))
            return
        front.send(act)
        await place.settled()  # a move sent: its news first
        self._changed()

    async def _run_line(self, text: str) -> None:
        front, place = self.front, self.place
        if front is None or self.closed:
            return
        try:
            run_line(front, text, self.tx, self.service.report, self.name, between=True)
        except (Quit, EOFError):
            self.close()
            return
        asked, self._log_asked = self._log_asked, None
        if asked is not None:
            await self._send_log(front, asked)
        if place is not None:
            await place.settled()  # a move sent: its news first
        elif isinstance(front, LobbyFront):
            await front.settled()  # a table made or joined: kept (or refused) first
        self._waited()
        self._switch()
        self._changed()

    def _waited(self) -> None:
        """A lobby left without a line for :attr:`~..limits.Limits.lobby_idle` is left."""
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self.place is None and not self.closed:
            loop = asyncio.get_running_loop()
            self._idle = loop.call_later(self.service.limits.lobby_idle, self._idle_out)

    def _idle_out(self) -> None:
        self._idle = None
        self.bye(self.tx("server.idle"))

    # -- what is sent ----------------------------------------------------------------

    def _changed(self) -> None:
        """Something was said or changed: the board and the status line follow, once for
        all that happens in this turn of the event loop."""
        if self._dirty or self.closed:
            return
        self._dirty = True
        asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._dirty = False
        front, place = self.front, self.place
        if front is None or self.closed:
            return
        if place is None:  # (at a table the page says what to do from the board)
            with self.screen.wide():  # the page's status line wraps: every part of it
                bar = plain(front.toolbar()).strip()
            if bar != self._last_bar:
                self._last_bar = bar
                self.outbox.put({"type": "bar", "text": bar})
            if isinstance(front, LobbyFront):
                self.outbox.put(tables_json(self._tables()))
            return
        seated = place.front
        if seated.who is None:
            return  # (who sits where is told first: the board waits for it)
        board = board_json(
            seated.view,
            place.seat,
            seated.who,
            seated.tx,
            code=place.code,
            clock=seated.time_left(),
            me=self.name,
            hint=seated.hint,
        )
        self._rounds_over(seated.view, place.seat, seated.tx)
        last, self._last_board = self._last_board, board
        if last is None:
            self.outbox.put_text(encoded(board))
            return
        ops = changes(last, board)  # only what changed goes out
        if ops:
            self.outbox.put({"type": "patch", "events": board["events"], "ops": ops})

    def _rounds_over(self, view: SeatView | None, seat: int | None, tx: Texts) -> None:
        """Each round scored since the page came to the table, as ``round_over`` news (the
        page shows it until the person has read it); a page that comes back to a running
        game is not told the rounds before again. After a language switch those told are
        told ``again``, in the new words: the page still shows those it holds, and has no
        words of its own for what the server wrote (names, "You", the cards' ranks)."""
        sheet = () if view is None else view.score_sheet
        if self._rounds is None:
            self._rounds = self._rounds_from = len(sheet)
            return
        if self._retell:
            self._retell = False
            for scored in sheet[self._rounds_from : self._rounds]:
                self.outbox.put(round_over_json(scored, seat, tx, again=True))
        for scored in sheet[self._rounds :]:
            self.outbox.put(round_over_json(scored, seat, tx))
        self._rounds = len(sheet)

    def _tables(self) -> list[Json]:
        """The open tables, as the lobby lists them (the directory the hall published)."""
        return [table.row(self.tx, self.name) for table in self.service.door.directory.tables]

    def bye(self, text: str, *, again: bool = False) -> None:
        """End the session, saying why (``again``: the page may connect again by itself,
        a while later: the server is only stopping)."""
        if not self.closed:
            self.outbox.put({"type": "bye", "text": text, "again": again})
        self.close()

    # -- what a table asks of its connection (:class:`~..table_session.Connection`) -------------

    def sent_away(self) -> None:
        self.next = (self.lobby(), None)
        asyncio.get_running_loop().call_soon(self._switch)

    def refresh(self) -> None:
        place = self.place
        if place is not None and not self.closed:
            left = place.front.time_left()
            if left is not None:
                self.outbox.put({"type": "clock", "seconds": round(left, 1)})

    def heard(self) -> None:
        """The place at a table took news in: the board follows."""
        self._changed()

    def invited(self, code: str, text: str) -> None:
        """Someone who played here asks for another game: the page shows ``text`` by its
        result, and its button joins table ``code`` (the line ``again``). After a language
        switch it comes ``again``, in the new words (:meth:`switch_language`)."""
        if not self.closed:
            self.outbox.put({"type": "invited", "code": code, "text": text, "again": False})

    def keep_log(self, code: str) -> None:
        """``log CODE`` typed in the lobby: the file is sent once the line is done."""
        self._log_asked = code

    async def send_log(self, code: str) -> None:
        """The ``log`` message: the log of a finished table this player sat at, for the
        page to keep as a file (the same as ``ssh HOST log CODE``)."""
        front = self.front
        if front is None or self.closed or not self.caps.counted(front, self.tx):
            return
        await self._send_log(front, code)

    async def _send_log(self, front: Front, code: str) -> None:
        """The log of table ``code`` as a file (``file`` messages, in pieces the browser
        takes as it reads: :meth:`~.messages.Outbox.send_file`), or why not: read on a worker
        thread. One at a time: a log asked for while another is on its way is refused."""
        code = code[:12]
        if self.outbox.sending_file:
            front.refuse(self.tx("server.log_on_its_way"))
            return
        found = await self.service.fetch_log(self.who, code)
        if isinstance(found, bytes):
            if not self.outbox.send_file(log_file_name(code), found):
                if not self.outbox.closed:
                    front.refuse(self.tx("server.log_on_its_way"))
                return
            self.service.report(f"{self.name} fetched the log of {code.upper()} (browser)")
            return
        front.refuse(self.tx(found))

    # -- the end ---------------------------------------------------------------------

    def stopping(self) -> None:
        """The server stops: said, and the session ends (the page tries again later)."""
        self.bye(self.tx("server.stopping"), again=True)

    def close(self) -> None:
        """The browser left (or was let go): its place at a table is left, its counts
        given back. Once."""
        if self.closed:
            return
        self.closed = True
        if self._idle is not None:
            self._idle.cancel()
        service = self.service
        service.present.discard(self)
        if self.front is not None:
            with contextlib.suppress(Exception):
                self.front.leave()
            self.left(self.place)
            service.report(f"{self.name} left (browser)")
        if self._lease is not None:
            self._lease.give_back()
        self._end()
