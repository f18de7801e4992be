"""The web server (``python -m genius.serve``): its workers each listen on their own socket, so connections
opened together spread over all of them; a worker that dies is started again; SIGTERM stops them all."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from genius import serve
from genius.testing import harness
from tests.real_services.conftest import service_env

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

WORKERS = 2


def _listening_inodes(port: int) -> tuple[set[str], set[str]]:
    """(the inodes of the sockets listening on ``port``, those of connections established to it) on 127.0.0.1."""
    listening, established = set(), set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local_port, state, inode = int(fields[1].split(":")[1], 16), fields[3], fields[9]
        if local_port == port:
            (listening if state == "0A" else established if state == "01" else set()).add(inode)
    return listening, established


def _sockets_of(pid: int) -> set[str]:
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            found.add(target[8:-1])
    return found


def workers_of(server: int, port: int) -> dict[int, int]:
    """The server's workers (the children listening on ``port``): pid → connections it holds."""
    listening, established = _listening_inodes(port)
    out = {}
    for pid in harness.children(server):
        try:
            held = _sockets_of(pid)
        except OSError:
            continue
        if held & listening:
            out[pid] = len(held & established)
    return out


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def _until(what, seconds: float = 60) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if what():
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def web(tmp_path) -> Iterator[tuple[object, int]]:
    """``python -m genius.serve`` with two workers on a free port: (its process, the port)."""
    port = harness.free_port()
    proc = harness.start_process(
        [sys.executable, "-m", "genius.serve", "genius.asgi:application", "--port", str(port),
         "--workers", str(WORKERS), "--log-level", "warning"],
        env={**service_env(), "DEBUG": "0", "SECRET_KEY": "web-workers-test-key-0123456789abcdef",
             "ALLOWED_HOSTS": "127.0.0.1", "SECURE_COOKIES": "0", "SECURE_SSL_REDIRECT": "0"},
        log=tmp_path / "web.log")
    try:
        assert _until(lambda: _healthy(port) and len(workers_of(proc.pid, port)) == WORKERS), \
            (tmp_path / "web.log").read_text()
        yield proc, port
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(40)
            except Exception:  # noqa: BLE001 - never leave it running
                os.killpg(proc.pid, signal.SIGKILL)


def test_connections_opened_together_spread_over_every_worker(web) -> None:
    proc, port = web
    conns = []
    try:
        for _ in range(64):  # opened at once, as a crowd of browsers at a deadline
            conns.append(socket.create_connection(("127.0.0.1", port)))
        for conn in conns:
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for conn in conns:
            assert conn.recv(1024).startswith(b"HTTP/1.1 200")
        held = workers_of(proc.pid, port)
    finally:
        for conn in conns:
            conn.close()
    assert len(held) == WORKERS
    # hashed to one socket or the other: fewer than 12 of 64 on one side happens about once in 10^7
    assert min(held.values()) >= 12, held


def test_a_worker_that_dies_is_started_again(web) -> None:
    proc, port = web
    first = sorted(workers_of(proc.pid, port))
    os.kill(first[0], signal.SIGKILL)
    assert _until(lambda: len(workers_of(proc.pid, port)) == WORKERS and first[0] not in workers_of(proc.pid, port))
    assert _healthy(port)


def test_sigterm_stops_every_worker_and_the_server(web) -> None:
    proc, port = web
    workers = list(workers_of(proc.pid, port))
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(40) == 0
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()
                and "Z" not in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]]
    assert not _healthy(port)


def test_the_command_line_gives_each_worker_uvicorns_options() -> None:
    options, workers = serve.parse(["genius.asgi:application", "--host", "0.0.0.0", "--port", "8000",
                                    "--workers", "3", "--proxy-headers", "--no-access-log"])
    assert workers == 3
    assert options["host"] == "0.0.0.0" and options["port"] == 8000
    assert options["proxy_headers"] is True and options["access_log"] is False
    assert options["ws_per_message_deflate"] is False


def test_no_workers_is_refused_with_a_clear_message(capsys) -> None:
    with pytest.raises(SystemExit):
        serve.parse(["genius.asgi:application", "--workers", "0"])
    assert "--workers must be at least 1" in capsys.readouterr().err
