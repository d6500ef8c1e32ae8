"""Walking the objects a session holds (``gc.get_referents``), to prove what it cannot show.

A session at a shared table must never hold a card its seat may not see: not in what it
was told, not in a cache, not behind a callback. :func:`reachable` follows every reference
from a session's objects, as the garbage collector sees them, and stops only at the
*boundaries* a caller names (the room that hands the session its seat's news, the event
loop, the network), at classes and modules, and at the globals of functions (a function
reaches every module through them; its closure and its defaults are followed).
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Callable, Iterator


def reachable(
    root: object,
    *,
    boundaries: tuple[type, ...] = (),
    stop: Callable[[object], bool] = lambda found: False,
) -> Iterator[object]:
    """Every object reachable from ``root``, ``root`` first, not entering ``boundaries`` (by
    type) nor what ``stop`` accepts."""
    module_dicts = {id(vars(module)) for module in list(sys.modules.values())}
    seen = {id(root)}
    stack = [root]
    while stack:
        here = stack.pop()
        yield here
        for there in _referents(here):
            if id(there) in seen:
                continue
            seen.add(id(there))
            if isinstance(there, type | types.ModuleType) or id(there) in module_dicts:
                continue
            if (boundaries and isinstance(there, boundaries)) or stop(there):
                continue
            stack.append(there)


def _referents(here: object) -> list[object]:
    if isinstance(here, types.FunctionType):
        return [
            *(cell.cell_contents for cell in here.__closure__ or () if _filled(cell)),
            *(here.__defaults__ or ()),
            *(here.__kwdefaults__ or {}).values(),
        ]
    if isinstance(here, types.FrameType):
        return list(here.f_locals.values())
    return list(gc.get_referents(here))


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def path_to(
    root: object,
    wanted: Callable[[object], bool],
    *,
    boundaries: tuple[type, ...] = (),
    stop: Callable[[object], bool] = lambda found: False,
) -> list[str]:
    """The chain of types from ``root`` to the first object ``wanted`` accepts, as
    :func:`reachable` walks (to show where a session holds what it should not)."""
    module_dicts = {id(vars(module)) for module in list(sys.modules.values())}
    parent: dict[int, tuple[int, object]] = {}
    seen = {id(root)}
    queue = [root]
    while queue:
        here = queue.pop(0)
        if wanted(here):
            chain = [type(here).__name__]
            key = id(here)
            while key in parent:
                key, obj = parent[key]
                chain.append(type(obj).__name__)
            return chain[::-1]
        for there in _referents(here):
            if id(there) in seen:
                continue
            seen.add(id(there))
            if isinstance(there, type | types.ModuleType) or id(there) in module_dicts:
                continue
            if (boundaries and isinstance(there, boundaries)) or stop(there):
                continue
            parent[id(there)] = (id(here), here)
            queue.append(there)
    return []
