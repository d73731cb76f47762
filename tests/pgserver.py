"""A throwaway PostgreSQL server for the tests: initdb in a temporary directory, run, remove.

PostgreSQL refuses to run as root, so when the tests run as root the server's programs run as
the `postgres` system user (made by Debian's package) through `runuser`, in a temporary
directory that user owns. The server listens on 127.0.0.1 only, trusts every local connection
and keeps PostgreSQL's defaults otherwise (fsync on).
"""

from __future__ import annotations

import os
import pwd
import re
import secrets
import shutil
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

SERVER_USER = "postgres"
"""The system user that runs PostgreSQL when the tests run as root."""
ROLE = "clickbox"
"""The database superuser that initdb creates; every connection uses it, without a password."""
DATABASE = "clickbox_test"
"""The database made at start-up, named by the URL `throwaway_postgres` yields."""
START_TIMEOUT_S = 30.0
_PORT_ATTEMPTS = 5
_PROGRAMS = ("initdb", "pg_ctl", "postgres")


def _version_key(path: Path) -> tuple[int, ...]:
    """Sorts /usr/lib/postgresql/<version>/bin by version: 9.6 < 15 < 16."""
    return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))


def find_bindir() -> Path | None:
    """The newest /usr/lib/postgresql/*/bin with the server's programs, else initdb's on PATH."""
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version_key, reverse=True)
    on_path = shutil.which("initdb")
    if on_path is not None:
        candidates.append(Path(on_path).resolve().parent)
    for bindir in candidates:
        if all(os.access(bindir / program, os.X_OK) for program in _PROGRAMS):
            return bindir
    return None


def _as_root() -> bool:
    return os.geteuid() == 0


def postgres_available() -> str | None:
    """None when a throwaway server can be started here, else why it cannot."""
    if find_bindir() is None:
        return (
            "PostgreSQL's server programs (initdb, pg_ctl, postgres) were not found in "
            "/usr/lib/postgresql/*/bin nor on PATH; install Debian's `postgresql` package "
            "(tools/ensure-debian-package.sh does)"
        )
    if _as_root():
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            return f"running as root but there is no {SERVER_USER!r} system user to run PostgreSQL"
        if shutil.which("runuser") is None:
            return "running as root but `runuser` (util-linux) is missing"
    return None


def _command(args: list[str]) -> list[str]:
    """`args`, run as the postgres user when we are root (PostgreSQL refuses root)."""
    return ["runuser", "-u", SERVER_USER, "--", *args] if _as_root() else args


def _others_can_enter(path: Path) -> bool:
    """Whether every directory from / down to `path` lets other users through."""
    return all(stat.S_IMODE(p.stat().st_mode) & stat.S_IXOTH for p in (path, *path.parents))


def _make_workdir() -> Path:
    """A fresh temporary directory, owned by the user that will run the server."""
    base = Path(tempfile.gettempdir()).resolve()
    if _as_root() and not _others_can_enter(base):
        base = Path("/tmp")  # $TMPDIR is closed to the postgres user
    workdir = Path(tempfile.mkdtemp(prefix="clickbox-pg-", dir=base))
    if _as_root():
        user = pwd.getpwnam(SERVER_USER)
        os.chown(workdir, user.pw_uid, user.pw_gid)
    return workdir


def _free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _environment() -> dict[str, str]:
    """Our environment without PG* variables (they would redirect the tools), in the C locale."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
    env.update(LC_ALL="C", LANG="C")
    return env


def _run(args: list[str], workdir: Path, what: str) -> None:
    """Runs one of PostgreSQL's tools; raises with its output when it fails."""
    done = subprocess.run(
        _command(args),
        cwd=workdir,
        env=_environment(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"{what} failed (exit {done.returncode}): {' '.join(args)}\n{done.stdout}{done.stderr}"
        )


def conninfo(url: str) -> str:
    """The psycopg connection string for a `postgresql+psycopg://` URL from this module."""
    parsed = make_url(url)
    return psycopg.conninfo.make_conninfo(
        host=parsed.host or "127.0.0.1",
        port=parsed.port or 5432,
        user=parsed.username or ROLE,
        dbname=parsed.database or "postgres",
        connect_timeout=5,
    )


def _url(port: int, database: str) -> str:
    return f"postgresql+psycopg://{ROLE}@127.0.0.1:{port}/{database}"


def _log_text(log: Path) -> str:
    try:
        return log.read_text(errors="replace")
    except OSError as error:
        return f"(no server log: {error})"


def _wait_ready(server: subprocess.Popen[bytes], port: int, log: Path) -> bool:
    """Polls until the server accepts connections: True, or False if it exited (port taken?)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    info = conninfo(_url(port, "postgres"))
    while True:
        if server.poll() is not None:
            return False
        try:
            with psycopg.connect(info):
                return True
        except psycopg.OperationalError as error:
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"PostgreSQL did not accept connections on 127.0.0.1:{port} within "
                    f"{START_TIMEOUT_S:.0f} s (last error: {error}); server log:\n{_log_text(log)}"
                ) from error
        time.sleep(0.05)


def _stop(server: subprocess.Popen[bytes], bindir: Path, datadir: Path, workdir: Path) -> None:
    """Stops the server at once (it is thrown away: no clean shutdown needed)."""
    if server.poll() is None:
        with suppress(RuntimeError):
            stop = [str(bindir / "pg_ctl"), "stop", "-D", str(datadir), "-m", "immediate", "-w"]
            _run(stop, workdir, "pg_ctl stop")
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.terminate()  # runuser passes SIGTERM on to the server
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """Starts a private PostgreSQL server and yields the SQLAlchemy URL of its `clickbox_test`.

    The server and its temporary directory are gone when the block exits.
    """
    reason = postgres_available()
    bindir = find_bindir()
    if reason is not None or bindir is None:
        raise RuntimeError(f"cannot start PostgreSQL: {reason}")
    workdir = _make_workdir()
    try:
        datadir = workdir / "data"
        log = workdir / "server.log"
        initdb = [str(bindir / "initdb"), "-D", str(datadir), "--auth=trust", "-U", ROLE]
        _run([*initdb, "--encoding=UTF8", "--locale=C"], workdir, "initdb")
        for _attempt in range(_PORT_ATTEMPTS):
            port = _free_port()
            args = [str(bindir / "postgres"), "-D", str(datadir), "-p", str(port)]
            args += ["-c", "listen_addresses=127.0.0.1", "-k", str(workdir)]
            with log.open("wb") as log_file:  # one attempt's log
                server = subprocess.Popen(
                    _command(args),
                    cwd=workdir,
                    env=_environment(),
                    stdin=subprocess.DEVNULL,
                    stdout=log_file,
                    stderr=subprocess.STDOUT,
                )
            try:
                if _wait_ready(server, port, log):
                    break
            except BaseException:
                _stop(server, bindir, datadir, workdir)
                raise
            if "could not bind" not in _log_text(log):  # died, and not for a taken port
                raise RuntimeError(
                    f"PostgreSQL exited at start-up (status {server.returncode}); "
                    f"server log:\n{_log_text(log)}"
                )
        else:
            raise RuntimeError(
                f"PostgreSQL found no free port in {_PORT_ATTEMPTS} tries; "
                f"server log:\n{_log_text(log)}"
            )
        try:
            with psycopg.connect(conninfo(_url(port, "postgres")), autocommit=True) as admin:
                admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DATABASE)))
            yield _url(port, DATABASE)
        finally:
            _stop(server, bindir, datadir, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def fresh_database(server_url: str) -> Iterator[str]:
    """A new, empty database `t_<random hex>` on the server of `server_url`; dropped on exit."""
    name = f"t_{secrets.token_hex(8)}"
    admin_info = conninfo(server_url)
    with psycopg.connect(admin_info, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin_info, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
