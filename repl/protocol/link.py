"""A link: one binding's two queues to its table's master, and nothing else.

The master hands a place a :class:`Link` when it binds it (a seat, or a place to watch
from): the binding (its credential), what the place may know when it came (its view, and
the table's facts), the master's :class:`Inbox`, into which :meth:`Link.send` puts an act,
and the :class:`Newsbox` the master puts this place's news in. A link holds no master,
room, table, hall or service: a front that holds a link can send acts and read its own
news, and reach nothing else (the privacy walk stops at the two queues:
``tests/unit/test_privacy.py``).

Both queues are bounded. An inbox refuses an act past its bound (the sender is told, and
the act is dropped); a newsbox that its place leaves unread past its bound is closed, and
the master ends the binding (a place that never reads is let go, not remembered).

>>> from threethirteen.repl.protocol.acts import Start
>>> inbox = Inbox()
>>> link = Link(binding=Binding(1, "ana", 0), inbox=inbox, news=Newsbox())
>>> link.send(Start())
True
>>> inbox.take()
[(Binding(number=1, name='ana', seat=0), Start())]
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from attrs import frozen

from ...core.views import SeatView
from .acts import Act, Binding
from .news import News

INBOX = 4096
"""Acts a table's inbox holds, from every place at it, before it refuses more (a person
types a few a second: the acts are paced and capped before they are sent)."""

NEWSBOX = 10_000
"""News one place may leave unread before its newsbox is closed (a whole game is a few
thousand changes: a place that reads nothing is let go at about three games)."""


class Inbox:
    """The acts sent to one master, in order: ``(binding, act)``. ``ready`` is called when
    an act arrives (the master's way of being woken: a task on a server, the pump at a
    terminal)."""

    def __init__(self, most: int = INBOX) -> None:
        self.most = most
        self._acts: deque[tuple[Binding, Act]] = deque()
        self.ready: Callable[[], None] = lambda: None

    def put(self, binding: Binding, act: Act) -> bool:
        """Send ``act`` for ``binding``; whether it was taken (a full inbox drops it)."""
        if len(self._acts) >= self.most:
            return False
        self._acts.append((binding, act))
        self.ready()
        return True

    def take(self) -> list[tuple[Binding, Act]]:
        """Every act waiting, oldest first (the inbox is empty then)."""
        acts = list(self._acts)
        self._acts.clear()
        return acts

    def __len__(self) -> int:
        return len(self._acts)


class Newsbox:
    """The news for one place, in order, until its place reads it: :meth:`take` at once,
    or :meth:`wait` on an event loop. Closed, it takes no more (its place is gone, or left
    more than ``most`` unread)."""

    def __init__(self, most: int = NEWSBOX) -> None:
        self.most = most
        self._news: deque[News] = deque()
        self._ready: asyncio.Event | None = None
        self.closed = False
        self.overflowed = False
        """Whether it was closed because its place left too much unread."""

    def put(self, news: News) -> bool:
        """Tell ``news``; whether it was taken (``False``: closed, or closed now for too
        much unread)."""
        if self.closed:
            return False
        if len(self._news) >= self.most:
            self.overflowed = True
            self.close()
            return False
        self._news.append(news)
        if self._ready is not None:
            self._ready.set()
        return True

    def take(self) -> list[News]:
        """Every piece of news waiting, oldest first."""
        news = list(self._news)
        self._news.clear()
        return news

    async def wait(self) -> list[News]:
        """The news waiting, once there is some (empty once closed and read)."""
        while not self._news and not self.closed:
            if self._ready is None:
                self._ready = asyncio.Event()
            self._ready.clear()
            await self._ready.wait()
        return self.take()

    def close(self) -> None:
        """Take no more (what waits may still be read)."""
        self.closed = True
        if self._ready is not None:
            self._ready.set()

    def __len__(self) -> int:
        return len(self._news)


@frozen(kw_only=True)
class Facts:
    """What a place knows of its table from the start: its ``code`` (``None``: a table of
    one's own), its turn clock in seconds (``None``: none), and whether it is shared (no
    undo there: the others saw the move)."""

    code: str | None = None
    turn_time: int | None = None
    shared: bool = False


@frozen(kw_only=True)
class Link:
    """One binding's way to its table: send acts, read news.

    ``view`` is what the place may know when it was bound (``None`` before the game has
    begun), ``number`` the table's change that view is of; every change after it comes as
    news. ``facts`` are the table's (:class:`Facts`)."""

    binding: Binding
    inbox: Inbox
    news: Newsbox
    view: SeatView | None = None
    number: int = 0
    facts: Facts = Facts()

    @property
    def seat(self) -> int | None:
        return self.binding.seat

    @property
    def name(self) -> str:
        return self.binding.name

    def send(self, act: Act) -> bool:
        """Send ``act`` to the table; whether it was taken (a full inbox drops it)."""
        return self.inbox.put(self.binding, act)
