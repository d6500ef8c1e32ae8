"""Every table of a server, kept on disk so that a restart resumes them all.

The server's folder holds ``tables/CODE.json`` (a table's :class:`~.plan.Plan`, rewritten
atomically whenever someone sits down or stands up: the room writes it through the hall's
writer, :meth:`Hall._keep`) and, once the game started, ``tables/CODE.jsonl``: the game's
ordinary log, appended to move by move before anyone is told of the move. Killed at any
moment, the server finds every table again as it was (a log whose last line was cut off
mid-write loses only that line, which nobody had been told of yet). A plan and a log are
a stranger's files (:func:`~.plan.read_plan`, :func:`~..files.reading.load_file`): a
table whose files cannot be read back is reported and kept as it is, its code taken and
its files untouched, and its players are told (:mod:`.kept`).

A table that is over leaves the open tables and the working set (:attr:`Hall.rooms`):
its plan and log move to ``tables/past/`` (named by the time the table was made and its
code), where its players find it (``history``) and fetch its log (``log CODE``), also
after a restart; its code is free for a new table. A past table is its players' only:
each seat keeps how its player proved their name (a key, or the password), and a later
owner of the name sees nothing of it (:meth:`Hall.sat_there`). A table is over when its game
ended, or when nobody was at it and no move was made for ``abandoned_after`` seconds
(waiting to start, or a game that waits for its absent players): it is closed, the
server's log says so, and its players are told in the lobby when they come back. After a
game's end its players may ask there for another (``again``, :mod:`.again`).

Tables are capped in total, per host (name) and per address of the host's connection
(the server's :class:`~.limits.Limits`); a table of five to eight seats counts as two, so
that large tables (more sessions, more AI seats) never take more than the caps allow.
Codes (``KITE-7``, :mod:`.codes`) are drawn at random, at least twice as many as the open
tables a hall may have, and never one that an open or a kept table has. No file of the
hall is written on the event loop: plans are written, and tables moved to the past, on
the worker threads, one at a time. After each change of what a front lists (a table
made, sat at, dealt, a round begun, closed, over) the hall publishes its
:class:`~.directory.Directory` anew; the fronts read only that, and ask the
:class:`~.door.Door` for a place at a table.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Protocol

from attrs import evolve

from ...core.events import Event
from ...core.log import TruncatedLogError, encode_log
from ...core.log_bounds import MAX_LOG_BYTES
from ...core.state import fold
from ..files.atomic import move, sync_folder, write_atomic
from ..files.bounded import read_bounded
from ..files.reading import load_file
from ..master.coach import Advice, AdviceLimits
from .again import Encores
from .codes import CODES, free_code
from .directory import Directory, Listed
from .directory import NoLog as NoLog  # (where they were)
from .directory import Past as Past
from .kept import Kept, refused_log
from .names import Identity
from .plan import CODE, MAX_PLAN, Deal, Plan, plan_text, read_plan, secret_deal
from .room import Refused, Room

PAST = "past"
"""The folder (in ``tables``) of the tables that are over."""

HISTORY = 50
"""The tables that are over kept in memory for each player (``history``, ``log CODE``)."""


class TableLimits(AdviceLimits, Protocol):
    """The caps on tables, their hints and their coach (the server's
    :class:`~.limits.Limits` has them)."""

    @property
    def tables_total(self) -> int: ...
    @property
    def tables_per_name(self) -> int: ...
    @property
    def tables_per_address(self) -> int: ...
    @property
    def abandoned_after(self) -> float: ...


class Hall:
    """The tables of one server, in ``folder/tables``."""

    def __init__(
        self,
        folder: Path,
        *,
        pool: Executor,
        think: Executor | None = None,
        limits: TableLimits,
        pace: float = 1.0,
        deal: Deal = secret_deal,
        report: Callable[[str], None] = lambda line: None,
        clock: Callable[[], float] = time.time,
        codes: Callable[[int], int] = secrets.randbelow,
        advice: Advice | None = None,
    ) -> None:
        if not 1 <= limits.tables_total <= CODES // 2:
            raise ValueError(f"open tables at most is 1 to {CODES // 2}, not {limits.tables_total}")
        self.folder = folder / "tables"
        self.pool = pool
        """Where the tables' moves and the hall's files are written."""
        self.think = think
        """Where the tables' AI thinks (``None``: in :attr:`pool` too)."""
        self.limits = limits
        self.advice = advice or Advice.of(limits)
        """What the tables' hints and coach may hold, all of them together."""
        self.pace = pace
        self.deal = deal
        self.report = report
        self.clock = clock
        self.codes = codes
        """Draws a number below the one it is given: a new table's code (:mod:`.codes`);
        a test draws the codes it wants."""
        self.rooms: dict[str, Room] = {}
        """The open tables, and a table whose game just ended until it is moved away."""
        self.past: dict[str, list[Past]] = {}
        """For each player, the tables they sat at that are over, oldest first."""
        self.kept: dict[str, Kept] = {}
        """The tables found on disk that cannot be resumed, by code (:mod:`.kept`)."""
        self.encores = Encores(self)  # the games ended lately, for another (:mod:`.again`)
        self.directory = Directory()
        """The open tables and those kept, as the fronts read them: published anew after
        each change (:meth:`_publish`), never changed in place."""
        self._listed: dict[str, Listed] = {}
        """Each open table as the directory lists it now."""
        self._writing = threading.Lock()  # the hall's files change one at a time
        self._writes: set[Future[None]] = set()  # (changed under the lock below)
        self._counting = threading.Lock()
        self._sweeping: asyncio.TimerHandle | None = None
        self.stopped = False
        """The server is stopping: the tables are kept as they are for its restart."""
        self.seated: Callable[[str], None] = lambda name: None
        """Hears each name that sits at a table (the book of names keeps it for good)."""
        self.owner_since: Callable[[str, float], str | None] = lambda name, when: None
        """The key that owns a name now, if it did at a time already (the book of names
        says: :meth:`~.names.KeyBook.owner_since`); a hall without a book knows none."""

    # -- loading -----------------------------------------------------------------------

    def load(self) -> None:
        """Find every table on disk again. One whose files cannot be read back is kept
        as it is (:attr:`kept`): reported, its code never given again, its files never
        changed. A game found over is moved to the past; on an event loop, the hall then
        looks for abandoned tables every little while."""
        (self.folder / PAST).mkdir(parents=True, exist_ok=True, mode=0o700)
        for path in sorted((self.folder / PAST).glob("*.json")):
            try:
                plan = read_plan(read_bounded(path, MAX_PLAN, follow=False))
                self._remember(Past(path.stem, plan))
            except (OSError, ValueError) as error:
                self.report(f"past table {path.stem[:40]} skipped: {error}")
        planned = set()
        for path in sorted(self.folder.glob("*.json")):
            code = path.stem
            if CODE.fullmatch(code) is None:
                continue
            planned.add(code)
            room = self._reopen(path)
            if room is None:
                continue
            if room.finished:  # killed before it was moved to the past
                room.ended(self.clock())
                self._locked(functools.partial(self._move_to_past, room), f"table {code}")
                self._remember(Past(_stem(room.plan), room.plan))
                continue
            self.rooms[code] = room
        for path in sorted(self.folder.glob("*.jsonl")):
            code = path.stem
            if CODE.fullmatch(code) is not None and code not in planned:
                self._keep_as_it_is(Kept(code, "server.kept_no_plan"), "its plan is missing")
        for room in self.rooms.values():
            self._listed[room.code] = room.listed()
        self._publish()
        self._watch()
        self._go_on()

    def _go_on(self) -> None:
        """Every table found again plays on as it did before the stop (on an event loop):
        its AI turns, a seat's ``auto``, its turn clock, whoever is at it."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        for room in self.rooms.values():
            room.go_on()

    def _reopen(self, path: Path) -> Room | None:
        """The table of the plan at ``path``, as its files left it; ``None`` when they
        cannot be read back (the table is kept as it is, and nothing on disk changes)."""
        code = path.stem
        try:
            plan = read_plan(read_bounded(path, MAX_PLAN, follow=False))
            if plan.code != code or plan.finished is not None:
                raise ValueError(f"the plan is of another table ({plan.code})")
        except (OSError, ValueError) as error:
            self._keep_as_it_is(Kept(code, "server.kept_plan"), error)
            return None
        log = path.with_suffix(".jsonl")
        events: tuple[Event, ...] = ()
        cut = empty = False
        try:
            # an empty log: the server died as it began to deal, the game never started
            empty = log.exists() and log.stat().st_size == 0
            if log.exists() and not empty:
                try:
                    events = load_file(log).events
                except TruncatedLogError as error:
                    # the line being written when the server died: nobody was told of it
                    events, cut = error.prefix.events, True
        except (OSError, ValueError) as error:  # (a LogFormatError is a ValueError)
            self._keep_as_it_is(refused_log(code, plan, error), error)
            return None
        try:
            started = fold(events[:1]).started
            if started is not None and started.seat_count != plan.seats:
                raise ValueError(f"a game of {started.seat_count} seats, a plan of {plan.seats}")
            room = self._room(plan, events)
        except Exception as error:  # a stranger's files: whatever they break, they are kept
            self._keep_as_it_is(Kept(code, "server.kept_table", plan), error)
            return None
        try:  # set up again: only now are its files mended
            if empty or (cut and not events):
                log.unlink()
            elif cut:
                write_atomic(log, encode_log(events), mode=0o600)
        except OSError as error:
            self._keep_as_it_is(Kept(code, "server.kept_log_mend", plan), error)
            return None
        if cut:
            self.report(f"table {plan.code}: a cut-off last line was dropped")
        room.touched = max(p.stat().st_mtime for p in (path, log) if p.exists())
        if events:
            self.report(f"table {plan.code} resumed at event {len(events)}")
        return room

    def _keep_as_it_is(self, kept: Kept, error: object) -> None:
        """``kept`` cannot be resumed: its code stays taken, its files as they are."""
        self.kept[kept.code] = kept
        self._publish()
        verify = f" (threethirteen replay --verify tables/{kept.code}.jsonl says why)"
        self.report(
            f"table {kept.code} cannot be resumed: {error}; its code and its files are kept "
            f"as they are{verify if kept.line is not None else ''}"
        )

    def _room(self, plan: Plan, events: tuple[Event, ...] = (), *, saved: bool = True) -> Room:
        """The room of ``plan`` (``saved``: read from disk), which keeps its plan through
        the hall's writer."""
        room: Room

        async def keep(plan: Plan) -> None:
            await self._keep(room, plan)

        room = Room(
            plan,
            self.folder,
            pool=self.pool,
            think=self.think,
            keep=keep,
            saved=saved,
            pace=self.pace,
            deal=self.deal,
            report=self.report,
            events=events,
            clock=self.clock,
            on_over=self._over,
            on_change=self._changed,
            advice=self.advice,
        )
        return room

    # -- the directory ---------------------------------------------------------------

    def _changed(self, room: Room) -> None:
        """What the directory lists of ``room`` may have changed: published anew if it
        did (a move that changes nothing listed publishes nothing)."""
        code = room.code
        if self.rooms.get(code) is not room or room.finished or room.closed:
            if self._listed.pop(code, None) is not None:
                self._publish()
            return
        listed = room.listed()
        if self._listed.get(code) != listed:
            self._listed[code] = listed
            self._publish()

    def _publish(self) -> None:
        """Publish the directory as the tables are now: a new record, whole."""
        tables = tuple(self._listed[code] for code in self.rooms if code in self._listed)
        self.directory = Directory(tables, tuple(self.kept.values()))

    # -- finding and making tables ---------------------------------------------------

    def find(self, code: str) -> Room | None:
        """The open table with ``code`` (any case), if there is one."""
        room = self.rooms.get(code.strip().upper()[:12])
        return None if room is None or room.closed else room

    def open_tables(self) -> list[Room]:
        """Tables whose game is not over, oldest first."""
        return [room for room in self.rooms.values() if not room.finished and not room.closed]

    async def create(self, host: Identity, plan: Plan, address: str = "") -> Room:
        """A new table set up as ``plan`` with ``host`` at seat 0 (connected from
        ``address``), once its plan is on disk. :class:`~.binding.Refused` (its ``n``:
        how many) when the server, this player or this address has as many open tables
        as it may, or ``server.plan_unsaved`` when the disk refused the plan (the table
        is gone again)."""
        rooms = self.open_tables()
        limits = self.limits
        weight = plan.weight()  # a table of more than four counts as two: see Plan.weight

        def counted(mine: Callable[[Plan], bool]) -> int:
            return weight + sum(room.plan.weight() for room in rooms if mine(room.plan))

        if counted(lambda other: True) > limits.tables_total:
            raise Refused("server.too_many_tables")
        if counted(lambda other: other.host == host.name) > limits.tables_per_name:
            raise Refused("server.tables_per_name", n=limits.tables_per_name)
        if address and counted(lambda other: other.address == address) > (
            limits.tables_per_address
        ):
            raise Refused("server.tables_per_address", n=limits.tables_per_address)
        code = free_code(self.codes, lambda code: code in self.rooms or code in self.kept)
        if code is None:
            raise Refused("server.too_many_tables")
        plan = evolve(plan, code=code, host=host.name, address=address, created=self.clock())
        plan = evolve(plan, people=(None,) * plan.seats, keys=()).seating(0, host)
        room = self._room(plan, saved=False)
        self.rooms[code] = room  # counted against the caps from now on
        self.encores.forget(code)
        self._changed(room)
        self._watch()
        try:
            await room.save()
        except Refused:
            if self.rooms.get(code) is room:
                del self.rooms[code]
            room.closed = True
            raise
        self.report(f"table {code} made by {host.name} ({address or 'here'})")
        return room

    async def _keep(self, room: Room, plan: Plan) -> None:
        """Write ``plan``, of ``room``, to disk on a worker thread, after the hall's file
        changes before it (not once the table is over or forgotten); each name that sits
        there is told to the book of names (:attr:`seated`). :class:`OSError` when the
        disk refused it (reported)."""
        for name in plan.people:
            if name:
                self.seated(name)
        path = self.folder / f"{room.code}.json"

        def write() -> None:
            now = room.plan  # (a table over or forgotten since: its plan is written no more)
            if self.rooms.get(room.code) is room and now.finished is None and not now.abandoned:
                write_atomic(path, plan_text(plan), mode=0o600)

        future = self._locked(write, f"the plan of {room.code}")
        if future is None:
            raise OSError("the server stops")
        await asyncio.wrap_future(future)

    def leave(self, code: str, name: str) -> None:
        """``name`` left the table ``code``: their seat at a table whose game has not
        started is given up (the room writes its plan), and a table nobody sits at whose
        game never started is forgotten (:meth:`drop`)."""
        room = self.rooms.get(code)
        if room is None:
            return
        room.stand(name)
        self.drop(room)

    def drop(self, room: Room) -> None:
        """Forget a table nobody sits at whose game never started (not while the server
        stops: its people leave then, and find it again after the restart)."""
        if self.stopped or room.started or room.people() or self.rooms.get(room.code) is not room:
            return
        del self.rooms[room.code]
        room.closed = True  # (and out of the directory)
        path = self.folder / f"{room.code}.json"

        def forget() -> None:
            if room.code not in self.rooms:  # (its code may be a new table's already)
                path.unlink(missing_ok=True)

        self._locked(forget, f"the plan of {room.code}")
        self.report(f"table {room.code} closed")

    # -- tables that are over --------------------------------------------------------

    def history(self, who: Identity) -> list[Past]:
        """The tables ``who`` sat at that are over, the latest first."""
        return self._pasts(who)[::-1]

    def _pasts(self, who: Identity) -> list[Past]:
        """The tables ``who`` sat at that are over, oldest first."""
        return [past for past in self.past.get(who.name, []) if self.sat_there(past.plan, who)]

    def sat_there(self, plan: Plan, who: Identity) -> bool:
        """Whether ``who`` sat at the table of ``plan``: a seat of their name that keeps
        the same proof (their key, or the password for a seat taken with it).

        A seat taken before seats kept it (an older plan) is read safely: it was the key's
        that owns the name now if the book says that key owned it already when the table
        was made (a name that sat is never freed, so it was theirs all along); else it was
        nobody's, as for the password, since a key may have claimed the name since."""
        proof = plan.proof(who.name)
        if proof is None and who.name in plan.people:
            proof = self.owner_since(who.name, plan.created)
        return proof is not None and proof == who.proof

    def closed_news(self, who: Identity) -> list[Past]:
        """The tables of ``who`` closed while nobody was there that nobody told them of
        yet; from now on they have been told."""
        name = who.name
        news = [past for past in self._pasts(who) if past.plan.abandoned]
        news = [past for past in news if name not in past.plan.told]
        for past in news:
            told = Past(past.stem, evolve(past.plan, told=(*past.plan.told, name)))
            self._remember(told)
            self._locked(functools.partial(self._write_past, told), f"the plan of {past.stem}")
        return news

    async def fetch_log(self, who: Identity, code: str) -> bytes | NoLog:
        """The log of the latest table with ``code`` that ``who`` sat at, once its game
        is over; else why not (:class:`NoLog`). Read on a worker thread."""
        found = self._log_of(who, code)
        if isinstance(found, NoLog):
            return found
        loop = asyncio.get_running_loop()
        if isinstance(found, Room):
            events = found.events
            return await loop.run_in_executor(self.pool, lambda: encode_log(events).encode())
        path = self.folder / PAST / f"{found.stem}.jsonl"
        return await loop.run_in_executor(self.pool, _log_bytes, path)

    def log_problem(self, who: Identity, code: str) -> NoLog | None:
        """Why :meth:`fetch_log` would send ``who`` no log of table ``code`` (``None``: it
        would), without reading anything."""
        found = self._log_of(who, code)
        return found if isinstance(found, NoLog) else None

    def _log_of(self, who: Identity, code: str) -> Room | Past | NoLog:
        """The finished table ``code`` that ``who`` sat at (the latest), or why none. A
        game in play is its seat's by name, as the seat is (nobody else may have the name
        while it is not over: :meth:`~.service.Service.password_holds`)."""
        code = code.strip().upper()[:12]
        room = self.rooms.get(code)
        if room is not None and room.seat_of(who.name) is not None:
            if not room.finished:
                return NoLog.RUNNING
            if self.sat_there(room.plan, who):
                return room
        for past in reversed(self._pasts(who)):
            if past.plan.code == code:
                return NoLog.CLOSED if past.plan.abandoned else past
        return NoLog.NONE

    def sweep(self) -> None:
        """Close every table nobody was at, with no move, for ``abandoned_after`` seconds."""
        after = self.limits.abandoned_after
        for room in self.open_tables():
            if not room.closed and room.idle() >= after:
                self.report(f"table {room.code} closed: nobody was at it for {room.idle():.0f} s")
                room.closed = True  # from now on nobody sits down there, nothing is played
                task = asyncio.ensure_future(self._close(room))
                task.add_done_callback(self._after)

    def _watch(self) -> None:
        """Sweep every little while (on an event loop; a hall without one sweeps when asked)."""
        if self._sweeping is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        every = min(60.0, max(0.5, self.limits.abandoned_after / 4))

        def tick() -> None:
            self._sweeping = None
            try:
                self.sweep()
            finally:
                self._watch()

        self._sweeping = loop.call_later(every, tick)

    async def stop(self) -> None:
        """The server stops: no table changes any more, once the changes in hand are done
        (each is on disk already, or was never told)."""
        self.stopped = True
        if self._sweeping is not None:
            self._sweeping.cancel()
            self._sweeping = None
        for room in list(self.rooms.values()):
            await room.close()
        with self._counting:
            writes = [asyncio.wrap_future(write) for write in self._writes]
        await asyncio.gather(*writes, return_exceptions=True)

    async def _close(self, room: Room) -> None:
        await room.close()
        await self._retire(room, abandoned=True)

    def _over(self, room: Room) -> None:
        """``room``'s game ended: it moves to the past (its players keep their seats' view)."""
        task = asyncio.ensure_future(self._retire(room))
        task.add_done_callback(self._after)

    async def _retire(self, room: Room, *, abandoned: bool = False) -> None:
        """Move ``room`` to the past (``abandoned``: closed before its end): listed at
        once, its files moved on a worker (until then its log is sent from memory), then
        out of the working set."""
        room.ended(self.clock(), abandoned=abandoned)
        if not abandoned:  # another game may be asked for at once, while its files move
            self.encores.ended(room)
        self._remember(Past(_stem(room.plan), room.plan))
        loop = asyncio.get_running_loop()
        try:
            move: Callable[[], None] = lambda: self._move_to_past(room)  # noqa: E731
            await loop.run_in_executor(self.pool, self._locked_now, move)
        finally:
            if self.rooms.get(room.code) is room:
                del self.rooms[room.code]
            self._changed(room)

    def _move_to_past(self, room: Room) -> None:
        """Move the files of ``room`` to the past: its plan, then its log (if it has one)."""
        past = self.folder / PAST
        stem = _stem(room.plan)
        write_atomic(past / f"{stem}.json", plan_text(room.plan), mode=0o600)
        if room.log_path.exists():
            move(room.log_path, past / f"{stem}.jsonl")
        (self.folder / f"{room.code}.json").unlink(missing_ok=True)
        sync_folder(self.folder)

    def _write_past(self, past: Past) -> None:
        write_atomic(self.folder / PAST / f"{past.stem}.json", plan_text(past.plan), mode=0o600)

    def _remember(self, past: Past) -> None:
        for name in {name for name in past.plan.people if name}:
            kept = self.past.setdefault(name, [])
            kept[:] = [other for other in kept if other.stem != past.stem]
            kept.append(past)
            kept.sort(key=lambda other: other.plan.finished or 0.0)
            del kept[:-HISTORY]

    # -- the files, one change at a time, off the event loop -----------------------------

    def _locked(
        self, work: Callable[[], None], what: str = "a table's files"
    ) -> Future[None] | None:
        """Run ``work`` on a worker thread, after the hall's file changes before it; a
        failure is logged. The future of it (``None``: the server stops, it never ran)."""

        def done(future: Future[None]) -> None:
            with self._counting:
                self._writes.discard(future)
            error = None if future.cancelled() else future.exception()
            if error is not None:
                self.report(f"cannot write {what}: {error}")

        try:
            future = self.pool.submit(self._locked_now, work)
        except RuntimeError:  # the server stops: its threads are gone
            self.report(f"cannot write {what}: the server stops")
            return None
        with self._counting:
            self._writes.add(future)
        future.add_done_callback(done)
        return future

    def _locked_now(self, work: Callable[[], None]) -> None:
        with self._writing:
            work()

    def _after(self, task: asyncio.Future[None]) -> None:
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self.report(f"a table could not be moved to the past: {error!r}")


def _stem(plan: Plan) -> str:
    """The name of a table's files in the past: when it was made, and its code."""
    return time.strftime("%Y%m%d-%H%M%S-", time.gmtime(plan.created)) + plan.code


def _log_bytes(path: Path) -> bytes:
    """A past table's log as ``log CODE`` sends it: the server's own file, read bounded."""
    return read_bounded(path, MAX_LOG_BYTES, follow=False)
