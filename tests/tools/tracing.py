"""A causal trace of what a program's threads run, for :mod:`tests.tools.move_trace`.

Between :meth:`Tracer.start` and :meth:`Tracer.stop` every thread's calls are seen
(``sys.setprofile``, ``threading.setprofile``) and cut into *pieces of work*: what one
thread runs in one go (an event loop's callback, a thread pool's work item, a thread's
``run``, or a thread's own code outside those). Each piece knows where it was scheduled
from (the piece running then, and the ``threethirteen`` modules on the stack there), so a
point the program reached can be followed back, piece by piece, across the threads and
the event loop's turns, to where it began (:class:`Graph`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures.thread as pool_thread
import heapq
import itertools
import os
import socket
import sys
import threading
from collections.abc import Callable
from types import CodeType, FrameType
from typing import Any

from attrs import define, field, frozen

PREFIX = "threethirteen."
HANDLE_INIT = asyncio.events.Handle.__init__.__code__
HANDLE_RUN = asyncio.events.Handle._run.__code__
WORK_INIT = pool_thread._WorkItem.__init__.__code__
WORK_RUN = pool_thread._WorkItem.run.__code__
THREAD_START = threading.Thread.start.__code__
THREAD_RUN = threading.Thread.run.__code__

READS = frozenset({"recv", "recv_into"})
"""A socket's reads, as an event loop's transport reads a connection."""

Said = Callable[[FrameType], tuple[str, str]]
"""What a write tells, read from its frame: the place written to and the text."""


@frozen
class Link:
    """Where a piece was scheduled from: the piece running then, when (the trace's order)
    and the ``threethirteen`` modules on its stack there, innermost first."""

    piece: int
    order: int
    stack: tuple[str, ...]


@define(eq=False)
class Piece:
    """What one thread ran in one go (see the module's docstring). ``woken``: where it was
    scheduled from; ``resumed``: for a task's step, the task's step before (a task woken by
    another's release of a lock carries on its own work, begun in that step)."""

    number: int
    thread: int
    thread_name: str
    kind: str  # "callback", "work", "thread" or "root"
    what: str
    woken: Link | None
    resumed: Link | None = None
    modules: set[str] = field(factory=set)

    def parents(self) -> tuple[Link, ...]:
        return tuple(link for link in (self.woken, self.resumed) if link is not None)


@frozen
class Mark:
    """A point the move reached: ``read`` (from the mover's socket), ``fold``, ``sync`` or
    ``write`` (to ``place``)."""

    kind: str
    piece: int
    order: int
    stack: tuple[str, ...]
    place: str = ""
    text: str = ""


class Tracer:
    """Pieces of work, their links and the marks, between :meth:`start` and :meth:`stop`.

    Installed before any thread of the program starts (a thread takes the profile function
    when it starts), it does nothing while stopped. ``writes`` says, for each transport's
    write function, the place and text of a call; ``peer`` is the port of the mover's
    connection (its socket's reads are the line's way in)."""

    def __init__(self, fold: CodeType) -> None:
        self.fold = fold
        self.writes: dict[CodeType, Said] = {}
        self.peer: int | None = None
        self.active = False
        self.pieces: dict[int, Piece] = {}
        self.marks: list[Mark] = []
        self.runs: list[int] = []
        """The pieces whose ``threethirteen`` code ran, in the order it ran (a piece again
        each time another ran between)."""
        self._links: dict[int, Link] = {}
        self._steps: dict[int, int] = {}  # a task's last step
        self._stacks: dict[int, list[tuple[Piece, FrameType | None]]] = {}
        self._numbers = itertools.count(1)
        self._order = itertools.count(1)

    def install(self) -> None:
        threading.setprofile(self._event)
        sys.setprofile(self._event)

    def uninstall(self) -> None:
        sys.setprofile(None)
        threading.setprofile(None)  # (threads running keep it: it does nothing, stopped)

    def start(self) -> None:
        self.pieces, self.marks, self.runs = {}, [], []
        self._links, self._steps, self._stacks = {}, {}, {}
        self.active = True

    def enter(self) -> None:
        """The line is handed to the program here, in this thread's own code."""
        self._mark("read", sys._getframe(1))

    def stop(self) -> None:
        self.active = False

    # -- while running (on every thread: each touches only its own stack) ---------------

    def _event(self, frame: FrameType, event: str, arg: Any) -> None:
        if not self.active:
            return
        if event == "call":
            self._call(frame)
        elif event == "return":
            stack = self._stacks.get(threading.get_ident())
            if stack and stack[-1][1] is frame:
                inner = stack.pop()[0]
                if stack and stack[-1][0].kind == "root":
                    self._carry_on(stack, inner)
        elif event == "c_call":
            if arg is os.fsync:
                self._mark("sync", frame)
            elif getattr(arg, "__name__", "") in READS and self._from_peer(arg.__self__):
                self._mark("read", frame)

    def _from_peer(self, sock: object) -> bool:
        if self.peer is None or not isinstance(sock, socket.socket):
            return False
        try:
            return bool(sock.getpeername()[1] == self.peer)
        except (OSError, IndexError):
            return False

    def _call(self, frame: FrameType) -> None:
        code = frame.f_code
        name = frame.f_globals.get("__name__", "")
        if name.startswith(PREFIX):
            piece = self._piece()
            piece.modules.add(name)
            if not self.runs or self.runs[-1] != piece.number:
                self.runs.append(piece.number)
            if code is self.fold and type(frame.f_locals.get("event")).__name__ == "CardDiscarded":
                self._mark("fold", frame)  # (the table's fold if the timeline folds it)
        elif code is HANDLE_INIT or code is WORK_INIT or code is THREAD_START:
            self._links[id(frame.f_locals["self"])] = self._link(frame.f_back)
        elif code is HANDLE_RUN:
            handle = frame.f_locals["self"]
            task = getattr(handle._callback, "__self__", None)
            piece = self._begin(frame, "callback", _describe(handle._callback), id(handle))
            if isinstance(task, asyncio.Task):
                before = self._steps.get(id(task))
                if before is not None:
                    piece.resumed = Link(before, next(self._order), ())
                self._steps[id(task)] = piece.number
        elif code is WORK_RUN:
            item = frame.f_locals["self"]
            self._begin(frame, "work", _describe(item.fn), id(item))
        elif code is THREAD_RUN:
            thread = frame.f_locals["self"]
            self._begin(frame, "thread", f"thread {thread.name}", id(thread))
        if code in self.writes:  # (whoever's code writes)
            place, text = self.writes[code](frame)
            self._mark("write", frame, place, text)

    def _carry_on(self, stack: list[tuple[Piece, FrameType | None]], inner: Piece) -> None:
        """A thread's own code goes on after an event loop it runs ran ``inner`` (the game at
        a terminal pumps its master so): what it does next may come of that callback."""
        outer, base = stack[-1]
        order = next(self._order)
        after = self._new("root", outer.what, Link(inner.number, order, ()))
        after.resumed = Link(outer.number, order, ())
        stack[-1] = (after, base)

    def _piece(self) -> Piece:
        """The piece this thread runs now (its own code outside any: a root)."""
        stack = self._stacks.setdefault(threading.get_ident(), [])
        if not stack:
            name = threading.current_thread().name
            stack.append((self._new("root", f"thread {name}", None), None))
        return stack[-1][0]

    def _new(self, kind: str, what: str, woken: Link | None) -> Piece:
        ident = threading.get_ident()
        piece = Piece(next(self._numbers), ident, threading.current_thread().name, kind, what,
                      woken)  # fmt: skip
        self.pieces[piece.number] = piece
        return piece

    def _begin(self, frame: FrameType, kind: str, what: str, key: int) -> Piece:
        piece = self._new(kind, what, self._links.pop(key, None))
        self._stacks.setdefault(threading.get_ident(), []).append((piece, frame))
        return piece

    def _link(self, frame: FrameType | None) -> Link:
        piece = self._piece()
        return Link(piece.number, next(self._order), self._modules(frame))

    def _mark(self, kind: str, frame: FrameType, place: str = "", text: str = "") -> None:
        piece = self._piece()
        order = next(self._order)
        self.marks.append(Mark(kind, piece.number, order, self._modules(frame), place, text))

    def _modules(self, frame: FrameType | None) -> tuple[str, ...]:
        """The ``threethirteen`` modules on this thread's stack from ``frame`` down to the
        start of the piece running, innermost first."""
        stack = self._stacks.get(threading.get_ident()) or []
        base = stack[-1][1] if stack else None
        names: list[str] = []
        while frame is not None and frame is not base:
            name = frame.f_globals.get("__name__", "")
            if name.startswith(PREFIX) and name not in names:
                names.append(name)
            frame = frame.f_back
        return tuple(names)


def _describe(call: Any) -> str:
    """A callback in words: a task's coroutine, or a function's qualified name."""
    owner = getattr(call, "__self__", None)
    if isinstance(owner, asyncio.Task):
        return f"task {getattr(owner.get_coro(), '__qualname__', '?')}"
    call = getattr(call, "func", call)  # a partial
    module = getattr(call, "__module__", None) or ""
    return f"{module}.{getattr(call, '__qualname__', type(call).__qualname__)}"


# -- the figures --------------------------------------------------------------------------


@frozen
class Step:
    """A piece on a chain, and the point in it where the chain went on (or the mark)."""

    piece: Piece
    order: int
    stack: tuple[str, ...]


class Graph:
    """The pieces as their links join them: what the entry led to, and the ways back."""

    def __init__(self, tracer: Tracer) -> None:
        self.pieces = tracer.pieces
        self.children: dict[int, list[int]] = {}
        for piece in tracer.pieces.values():
            for link in piece.parents():
                self.children.setdefault(link.piece, []).append(piece.number)

    def reached(self, entry: int) -> set[int]:
        """The pieces ``entry`` led to (itself among them)."""
        seen, todo = {entry}, [entry]
        while todo:
            for child in self.children.get(todo.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        return seen

    def way(self, mark: Mark, target: int, after: int = 0) -> list[Step] | None:
        """The way back from ``mark`` to the piece ``target``, left after the trace's
        ``after`` (the mark's step first, the target's last), or ``None``.

        It follows how each piece was woken, and takes a task's step before only where no
        waking leads back (a task that waited for a lock, woken by whoever let it go):
        of the ways, one with the fewest such steps, then the fewest pieces."""
        start = Step(self.pieces[mark.piece], mark.order, mark.stack)
        if mark.piece == target and mark.order > after:
            return [start]
        best: dict[int, tuple[int, int]] = {mark.piece: (0, 0)}
        came: dict[int, tuple[int, Link]] = {}
        todo = [(0, 0, mark.piece)]
        while todo:
            resumed, length, number = heapq.heappop(todo)
            if number == target:
                return [start, *self._back(came, target, mark.piece)]
            if (resumed, length) > best[number]:
                continue
            piece = self.pieces[number]
            for link in piece.parents():
                there = link.piece
                if there not in self.pieces or (there == target and link.order <= after):
                    continue  # (before the trace, or it left the target before the point)
                cost = (resumed + (link is piece.resumed), length + 1)
                if there not in best or cost < best[there]:
                    best[there], came[there] = cost, (number, link)
                    heapq.heappush(todo, (*cost, there))
        return None

    def _back(self, came: dict[int, tuple[int, Link]], target: int, start: int) -> list[Step]:
        steps, number = [], target
        while number != start:
            child, link = came[number]
            steps.append(Step(self.pieces[number], link.order, link.stack))
            number = child
        return steps[::-1]
