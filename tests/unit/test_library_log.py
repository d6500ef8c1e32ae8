"""What the libraries say is a line of the server's log: a warning, a logger's record, an
error that ends a thread, an error Python cannot raise. One line each (however many lines
the library wrote), made safe, once per kind within the window, and nothing on standard
error; afterwards everything is as it was."""

from __future__ import annotations

import gc
import logging
import sys
import threading
import warnings
from collections.abc import Iterator

import pytest
from threethirteen.repl.server.libraries import LibraryLog, libraries_logged
from threethirteen.repl.server.server_log import Refusals


@pytest.fixture
def said() -> Iterator[list[str]]:
    """The lines a server's log would hold, each kind once within a minute."""
    lines: list[str] = []
    refusals = Refusals(lines.append, 60.0)
    with warnings.catch_warnings():
        warnings.simplefilter("always")  # each warning reaches the hook, every time
        with libraries_logged(lambda kind, line: refusals(kind, "", line)):
            yield lines


def test_a_warning_is_one_line_once_per_kind(
    said: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(5):
        warnings.warn("DSA is deprecated\nand support will be removed", UserWarning, stacklevel=1)
    warnings.warn("another thing", DeprecationWarning, stacklevel=1)
    assert len(said) == 2, said
    assert said[0].startswith("warning: UserWarning: DSA is deprecated | and support will be")
    assert "test_library_log.py:" in said[0] and "\n" not in said[0]
    assert said[1].startswith("warning: DeprecationWarning: another thing")
    assert capsys.readouterr().err == ""


def test_a_library_s_log_record_is_one_safe_line(
    said: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    library = logging.getLogger("asyncssh")
    for _ in range(3):
        library.warning("Uncaught exception\x1b[2J in %s", "a\nb")
    try:
        raise ConnectionResetError("gone")
    except ConnectionResetError:
        logging.getLogger("asyncio").exception("socket.send() raised exception.")
    logging.getLogger("asyncio").info("not a warning")
    assert said == [
        "asyncssh: Uncaught exception^[[2J in a | b",
        "asyncio: socket.send() raised exception.: ConnectionResetError('gone')",
    ]
    assert capsys.readouterr().err == ""


def test_an_error_that_ends_a_thread_is_a_line(
    said: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    def fail() -> None:
        raise RuntimeError("a worker broke")

    worker = threading.Thread(target=fail, name="think_0")
    worker.start()
    worker.join()
    assert len(said) == 1
    assert said[0].startswith("error on the thread think_0: RuntimeError('a worker broke') at ")
    assert capsys.readouterr().err == ""


class Broken:
    def __del__(self) -> None:
        raise ValueError("in a finaliser")


def test_an_error_python_cannot_raise_is_a_line(
    said: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    broken = Broken()
    del broken
    gc.collect()
    assert len(said) == 1
    assert "Broken.__del__: ValueError('in a finaliser') at " in said[0]
    assert capsys.readouterr().err == ""


def test_within_another_it_takes_its_place_and_gives_it_back() -> None:
    outer: list[str] = []
    inner: list[str] = []
    root = logging.getLogger()
    hooks = (warnings.showwarning, threading.excepthook, sys.unraisablehook, list(root.handlers))
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        with libraries_logged(lambda kind, line: outer.append(line)):
            with libraries_logged(lambda kind, line: inner.append(line)):
                logging.getLogger("asyncio").warning("once")
                warnings.warn("once", UserWarning, stacklevel=1)
            logging.getLogger("asyncio").warning("twice")
    assert len(inner) == 2 and outer == ["asyncio: twice"]
    assert not [one for one in root.handlers if isinstance(one, LibraryLog)]
    assert (warnings.showwarning, threading.excepthook, sys.unraisablehook) == hooks[:3]
    assert root.handlers == hooks[3]
