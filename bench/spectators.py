"""The spectator crowd: one asyncio process holding many websockets (``python -m bench.spectators``).

It reads commands as JSON lines on stdin and answers each with one JSON line on stdout:

- ``{"cmd": "connect", "urls": [...], "count": N, "origin": "http://…"}``: open N sockets spread
  over the URLs (a few hundred at a time); answers how many connected.
- ``{"cmd": "collect", "seq": S, "t0": T, "timeout": s}``: wait until every socket has an update
  with sequence ≥ S (or the timeout); answers the latencies from T (wall clock) and how many
  sockets never got it (lost).
- ``{"cmd": "close"}`` closes every socket; ``{"cmd": "quit"}`` ends the process.

A frame is never parsed as JSON: the sequence number is read from its first bytes, so the crowd
costs the machine as little as possible.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time

from websockets.asyncio.client import connect

SEQ = re.compile(rb'"seq":\s*(\d+)')
PARALLEL = 250


class Wait:
    """The update being waited for: how many sockets have it, and an event once all do."""

    target: int | None = None
    count = 0
    total = 0
    event: asyncio.Event | None = None


class Socket:
    __slots__ = ("ws", "times", "task", "done")

    def __init__(self) -> None:
        self.ws = None
        self.times: dict[int, float] = {}
        self.task: asyncio.Task | None = None
        self.done = False

    def mark(self) -> None:
        if not self.done and Wait.target is not None and any(s >= Wait.target for s in self.times):
            self.done = True
            Wait.count += 1
            if Wait.count >= Wait.total and Wait.event is not None:
                Wait.event.set()

    async def run(self, url: str, origin: str, ready: asyncio.Semaphore) -> bool:
        try:
            async with ready:
                self.ws = await connect(url, origin=origin, compression=None, open_timeout=60,
                                        ping_interval=None, max_size=2**24, max_queue=64)
                hello = await asyncio.wait_for(self.ws.recv(decode=False), 60)
                if b'"hello"' not in hello[:40]:
                    return False
        except Exception:  # noqa: BLE001 - a failed connection is counted by the caller
            return False
        self.task = asyncio.get_running_loop().create_task(self.read())
        return True

    async def read(self) -> None:
        try:
            while True:
                data = await self.ws.recv(decode=False)
                now = time.time()
                head = data[:48]
                if b'"update"' in head:
                    found = SEQ.search(head)
                    if found:
                        self.times[int(found.group(1))] = now
                        self.mark()
        except Exception:  # noqa: BLE001 - closed
            return

    def got(self, seq: int) -> float | None:
        hits = [t for s, t in self.times.items() if s >= seq]
        return min(hits) if hits else None


async def main() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    sockets: list[Socket] = []

    def answer(obj: dict) -> None:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    while line := await reader.readline():
        cmd = json.loads(line)
        if cmd["cmd"] == "connect":
            start = time.perf_counter()
            gate = asyncio.Semaphore(PARALLEL)
            batch = [Socket() for _ in range(cmd["count"])]
            urls = cmd["urls"]
            ok = await asyncio.gather(*(s.run(urls[i % len(urls)], cmd["origin"], gate) for i, s in enumerate(batch)))
            sockets += [s for s, good in zip(batch, ok, strict=True) if good]
            answer({"connected": sum(ok), "failed": len(ok) - sum(ok), "seconds": time.perf_counter() - start})
        elif cmd["cmd"] == "collect":
            seq = cmd["seq"]
            Wait.target, Wait.count, Wait.total, Wait.event = seq, 0, len(sockets), asyncio.Event()
            for s in sockets:
                s.done = False
                s.mark()
            if Wait.count < Wait.total:
                try:
                    await asyncio.wait_for(Wait.event.wait(), cmd["timeout"])
                except TimeoutError:
                    pass
            times = [s.got(seq) for s in sockets]
            Wait.target = None
            lat = sorted((t - cmd["t0"]) for t in times if t is not None)
            for s in sockets:
                s.times.clear()
            answer({"received": len(lat), "lost": sum(t is None for t in times), "lat": lat})
        elif cmd["cmd"] == "close":
            await asyncio.gather(*(s.ws.close() for s in sockets if s.ws is not None), return_exceptions=True)
            for s in sockets:
                if s.task is not None:
                    s.task.cancel()
            answer({"closed": len(sockets)})
            sockets = []
        elif cmd["cmd"] == "quit":
            answer({"bye": True})
            return


if __name__ == "__main__":
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    asyncio.run(main())
