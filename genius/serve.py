"""The web server: N Uvicorn worker processes, each listening on its own socket (``SO_REUSEPORT``), so the
kernel spreads the connections evenly between them.

Uvicorn's own ``--workers`` shares one listening socket between its workers, and whichever worker wakes first
accepts every connection waiting: measured here, 50 connections opened together split 43 to 7, and the players on
the busy worker waited five times as long as the others (docs/PERFORMANCE.md, "Connections spread between the
workers"). With a socket each, the kernel hashes each new connection to one of them.

    python -m genius.serve genius.asgi:application --host 0.0.0.0 --port 8000 --workers 2 \\
        [--backlog 4096] [--proxy-headers] [--forwarded-allow-ips IPS] [--log-level info] [--no-access-log]

WebSocket compression is off, as in the settings measured (``--ws-per-message-deflate false``). The parent only
watches: a worker that dies is started again (a worker that dies within :data:`QUICK_DEATH` seconds of its start
:data:`QUICK_DEATHS` times running stops the server: it cannot start, and the log says why); SIGTERM or SIGINT
stops the workers gracefully, each finishing the requests it holds.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import signal
import socket
import sys
import time
from multiprocessing.process import BaseProcess
from typing import Any

import uvicorn

logger = logging.getLogger("genius.serve")

#: A worker that dies this soon after its start has failed to start.
QUICK_DEATH = 5.0
#: So many quick deaths running and the server stops, rather than start it again for ever.
QUICK_DEATHS = 3
#: How long a stopping worker has to finish its requests before it is killed.
GRACE = 30.0
_spawn = multiprocessing.get_context("spawn")


def listening_socket(host: str, port: int, backlog: int) -> socket.socket:
    """A socket bound to (host, port) that shares the port with the other workers' (``SO_REUSEPORT``)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(backlog)
    return sock


def _worker(options: dict[str, Any]) -> None:
    """One worker process: its own socket, one Uvicorn server on it until SIGTERM."""
    config = uvicorn.Config(**options)
    uvicorn.Server(config).run(sockets=[listening_socket(config.host, config.port, config.backlog)])


class Supervisor:
    """Starts the workers, starts again one that dies, stops them all on SIGTERM or SIGINT."""

    def __init__(self, options: dict[str, Any], workers: int) -> None:
        self.options, self.count = options, workers
        self.workers: list[tuple[BaseProcess, float]] = []
        self.stopping = False
        self.quick_deaths = 0

    def start_one(self) -> tuple[BaseProcess, float]:
        process = _spawn.Process(target=_worker, args=(self.options,), daemon=False)
        process.start()
        logger.info("Started worker process [%s]", process.pid)
        return process, time.monotonic()

    def stop(self, *_: object) -> None:
        self.stopping = True

    def run(self) -> int:
        """Serve until stopped: 0, or 1 when the workers cannot start."""
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)
        self.workers = [self.start_one() for _ in range(self.count)]
        while not self.stopping:
            time.sleep(0.2)
            if not self.replace_the_dead():
                break
        self.stop_all()
        return 0 if self.quick_deaths < QUICK_DEATHS else 1

    def replace_the_dead(self) -> bool:
        """Start again each worker that died; False once they die as soon as they start."""
        for i, (process, started) in enumerate(self.workers):
            if process.is_alive() or self.stopping:
                continue
            quick = time.monotonic() - started < QUICK_DEATH
            self.quick_deaths = self.quick_deaths + 1 if quick else 0
            logger.warning("Worker process [%s] ended (exit code %s)%s", process.pid, process.exitcode,
                           "" if self.quick_deaths < QUICK_DEATHS else "; it cannot start: stopping")
            if self.quick_deaths >= QUICK_DEATHS:
                return False
            self.workers[i] = self.start_one()
        return True

    def stop_all(self) -> None:
        for process, _ in self.workers:
            if process.is_alive():
                process.terminate()  # SIGTERM: Uvicorn finishes the requests it holds, then exits
        end = time.monotonic() + GRACE
        for process, _ in self.workers:
            process.join(max(0.0, end - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()


def parse(argv: list[str]) -> tuple[dict[str, Any], int]:
    """(Uvicorn's options for one worker, the number of workers) from the command line."""
    parser = argparse.ArgumentParser(prog="python -m genius.serve", description=__doc__.split("\n\n")[0])
    parser.add_argument("app", help="the ASGI application, as module:attribute")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backlog", type=int, default=4096)
    parser.add_argument("--proxy-headers", action="store_true")
    parser.add_argument("--forwarded-allow-ips", default=None)
    parser.add_argument("--log-level", default="info",
                        choices=["critical", "error", "warning", "info", "debug", "trace"])
    parser.add_argument("--no-access-log", action="store_true")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if not hasattr(socket, "SO_REUSEPORT"):
        parser.error("this system has no SO_REUSEPORT: run uvicorn --workers N instead")
    options = {"app": args.app, "host": args.host, "port": args.port, "backlog": args.backlog,
               "proxy_headers": args.proxy_headers, "forwarded_allow_ips": args.forwarded_allow_ips,
               "log_level": args.log_level, "access_log": not args.no_access_log, "ws_per_message_deflate": False,
               "lifespan": "auto"}
    return options, args.workers


def main(argv: list[str] | None = None) -> int:
    options, workers = parse(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=options["log_level"].upper() if options["log_level"] != "trace" else "DEBUG",
                        format="%(levelname)s:     %(message)s")
    return Supervisor(options, workers).run()


if __name__ == "__main__":
    sys.exit(main())
