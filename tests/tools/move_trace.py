"""One move traced through each front: the modules it enters, the modules on its spine, the
threads and the event loop callbacks it crosses (issue 35, for docs/architecture.md).

Run it from the tree to measure, with that tree's own venv (``tests/tools`` copied into
the tree if it has none)::

    cd TREE && PYTHONPATH=TREE TREE_VENV/bin/python -m tests.tools.move_trace [--front F]
        [--runs N] [--path]

``--front`` is ``terminal``, ``ssh``, ``web``, ``web-act`` (the page's click, on a tree
whose page sends acts) or ``all`` (the default: every front the tree has); each is traced
``--runs`` times (3), a figure shown as a range where the runs differ; ``--path`` prints
the way to each place's news. Nothing of the user's is touched (the data folders are
temporary).

The move is a discard typed by a person: ``x CARD`` on their turn, after their draw. It
runs from the moment the line is handed to the program (at a terminal ``kit.loop.run_line``
on a plain screen, the game autosaved; over SSH, at a table of two with real asyncssh
clients, the Enter that ends the line, its keys typed and echoed before; in a browser, at a
table of two, the ``line`` message, or the ``act`` a click sends) until every place at the
table was told of it: the other person's client has received it, and the mover's own screen
drew it (in a browser: each one's next board). Nothing is waited for by the clock: the
tool waits for the text or the board it traces.

How it is counted (:mod:`tests.tools.tracing`: ``sys.setprofile`` and
``threading.setprofile``, on every thread):

* A **piece of work** is what one thread runs in one go: a callback of an event loop
  (``asyncio.Handle._run``: a task's step, a timer, ``call_soon``), a thread pool's work item
  (``_WorkItem.run``), a thread's ``run``, or a thread's own code outside those (the line run
  at a terminal; its code after an event loop it runs returns is a piece of its own). Every
  piece knows how it was **woken**: the piece running when its handle, work item or thread
  was made, and the stack there (``Handle.__init__`` covers ``call_soon``, ``call_later``,
  ``call_soon_threadsafe``, a future's callbacks and a task's wake-ups; ``_WorkItem.__init__``
  covers ``submit`` and ``run_in_executor``); a task's step also knows the task's step
  before it (a task that waited for a lock is woken by whoever let it go, and goes on with
  its own work).
* **Marks**: the *read* of the line (a ``recv`` from the mover's connection; at a terminal,
  the call of ``run_line``), the *fold* (``core.state.evolve`` of the ``CardDiscarded``,
  called by the table's ``core.timeline``: the rules' own fold while deciding is not it),
  each *sync* (``os.fsync``) and each *write* to a place (an SSH channel's ``write``, a
  WebSocket's ``send_str``, the terminal screen's stream). The **entry** is the first read
  from which a way leads to the fold. A place's **news** is its first write to which a way
  leads from the fold's piece after the fold (in a browser: its first ``board``; elsewhere:
  the first that says the discard). A **way** back follows how each piece was woken, and
  a task's step before only where no waking leads back (the fewest such steps, then the
  fewest pieces); the way to a news goes from the entry to the fold, then on to the news.
* **Modules entered**: the distinct ``threethirteen.*`` modules whose code ran in a piece
  the entry led to (in brackets: in any piece during the trace).
* **The spine**: the modules on the stack at the fold, at each sync of the move and at each
  place's news, with those on the stack where each piece of their ways was woken, back to
  the entry. A module entered but off the spine was called and returned (parsing, checks,
  words, drawing) before the move went on.
* **Thread crossings**: the steps of a news's way where the next piece runs on another
  thread. **Loop hops**: the event loop callbacks on that way (in brackets: of them, those
  that ran ``threethirteen`` code). Also shown: every loop callback of the move that ran
  ``threethirteen`` code, and how often the move's ``threethirteen`` frames changed thread
  in the order they ran (threads interleave: an upper bound of the crossings).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import FrameType

import attrs
from attrs import frozen

from tests.tools.tracing import PREFIX, Graph, Mark, Step, Tracer

with warnings.catch_warnings():  # (asyncssh imports DSA, which cryptography deprecates)
    warnings.simplefilter("ignore")
    import asyncssh

SEED = 2213
SALT = "ab" * 16
"""The deal of every server table (a seed and the salt of its commitment)."""

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


@frozen
class Figures:
    """What one trace of the move found."""

    front: str
    entry: str
    entered: tuple[str, ...]
    """Modules entered by the move."""
    window: int
    """How many modules were entered during the trace at all."""
    spine: tuple[str, ...]
    news: dict[str, list[Step]]
    """Each place's news: the chain from it back to the entry (through the fold)."""
    callbacks: int
    switches: int
    syncs: int
    places: tuple[str, ...] = ()
    """The places at the table, the mover's first."""


def crossings(steps: list[Step]) -> int:
    return sum(1 for a, b in itertools.pairwise(steps) if a.piece.thread != b.piece.thread)


def hops(steps: list[Step]) -> tuple[int, int]:
    """The loop callbacks on a chain, and those of them that ran ``threethirteen`` code."""
    pieces = {step.piece.number: step.piece for step in steps}.values()
    callbacks = [piece for piece in pieces if piece.kind == "callback"]
    return len(callbacks), sum(1 for piece in callbacks if piece.modules)


def figures(
    tracer: Tracer, front: str, places: tuple[str, ...], carries: Callable[[Mark], bool]
) -> Figures:
    """What the trace found at ``places`` (the mover's first); ``carries``: whether a write
    of the move is a place's news."""
    graph = Graph(tracer)
    table = f"{PREFIX}core.timeline"
    folds = [m for m in tracer.marks if m.kind == "fold" and table in m.stack]
    assert folds, "the discard never reached the table's state"
    fold = folds[0]
    reads = [m.piece for m in sorted(tracer.marks, key=lambda m: m.order) if m.kind == "read"]
    ways = ((entry, graph.way(fold, entry)) for entry in reads)
    entry, to_fold = next(((e, w) for e, w in ways if w is not None), (0, None))
    assert to_fold is not None, "no way joins the line's way in to the table's fold"
    ours = graph.reached(entry)
    syncs = [m for m in tracer.marks if m.kind == "sync" and m.piece in ours]
    news: dict[str, list[Step]] = {}
    for mark in sorted(tracer.marks, key=lambda m: m.order):
        if mark.kind == "write" and mark.place not in news and carries(mark):
            told = graph.way(mark, fold.piece, fold.order)
            if told is not None:  # (mark first: the news, back to the fold, back to the entry)
                news[mark.place] = [*told, *to_fold]
    spine: set[str] = set()
    for mark in syncs:
        spine.update(name for step in graph.way(mark, entry) or () for name in step.stack)
    for steps in [to_fold, *news.values()]:
        spine.update(name for step in steps for name in step.stack)
    pieces = [tracer.pieces[n] for n in ours]
    entered = set().union(*(piece.modules for piece in pieces))
    window = set().union(*(piece.modules for piece in tracer.pieces.values()))
    callbacks = sum(1 for piece in pieces if piece.kind == "callback" and piece.modules)
    threads = [tracer.pieces[n].thread for n in tracer.runs if n in ours]
    switches = sum(1 for a, b in itertools.pairwise(threads) if a != b)
    start = tracer.pieces[entry]
    return Figures(front, f"{start.what} ({start.thread_name})", tuple(sorted(entered)),
                   len(window), tuple(sorted(spine)), news, callbacks, switches,
                   len(syncs), places)  # fmt: skip


def rows(found: Figures) -> list[tuple[str, tuple[int, ...]]]:
    """The figures of one trace, each with its label (a figure in brackets after another
    is a part or a whole of it; none: the place was never told)."""
    counted = [
        ("modules entered by the move (in the whole trace)", (len(found.entered), found.window)),
        ("modules on the spine", (len(found.spine),)),
    ]
    for place in found.places:
        steps = found.news.get(place)
        who = f"{place} (moved)" if place == found.places[0] and len(found.places) > 1 else place
        counted.append((f"thread crossings to {who}", () if steps is None else (crossings(steps),)))
        counted.append((f"loop hops to {who} (of them ran threethirteen)",
                        () if steps is None else hops(steps)))  # fmt: skip
    counted.append(("loop callbacks of the move that ran threethirteen", (found.callbacks,)))
    counted.append(("thread changes of its threethirteen frames, as run", (found.switches,)))
    counted.append(("syncs of the move (os.fsync)", (found.syncs,)))
    return counted


def spread(values: Sequence[int]) -> str:
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}-{high}"


def short(module: str) -> str:
    return module.removeprefix(PREFIX).removeprefix("repl.")


def names(modules: Iterable[str]) -> str:
    return ", ".join(short(m) for m in sorted(modules)) or "-"


def report(runs: list[Figures], path: bool) -> None:
    """The table of one front over its runs (a range where they differ); with ``path``,
    each news's chain of the first run, entry first."""
    first = runs[0]
    print(f"\n== {first.front}  ({len(runs)} run{'s' if len(runs) > 1 else ''})")
    print(f"  entry: {first.entry}")
    table = [rows(found) for found in runs]
    for at, (label, values) in enumerate(table[0]):
        every = [one[at][1] for one in table]
        if not all(every):
            value = "never told"
        else:
            parts = [spread([one[part] for one in every]) for part in range(len(values))]
            value = parts[0] + "".join(f" ({part})" for part in parts[1:])
        print(f"  {label:<56} {value:>9}")
    spines = {found.spine for found in runs}
    print("  spine: " + names(first.spine))
    if len(spines) > 1:
        others = set().union(*spines) - set(first.spine)
        print(f"  (the spine differs between runs: also {names(others)})")
    print("  entered, off the spine: " + names(set(first.entered) - set(first.spine)))
    if len({found.entered for found in runs}) > 1:
        print("  (the modules entered differ between runs)")
    for place, steps in first.news.items() if path else ():
        print(f"  the way to {place}'s news, entry first:")
        shown = None
        for step in reversed(steps):
            if step.piece is not shown:
                shown = step.piece
                print(f"    [{step.piece.thread_name}] {step.piece.kind} {step.piece.what}")
            print(f"        at: {' < '.join(short(m) for m in step.stack) or '-'}")


def plain(data: object) -> str:
    if isinstance(data, bytes | bytearray):
        data = bytes(data).decode("utf-8", "replace")
    return ANSI.sub("", str(data))


def typed(label: str) -> str:
    """A card as a person types it (``7h``), from the way the game shows it (``7♥``)."""
    from threethirteen.core.cards import parse_card

    card = parse_card(label)
    assert card.rank is not None and card.suit is not None, "a joker is never discarded here"
    return card.rank.symbol + card.suit.value


# -- at a terminal ------------------------------------------------------------------------


class Sink:
    """The plain screen's stream: the trace stops once it is handed the discard's words."""

    def __init__(self, tracer: Tracer) -> None:
        self.tracer = tracer

    def write(self, text: str) -> int:
        if self.tracer.active and "You discard" in text:
            self.tracer.stop()
        return len(text)

    def flush(self) -> None:
        pass


def at_terminal(tracer: Tracer, folder: Path, seed: int) -> Figures:
    """The game of one's own on a plain screen, autosaved, as the program runs it: the
    opponents play to the person's turn, the person draws, then ``x CARD`` is traced."""
    from threethirteen.repl.files.log_file import LogFile
    from threethirteen.repl.kit.loop import run_line
    from threethirteen.repl.kit.screen import PlainScreen
    from threethirteen.repl.solo.game import new_solo_front
    from threethirteen.repl.solo.settings import Settings
    from threethirteen.repl.words.i18n import Texts

    from tests.helpers.opening import game_of
    from tests.helpers.timelines import lowest_discard

    sink = Sink(tracer)
    tracer.writes[Sink.write.__code__] = lambda frame: ("you", frame.f_locals["text"])
    front = new_solo_front(seed, tx=Texts("en"), screen=PlainScreen(sink),  # type: ignore[arg-type]
                           settings=Settings(speed="instant"),
                           autosave=LogFile(folder / "autosave.jsonl"))  # fmt: skip
    game = game_of(front)
    game.drive()
    assert run_line(front, "draw") is None
    card = lowest_discard(game.table.state).card
    line = f"x {typed(str(card))}"
    tracer.start()
    tracer.enter()
    refused = run_line(front, line)  # the trace stops at the discard's words
    tracer.stop()
    assert refused is None, refused
    said = f"You discard {card}."
    return figures(tracer, f"at a terminal: {line}", ("you",), lambda mark: said in mark.text)


# -- over SSH -----------------------------------------------------------------------------


class Terminal(asyncssh.SSHClientSession[bytes]):
    """An asyncssh client's terminal session: every byte kept, waits woken by each packet."""

    def __init__(self) -> None:
        self.raw = bytearray()
        self.seen = 0
        self.news = asyncio.Event()
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.name = ""

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.raw += data
        self.news.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.news.set()

    async def expect(self, pattern: str) -> re.Match[str]:
        """Wait for ``pattern`` in the text after the last match."""
        regex = re.compile(pattern)
        while True:
            found = regex.search(plain(bytes(self.raw)), self.seen)
            if found:
                self.seen = found.end()
                return found
            assert self.chan is not None and not self.chan.is_closing(), plain(self.raw)[-800:]
            self.news.clear()
            await self.news.wait()

    def send(self, text: str) -> None:
        assert self.chan is not None
        self.chan.write(text.encode())

    def port(self) -> int:
        """The port this client's connection comes from."""
        assert self.chan is not None
        return int(self.chan.get_extra_info("sockname")[1])

    def close(self) -> None:
        if self.chan is not None:
            self.chan.get_extra_info("connection").close()


async def _terminal(port: int, name: str) -> Terminal:
    from tests.helpers.attacks import connect

    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await connect(port, name, key=key)
    term = Terminal()
    await conn.create_session(lambda: term, term_type="xterm", term_size=(100, 30),
                              encoding=None)  # fmt: skip
    term.name = name
    await term.expect(rf"Welcome, {name}\.")
    return term


async def _first(pattern: str, *terms: Terminal) -> Terminal:
    """The first of ``terms`` to show ``pattern``."""
    waits = {asyncio.ensure_future(term.expect(pattern)): term for term in terms}
    done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for wait in pending:
        wait.cancel()
    return waits[done.pop()]


async def _ssh_move(tracer: Tracer, port: int) -> tuple[str, str, tuple[str, str]]:
    ana, ben = await _terminal(port, "ana"), await _terminal(port, "ben")
    ana.send("new --seats 2\r")
    code = (await ana.expect(r"Table ([A-Z]{4}-\d+) is yours")).group(1)
    ben.send(f"join {code}\r")
    await ben.expect(code)
    ana.send("start\r")
    for term in (ana, ben):
        await term.expect(r"The cards are dealt\.")
    mover = await _first(r"your turn: draw or take", ana, ben)
    other = ben if mover is ana else ana
    mover.send("d\r")
    label = (await mover.expect(r"You draw (\S+) from the stock\.")).group(1)
    await other.expect(rf"{mover.name} draws")  # the other was told of the draw
    if os.environ.get("MOVE_TRACE_SHOW"):
        print(plain(bytes(other.raw))[-600:])
    line = f"x {typed(label)}"
    mover.send(line)
    await mover.expect(re.escape(line))  # typed and echoed: only Enter is left
    tracer.peer = mover.port()
    tracer.start()
    mover.send("\r")
    await mover.expect(rf"You discard {re.escape(label)}\.")
    await other.expect(rf"discards {re.escape(label)}\.")
    tracer.stop()
    for term in (ana, ben):
        term.close()
    return line, label, (mover.name, other.name)


def over_ssh(tracer: Tracer, folder: Path) -> Figures:
    """Two people at a table of the in-process server with real asyncssh clients; the one
    whose turn it is draws, then types ``x CARD`` and Enter."""
    from asyncssh.channel import SSHChannel

    from tests.helpers.sshclient import InProcess

    def said(frame: FrameType) -> tuple[str, str]:
        chan = frame.f_locals["self"]
        return str(chan.get_extra_info("username")), plain(frame.f_locals["data"])

    tracer.writes[SSHChannel.write.__code__] = said
    server = InProcess(folder, deal=lambda: (SEED, SALT)).start()
    try:
        line, label, places = asyncio.run(_ssh_move(tracer, server.port))
    finally:
        tracer.stop()
        server.stop()
    told = re.compile(rf"discards? {re.escape(label)}\.")
    return figures(tracer, f"over SSH: {places[0]} types {line} and Enter", places,
                   lambda mark: bool(told.search(mark.text)))  # fmt: skip


# -- in a browser -------------------------------------------------------------------------


async def _web_move(
    tracer: Tracer, folder: Path, act: bool
) -> tuple[str, dict[int, str], tuple[str, str]]:
    from tests.helpers.web import deal, two_at_a_table, web_front

    said: list[str] = []
    async with web_front(folder, said, deal=lambda: (SEED, SALT)) as (_, port):
        ana, ben, _code = await two_at_a_table(port)
        boards = await deal(ana, ana, ben)
        mover, other = (ana, ben) if boards[0]["can"]["draw"] else (ben, ana)
        await mover.line("d")
        board = await mover.board(lambda b: b["can"]["discard"])
        seen = board["events"]
        await other.board(lambda b: b["events"] >= seen)  # the other was told of the draw
        card = next(c["code"] for c in board["hand"] if c != board["taken"] and not c["joker"])
        ports = {b.ws.get_extra_info("sockname")[1]: b.name for b in (ana, ben) if b.ws}
        tracer.peer = next(port for port, name in ports.items() if name == mover.name)
        tracer.start()
        if act:
            discard = {"type": "Discard", "seat": board["seat"], "card": card}
            await mover.send({"type": "act", "act": {"type": "Play", "seen": seen,
                                                     "command": discard}})  # fmt: skip
            sent = f"{mover.name} clicks: act Play(Discard {card}, seen={seen})"
        else:
            await mover.line(f"x {card}")
            sent = f"{mover.name} sends the line x {card}"
        for one in (mover, other):
            await one.board(lambda b: b["events"] > seen)
        tracer.stop()
        for one in (ana, ben):
            await one.close()
    return sent, ports, (mover.name, other.name)


def in_browser(tracer: Tracer, folder: Path, act: bool) -> Figures:
    """The web front in-process, two browsers at a table: the one whose turn it is draws,
    then sends the discard as a typed line (or as the page's click, ``act``)."""
    from aiohttp.web_ws import WebSocketResponse

    def said(frame: FrameType) -> tuple[str, str]:
        ws = frame.f_locals["self"]
        return str(ws.get_extra_info("peername")[1]), str(frame.f_locals["data"])

    tracer.writes[WebSocketResponse.send_str.__code__] = said
    sent, ports, places = asyncio.run(_web_move(tracer, folder, act))
    tracer.marks = [  # a write's place was its peer's port: the browser's
        attrs.evolve(mark, place=ports.get(int(mark.place), mark.place))
        if mark.kind == "write" else mark for mark in tracer.marks
    ]  # fmt: skip

    def board(mark: Mark) -> bool:
        return bool(json.loads(mark.text).get("type") == "board")

    return figures(tracer, f"in a browser: {sent}", places, board)


# -- the command --------------------------------------------------------------------------


def tree() -> str:
    """Which tree ``threethirteen`` is imported from, and its commit."""
    import threethirteen.repl

    folder = Path(threethirteen.repl.__file__).resolve().parents[1]
    git = ["git", "-C", str(folder)]
    head = subprocess.run([*git, "log", "-1", "--format=%h %s"], capture_output=True,
                          text=True, check=False).stdout.strip()  # fmt: skip
    dirty = subprocess.run([*git, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, check=False).stdout.strip()  # fmt: skip
    return f"{folder} at {head}" + (" (with changes not committed)" if dirty else "")


def pages_send_acts() -> bool:
    """Whether this tree's page sends acts (its protocol has a codec for them)."""
    try:
        return importlib.util.find_spec("threethirteen.repl.protocol.codec") is not None
    except ModuleNotFoundError:  # (no protocol at all)
        return False


FRONTS = ("terminal", "ssh", "web", "web-act")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="move_trace", description=__doc__.split("\n")[0])
    parser.add_argument("--front", choices=(*FRONTS, "all"), default="all")
    parser.add_argument("--runs", type=int, default=3, help="traces of each front (3)")
    parser.add_argument("--path", action="store_true", help="print each news's chain")
    parser.add_argument("--seed", type=int, default=11, help="the terminal game's seed")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="move-trace-") as scratch:
        base = Path(scratch)
        for kind in ("DATA", "CONFIG", "STATE", "CACHE"):  # nothing of the user's is touched
            os.environ[f"XDG_{kind}_HOME"] = str(base / kind.lower())
        from threethirteen.core.state import evolve

        print(f"tree: {tree()}")
        fronts: tuple[str, ...] = FRONTS if args.front == "all" else (args.front,)
        if args.front == "all" and not pages_send_acts():
            fronts = FRONTS[:-1]
        for front in fronts:
            runs = []
            for run in range(args.runs):
                tracer = Tracer(evolve.__code__)
                tracer.install()
                folder = base / f"{front}-{run}"
                folder.mkdir()
                try:
                    if front == "terminal":
                        runs.append(at_terminal(tracer, folder, args.seed))
                    elif front == "ssh":
                        runs.append(over_ssh(tracer, folder))
                    else:
                        runs.append(in_browser(tracer, folder, act=front == "web-act"))
                finally:
                    tracer.uninstall()
            report(runs, args.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
