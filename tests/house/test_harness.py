"""The shared harness (free ports, processes started and stopped) and the shared progress bar."""

from __future__ import annotations

import io
import re
import socket
import sys

from genius.progress import bar, track
from genius.testing import harness


def test_a_free_port_is_one_nothing_listens_on_and_can_be_bound():
    port = harness.free_port()
    assert 0 < port < 65536 and not harness.port_open(port)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))


def test_stopping_a_process_stops_its_children_too(tmp_path):
    script = ("import subprocess, sys, time; "
              "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
              "print(child.pid, flush=True); time.sleep(60)")
    log = tmp_path / "parent.log"
    proc = harness.start_process([sys.executable, "-c", script], log=log)
    assert harness.wait_until(lambda: log.read_text().strip(), timeout=20)
    child = int(log.read_text().split()[0])
    assert harness.children(proc.pid) == [child]
    harness.stop_all([proc], timeout=5)
    assert proc.poll() is not None
    assert harness.wait_until(lambda: not _alive(child), timeout=10)


def _alive(pid: int) -> bool:
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_progress_bar_draws_nothing_on_a_pipe_unless_asked():
    quiet, loud = io.StringIO(), io.StringIO()
    assert list(track(range(3), "quiet", file=quiet)) == [0, 1, 2]
    with bar(3, "loud", "phase", force=True, file=loud) as progress:
        progress.update(3)
    assert quiet.getvalue() == ""
    assert "loud:" in loud.getvalue() and "/3" in loud.getvalue() and "\n" not in loud.getvalue()


def test_no_copy_of_the_harness_is_left_in_tests_bench_or_reliability():
    root = harness.ROOT
    places = [*root.glob("bench/*.py"), *root.glob("reliability/*.py"), *root.glob("tests/real_services/*.py"),
              *root.glob("tests/scaleout/*.py")]
    copies = [str(p.relative_to(root)) for p in places
              if re.search(r"def free_port|socket\.socket\(|\.bind\(\(", p.read_text())]
    assert copies == []
