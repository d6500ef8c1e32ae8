"""The server's limits from a file the admin writes: ``threethirteen serve --limits FILE``.

The file is TOML, one ``name = value`` per limit of :class:`~.limits.Limits`; a limit it
does not name keeps its default. It is read like any file from outside: bounded, every
name known, every value a number of the limit's kind within a sane range, and a cap per
address or name never above its total. ``--print-limits`` writes the defaults in this
form, to copy and change.

>>> limits = parse_limits('tables_per_name = 5\\nlogin_timeout = 30')
>>> limits.tables_per_name, limits.login_timeout, limits.tables_total
(5, 30.0, 100)
>>> try:
...     parse_limits('new_names_per_hour = 50\\ntabels_per_name = 5')
... except LimitsError as error:
...     print(error)
line 2: no limit is called 'tabels_per_name' (did you mean tables_per_name?)
"""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs

from ..files.bounded import TooLarge, read_bounded
from ..kit.safe import visible
from ..words.grammar import MAX_LINE
from .codes import CODES
from .limits import Limits

MOST_BYTES = 64 * 1024
"""The longest limits file read."""
MOST_COUNT = 10_000_000
"""The largest count a limit may be (connections, bytes, names, tables)."""
MOST_SECONDS = 7 * 24 * 3600.0
"""The largest time (a week, in seconds) or rate a limit may be."""


class LimitsError(ValueError):
    """A limits file the server will not start with, and why."""


def read_limits(path: Path) -> Limits:
    """The limits in the file at ``path``; :class:`LimitsError` if it cannot be used."""
    try:
        data = read_bounded(path, MOST_BYTES)
    except TooLarge:
        raise LimitsError(f"it is longer than {MOST_BYTES // 1024} KiB") from None
    except OSError as error:  # a FIFO or a device in its place included: never waited for
        raise LimitsError(f"cannot read it: {visible(str(error))}") from error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LimitsError("it is not UTF-8 text") from error
    return parse_limits(text)


def parse_limits(text: str) -> Limits:
    """The limits a TOML text sets, over the defaults."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LimitsError(f"it is not TOML: {visible(str(error))}") from error
    defaults = Limits()
    known = {field.name: getattr(defaults, field.name) for field in attrs.fields(Limits)}
    changes: dict[str, Any] = {}
    for name, value in table.items():
        where = _line_of(text, name)
        if name not in known:
            guess = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean {guess[0]}?)" if guess else ""
            raise LimitsError(f"{where}no limit is called {visible(repr(name))}{hint}")
        changes[name] = _checked(name, value, known[name], where)
    limits = attrs.evolve(defaults, **fitted_shares(changes))
    check_limits(limits)
    return limits


def limits_text(limits: Limits | None = None) -> str:
    """``limits`` (the defaults if none) as a limits file."""
    limits = limits or Limits()
    lines = ["# threethirteen serve --limits FILE: the limits this server holds players to"]
    lines += [f"{field.name} = {getattr(limits, field.name)!r}" for field in attrs.fields(Limits)]
    return "\n".join(lines) + "\n"


def changed_limits(limits: Limits) -> list[str]:
    """The limits that differ from the defaults, as ``name = value``."""
    defaults = Limits()
    return [
        f"{field.name} = {getattr(limits, field.name)!r}"
        for field in attrs.fields(Limits)
        if getattr(limits, field.name) != getattr(defaults, field.name)
    ]


WITHIN = (("says_per_minute", "says_per_address"),)
"""Caps a smaller one must not pass, besides a cap per address or name and its total: one
session's lines a minute and its address's."""


SHARES = (
    ("connections_total", "connections_per_network", "connections_per_address",
     "connections_reserve"),
    ("new_connections_per_minute", "new_connections_per_network", "new_connections_per_address",
     "new_connections_reserve"),
    ("handshakes_total", "handshakes_per_network", "handshakes_per_address",
     "handshakes_reserve"),
    ("new_names_per_hour", "new_names_per_network", "new_names_per_address",
     "new_names_reserve"),
)  # fmt: skip
"""The budgets of the whole server that are shared (:class:`~.shares.Share`): each total,
then its cap per network, per address, and its reserve."""


def fitted_shares(changes: dict[str, Any]) -> dict[str, Any]:
    """``changes`` with the parts of each shared budget that they do not name fitted to
    those they name: a network's cap and the reserve scaled with the total, within it, and
    never below an address's cap; an address's cap within its network's. So a limits file
    written before the budgets were shared (a total and a cap per address) still holds.

    >>> fitted = fitted_shares({"new_names_per_hour": 40, "new_names_per_address": 5})
    >>> fitted["new_names_per_network"], fitted["new_names_reserve"]
    (5, 10)
    """
    defaults = attrs.asdict(Limits())
    fitted = dict(changes)
    for total, per_network, per_address, reserve in SHARES:
        if not {total, per_network, per_address} & set(changes):
            continue
        most = fitted.get(total, defaults[total])
        scale = most / defaults[total]
        if per_network not in changes:
            wanted = max(round(defaults[per_network] * scale), changes.get(per_address, 1), 1)
            fitted[per_network] = min(wanted, most)
        if per_address not in changes:
            fitted[per_address] = min(defaults[per_address], fitted[per_network])
        if reserve not in changes:
            fitted[reserve] = max(min(round(defaults[reserve] * scale), most - 1), 1)
    return fitted


def check_limits(limits: Limits) -> None:
    """:class:`LimitsError` unless ``limits`` can be held: the tables no more than half
    the table codes, no cap per address or name above its total (nor a session's lines a
    minute above its address's), and each shared budget in order (an address's share
    within its network's, that within the total, the reserve less than the total)."""
    if limits.tables_total > CODES // 2:
        raise LimitsError(f"tables_total must be 1 to {CODES // 2:,} (half the table codes), "
                          f"not {limits.tables_total:,}")  # fmt: skip
    if limits.line > MAX_LINE:
        raise LimitsError(f"line must be 1 to {MAX_LINE:,} (the longest command the game reads), "
                          f"not {limits.line:,}")  # fmt: skip
    values = attrs.asdict(limits)
    for smaller, larger in WITHIN:
        if values[smaller] > values[larger]:
            raise LimitsError(
                f"{smaller} ({values[smaller]}) is more than {larger} ({values[larger]})"
            )
    for name, value in values.items():
        for part in ("_per_address", "_per_name"):
            total = values.get(name.replace(part, "_total")) if part in name else None
            if total is not None and value > total:
                raise LimitsError(
                    f"{name} ({value}) is more than {name.replace(part, '_total')} ({total})"
                )
    for total, per_network, per_address, reserve in SHARES:
        for smaller, larger in ((per_address, per_network), (per_network, total)):
            if values[smaller] > values[larger]:
                raise LimitsError(
                    f"{smaller} ({values[smaller]:,}) is more than {larger} ({values[larger]:,})"
                )
        if values[reserve] >= values[total]:
            raise LimitsError(
                f"{reserve} ({values[reserve]:,}) must be less than {total} ({values[total]:,})"
            )


def _checked(name: str, value: object, default: int | float, where: str) -> int | float:
    """``value`` for the limit ``name``, if it is a number of its kind within range."""
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise LimitsError(f"{where}{name} must be a whole number, like {default}")
        if not 1 <= value <= MOST_COUNT:
            raise LimitsError(f"{where}{name} must be 1 to {MOST_COUNT:,}, not {value:,}")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LimitsError(f"{where}{name} must be a number, like {default}")
    number = float(value)
    if not 0.0 < number <= MOST_SECONDS:  # also refuses nan and inf
        raise LimitsError(f"{where}{name} must be above 0 and at most {MOST_SECONDS:,.0f}, "
                          f"not {value}")  # fmt: skip
    return number


def _line_of(text: str, name: str) -> str:
    """``line N: `` where ``name`` is set in ``text``, or nothing if it cannot be told."""
    pattern = re.compile(rf"\s*{re.escape(name)}\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return f"line {number}: "
    return ""
