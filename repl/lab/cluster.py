"""The simulator on a Dask cluster (``simulate --cluster``): a scheduler somewhere, or a
local cluster of worker processes started for the run.

Dask distributed (https://distributed.dask.org) schedules the tasks, moves them off a
worker that is lost and plays them again elsewhere; each task is a batch of games
(:func:`.runners.play_batch`), and a game is played the same wherever it is played.
The package is an optional extra, ``cluster`` (the command that adds it to this
installation: :func:`repl.files.install.install_hint`); it is imported only when
``--cluster`` is given.

Whoever can reach a Dask scheduler, nanny or worker runs code in it (they take pickled
functions). So a local cluster speaks TLS with a key and certificate made for the run
alone, held in memory, and each of its processes asks the others for that certificate:
another user's client on this machine is refused. A remote cluster is secured by its
owner (docs/cluster.md); the run takes its certificates from Dask's configuration.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

from ...core import __version__
from ...core.lab.simulation import GameJob, SimulationError
from ..files.install import install_hint
from ..files.paths import os_detail
from ..kit.safe import visible
from .runners import Played, play_batch, worker_ready

if TYPE_CHECKING:
    from distributed import Client, LocalCluster
    from distributed.security import Security

__all__ = ["LOCAL_MOST", "ClusterSpec", "DaskRunner", "parse_cluster"]

LOCAL_MOST = 64
"""At most this many worker processes in ``--cluster local:N``."""

CONNECT_SECONDS = 10
"""How long a scheduler has to answer."""

_ADDRESS = re.compile(r"(?:(tcp|tls)://)?([A-Za-z0-9.\-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):(\d{1,5})")
_LOCAL = re.compile(r"local(?::(\d{1,3}))?")


class ClusterError(SimulationError):
    """``--cluster`` cannot be used: a bad address, no scheduler there, or no Dask."""


@frozen
class ClusterSpec:
    """What ``--cluster`` asked for: a local cluster of ``workers`` processes, or the
    scheduler at ``address``."""

    address: str | None = None
    workers: int = 0

    @property
    def local(self) -> bool:
        return self.address is None


def parse_cluster(text: str) -> ClusterSpec:
    """``local``, ``local:N`` or a scheduler's ``[tcp://|tls://]HOST:PORT``; else
    :class:`ClusterError` saying what is taken.

    >>> parse_cluster("local:2"), parse_cluster("tcp://10.0.0.5:8786").address
    (ClusterSpec(address=None, workers=2), 'tcp://10.0.0.5:8786')
    """
    local = _LOCAL.fullmatch(text)
    if local is not None:
        workers = int(local.group(1)) if local.group(1) else (os.cpu_count() or 1)
        if not 1 <= workers <= LOCAL_MOST:
            raise ClusterError(f"--cluster local:N takes 1 to {LOCAL_MOST} workers, not {workers}")
        return ClusterSpec(workers=workers)
    address = _ADDRESS.fullmatch(text)
    if address is None or not 1 <= int(address.group(3)) <= 65535:
        shown = text if len(text) <= 60 and text.isprintable() else f"{text[:60]!r}…"
        raise ClusterError(
            f"--cluster takes local, local:N or a Dask scheduler's address such as "
            f"tcp://HOST:8786, not {shown}"
        )
    scheme = address.group(1) or "tcp"
    return ClusterSpec(address=f"{scheme}://{address.group(2)}:{address.group(3)}")


class DaskRunner:
    """Games played as tasks of a Dask cluster; opened with ``with``, which starts the
    local cluster or connects to the scheduler, and closed after."""

    def __init__(self, spec: ClusterSpec, players: Sequence[str] = ()) -> None:
        self.spec = spec
        self.players = tuple(players)
        self.workers = max(1, spec.workers)
        self.where = (
            f"a local Dask cluster of {spec.workers} worker processes"
            if spec.local
            else f"the Dask cluster at {spec.address}"
        )
        self.cluster: LocalCluster | None = None
        self.client: Client | None = None

    def __enter__(self) -> DaskRunner:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ClusterError(
                f"--cluster needs Dask distributed, an optional part.\n{install_hint('cluster')}"
            ) from None
        try:
            if self.spec.address is None:
                self.cluster = LocalCluster(
                    n_workers=self.spec.workers,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",  # its own port: runs side by side
                    silence_logs=logging.ERROR,
                    security=run_credentials(),
                )
                self.client = Client(self.cluster)
            else:
                self.client = self._connect(self.spec.address)
                threads = sum(self.client.nthreads().values())
                self.workers = max(1, threads)
                if not threads:
                    print(
                        f"the scheduler at {self.spec.address} has no workers yet: "
                        f"the games wait for the first",
                        file=sys.stderr,
                    )
            self._check_workers()
        except ClusterError:
            self.close()
            raise
        except (OSError, TimeoutError) as error:
            self.close()
            raise ClusterError(
                f"no Dask scheduler answers at {self.spec.address}: {error}"
            ) from None
        return self

    def _connect(self, address: str) -> Client:
        """A client of the scheduler at ``address``, with the TLS certificates of Dask's
        configuration (``distributed.comm.tls``) for a ``tls://`` address."""
        from distributed import Client
        from distributed.comm.core import CommClosedError, FatalCommClosedError
        from distributed.security import Security

        security = Security()  # ~/.config/dask, DASK_CONFIG and the DASK_… variables
        if security.require_encryption and address.startswith("tcp://"):
            raise ClusterError(
                f"Dask's configuration asks for TLS (distributed.comm.require-encryption), "
                f"and {address} is no TLS address: give the scheduler's tls:// address"
            )
        if address.startswith("tls://"):
            try:
                tls = security.get_connection_args("client")
            except OSError as error:  # a file named there is missing, unreadable, no PEM
                raise ClusterError(
                    f"the TLS files of Dask's configuration (distributed.comm.tls: "
                    f"{_tls_files(security)}) cannot be used: {os_detail(error)}"
                ) from None
            if tls.get("ssl_context") is None:
                raise ClusterError(
                    f"--cluster {address} speaks TLS: put this machine's certificate, its "
                    f"key and the cluster's CA in Dask's configuration "
                    f"(distributed.comm.tls.client.cert, .client.key and .ca-file; see "
                    f"docs/cluster.md)"
                )
        try:
            return Client(address, timeout=CONNECT_SECONDS, security=security)
        except FatalCommClosedError:  # the TLS handshake failed one way or the other
            raise ClusterError(
                f"the scheduler at {address} and this run do not take each other's TLS "
                f"certificates: both must be signed by the cluster's CA "
                f"(distributed.comm.tls in Dask's configuration; see docs/cluster.md)"
            ) from None
        except CommClosedError:
            if not address.startswith("tcp://"):
                raise
            raise ClusterError(
                f"the scheduler at {address} closed the connection at once; one that "
                f"speaks TLS does that to tcp:// (then give tls://)"
            ) from None

    def _check_workers(self) -> None:
        """Every worker there now runs this version and loads the players (a worker that
        joins later is checked by its first batch)."""
        assert self.client is not None
        try:
            answers: dict[str, str | None] = self.client.run(
                worker_ready, self.players, __version__
            )
        except Exception as error:  # a worker without threethirteen cannot even answer
            raise ClusterError(
                f"a worker cannot run threethirteen ({type(error).__name__}: {error}"[:200]
                + f"): install threethirteen {__version__} on every worker"
            ) from None
        for worker, problem in sorted(answers.items()):
            if problem is not None:
                raise ClusterError(f"the worker at {worker} cannot play: {problem}")

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the client, and stop the local cluster if this run started one."""
        # a quiet close: the games still out are dropped, and a cluster going down says
        # nothing more (any error of the run has been said already)
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None

    def played(
        self, work: Sequence[Sequence[GameJob]], keep_logs: bool
    ) -> Iterator[tuple[int, list[Played]]]:
        """Each batch a task; a lost worker's tasks run again on another (Dask's own
        retries); yields as the tasks finish."""
        from distributed import as_completed
        from distributed.scheduler import KilledWorker

        assert self.client is not None, "open the cluster with `with` first"
        futures: list[Any] = self.client.map(
            play_batch, list(work), keep_logs=keep_logs, version=__version__, pure=False
        )
        index = {future.key: i for i, future in enumerate(futures)}
        try:
            for future in as_completed(futures):
                yield index[future.key], future.result()
        except SimulationError:
            raise  # a worker said what is wrong (another version)
        except KilledWorker as error:
            raise SimulationError(
                f"the cluster lost every worker that tried one batch of games "
                f"({error.allowed_failures} + 1 times); see the workers' logs"
            ) from None
        except OSError as error:
            raise SimulationError(f"the connection to the Dask cluster broke: {error}") from None
        except ImportError as error:
            raise SimulationError(
                f"a worker could not load the games ({error}): install threethirteen "
                f"{__version__} and the players' modules on every worker"
            ) from None
        except Exception as error:  # anything else a worker sent back, said in one line
            raise SimulationError(f"a worker failed: {error!r}"[:300]) from None
        finally:
            self.client.cancel(futures)


def _tls_files(security: Security) -> str:
    """The files Dask's configuration names for a client's TLS, said in a few words."""
    named = [
        (key, getattr(security, field))  # slots that Dask fills from its configuration
        for key, field in (
            ("ca-file", "tls_ca_file"),
            ("client.cert", "tls_client_cert"),
            ("client.key", "tls_client_key"),
        )
    ]
    return ", ".join(f"{key} {visible(str(value))[:200]}" for key, value in named if value)


def run_credentials() -> Security:
    """A TLS key and a self-signed certificate made for this run, in memory only: the
    local cluster's scheduler, nannies and workers and this run's client each show it and
    ask the others for it (``Security.temporary``, what ``security=True`` makes)."""
    from distributed.security import Security

    try:
        made: Security = Security.temporary()
    except ImportError:
        raise ClusterError(
            "--cluster local makes a TLS certificate for its workers, with the cryptography "
            f"package.\n{install_hint('cluster')}"
        ) from None
    return made
