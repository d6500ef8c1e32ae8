"""Walking the objects a session holds (``gc.get_referents``), to prove what it cannot show.

A session at a shared table must never hold a card its seat may not see: not in what it
was told, not in a cache, not behind a callback. :func:`reachable` follows every reference
from a session's objects, as the garbage collector sees them, and stops only at the
*boundaries* a caller names (the room that hands the session its seat's news, the event
loop, the network), at classes and modules, and at the globals of functions (a function
reaches every module through them; its closure and its defaults are followed).
:func:`path_to` says by which way a session holds something, to find a leak.
"""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Callable, Iterator

Stop = Callable[[object], bool]


def reachable(
    root: object, *, boundaries: tuple[type, ...] = (), stop: Stop = lambda found: False
) -> Iterator[object]:
    """Every object reachable from ``root``, ``root`` first, not entering ``boundaries`` (by
    type) nor what ``stop`` accepts."""
    for found, _ in _walk(root, boundaries, stop):
        yield found


def path_to(
    root: object,
    wanted: Callable[[object], bool],
    *,
    boundaries: tuple[type, ...] = (),
    stop: Stop = lambda found: False,
) -> list[str]:
    """The types on the way from ``root`` to the first object ``wanted`` accepts, as
    :func:`reachable` walks."""
    for found, way in _walk(root, boundaries, stop):
        if wanted(found):
            return way
    return []


def _walk(
    root: object, boundaries: tuple[type, ...], stop: Stop
) -> Iterator[tuple[object, list[str]]]:
    """Breadth first: each object reachable from ``root`` with the types on its way."""
    module_dicts = {id(vars(module)) for module in list(sys.modules.values())}
    seen = {id(root)}
    queue: list[tuple[object, list[str]]] = [(root, [type(root).__name__])]
    while queue:
        here, way = queue.pop(0)
        yield here, way
        for there in _referents(here):
            if id(there) in seen:
                continue
            seen.add(id(there))
            if isinstance(there, type | types.ModuleType) or id(there) in module_dicts:
                continue
            if (boundaries and isinstance(there, boundaries)) or stop(there):
                continue
            queue.append((there, [*way, type(there).__name__]))


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
