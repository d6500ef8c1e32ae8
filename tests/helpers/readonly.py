"""A folder made read-only for this process (the tests run as root, whom ``chmod`` does not
stop): every call that would change something in it is refused, as the system would."""

from __future__ import annotations

import builtins
import os
from pathlib import Path

import pytest

WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def make_read_only(folder: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> list[str]:
    """Refuse with ``code`` every change under ``folder``; the paths refused."""
    refused: list[str] = []
    inside = os.path.abspath(folder)

    def under(path: object) -> bool:
        return isinstance(path, str | Path) and os.path.abspath(path).startswith(inside)

    def refuse(path: object) -> None:
        refused.append(str(path))
        raise OSError(code, os.strerror(code), str(path))

    real_open = os.open

    def open_(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & WRITING and under(path):
            refuse(path)
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", open_)
    real_builtin_open = builtins.open

    def builtin_open(path: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        if set(mode) & set("wax+") and under(path):
            refuse(path)
        return real_builtin_open(path, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "open", builtin_open)
    for name in ("replace", "rename", "link"):
        real = getattr(os, name)

        def changed(src: object, dst: object, *args: object, _real=real, **kwargs: object) -> None:
            if under(src) or under(dst):
                refuse(dst)
            _real(src, dst, *args, **kwargs)

        monkeypatch.setattr(os, name, changed)
    for name in ("unlink", "mkdir", "remove"):
        real = getattr(os, name)

        def removed(path: object, *args: object, _real=real, **kwargs: object) -> None:
            if under(path):
                refuse(path)
            _real(path, *args, **kwargs)

        monkeypatch.setattr(os, name, removed)
    return refused
