"""The lobby of a server: the tables, making one, joining one, watching one.

>>> plan = read_options("--jokers 2 --aces high --turn-time 30")
>>> plan.jokers, plan.aces_high, plan.level, plan.turn_time  # type: ignore[union-attr]
(2, True, 'medium', 30)
>>> read_options("--jokers 3")
'server.bad_jokers'
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.players import LEVELS
from ..kit.front import Front, Quit
from ..kit.help import render_help
from ..kit.render import Text, toolbar
from ..kit.screen import Screen
from ..words.grammar import LOBBY, Parsed
from ..words.i18n import Texts
from .hall import Hall
from .room import Plan, Room

TURN_TIMES = range(10, 3601)
"""How long a turn may be given, in seconds (``new --turn-time``)."""


class LobbyFront(Front):
    """Someone at the server who sits at no table (yet)."""

    grammar = LOBBY

    def __init__(
        self,
        hall: Hall,
        *,
        name: str,
        tx: Texts,
        screen: Screen,
        go: Callable[[Room, str], None],
        language: Callable[[str], None],
    ) -> None:
        super().__init__(tx=tx, screen=screen)
        self.hall = hall
        self.name = name
        self._go = go
        self._language = language

    def begin(self) -> None:
        self.say(self.tx("server.welcome", name=self.name), "class:title")
        self.show_tables()
        self.say(self.tx("server.lobby_help"), "class:dim")

    def toolbar(self) -> Text:
        parts = self.tx("server.bar_lobby", name=self.name).split(" · ")
        return toolbar([[("", part)] for part in parts], self.screen.width - 2)

    def show_tables(self) -> None:
        """Every open table: its code, who sits there, its options and how far it is."""
        rooms = self.hall.open_tables()
        if not rooms:
            self.say(self.tx("server.no_tables"))
            return
        tx = self.tx
        for room in rooms:
            plan = room.plan
            people = ", ".join(plan.people[s] or "—" for s in range(4))
            if room.started:
                state = tx("server.in_round", round=room.round_no())
            else:
                state = tx("server.waiting")
            aces = tx("aces.high") if plan.aces_high else tx("aces.low")
            clock = tx("server.turn_time", seconds=plan.turn_time) if plan.turn_time else ""
            options = tx("server.options", jokers=plan.jokers, aces=aces, level=plan.level)
            self.say(f"{room.code}  {people}  · {options}{clock} · {state}")

    def run(self, parsed: Parsed) -> str | None:
        tx = self.tx
        match parsed.name:
            case "tables":
                self.show_tables()
            case "new":
                plan = read_options(parsed.text)
                if isinstance(plan, str):
                    return self.refuse(tx(plan))
                made = self.hall.create(self.name, plan)
                if isinstance(made, str):
                    return self.refuse(tx(made))
                self.say(tx("server.made", code=made.code), "class:good")
                self._go(made, "play")
            case "join" | "watch":
                room = self.hall.find(parsed.text)
                if room is None:
                    return self.refuse(tx("server.no_such_table", code=parsed.text[:12]))
                if parsed.name == "watch":
                    self._go(room, "watch")
                    return None
                seat = room.sit(self.name)
                if isinstance(seat, str):
                    return self.refuse(tx(seat))
                self.hall.keep(room)
                self._go(room, "play")
            case "lang":
                self._language(parsed.choice or ("de" if tx.lang == "en" else "en"))
            case "help":
                self.screen.show(render_help(tx, LOBBY, parsed.topic, self.screen.width))
            case "quit":
                raise Quit
        return None


def read_options(text: str) -> Plan | str:
    """The options of ``new`` (``--jokers N --aces low|high --level L --turn-time S``);
    the plan, or why not (a text key)."""
    words = text.split()
    plan = Plan(code="", host="")
    while words:
        option = words.pop(0).lower()
        if not words:
            return "server.bad_options"
        value = words.pop(0).lower()
        if option in ("--jokers", "-j"):
            if value not in ("0", "2", "4"):
                return "server.bad_jokers"
            plan.jokers = int(value)
        elif option in ("--aces", "-a"):
            if value not in ("low", "high", "tief", "hoch"):
                return "server.bad_aces"
            plan.aces_high = value in ("high", "hoch")
        elif option in ("--level", "-l"):
            if value not in LEVELS:
                return "server.bad_level"
            plan.level = value
        elif option in ("--turn-time", "-t"):
            if not (value.isascii() and value.isdigit()) or int(value) not in TURN_TIMES:
                return "server.bad_turn_time"
            plan.turn_time = int(value)
        else:
            return "server.bad_options"
    return plan
