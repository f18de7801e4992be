"""Throw-away PostgreSQL and Redis, private to one run: for ``bin/test`` on a fresh machine and ``bin/reliability``.

Nothing here touches a shared PostgreSQL or Redis: a cluster is made with ``initdb`` in a temporary
directory (as the ``postgres`` OS user when run as root, since PostgreSQL refuses root) and a
``redis-server --save ""`` is started, each on a port the system picks; both are stopped and their
files removed when the run ends. No Django needed.

``python -m genius.testing.throwaway -- CMD ARGS…`` runs ``CMD`` against PostgreSQL at ``$PG_URL`` and
Redis at ``$REDIS_TEST_URL`` (``DATABASE_URL`` and ``REDIS_URL`` are set from them for ``CMD``); when
nothing answers at one of them, a throw-away one is started first and the variables point at it. When
it cannot be started, it says which Debian packages to install and exits 2.
"""

from __future__ import annotations

import argparse
import glob
import os
import pwd
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit, urlunsplit

from genius.testing import harness
from genius.testing.harness import free_port, port_open, wait_until

#: Where ``bin/test`` looks when the environment names nothing else (as CI's ``.ci/run`` starts them).
DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/5"

#: The Debian packages that bring each tool.
PACKAGES = {"postgres": "postgresql", "redis": "redis-server"}


class InfraError(RuntimeError):
    """A private service could not be started or stopped."""


def pg_bindir() -> Path:
    """Where ``initdb`` and ``pg_ctl`` live (Debian keeps them out of PATH)."""
    found = shutil.which("pg_config")
    if found:
        out = subprocess.run([found, "--bindir"], capture_output=True, text=True).stdout.strip()
        if out and (Path(out) / "initdb").exists():
            return Path(out)
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if versions:
        return Path(versions[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise InfraError("PostgreSQL's initdb was not found (Debian: apt-get install postgresql)")


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def missing_tools(*, postgres: bool = True, redis: bool = True) -> list[str]:
    """The services (``postgres``, ``redis``) asked for whose programs are not installed here."""
    missing = []
    if postgres:
        try:
            pg_bindir()
        except InfraError:
            missing.append("postgres")
        else:
            if os.geteuid() == 0 and not _has_user("postgres"):
                missing.append("postgres")  # as root the cluster runs as ``postgres``, made by the package
    if redis and not shutil.which("redis-server"):
        missing.append("redis")
    return missing


def install_advice(missing: list[str]) -> str:
    """What to install for the ``missing`` services, with the Debian package names."""
    what = {"postgres": "PostgreSQL (initdb, pg_ctl in /usr/lib/postgresql/*/bin)", "redis": "redis-server"}
    names = " and ".join(what[m] for m in missing)
    packages = " ".join(PACKAGES[m] for m in missing)
    return f"{names} not found: on Debian, apt-get install {packages}"


def tools_missing(*, postgres: bool = True, redis: bool = True) -> str:
    """Why the private services cannot be made here (naming what to install), or ''."""
    missing = missing_tools(postgres=postgres, redis=redis)
    return install_advice(missing) if missing else ""


class PostgresCluster:
    """A throw-away PostgreSQL cluster in ``workdir``, trusting local connections."""

    def __init__(self, workdir: Path) -> None:
        self.bindir = pg_bindir()
        self.dir = workdir / "pgdata"
        self.sockdir = workdir / "pgsock"
        self.logfile = workdir / "postgres.log"
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        self.started = False

    def _run(self, args: list[str], timeout: float = 60) -> subprocess.CompletedProcess:
        if self.as_postgres:
            cmd = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(args)]
        else:
            cmd = args
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd="/")
        if proc.returncode != 0:
            raise InfraError(f"{shlex.join(args)} failed: {proc.stderr.strip() or proc.stdout.strip()}")
        return proc

    def init(self) -> None:
        self.dir.parent.chmod(0o755)
        self.dir.mkdir(mode=0o700)
        self.sockdir.mkdir()
        self.logfile.touch()
        if self.as_postgres:
            for path in (self.dir, self.sockdir, self.logfile):
                shutil.chown(path, "postgres", "postgres")
        self._run([str(self.bindir / "initdb"), "-D", str(self.dir), "-A", "trust", "-U", "postgres",
                   "-E", "UTF8", "--no-sync"], timeout=120)
        settings = {
            "port": self.port,
            "listen_addresses": "'127.0.0.1'",
            "unix_socket_directories": f"'{self.sockdir}'",
            "max_connections": 300,
            "fsync": "off",  # a test cluster: the OS never crashes under it, processes do
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "shared_buffers": "'128MB'",
        }
        conf = "".join(f"{key} = {value}\n" for key, value in settings.items())
        with open(self.dir / "postgresql.conf", "a") as f:  # written as root; readable by postgres
            f.write("\n# genius throw-away cluster\n" + conf)

    def start(self) -> None:
        self._run([str(self.bindir / "pg_ctl"), "-D", str(self.dir), "-l", str(self.logfile), "-w", "-t", "60",
                   "start"], timeout=90)
        self.started = True

    def stop(self, mode: str = "fast") -> None:
        if not self.started:
            return
        self._run([str(self.bindir / "pg_ctl"), "-D", str(self.dir), "-m", mode, "-w", "-t", "60", "stop"], timeout=90)
        self.started = False

    def url(self, db: str = "genius") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{db}"

    def psql(self, sql: str, db: str = "postgres") -> str:
        out = self._run([str(self.bindir / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                         "-d", db, "-At", "-c", sql])
        return out.stdout.strip()


class RedisServer:
    """A throw-away Redis that saves nothing (a restart comes back empty, as in production)."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.logfile = workdir / "redis.log"
        self.workdir = workdir
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        cmd = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
               "--dir", str(self.workdir), "--logfile", str(self.logfile)]
        self.proc = harness.start_process(cmd, cwd=self.workdir)
        if not wait_until(lambda: port_open(self.port), 20):
            raise InfraError(f"redis-server did not start on port {self.port}: see {self.logfile}")

    def stop(self) -> None:
        if self.proc is None:
            return
        harness.stop_process(self.proc, timeout=20)
        self.proc = None
        wait_until(lambda: not port_open(self.port), 10)

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"


# --- bin/test: the services step on a machine where they are not running -------------------------------------


def answers(url: str, default_port: int) -> bool:
    """Whether something accepts connections at the host and port of ``url``."""
    parts = urlsplit(url)
    try:
        port = parts.port or default_port
    except ValueError:
        return False
    return port_open(port, parts.hostname or "127.0.0.1")


def with_port(url: str, port: int) -> str:
    """``url`` on 127.0.0.1:``port``, keeping its scheme, user, database and query."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, f"{user}127.0.0.1:{port}", parts.path, parts.query, ""))


class Services:
    """The run's PostgreSQL and Redis: those at the URLs if they answer, else throw-away ones (``up``/``down``)."""

    def __init__(self, pg_url: str, redis_url: str) -> None:
        self.pg_url, self.redis_url = pg_url, redis_url
        self.need_pg = not answers(pg_url, 5432)
        self.need_redis = not answers(redis_url, 6379)
        self.workdir: Path | None = None
        self.pg: PostgresCluster | None = None
        self.redis: RedisServer | None = None

    def problem(self) -> str:
        """Why the missing services cannot be started here (what to install), or ''."""
        return tools_missing(postgres=self.need_pg, redis=self.need_redis)

    def up(self) -> None:
        if not (self.need_pg or self.need_redis):
            return
        self.workdir = Path(tempfile.mkdtemp(prefix="genius-test-services-"))
        if self.need_pg:
            self.pg = PostgresCluster(self.workdir)
            self.pg.init()
            self.pg.start()
            db = urlsplit(self.pg_url).path.lstrip("/") or "test"
            self.pg.psql('CREATE DATABASE "{}"'.format(db.replace('"', '""')))
            old, self.pg_url = self.pg_url, with_port(self.pg_url, self.pg.port)
            _say(f"no PostgreSQL answers at {_where(old)}: started a throw-away one at {self.pg_url}")
        if self.need_redis:
            self.redis = RedisServer(self.workdir)
            self.redis.start()
            old, self.redis_url = self.redis_url, with_port(self.redis_url, self.redis.port)
            _say(f"no Redis answers at {_where(old)}: started a throw-away one at {self.redis_url}")

    def down(self) -> None:
        """Stop what ``up`` started and remove its files (whatever happened)."""
        try:
            if self.redis is not None:
                self.redis.stop()
            if self.pg is not None:
                self.pg.stop("immediate")
        finally:
            if self.workdir is not None:
                shutil.rmtree(self.workdir, ignore_errors=True)
                _say(f"stopped the throw-away services and removed {self.workdir}")
                self.workdir = None

    def env(self) -> dict[str, str]:
        """The environment of the command: the URLs as ``bin/test`` names them, and as the site reads them."""
        return {**os.environ, "PG_URL": self.pg_url, "REDIS_TEST_URL": self.redis_url,
                "DATABASE_URL": self.pg_url, "REDIS_URL": self.redis_url}


def _where(url: str) -> str:
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    return f"{parts.hostname or '127.0.0.1'}:{port or '?'}"


def _say(text: str) -> None:
    print(f"bin/test: {text}", file=sys.stderr, flush=True)


def run_command(command: list[str], env: dict[str, str]) -> int:
    """Run ``command`` to its end; stopped early (a signal, Ctrl-C), it gets SIGINT so that pytest tears its
    fixtures down (the Celery processes they started) before the services go, and SIGKILL after 30 s."""
    # SIGINT as by default in the command, even when this runs in the background (where it is ignored)
    proc = subprocess.Popen(command, env=env, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        return proc.wait()
    except BaseException:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        raise


def _stop_on_signal(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)  # unwinds through ``finally``: the services are stopped and removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m genius.testing.throwaway",
        description="Run a command against PostgreSQL ($PG_URL) and Redis ($REDIS_TEST_URL), starting throw-away "
                    "ones for the run when they do not answer.")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command (after --)")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    services = Services(os.environ.get("PG_URL") or DEFAULT_PG_URL,
                        os.environ.get("REDIS_TEST_URL") or DEFAULT_REDIS_URL)
    problem = services.problem()
    if problem:
        _say(f"{problem} (or start your own and set PG_URL and REDIS_TEST_URL).")
        return 2
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _stop_on_signal)
    try:
        try:
            services.up()
        except (InfraError, OSError, subprocess.SubprocessError) as exc:
            _say(f"the throw-away services did not start: {exc}")
            return 2
        return run_command(command, services.env())
    except KeyboardInterrupt:
        return 130
    finally:
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(signum, signal.SIG_IGN)  # a second signal must not cut the clean-up short
        services.down()


if __name__ == "__main__":
    sys.exit(main())
