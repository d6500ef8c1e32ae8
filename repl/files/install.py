"""How this game was installed, and the command that adds one of its extras to that very
installation (``serve`` needs ``server``, ``simulate --cluster`` needs ``cluster``).

The game is installed from a clone, not from a package index, so ``pip install
'threethirteen[server]'`` finds nothing to install; and ``pipx install '.[server]'`` over
a game pipx installed already does nothing. The command said is one that works, as
printed, for the way the game was installed: pipx (``pipx inject`` of the extra's
packages), a clone installed into an environment (that environment's pip, given the
clone's folder as ``direct_url.json`` records it, editable when it was), else the extra's
packages by this Python's pip; where there is no pip, what to install, in words.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import shlex
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlparse

from attrs import frozen

PACKAGE = "threethirteen"
PIPX_METADATA = "pipx_metadata.json"
"""The file pipx writes at the top of each environment it makes (how pipx is told)."""


@frozen(kw_only=True)
class Installed:
    """How the running game was installed: the Python running it and its environment
    (``prefix``); the clone it was installed from, if that folder is still there
    (``source``) and whether editable; the pipx environment's name, when pipx made it;
    whether that Python has pip; and each extra's packages (``asyncssh>=2.14``)."""

    python: str
    prefix: Path
    source: Path | None = None
    editable: bool = False
    pipx: str | None = None
    has_pip: bool = True
    extras: dict[str, tuple[str, ...]]


def extras_of(requires: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Each extra's packages, from the ``Requires-Dist`` lines of the game's metadata
    (``asyncssh>=2.14; extra == "server"``)."""
    found: dict[str, list[str]] = {}
    for line in requires:
        package, _, marker = line.partition(";")
        marker = marker.replace("'", '"').replace(" ", "")
        if marker.startswith('extra=="') and marker.endswith('"'):
            found.setdefault(marker[len('extra=="') : -1], []).append(package.strip())
    return {extra: tuple(packages) for extra, packages in found.items()}


def source_of(direct_url: str | None) -> tuple[Path | None, bool]:
    """The local folder a ``direct_url.json`` says the game was installed from (``None``:
    an index, a wheel, a folder since gone), and whether it was installed editable."""
    if not direct_url:
        return None, False
    try:
        said = json.loads(direct_url)
    except ValueError:
        return None, False
    if not isinstance(said, dict) or not isinstance(said.get("url"), str):
        return None, False
    url = urlparse(said["url"])
    dir_info = said.get("dir_info")
    if url.scheme != "file" or not isinstance(dir_info, dict):
        return None, False  # an archive or a VCS URL: nothing to point pip at again
    folder = Path(unquote(url.path))
    if not (folder / "pyproject.toml").is_file():
        return None, False
    return folder, dir_info.get("editable") is True


def installed() -> Installed:
    """How this game was installed, as this Python's metadata and environment say."""
    prefix = Path(sys.prefix)
    pipx = prefix.name if (prefix / PIPX_METADATA).is_file() else None
    has_pip = importlib.util.find_spec("pip") is not None
    source: Path | None = None
    editable = False
    extras: dict[str, tuple[str, ...]] = {}
    # the installed metadata, not an .egg-info the working folder may hold
    for distribution in importlib.metadata.distributions(name=PACKAGE):
        extras = extras_of(distribution.requires or ()) or extras
        source, editable = source_of(distribution.read_text("direct_url.json"))
        if source is not None:
            break
    return Installed(
        python=sys.executable,
        prefix=prefix,
        source=source,
        editable=editable,
        pipx=pipx,
        has_pip=has_pip,
        extras=extras,
    )


def install_commands(extra: str, how: Installed) -> tuple[str, ...]:
    """The command lines that add ``extra`` to the installation ``how``: the first is the
    one to run, any other an alternative; none when there is no pip to run."""
    packages = how.extras.get(extra, ())
    wanted = " ".join(shlex.quote(package) for package in packages)
    from_source = None
    if how.source is not None:
        from_source = shlex.quote(f"{how.source}[{extra}]")
    if how.pipx is not None:
        commands = [f"pipx inject {shlex.quote(how.pipx)} {wanted}"] if wanted else []
        if from_source is not None:
            commands.append(f"pipx install --force {from_source}")
        return tuple(commands)
    if not how.has_pip:
        return ()
    pip = f"{shlex.quote(how.python)} -m pip install"
    if from_source is not None:
        return (f"{pip} {'-e ' if how.editable else ''}{from_source}",)
    return (f"{pip} {wanted}",) if wanted else ()


def reinstall_command(how: Installed) -> str | None:
    """The command that installs the game again, whole, as it was installed (a broken
    installation); ``None`` when there is no clone to install from or no pip."""
    if how.pipx is not None:
        return f"pipx reinstall {shlex.quote(how.pipx)}"
    if how.source is None or not how.has_pip:
        return None
    editable = "-e " if how.editable else ""
    pip = f"{shlex.quote(how.python)} -m pip install --force-reinstall"
    return f"{pip} {editable}{shlex.quote(str(how.source))}"


def install_hint(extra: str, how: Installed | None = None) -> str:
    """What to run to add ``extra`` (``server``, ``cluster``) to this installation, said in
    a few lines, the command indented on a line of its own so it can be copied."""
    how = installed() if how is None else how
    packages = ", ".join(how.extras.get(extra, ())) or f"the {extra} extra"
    commands = install_commands(extra, how)
    if not commands:
        said = (
            f"Install {packages} into the Python environment at {how.prefix} (its Python, "
            f"{how.python}, has no pip), or reinstall the game with its {extra} extra."
        )
        return "\n".join(textwrap.wrap(said, 78))
    if how.pipx is not None:
        where = f"the game was installed with pipx ({how.prefix})"
    elif how.source is not None:
        kind = "editable, " if how.editable else ""
        where = f"the game was installed ({kind}from {how.source}) into {how.prefix}"
    else:
        where = f"the game is installed into {how.prefix}"
    lines = [*textwrap.wrap(f"To add it ({packages}): {where}, so run", 78), f"  {commands[0]}"]
    for command in commands[1:]:
        lines += ["or", f"  {command}"]
    return "\n".join(lines)
