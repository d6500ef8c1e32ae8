"""Every runtime dependency has a tested range (pyproject.toml): a lower bound and an upper
one, and the version installed (CI installs the newest each range allows) is in it. The
private parts of asyncssh the server leans on are there in the version installed."""

from __future__ import annotations

import inspect
import tomllib
from importlib.metadata import version

import asyncssh
import pytest
from asyncssh.channel import SSHServerChannel
from asyncssh.connection import SSHConnection
from packaging.requirements import Requirement

from tests.helpers import ROOT

TOOLS = {"pytest", "pytest-xdist", "pytest-timeout", "hypothesis", "pexpect", "selenium",
         "psutil", "import-linter"}  # fmt: skip
"""The test extra's tools that nothing in the game imports: any version that installs."""


def requirements() -> list[tuple[str, Requirement]]:
    """Each requirement of the project, with where it is asked for (``dependencies`` or an
    extra's name)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = [("dependencies", Requirement(line)) for line in project["dependencies"]]
    for extra, lines in project["optional-dependencies"].items():
        found += [(extra, Requirement(line)) for line in lines]
    return found


def runtime() -> list[tuple[str, Requirement]]:
    return [(where, one) for where, one in requirements() if one.name not in TOOLS]


@pytest.mark.parametrize(("where", "requirement"), runtime(), ids=lambda one: str(one))
def test_each_dependency_has_a_tested_range(where: str, requirement: Requirement) -> None:
    operators = {spec.operator for spec in requirement.specifier}
    assert ">=" in operators, f"{requirement} ({where}) has no lower bound"
    assert "<" in operators, f"{requirement} ({where}) has no upper bound"
    assert version(requirement.name) in requirement.specifier, (
        f"{requirement.name} {version(requirement.name)} is installed, outside {requirement}"
    )


def test_a_package_asked_for_twice_has_one_range() -> None:
    ranges: dict[str, set[str]] = {}
    for _where, requirement in requirements():
        ranges.setdefault(requirement.name.replace("_", "-"), set()).add(str(requirement.specifier))
    assert {name: found for name, found in ranges.items() if len(found) > 1} == {}


def test_the_private_parts_of_asyncssh_are_there() -> None:
    """repl/server/channels.py replaces three request handlers of a server channel and
    fills its ``_env``; repl/server/ssh_bytes.py paces the bytes of a connection's
    ``_transport``."""
    for handler in (
        "_process_env_request",
        "_process_x11_req_request",
        "_process_auth_agent_req_at_openssh_dot_com_request",
    ):
        assert callable(getattr(SSHServerChannel, handler, None)), handler
    made = [kind.__init__ for kind in SSHServerChannel.__mro__ if "__init__" in vars(kind)]
    assert any("self._env" in inspect.getsource(init) for init in made)
    assert "self._transport" in inspect.getsource(SSHConnection.__init__)
    assert asyncssh.__version__ == version("asyncssh")
