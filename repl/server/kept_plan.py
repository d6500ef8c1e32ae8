"""A room's plan and its copy on disk: the room alone changes the plan (a frozen
:class:`~.plan.Plan`, replaced whole), and :class:`KeptPlan` puts it on disk through the
hall's writer, one write after another, each the plan as it is when its write begins."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from ..protocol.refused import Refused
from .plan import Plan

Keep = Callable[[Plan], Awaitable[None]]
"""Where a room puts its plan: written when the awaitable is done, :class:`OSError` when
the disk refused it (the hall's writer, on its worker threads)."""


async def nowhere(plan: Plan) -> None:
    """A room no hall keeps: its plan is in memory only."""


class KeptPlan:
    """``plan`` as it is now, and whether that is the plan on disk (``saved``: the plan
    given was read from there)."""

    def __init__(
        self,
        plan: Plan,
        keep: Keep = nowhere,
        *,
        saved: bool = False,
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        self._plan = plan
        self._keep = keep
        self._changed = changed
        """Hears that the plan changed (the hall publishes its directory again)."""
        self._saved = plan if saved else None
        """The latest plan on disk."""
        self._saving = asyncio.Lock()

    @property
    def plan(self) -> Plan:
        """The plan as it is now."""
        return self._plan

    @plan.setter
    def plan(self, plan: Plan) -> None:
        if plan != self._plan:
            self._plan = plan
            self._changed()
        else:
            self._plan = plan

    @property
    def on_disk(self) -> bool:
        """Whether the plan as it is now is the one on disk."""
        return self.plan is self._saved

    async def save(self) -> None:
        """Put the plan as it is now on disk, after the writes begun before (nothing to
        write when it is there already). :class:`Refused` (``server.plan_unsaved``) when
        the disk refused it."""
        async with self._saving:
            plan = self.plan
            if plan is self._saved:
                return
            try:
                await self._keep(plan)
            except OSError:
                raise Refused("server.plan_unsaved") from None
            self._saved = plan

    async def save_quietly(self) -> None:
        """:meth:`save`, a refusal left to the hall's writer, which reports it."""
        with contextlib.suppress(Refused):
            await self.save()
