"""Files in the user's data directory: the autosave, saves, statistics, history, crash reports.

The directory is ``$XDG_DATA_HOME/threethirteen`` (``~/.local/share/threethirteen``
by default). Whole files are written atomically (a temporary file, then
``os.replace``); the autosave grows by appending one line per event, so a crash
loses at most the line being written, and a write that fails (a full disk) is cut
back to the last whole line and written again later.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import stat
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from attrs import asdict, define, frozen

from ...core import __version__
from ...core.events import Event, GameEnded
from ...core.log import encode_log, event_line
from ...core.store import StoreRefused

APP = "threethirteen"


def os_detail(error: OSError) -> str:
    """An operating system error in a few words (``No space left on device``)."""
    return error.strerror or str(error)


def data_path() -> Path:
    """Where this game keeps its files (whether or not the folder is there)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative path is ignored, as for the config
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / APP


def data_dir() -> Path:
    """Where this game keeps its files, created on first use; :class:`OSError` when it
    cannot be (a file has its name, a read-only disk)."""
    path = data_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(
    path: Path,
    text: str,
    *,
    mode: int | None = None,
    create_folder: bool = True,
    overwrite: bool = True,
) -> None:
    """Replace ``path`` by ``text`` in one step: readers see the old file or the new one.

    The text goes to a temporary file in the same folder, is synced, then takes the
    file's name. ``mode`` gives the new file those permissions (a rewritten file keeps
    its own); otherwise it is readable by its owner only. Without ``create_folder`` a
    missing folder is an error; without ``overwrite`` an existing file is never
    replaced (``FileExistsError``), even one that appeared while the text was written.
    """
    if create_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            if mode is not None:
                os.chmod(temp, mode)
            os.fsync(file.fileno())
        if overwrite:
            os.replace(temp, path)
        else:
            _link_new(Path(temp), path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make the names in ``folder`` durable (a file created, renamed or moved aside there):
    without this a power cut may lose a new name though its file's bytes were synced.

    A file system that cannot sync a folder is left as it is: the files are synced.
    """
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _link_new(temp: Path, path: Path) -> None:
    """Give ``temp`` the name ``path`` only if no file has it (a hard link cannot overwrite)."""
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: look, then rename
        if path.exists():
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(temp, path)
        return
    temp.unlink()


# -- one game per data folder ---------------------------------------------------------

LOCK = "lock"

_claimed: dict[str, int] = {}  # lock file -> its descriptor, held until this process ends


def claim_folder(folder: Path) -> int | None:
    """Take ``folder`` for this process's terminal game (its autosave, its statistics);
    the pid of another process's game that holds it, else ``None``.

    The lock file ``lock`` is locked with ``flock`` and holds the pid of whoever took
    it. The system frees the lock of a process that ended, however it ended, so a
    lock left by a dead game is taken over as it is, with no race. A folder where no
    lock file can be made is not claimed (``None``): its trouble is told elsewhere.
    """
    path = os.path.abspath(folder / LOCK)
    if path in _claimed:
        return None
    # a link is not followed (its target would be cut to our pid), a FIFO is not waited for
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY
    try:
        fd = os.open(path, flags, 0o600)
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO, a device: no lock of ours
        os.close(fd)
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        holder = _pid_in(fd) if error.errno in (errno.EAGAIN, errno.EACCES) else None
        os.close(fd)
        return holder
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    _claimed[path] = fd
    return None


def _pid_in(fd: int) -> int:
    """The pid in a lock file (0 while its holder has not yet written it)."""
    text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    return int(text) if text.isdigit() else 0


# -- saved games -------------------------------------------------------------------------

SAVES = "saves"
SAVE_SUFFIX = ".jsonl"


LONG_SEED = 20
"""The most digits of a seed a file name holds whole (a log may carry thousands)."""


def seed_in_name(seed: int | None) -> str:
    """A seed as a file name says it: whole up to :data:`LONG_SEED` digits, else its first
    16 and how many there are (``1234567890123456-4000digits``), well under 255 bytes."""
    text = str(seed)
    return text if len(text) <= LONG_SEED else f"{text[:16]}-{len(text)}digits"


def saves_dir() -> Path:
    """Where ``save NAME`` puts a game: ``saves`` in the data folder (made by the first save)."""
    return data_path() / SAVES


def names_a_path(name: str) -> bool:
    """Whether a save's name is a path as given (a slash in it: ``./game``, ``~/g``, ``/tmp/g``)
    rather than a name in the saves folder."""
    return "/" in name or os.sep in name


def with_save_suffix(path: Path) -> Path:
    """``path`` ending in ``.jsonl`` (added when missing)."""
    return path if path.name.endswith(SAVE_SUFFIX) else path.with_name(path.name + SAVE_SUFFIX)


def save_path(name: str) -> Path:
    """Where ``save NAME`` writes: ``saves/NAME.jsonl``, or the path NAME names."""
    base = Path(name).expanduser() if names_a_path(name) else saves_dir() / name
    return with_save_suffix(base)


def find_save(name: str) -> Path | None:
    """The file ``load NAME`` reads, looked for as ``save NAME`` writes it; ``None`` if none."""
    base = Path(name).expanduser() if names_a_path(name) else saves_dir() / name
    for path in (base, with_save_suffix(base)):
        if path.is_file():
            return path
    return None


def odd_file(path: Path) -> str | None:
    """What is at ``path`` when it is there but is neither a file nor a folder: ``link``
    (a symbolic link, even one to a file), ``fifo``, ``device`` or ``socket``."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "socket" if stat.S_ISSOCK(mode) else None


def bad_save_name(name: str) -> bool:
    """A name no file can have: a folder (``..``, ``games/``), or with a NUL in it."""
    folder = name.rstrip().endswith(("/", os.sep)) or Path(name).name in ("", ".", "..")
    return folder or "\0" in name


Write = Callable[[int, bytes], int]
"""How bytes reach a file descriptor (:func:`os.write`; a test gives one that fails)."""

SaveTold = Callable[[OSError | None], None]
"""What hears that the autosave failed (the error) or saves again (``None``)."""


class Autosave:
    """The running game's log on disk, kept equal to :meth:`Timeline.recorded` by :meth:`sync`.

    A failed write (a full disk: ``ENOSPC``, ``EFBIG``) never reaches the table of a game
    at a terminal: the file is cut back to its last whole line, ``told`` hears the error
    once, the game goes on in memory, and the next :meth:`sync` writes everything not yet
    written. With ``refuse`` (a server's table, where a move told is a move others saw)
    the file is cut back to where it was before the change, ``told`` hears the error
    once, and the change is refused (:class:`~core.store.StoreRefused`): the table keeps
    nothing of it, and a later change is written when the disk has room again.
    """

    def __init__(self, path: Path, *, write: Write = os.write, refuse: bool = False) -> None:
        self.path = path
        self.told: SaveTold | None = None
        self.failure: OSError | None = None
        self.refuse = refuse
        self._write = write
        self._count = 0  # events in the file
        self._last: Event | None = None  # the last of them (the log's own object, not a copy)
        self._torn = False  # a cut-off line could not be cut back: rewrite the whole file

    def sync(self, events: Sequence[Event]) -> None:
        """Make the file hold ``events``: append what is new, or rewrite it when it shrank.

        Never raises :class:`OSError`: a failure is kept in :attr:`failure` and told
        (and, with :attr:`refuse`, raised as :class:`~core.store.StoreRefused`).
        """
        try:
            self._sync(events)
        except OSError as error:
            if self.failure is None and self.told is not None:
                self.told(error)
            self.failure = error
            if self.refuse:
                raise StoreRefused(os_detail(error)) from error
            return
        if self.failure is not None:
            self.failure = None
            if self.told is not None:
                self.told(None)

    def _sync(self, events: Sequence[Event]) -> None:
        done = self._count
        # The log only grows, or is cut back by an undo and grows again with new events:
        # while the event last written is still in its place (the same object, as a redo
        # puts it back), the file holds a prefix of ``events`` and only the rest is new.
        if done and not self._torn and len(events) >= done and events[done - 1] is self._last:
            if len(events) > done:
                self._append(events, done)
            return
        if events:
            write_atomic(self.path, encode_log(events))
        else:
            self.path.unlink(missing_ok=True)
        self._remember(events)
        self._torn = False

    def _remember(self, events: Sequence[Event]) -> None:
        self._count = len(events)
        self._last = events[-1] if events else None

    def _append(self, events: Sequence[Event], done: int) -> None:
        """Append ``events[done:]``, one line each; on failure, cut the file back to where
        it was, so that no cut-off line is left for later lines to follow."""
        created = not self.path.exists()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            start, last = os.fstat(fd).st_size, self._last
            try:
                for seq in range(done, len(events)):
                    size = os.fstat(fd).st_size
                    data = event_line(seq + 1, events[seq]).encode("utf-8")
                    try:
                        while data:
                            data = data[self._write(fd, data) :]
                    except OSError:
                        self._cut(fd, size)
                        raise
                    self._count, self._last = seq + 1, events[seq]
                try:  # one move's lines are on the disk before anyone hears of the move
                    os.fsync(fd)
                except OSError:
                    self._torn = True  # what reached the disk is unknown: rewrite it whole
                    raise
            except OSError:
                if self.refuse:  # a refused change leaves none of its lines behind
                    self._cut(fd, start)
                    self._count, self._last = done, last
                raise
        finally:
            os.close(fd)
        if created:
            sync_folder(self.path.parent)

    def _cut(self, fd: int, size: int) -> None:
        """Cut the file back to ``size`` bytes (or, failing that, rewrite it whole later)."""
        try:
            os.ftruncate(fd, size)
        except OSError:
            self._torn = True

    def adopt(self, events: Sequence[Event]) -> None:
        """The file already holds ``events`` (a resumed game): only remember them."""
        self._remember(events)

    def keep_aside(self, kind: str = "unfinished") -> Path | None:
        """Move the file aside under a new name (``unfinished-DATE-TIME.jsonl``); its path.

        An unfinished game about to be replaced by another is kept this way, so
        that nothing played is lost; a fresh name each time never overwrites one.
        """
        if not self.path.exists():
            return None
        target = _move_aside(self.path, kind, SAVE_SUFFIX)
        self._remember(())
        self._torn = False
        return target


@define
class Stats:
    """Your results across games."""

    played: int = 0
    won: int = 0
    no_winner: int = 0
    total_sum: int = 0
    best: int | None = None
    assisted: int = 0

    @property
    def average(self) -> float | None:
        return self.total_sum / self.played if self.played else None

    def record(self, ended: GameEnded, *, seat: int, assisted: bool) -> None:
        """Count one finished game."""
        total = ended.totals[seat]
        self.played += 1
        self.won += ended.winner == seat
        self.no_winner += ended.winner is None
        self.total_sum += total
        self.best = total if self.best is None else min(self.best, total)
        self.assisted += assisted


def stats_path() -> Path:
    return data_dir() / "stats.json"


@frozen
class StatsFile:
    """The statistics as read, and where a broken file was kept (``None``: none was)."""

    stats: Stats
    kept: Path | None = None


def read_stats(path: Path | None = None) -> StatsFile:
    """The statistics file (empty statistics when it is missing).

    A file that is cut off, too large (over :data:`MAX_STATS_BYTES`) or holds what
    statistics cannot be (``{"played": "x"}``) is moved aside as
    ``stats-broken-DATE.json``, never overwritten: its name is in :attr:`StatsFile.kept`.
    A file that is there but cannot be read, or is no regular file (a FIFO, a link to
    ``/dev/zero``: :class:`NotAFile`), raises :class:`OSError` and is left as it is.
    """
    path = path or stats_path()
    try:
        return StatsFile(_parse_stats(read_small(path, MAX_STATS_BYTES)))
    except FileNotFoundError:
        return StatsFile(Stats())
    except ValueError:  # not UTF-8, not JSON, not statistics
        return StatsFile(Stats(), kept=_move_aside(path, "stats-broken", ".json"))


MAX_STATS_BYTES = 64 * 1024
"""The largest statistics file read (its counts take about 200 bytes)."""


class NotAFile(OSError):
    """What is in a file's place is no regular file (a FIFO, a device): it is not read."""


def read_small(path: Path, limit: int) -> str:
    """The text of the regular file ``path``, read as a log is: without blocking, at most
    ``limit`` bytes (``ValueError`` beyond them, or when it is not UTF-8)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotAFile(errno.EINVAL, "not a regular file", str(path))
        data = read_at_most(fd, limit)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ValueError(f"{path.name} has over {limit} bytes")
    return data.decode("utf-8")


def read_at_most(fd: int, limit: int) -> bytes:
    """What ``fd`` holds, up to ``limit`` bytes and one more: the one more tells that a
    file is too large without reading the rest of it."""
    data = b""
    while len(data) <= limit:
        chunk = os.read(fd, limit + 1 - len(data))
        if not chunk:
            break
        data += chunk
    return data


def _parse_stats(text: str) -> Stats:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the statistics are not an object")
    fields = {}
    for name, default in asdict(Stats()).items():
        value = data.get(name, default)
        counts = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        if not (counts or (name == "best" and value is None)):
            raise ValueError(f"{name} is not a count: {value!r}")
        fields[name] = value
    return Stats(**fields)


def _move_aside(path: Path, kind: str, suffix: str) -> Path:
    """Give ``path`` a new name beside it, ``KIND-DATE-TIME[-N]SUFFIX``, taken by no file."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{kind}-{stamp}{suffix}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{kind}-{stamp}-{number}{suffix}")
    os.replace(path, target)
    sync_folder(path.parent)
    return target


def save_stats(stats: Stats, path: Path | None = None) -> None:
    """Write the statistics atomically."""
    data = {"version": 1, **asdict(stats)}
    write_atomic(path or stats_path(), json.dumps(data, indent=2) + "\n")


def write_crash(
    error: BaseException, *, seed: int | None, command: str, events: Sequence[Event]
) -> Path:
    """Write what is needed to reproduce an unexpected error; the file's path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = data_dir() / f"crash-{stamp}-{os.getpid()}.txt"
    parts = [
        f"threethirteen {__version__} crashed while running {command!r}",
        f"seed: {seed}",
        f"reproduce: threethirteen play --seed {seed} (then the moves below)",
        "",
        "".join(traceback.format_exception(error)),
        "the game's log:",
    ]
    try:
        parts.append(encode_log(events) if events else "(no game)")
    except Exception as log_error:  # the crash report must be written even if this fails
        parts.append(f"(the log could not be encoded: {log_error})")
    write_atomic(path, "\n".join(parts) + "\n")
    return path
