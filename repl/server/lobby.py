"""The lobby of a server: the tables, making one, joining one, watching one, and the
tables one sat at that are over (``history``) and their logs (``log CODE``: over SSH, from
one's own computer; in a browser, a file).

The lobby holds no table: it reads the tables in the directory the hall publishes after each
change (:class:`~.directory.Directory`), and asks its door to make, join or watch one
(:class:`~.directory.MakeTable`, :class:`~.directory.JoinTable`,
:class:`~.directory.WatchTable`), each answered with a link to the table's master
(:class:`~repl.protocol.link.Link`), which it hands to its connection. Making a table and
joining one are answered once the plan, with this player's seat, is on disk (the hall and
the room write it on a worker): the prompt waits for a line meanwhile, and ends, as if Enter
was pressed on nothing, when the seat is kept.

>>> plan = read_options("--jokers 2 --aces high --turn-time 30")
>>> plan.seats, plan.jokers, plan.aces_high, plan.level, plan.turn_time
(4, 2, True, 'medium', 30)
>>> try:
...     read_options("--jokers 2 --seats 6")
... except Refused as why:
...     print(why.key, why.params)
server.bad_jokers {'seats': 6, 'decks': 3, 'one': 3, 'two': 6}
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence

from attrs import evolve

from ...core.players import LEVELS
from ..kit.front import Front, Quit
from ..kit.help import render_help
from ..kit.render import Text, toolbar
from ..kit.screen import Screen
from ..protocol.acts import Leave
from ..protocol.link import Link
from ..protocol.refused import Refused
from ..words.grammar import LOBBY, Parsed
from ..words.i18n import Texts
from .directory import (
    JoinTable,
    Listed,
    MakeTable,
    MaySay,
    Past,
    Tables,
    WatchTable,
    never_silenced,
    options_text,
)
from .names import Identity
from .plan import SEATS, TURN_TIMES, Plan

HISTORY_SHOWN = 10
"""The tables that are over that ``history`` lists (the latest)."""

KEPT_SHOWN = 5
"""The tables that cannot be resumed that ``tables`` lists (one's own first)."""


class LobbyFront(Front):
    """Someone at the server who sits at no table (yet)."""

    grammar = LOBBY

    def __init__(
        self,
        tables: Tables,
        *,
        who: Identity,
        tx: Texts,
        screen: Screen,
        go: Callable[[Link], None],
        language: Callable[[str], None],
        address: str = "",
        may_say: MaySay = never_silenced,
        fetch: Callable[[str], str | None] | None = None,
        keep_log: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(tx=tx, screen=screen)
        self.tables = tables
        """The server's tables: their directory, and the requests answered with a link."""
        self._fetch = fetch
        """The command that fetches a table's log, from the player's own computer
        (``None``: there is none to type, as in a browser)."""
        self._keep_log = keep_log
        """Gives the player a finished table's log (``log CODE``, checked): the command
        that fetches it, or (in a browser) the file."""
        self.who = who
        """Who this is: the tables that are over shown, and their logs, are theirs only."""
        self.name = who.name
        self.address = address
        """Where this connection comes from (tables are capped per address)."""
        self.may_say = may_say
        """What this connection may say at a table (each request carries it)."""
        self._go = go
        self._language = language
        self._sitting: asyncio.Future[None] | None = None
        self._gone = False

    def begin(self) -> None:
        self.say(self.tx("server.welcome", name=self.name), "class:title")
        for past in self.tables.closed_news(self.who):
            minutes = max(1, round(self.tables.abandoned_after / 60))
            said = self.tx("server.was_closed", code=past.plan.code, minutes=minutes)
            self.say(said, "class:warn")
        for kept in self.tables.directory.kept_of(self.name):
            self.say(self.tx("server.yours_kept", code=kept.code), "class:warn")
        self.show_tables()
        self.say(self.tx("server.lobby_help"), "class:dim")

    def leave(self) -> None:
        self._gone = True

    async def settled(self) -> None:
        """Wait until a table being made or joined is kept, or refused (and said so)."""
        if self._sitting is not None:
            await asyncio.wait([self._sitting])

    def toolbar(self) -> Text:
        parts = self.tx("server.bar_lobby", name=self.name).split(" · ")
        return toolbar([[("", part)] for part in parts], self.screen.width - 2)

    def show_tables(self) -> None:
        """Every open table: its code, the seats taken, who sits where (the AI once the
        game started, else the seats still free), its options and how far it is; then the
        tables that cannot be resumed, and why."""
        listed = self.tables.directory.tables
        if not listed:
            self.say(self.tx("server.no_tables"))
        self._show_open(listed)
        self._show_kept()

    def _show_open(self, listed: Sequence[Listed]) -> None:
        tx = self.tx
        for table in listed:
            plan = table.plan
            people = ", ".join(table.seat_words(seat, tx) for seat in range(plan.seats))
            taken = f"{table.taken}/{plan.seats}"
            if table.started:
                state = tx("server.in_round", round=table.round_no)
            else:
                state = tx("server.waiting")
            self.say(f"{table.code}  {taken}  {people}  · {options_text(plan, tx)} · {state}")

    def _show_kept(self) -> None:
        """The tables that cannot be resumed, this player's first: who sat there, why."""
        kept = sorted(self.tables.directory.kept, key=lambda one: self.name not in one.people())
        for one in kept[:KEPT_SHOWN]:
            plan, who = one.plan, ""
            if plan is not None:  # who sat there (the AI's seats by their level)
                who = "  " + ", ".join(self._who(plan, seat) for seat in range(plan.seats))
            self.say(f"{one.code}{who}  · {one.said(self.tx)}", "class:warn")
        if len(kept) > KEPT_SHOWN:
            self.say(self.tx("server.more_kept", n=len(kept) - KEPT_SHOWN), "class:dim")

    def _who(self, plan: Plan, seat: int) -> str:
        """Who played ``seat`` of a game begun: a name, or the AI with its level."""
        name = plan.people[seat]
        if name:
            return name
        return self.tx("server.ai_short", number=seat + 1, level=self.tx.level(plan.level))

    def show_history(self) -> None:
        """The latest tables this player sat at that are over: when, who, how it ended."""
        kept = self.tables.history(self.who)
        if not kept:
            self.say(self.tx("server.no_history"))
            return
        for past in kept[:HISTORY_SHOWN]:
            self.say(self._past_line(past))
        code = kept[0].plan.code
        command = None if self._fetch is None else self._fetch(code)
        if command is not None:
            self.say(self.tx("server.history_log", command=command), "class:dim")
        elif self._keep_log is not None:
            self.say(self.tx("server.history_keep", code=code), "class:dim")

    def keep_log(self, code: str) -> str | None:
        """``log CODE``: the log of a finished table this player sat at, as the command
        that fetches it or (in a browser) a file; what refuses it."""
        why = self.tables.log_problem(self.who, code)
        if why is not None:
            return self.refuse(self.tx(f"server.no_log_{why.value}"))
        if self._keep_log is not None:
            self._keep_log(code.strip().upper())
        return None

    def _past_line(self, past: Past) -> str:
        plan, tx = past.plan, self.tx
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(plan.finished or plan.created))
        seats = [self._who(plan, seat) for seat in range(plan.seats)]
        if plan.totals is None:
            how = tx("server.closed_table")
            who = ", ".join(seats)
        else:
            pairs = zip(seats, plan.totals, strict=True)
            who = ", ".join(f"{seat} {total}" for seat, total in pairs)
            lowest = min(plan.totals)
            winners = [seats[s] for s, total in enumerate(plan.totals) if total == lowest]
            how = tx("server.won", name=winners[0]) if len(winners) == 1 else tx("server.no_winner")
        return f"{plan.code}  {when}  {who}  · {how}"

    def run(self, parsed: Parsed) -> str | None:
        tx = self.tx
        match parsed.name:
            case "tables":
                self.show_tables()
            case "history":
                self.show_history()
            case "log":
                return self.keep_log(parsed.text)
            case "new":
                try:
                    plan = read_options(parsed.text)
                except Refused as why:
                    return self.refuse(tx(why.key, **why.params))
                asked = MakeTable(self.who, plan, self.address, self.may_say)
                self._sit(lambda: self.tables.make(asked), new=True, made=True)
            case "join" | "watch":
                directory = self.tables.directory
                listed, kept = directory.find(parsed.text), directory.find_kept(parsed.text)
                if listed is None and kept is not None:
                    return self.refuse(tx("server.join_kept", code=kept.code, state=kept.said(tx)))
                if listed is None:
                    return self.refuse(tx("server.no_such_table", code=parsed.text[:12]))
                try:
                    if parsed.name == "watch":
                        self._go(self.tables.watch(WatchTable(self.who, listed.code, self.may_say)))
                        return None
                    joining = JoinTable(self.who, listed.code, self.may_say)
                    own = self.tables.seat_now(joining)  # their own: nothing to wait for
                except Refused as why:
                    return self.refuse(tx(why.key, **why.params))
                if own is not None:
                    self._go(own)
                    return None
                new = self.name not in listed.plan.people
                self._sit(lambda: self.tables.join(joining), new=new)
            case "lang":
                self._language(parsed.choice or ("de" if tx.lang == "en" else "en"))
            case "help":
                self.screen.show(render_help(tx, LOBBY, parsed.topic, self.screen.width))
            case "quit":
                raise Quit
        return None

    def _sit(
        self, sitting: Callable[[], Awaitable[Link]], *, new: bool, made: bool = False
    ) -> None:
        """Go to the table whose link ``sitting`` answers, once it has kept this player's
        seat (``new``: taken now, not theirs before; ``made``: a table this player made);
        what it refuses is said above the prompt."""
        if self._sitting is not None and not self._sitting.done():
            self.refuse(self.tx("server.sitting"))
            return
        self._sitting = asyncio.ensure_future(self._seated(sitting(), new, made))
        self._sitting.add_done_callback(self._after)

    async def _seated(self, sitting: Awaitable[Link], new: bool, made: bool) -> None:
        tx = self.tx
        try:
            link = await sitting
        except Refused as why:
            self._later(tx(why.key, **why.params), "class:error")
            return
        code = link.facts.code or ""
        if self._gone:  # the terminal left the lobby meanwhile: the seat is given up
            link.send(Leave())
            link.news.close()
            if new:
                self.tables.leave(code, self.name)
            return
        if made:
            self._later(tx("server.made", code=code), "class:good")
        self._go(link)

    def _after(self, task: asyncio.Future[None]) -> None:
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self.tables.report(f"{self.name}: error in the lobby: {error!r}")
            self._later(self.tx("server.error"), "class:error")

    def _later(self, text: str, style: str) -> None:
        """Say ``text`` above the prompt (not in the middle of the line being typed)."""
        self.screen.later(lambda: self.say(text, style))


def read_options(text: str) -> Plan:
    """The options of ``new`` (``--seats N --jokers N --aces low|high --level L --turn-time
    S --ai N``) as a plan; :class:`Refused` says why not (in the texts)."""
    words = text.split()
    plan = Plan(code="", host="")
    while words:
        option = words.pop(0).lower()
        if not words:
            raise Refused("server.bad_options")
        value = words.pop(0).lower()
        number = int(value) if value.isascii() and value.isdigit() and len(value) < 6 else None
        if option in ("--seats", "-s", "--plätze", "--plaetze"):
            if number is None or number not in SEATS:
                raise Refused("server.bad_seats", least=SEATS[0], most=SEATS[-1])
            plan = evolve(plan, seats=number)
        elif option in ("--jokers", "-j"):
            plan = evolve(plan, jokers=-1 if number is None else number)  # checked below
        elif option in ("--aces", "-a"):
            if value not in ("low", "high", "tief", "hoch"):
                raise Refused("server.bad_aces")
            plan = evolve(plan, aces_high=value in ("high", "hoch"))
        elif option in ("--level", "-l"):
            if value not in LEVELS:
                raise Refused("server.bad_level")
            plan = evolve(plan, level=value)
        elif option in ("--turn-time", "-t"):
            if number is None or number not in TURN_TIMES:
                raise Refused("server.bad_turn_time")
            plan = evolve(plan, turn_time=number)
        elif option in ("--ai", "--ki"):
            plan = evolve(plan, ai=-1 if number is None else number)  # checked below
        else:
            raise Refused("server.bad_options")
    seats, choices = plan.seats, plan.joker_choices()
    if plan.jokers not in choices:
        one, two = choices[1:]
        key = "server.bad_jokers_deck" if one == 1 else "server.bad_jokers"
        raise Refused(key, seats=seats, decks=one, one=one, two=two)
    if plan.ai is not None and not 0 <= plan.ai < seats:
        raise Refused("server.bad_ai", most=seats - 1)
    return evolve(plan, people=(None,) * seats)
