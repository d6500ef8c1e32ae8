"""One person's prompt at the server: each line read, held to the server's limits and run
by the front it is typed at; and how fast the person may talk at tables.

A line longer than :attr:`~.limits.Limits.line` is refused whole, and at most
:attr:`~.limits.Limits.commands` lines run within :attr:`~.limits.Limits.per_seconds`. A
lobby left without a line for :attr:`~.limits.Limits.lobby_idle` seconds is left. The
prompt leaves the event loop's exception handler and its signals to the server
(:mod:`.running`): a player's prompt never takes Ctrl-C from the server's own terminal.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ..kit.front import Front, Quit
from ..kit.loop import Toolbar, make_session, prompt_for
from ..words.i18n import Texts
from .limits import Limits
from .lobby import LobbyFront
from .reception import Reception
from .shares import address_of
from .table_session import TableSession


class Lines:
    """One connection's prompt: its lines read and run, one front after another
    (:meth:`serve`). ``write`` writes to its terminal, ``redraw`` draws the prompt again."""

    def __init__(
        self, service: Reception, name: str, input: Input, output: Output,
        write: Callable[[str], None], redraw: Callable[[], None],
    ) -> None:  # fmt: skip
        self.service = service
        self.name = name
        self.input = input
        self.output = output
        self.write = write
        self.redraw = redraw
        """Draw the prompt again at the end of this turn of the event loop."""
        self.session: PromptSession[str] | None = None
        """The prompt, made for the first front and kept for the next ones."""
        self.stopped = False
        """The server stops: no more lines (a cancel can be lost in a line that ends at
        that moment)."""
        self.caps = LineCaps(service.limits)

    def running(self) -> Application[str] | None:
        """The prompt's application, while a line is being typed."""
        session = self.session
        return session.app if session is not None and session.app.is_running else None

    def room(self) -> int | None:
        """How many more characters the line being typed may take (one past the longest
        line, so that the prompt says it is too long), if a line is being typed."""
        session = self.session
        if session is None or not session.app.is_running:
            return None
        return self.service.limits.line + 1 - len(session.default_buffer.text)

    def refresh(self) -> None:
        """Draw the prompt and its toolbar again, if the toolbar says something new (a turn
        clock in it moved on to the next second): drawing the same again costs as much."""
        app = self.running()
        if app is None or self.session is None:
            return
        toolbar = self.session.bottom_toolbar
        if isinstance(toolbar, Toolbar) and not toolbar.changed():
            return
        self.redraw()

    def cut(self) -> None:
        """End the line being typed as if Enter was pressed on nothing."""
        app = self.running()
        if app is not None:
            app.exit(result="")

    def open(self, front: Front) -> None:
        """Make the prompt, for the first front."""
        self.session = make_session(front, history_path=None, input=self.input, output=self.output)

    async def serve(
        self, front: Front, place: TableSession | None, tx: Texts, moved: Callable[[], bool]
    ) -> None:
        """Read lines at ``front`` and run them, until ``moved()`` (to another front);
        ``place`` is where this connection sits at a table, when ``front`` is its."""
        limits, session = self.service.limits, self.session
        assert session is not None, "the prompt is opened first"
        prompt_for(session, front, below=True)
        while not moved():
            if self.stopped:
                raise asyncio.CancelledError
            idle = limits.lobby_idle if isinstance(front, LobbyFront) else None
            try:
                # the server's loop: its exception handler and its signals stay the server's
                prompt = session.prompt_async(handle_sigint=False, set_exception_handler=False)
                line = await asyncio.wait_for(prompt, idle)
            except KeyboardInterrupt:
                continue
            except TimeoutError:
                self.write(tx("server.idle") + "\n")
                raise Quit from None
            if moved():
                break  # sent away from the table while the line was being typed
            if self.caps.refused(line, front, tx):
                continue
            run_line(front, line, tx, self.service.report, self.name)
            if place is not None:
                await place.settled()  # a move typed: its news, then the prompt
            elif isinstance(front, LobbyFront):
                await front.settled()  # a table made or joined: kept (or refused) first


def run_line(
    front: Front,
    line: str,
    tx: Texts,
    report: Callable[[str], None],
    name: str,
    *,
    between: bool = False,
) -> None:
    """Run ``line`` at ``front`` (``between``: and what is due between lines); an error is
    logged and said, and the player and the table go on (:class:`~..kit.front.Quit` and
    the end of input pass: the session ends)."""
    try:
        front.execute(line)
        if between:
            front.between_lines()
    except (Quit, EOFError):
        raise
    except Exception as error:  # logged here; the player and the table go on
        report(f"{name}: error in {line[:40]!r}: {error!r}")
        front.refuse(tx("server.error"))


class LineCaps:
    """The caps on one session's lines, at a terminal or in a browser: a line of more than
    :attr:`~.limits.Limits.line` characters is refused whole, and at most
    :attr:`~.limits.Limits.commands` lines (and logs asked for) run within
    :attr:`~.limits.Limits.per_seconds`; one more is refused, and said so (at most once
    in ``said_every`` seconds, however many come)."""

    def __init__(self, limits: Limits, *, said_every: float = 0.0) -> None:
        self.limits = limits
        self.said_every = said_every
        self._times: deque[float] = deque()
        self._slowed = -math.inf

    def refused(self, line: str, front: Front, tx: Texts) -> bool:
        """Whether ``line`` is refused (then ``front`` says why); counted if it is not."""
        if len(line) > self.limits.line:
            front.refuse(tx("server.line_too_long", limit=self.limits.line))
            return True
        return not self.counted(front, tx)

    def counted(self, front: Front, tx: Texts) -> bool:
        """Count one more command; whether it is within the limit (else ``front`` says
        to slow down)."""
        limits = self.limits
        if within(self._times, limits.commands, limits.per_seconds):
            return True
        now = time.monotonic()
        if now - self._slowed >= self.said_every:
            self._slowed = now
            front.refuse(tx("server.slow_down"))
        return False


class Says:
    """How often one session says a line at tables (:meth:`may_say`)."""

    def __init__(self, service: Reception, address: str) -> None:
        self.service = service
        self.address = address
        self._times: deque[float] = deque()

    def may_say(self, table: str) -> str | None:
        """Why this session may not say a line at ``table`` now, or ``None`` (the line is
        counted then): each session, each address (all its sessions) and each table has
        its lines a minute."""
        service, limits = self.service, self.service.limits
        address = address_of(self.address)
        says, now = self._times, time.monotonic()
        while says and now - says[0] > 60.0:
            says.popleft()
        if len(says) >= limits.says_per_minute:
            return "server.say_slower"
        if service.said_from.count(address) >= limits.says_per_address:
            return "server.says_from_address"
        if service.said_at.count(table) >= limits.says_per_table:
            return "server.says_at_table"
        says.append(now)
        service.said_from.add(address)
        service.said_at.add(table)
        return None


def within(times: deque[float], most: int, seconds: float) -> bool:
    """Count one more use now; whether at most ``most`` fall within the last ``seconds``."""
    now = time.monotonic()
    while times and now - times[0] > seconds:
        times.popleft()
    if len(times) >= most:
        return False
    times.append(now)
    return True
