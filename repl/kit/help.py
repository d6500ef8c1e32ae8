"""The ``help`` command: every command of a grammar with its short forms and the keys, or
one command in detail, in the player's language."""

from __future__ import annotations

import textwrap

from ..words.grammar import KEYS, Grammar, Group, Spec
from ..words.i18n import Texts
from .keys import KEY_HELP
from .render import Text

HELP_INDEX_MIN = 40
"""Columns beside the commands below which ``help`` names its other groups without their
commands (a terminal of 60 by 20 keeps the whole of ``help`` in sight)."""

HELP_MEANING_MIN = 20
"""Columns the meanings in ``help`` need beside the commands; with fewer, they go below."""


def render_help(
    tx: Texts,
    grammar: Grammar,
    topic: Spec | None,
    width: int = 80,
    group: str | None = None,
    *,
    more: str | None = None,
) -> Text:
    """All commands of ``grammar`` with their short forms and the keys, or one command in
    detail, or one group of them (``help keys``). A grammar in groups shows its first group
    and names the others (``help`` fits 24 rows). ``more`` is its last line, when the
    grammar's own (``help.more``) does not fit where it is shown.

    The list is two columns, the meanings wrapped within ``width`` under their own
    column; on a screen too narrow for that, each meaning goes under its command.
    """
    lang = tx.lang
    if topic is not None:
        line = tx(grammar.key("cmd", topic.name))
        out: Text = [("class:title", topic.title(lang)), ("", "  " + line)]
        out.append(("", "\n"))
        out += [("", tx("help.usage", usage=usage_of(topic, lang))), ("", "\n")]
        others = list(topic.shorts(lang))
        if lang == "de":  # the other German names, then the English ones work too
            others += [*topic.de[1:], topic.name, *topic.short]
        others = list(dict.fromkeys(others))
        if others:
            out += [("class:dim", tx("help.aliases", aliases=", ".join(others))), ("", "\n")]
        detail_key = grammar.key("detail", topic.name)
        if tx.has(detail_key):
            out += [("", tx(detail_key)), ("", "\n")]
        return out
    names = {spec.name: usage_of(spec, lang) for spec in grammar.commands}
    for spec in grammar.commands:
        if spec.shorts(lang):
            names[spec.name] += f" ({', '.join(spec.shorts(lang))})"
    column = max(24, *(len(name) + 2 for name in names.values()))
    room = width - 2 - column
    by_name = {spec.name: spec for spec in grammar.commands}

    def rows(specs: list[Spec]) -> Text:
        rows: Text = []
        for spec in specs:
            rows += _help_row(names[spec.name], tx(grammar.key("cmd", spec.name)), column, room)
        return rows

    def keys() -> Text:
        rows: Text = []
        for label, name in KEY_HELP:
            key = label.format(ctrl=tx("keys.ctrl"))
            rows += _help_row(key, tx(grammar.key("keys", name)), column, room)
        return rows

    def members(one: Group) -> list[Spec]:
        return [by_name[name] for name in one.commands if name in by_name]

    chosen = next((one for one in grammar.groups if one.name == group), None)
    if chosen is not None:  # help table, help keys …
        out = [("class:title", tx(f"help.group.{chosen.name}")), ("", "\n")]
        out += keys() if chosen.name == KEYS else rows(members(chosen))
        return out
    if not grammar.groups:
        out = [("class:title", tx("help.title")), ("", "\n"), *rows(list(grammar.commands))]
        out += [("class:title", tx("keys.title")), ("", "\n"), *keys()]
        out += [("class:dim", more or tx(grammar.key("help", "more"))), ("", "\n")]
        return out
    first, *rest = grammar.groups
    out = [("class:title", tx("help.title_first")), ("", "\n"), *rows(members(first))]
    out += [("class:title", tx("help.groups")), ("", "\n")]
    help_word = by_name["help"].title(lang) if "help" in by_name else "help"
    if room < HELP_INDEX_MIN:  # a narrow screen: the groups by name, on as few rows as fit
        labels = [f"{help_word} {one.title(lang)}" for one in rest]
        for row in textwrap.wrap(" · ".join(labels), max(width - 2, 20)):
            out += [("class:label", f"  {row}"), ("", "\n")]
        rest = []
    for one in rest:
        label = f"{help_word} {one.title(lang)}"
        if one.name == KEYS:
            what = ", ".join(label.format(ctrl=tx("keys.ctrl")) for label, _ in KEY_HELP)
        else:
            what = ", ".join(spec.title(lang) for spec in members(one))
        out += _help_row(label, what, column, room)
    out += [("class:dim", more or tx(grammar.key("help", "more"))), ("", "\n")]
    return out


def _help_row(label: str, meaning: str, column: int, room: int) -> Text:
    """One row of the help table: the label, its meaning wrapped in its own column (or
    under the label, on a screen too narrow for two columns)."""
    if room < HELP_MEANING_MIN:
        return [("class:label", f"  {label}"), ("", "\n"), ("", f"      {meaning}"), ("", "\n")]
    first, *more = textwrap.wrap(meaning, room) or [""]
    out: Text = [("class:label", f"  {label:<{column}}"), ("", first), ("", "\n")]
    for piece in more:
        out += [("", " " * (column + 2) + piece), ("", "\n")]
    return out


def usage_of(spec: Spec, lang: str) -> str:
    """``discard CARD`` (``ablegen KARTE``): the command's name and its argument."""
    return spec.usage_in(lang)
