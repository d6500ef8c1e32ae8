"""Every table of a server, kept on disk so that a restart resumes them all.

The server's folder holds ``tables/CODE.json`` (a table's :class:`~.room.Plan`,
rewritten atomically whenever someone sits down or stands up) and, once the game
started, ``tables/CODE.jsonl``: the game's ordinary log, appended to move by move
before anyone is told of the move. Killed at any moment, the server finds every
table again as it was (a log whose last line was cut off mid-write loses only
that line, which nobody had been told of yet).
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path

import cattrs

from ...core.errors import GameError
from ...core.log import TruncatedLogError, encode_log
from ..files.reading import load_file
from ..files.storage import write_atomic
from .room import Deal, Plan, Room, secret_deal

WORDS = (
    "BARK", "COVE", "DUNE", "FERN", "GLEN", "HAZE", "IRIS", "JADE", "KITE", "LAMP",
    "LARK", "MINT", "MOSS", "NOVA", "OPAL", "PEAR", "PINE", "REEF", "ROOK", "SAGE",
    "SILK", "TIDE", "VALE", "WOLF", "WREN", "YARN", "ZINC", "BELL", "CORN", "DOVE",
)  # fmt: skip
"""The words of table codes (``KITE-7``): short, distinct, easy to say across a room."""

CODE = re.compile(r"[A-Z]{4}-[1-9][0-9]?")
"""A table code as the server makes them."""

_plans = cattrs.Converter(forbid_extra_keys=True)


class Hall:
    """The tables of one server, in ``folder/tables``."""

    def __init__(
        self,
        folder: Path,
        *,
        pool: Executor,
        pace: float = 1.0,
        max_tables: int = 100,
        deal: Deal = secret_deal,
        report: Callable[[str], None] = lambda line: None,
    ) -> None:
        self.folder = folder / "tables"
        self.pool = pool
        self.pace = pace
        self.max_tables = max_tables
        self.deal = deal
        self.report = report
        self.rooms: dict[str, Room] = {}

    def load(self) -> None:
        """Find every table on disk again; one that cannot be read is reported and skipped."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        for path in sorted(self.folder.glob("*.json")):
            code = path.stem
            if CODE.fullmatch(code) is None:
                continue
            try:
                self.rooms[code] = self._reopen(path)
            except (OSError, ValueError, GameError, cattrs.BaseValidationError) as error:
                self.report(f"table {code} cannot be resumed: {error}")

    def _reopen(self, path: Path) -> Room:
        plan = _plans.structure(json.loads(path.read_text(encoding="utf-8")), Plan)
        log = path.with_suffix(".jsonl")
        events: tuple[object, ...] = ()
        if log.exists() and log.stat().st_size == 0:
            log.unlink()  # the server died as it began to deal: the game never started
        if log.exists():
            try:
                events = load_file(log).events
            except TruncatedLogError as cut:
                # the line being written when the server died: nobody was told of it
                events = cut.prefix.events
                if events:
                    write_atomic(log, encode_log(events), mode=0o600)
                else:
                    log.unlink()
                self.report(f"table {plan.code}: a cut-off last line was dropped")
        room = self._room(plan, events)
        if events:
            self.report(f"table {plan.code} resumed at event {len(events)}")
        return room

    def _room(self, plan: Plan, events: tuple[object, ...] = ()) -> Room:
        return Room(
            plan,
            self.folder,
            pool=self.pool,
            pace=self.pace,
            deal=self.deal,
            report=self.report,
            events=events,  # type: ignore[arg-type]
        )

    # -- finding and making tables ---------------------------------------------------

    def find(self, code: str) -> Room | None:
        """The table with ``code`` (any case), if there is one."""
        return self.rooms.get(code.strip().upper())

    def open_tables(self) -> list[Room]:
        """Tables whose game is not over, oldest first."""
        return [room for room in self.rooms.values() if not room.finished]

    def create(self, host: str, plan: Plan) -> Room | str:
        """A new table set up as ``plan`` with ``host`` at seat 0; or why not (a text key)."""
        if len(self.open_tables()) >= self.max_tables:
            return "server.too_many_tables"
        plan.code = self._new_code()
        plan.host = host
        plan.people = [host, None, None, None]
        plan.created = time.time()
        room = self._room(plan)
        self.keep(room)
        self.rooms[plan.code] = room
        self.report(f"table {plan.code} made by {host}")
        return room

    def keep(self, room: Room) -> None:
        """Write ``room``'s plan (who sits where) to disk."""
        text = json.dumps(_plans.unstructure(room.plan), indent=1) + "\n"
        write_atomic(self.folder / f"{room.code}.json", text, mode=0o600)

    def drop(self, room: Room) -> None:
        """Forget a table nobody sits at whose game never started."""
        if room.started or room.people():
            return
        self.rooms.pop(room.code, None)
        (self.folder / f"{room.code}.json").unlink(missing_ok=True)
        self.report(f"table {room.code} closed")

    def seat_waiting_for(self, name: str) -> Room | None:
        """A running game where ``name`` has a seat (to go back to it at once)."""
        for room in self.rooms.values():
            if room.started and not room.finished and room.seat_of(name) is not None:
                return room
        return None

    def _new_code(self) -> str:
        while True:
            code = f"{secrets.choice(WORDS)}-{secrets.randbelow(98) + 2}"
            if code not in self.rooms:
                return code
