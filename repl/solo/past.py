"""Your games so far: ``threethirteen history`` (each finished game, a number to replay
it by), ``threethirteen stats`` and the in-game ``stats`` (your results by opponents and
options, and your last games as a chart)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from ...core.seats import DEFAULT_SEATS
from ..files.config import configured
from ..files.history import KEEP_GAMES, KEEP_LOGS, History, PastGame, read_history
from ..files.stats import read_stats
from ..kit.command_line import add_language, command_parser, quiet_when_the_reader_leaves
from ..kit.loop import terminal_screen
from ..kit.render import Text, plain
from ..kit.screen import PlainScreen, Screen
from ..words.i18n import Texts
from .keeping import stats_detail

SHOWN = 20
"""The games ``history`` lists without ``--all`` (the latest)."""
CHARTED = 10
"""The last games ``stats`` draws as bars."""
BAR = "█"
NARROW = 72
"""Below this width the history's table is drawn narrow: short dates, one space apart."""


# -- one finished game in words --------------------------------------------------------


def place_text(game: PastGame, tx: Texts) -> str:
    """Your place: ``1st``, ``=2nd`` when shared (German ``1.``, ``=2.``)."""
    return ("=" if game.shared else "") + tx(f"ordinal.{game.place}")


def opponents_text(game: PastGame, tx: Texts) -> str:
    """Who you played against: one level (``hard``), or the levels in seat order; how many
    when they were not three (``7× medium``, ``1× hard``)."""
    kinds = list(dict.fromkeys(game.opponents))
    levels = "/".join(tx.player(kind) for kind in kinds)
    count = len(game.opponents)
    return levels if count == DEFAULT_SEATS - 1 else f"{count}× {levels}"


def aces_text(game: PastGame, tx: Texts) -> str:
    return tx("history.high" if game.aces_high else "history.low")


def seed_text(game: PastGame) -> str:
    """The seed to deal the game again with; a long one shortened; ``-`` when none."""
    if game.seed is None:
        return "-"
    text = str(game.seed)
    return text if len(text) <= 10 else text[:9] + "…"


def _cut(text: str, size: int) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


# -- a table of plain columns ------------------------------------------------------------


def columns(rows: list[list[str]], right: set[int], gap: int) -> list[str]:
    """``rows`` (the first is the heading) as lines of aligned columns, ``right`` the
    columns aligned to the right (numbers)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(size) if i in right else cell.ljust(size)
            for i, (cell, size) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append((" " * gap).join(cells).rstrip())
    return lines


def _table(heading: list[str], rows: list[list[str]], right: set[int], width: int) -> Text:
    """The columns two spaces apart, or one where two do not fit ``width``."""
    head, *lines = columns([heading, *rows], right, 2)
    if max(len(line) for line in (head, *lines)) + 2 > width:
        head, *lines = columns([heading, *rows], right, 1)
    out: Text = [("class:label", "  " + head), ("", "\n")]
    for line in lines:
        out += [("", "  " + line), ("", "\n")]
    return out


# -- history -----------------------------------------------------------------------------


def render_history(history: History, tx: Texts, width: int, *, everything: bool = False) -> Text:
    """The finished games, newest last: number, when, seed, options, opponents, your place
    and score, whether you took help; the ones still kept to replay said how."""
    games = history.games
    if not games:
        out: Text = [("class:dim", tx("history.none")), ("", "\n")]
        return _skipped(history, tx) + out
    shown = games if everything else games[-SHOWN:]
    narrow = width < NARROW
    heading = [
        tx(f"history.head.{name}")
        for name in ("number", "ended", "seed", "jokers", "aces", "opponents", "place", "score")
    ]
    if not narrow:
        heading.append(tx("history.head.help"))
    rows = []
    for game in shown:
        score = str(game.score) + ("*" if narrow and game.assisted else "")
        row = [
            str(game.number),
            game.ended[5:] if narrow else game.ended,
            seed_text(game),
            str(game.jokers),
            aces_text(game, tx),
            _cut(opponents_text(game, tx), 14),
            place_text(game, tx),
            score,
        ]
        if not narrow:
            row.append(tx("history.yes") if game.assisted else "")
        rows.append(row)
    title = (
        tx("history.title", shown=len(shown), total=len(games))
        if len(shown) < len(games)
        else tx("history.title_all", total=len(games))
    )
    out = [("class:title", title), ("", "\n")]
    out += _table(heading, rows, {0, 3, 7}, width)
    if len(shown) < len(games):
        out += [("class:dim", tx("history.more", n=len(games) - len(shown))), ("", "\n")]
    marks = [tx("history.shared")] if any(game.shared for game in shown) else []
    if narrow and any(game.assisted for game in shown):
        marks.append(tx("history.with_help"))
    legend = tx("history.replay", logs=KEEP_LOGS, most=KEEP_GAMES)
    out += [("class:dim", "; ".join(marks) + ". " if marks else ""), ("class:dim", legend)]
    out.append(("", "\n"))
    return _skipped(history, tx) + out


def _skipped(history: History, tx: Texts) -> Text:
    if not history.skipped:
        return []
    key = "history.skipped_one" if history.skipped == 1 else "history.skipped"
    return [("class:warn", tx(key, n=history.skipped)), ("", "\n")]


# -- stats -------------------------------------------------------------------------------


def render_stats(tx: Texts, width: int = 80) -> Text:
    """Your results: all your games, then by opponents and options, and your last games
    as bars (a file that cannot be read is said, never counted over)."""
    out = [("class:title", tx("stats.title")), ("", "\n"), *_all_games(tx)]
    try:
        history = read_history()
    except OSError as error:
        return [*out, ("class:warn", tx("history.unreadable", detail=stats_detail(error, tx)))]
    games = history.games
    if games:
        out += [("", "\n"), *by_kind(games, tx, width), ("", "\n"), *recent_chart(games, tx, width)]
        out += [("class:dim", tx("stats.see_history")), ("", "\n")]
    return _skipped(history, tx) + out


def _all_games(tx: Texts) -> Text:
    """The counts of every game you finished, kept since your first (``stats.json``)."""
    try:
        found = read_stats()
    except OSError as error:
        detail = stats_detail(error, tx)
        return [("class:warn", tx("msg.stats_unreadable", detail=detail)), ("", "\n")]
    said: Text = []
    if found.kept is not None:
        said = [("class:warn", tx("msg.stats_broken", path=found.kept)), ("", "\n")]
    stats = found.stats
    if not stats.played:
        return [*said, ("class:dim", tx("msg.stats_none")), ("", "\n")]
    line = tx(
        "stats.line",
        played=stats.played,
        own=stats.own,
        won=stats.won,
        no_winner=stats.no_winner,
        average=_decimal(stats.average, tx),
        best=stats.best if stats.best is not None else "—",
        assisted=stats.assisted,
    )
    said += [("", line), ("", "\n")]
    if stats.assisted:
        said += [("class:dim", tx("stats.assisted_note")), ("", "\n")]
    return said


def _decimal(value: float | None, tx: Texts) -> str:
    if value is None:
        return "—"
    text = f"{value:.1f}"
    return text.replace(".", ",") if tx.lang == "de" else text


def by_kind(games: Sequence[PastGame], tx: Texts, width: int) -> Text:
    """Played and assisted, then won, average and best score of the games of your own,
    for each kind of game: the opponents, the jokers and the aces (the kinds you played
    most first). An assisted game is no win, average or best of yours."""
    kinds: dict[tuple[str, int, str], list[PastGame]] = {}
    for game in games:
        kinds.setdefault((opponents_text(game, tx), game.jokers, aces_text(game, tx)), []).append(
            game
        )
    heading = [tx(f"history.head.{name}") for name in ("opponents", "jokers", "aces")] + [
        tx(f"stats.head.{name}") for name in ("played", "assisted", "won", "average", "best")
    ]
    rows, short = [], []  # short: the best without its game's number, where that is too wide
    for (opponents, jokers, aces), kind in sorted(kinds.items(), key=lambda k: -len(k[1])):
        own = [game for game in kind if not game.assisted]
        cut = 14 if width >= NARROW else 11  # the aces' word may be long (German: niedrig)
        row = [_cut(opponents, cut), str(jokers), aces, str(len(kind)), str(len(kind) - len(own))]
        row.append(str(sum(game.won for game in own)))
        if own:
            best = min(own, key=lambda game: (game.score, -game.number))
            average = sum(game.score for game in own) / len(own)
            row.append(_decimal(average, tx))
            rows.append([*row, tx("stats.best", score=best.score, number=best.number)])
            short.append([*row, str(best.score)])
        else:
            rows.append([*row, "—", "—"])
            short.append(rows[-1])
    title = tx("stats.by_kind", n=len(games))
    table = _table(heading, rows, {1, 3, 4, 5, 6}, width)
    if any(len(line) > width for line in plain(table).splitlines()):
        table = _table(heading, short, {1, 3, 4, 5, 6}, width)
    return [("class:title", title), ("", "\n"), *table]


def recent_chart(games: Sequence[PastGame], tx: Texts, width: int) -> Text:
    """Your last games, a bar each as long as your score, a win marked: you see at a
    glance whether you are getting better."""
    last = games[-CHARTED:]
    most = max(game.score for game in last) or 1
    label = max(len(str(game.number)) for game in last) + 1
    helped = f" ({tx('table.assisted')})"
    marked = len(helped) if any(game.assisted for game in last) else 0
    room = max(10, min(40, width - label - 22 - marked))
    out: Text = [("class:title", tx("stats.recent")), ("", "\n")]
    for game in last:
        size = round(game.score * room / most)
        bar = BAR * max(size, 1 if game.score else 0) or "·"
        out += [("class:label", f"  {'#' + str(game.number):>{label}}  ")]
        won = game.won and not game.assisted
        out += [("class:good" if won else "class:penalty", bar.ljust(room))]
        mark = helped if game.assisted else ""
        out += [("", f"  {game.score:>4}  {place_text(game, tx)}{mark}"), ("", "\n")]
    return out


# -- the commands ------------------------------------------------------------------------

HISTORY_DESCRIPTION = f"""\
List your latest {SHOWN} finished games (--all: every one
kept), the latest last: when each ended, its seed and
options, your opponents, your place and score, and
whether you took help. Each has a number: threethirteen
replay NUMBER steps through it (--verify, --analyze too).
Your history keeps your last {KEEP_GAMES} games, and the
moves of the last {KEEP_LOGS}: an older game is listed and
counted, but no longer replayed.
"""

STATS_DESCRIPTION = """\
Your results: every game you finished, then by opponents
and options (played, assisted, won, average and best
score), and your last games as a chart. An assisted game
(the AI played for you, a hint, an undo past a seen card)
counts as played and assisted only: not as a win, in the
average or as your best.
"""


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = command_parser(prog, description)
    add_language(p)
    return p


def history_parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen history``."""
    p = _parser("threethirteen history", HISTORY_DESCRIPTION)
    p.add_argument(
        "--all",
        action="store_true",
        help=f"every game kept (your last {KEEP_GAMES}), not only the latest {SHOWN}",
    )
    return p


def stats_parser() -> argparse.ArgumentParser:
    """The options of ``threethirteen stats``."""
    return _parser("threethirteen stats", STATS_DESCRIPTION)


def _show(lang: str | None, draw: Callable[[Texts, Screen], Text]) -> int:
    """Draw on the terminal (in colour unless it is not wanted) or plain to a pipe."""
    setup = configured(lang)  # a broken file is play's to report
    config, tx = setup.config, setup.tx
    screen: Screen = PlainScreen(sys.stdout)
    if sys.stdout.isatty():
        screen = terminal_screen(tx, color=config.color)
    screen.show(draw(tx, screen))
    return 0


@quiet_when_the_reader_leaves
def history_main(argv: list[str]) -> int:
    """``threethirteen history``; the exit code (1 when the history cannot be read)."""
    args = history_parser().parse_args(argv)

    def draw(tx: Texts, screen: Screen) -> Text:
        try:
            history = read_history()
        except OSError as error:
            raise _Unreadable(tx("history.unreadable", detail=stats_detail(error, tx))) from None
        return render_history(history, tx, screen.width, everything=args.all)

    try:
        return _show(args.lang, draw)
    except _Unreadable as error:
        print(f"threethirteen history: {error}", file=sys.stderr)
        return 1


@quiet_when_the_reader_leaves
def stats_main(argv: list[str]) -> int:
    """``threethirteen stats``; the exit code."""
    args = stats_parser().parse_args(argv)
    return _show(args.lang, lambda tx, screen: render_stats(tx, screen.width))


class _Unreadable(Exception):
    """The history is there but cannot be read (said in the player's language)."""
