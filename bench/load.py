"""The load process: N concurrent clients, each sending its request again as soon as the last is
answered, for a fixed time. Prints one JSON line: requests, seconds, latencies' p50/p99, errors.

    python -m bench.load JOBFILE   (JSON: port, concurrency, seconds, requests: [[method, path, headers, body]],
                                    and maybe rate)

Client i sends requests[i % len(requests)] (e.g. player i's submission) over its own connection.

With ``rate`` (requests a second, all clients together) the load is steady instead: each client sends at
random moments (a Poisson stream of ``rate / concurrency`` a second, seeded by its number), whether or not the
server keeps up, and a request's latency counts from the moment it was due, so a request that waited for its
connection because the one before it was slow counts that wait too (no coordinated omission).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from bench.http import Connection


async def client(port: int, request: list, until: float, lat: list[float], errors: dict[str, int]) -> None:
    method, path, headers, body = request
    body = body.encode()
    conn = Connection(port)
    try:
        while time.perf_counter() < until:
            t = time.perf_counter()
            try:
                status, _, _ = await conn.request(method, path, headers, body)
            except Exception as exc:  # noqa: BLE001 - counted, never fatal
                errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1
                await asyncio.sleep(0.05)
                continue
            if status >= 400:
                errors[str(status)] = errors.get(str(status), 0) + 1
            else:
                lat.append(time.perf_counter() - t)
    finally:
        await conn.close()


async def steady_client(port: int, request: list, start: float, until: float, every: float, rng: random.Random,
                        lat: list[float], errors: dict[str, int]) -> None:
    """One client of a steady load: its request at each moment its Poisson stream falls due, latency from then."""
    method, path, headers, body = request
    body = body.encode()
    conn = Connection(port)
    due = start + rng.expovariate(1 / every)
    try:
        while due < until:
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                status, _, _ = await conn.request(method, path, headers, body)
            except Exception as exc:  # noqa: BLE001 - counted, never fatal
                errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1
                status = 0
            if 0 < status < 400:
                lat.append(time.perf_counter() - due)
            elif status:
                errors[str(status)] = errors.get(str(status), 0) + 1
            due += rng.expovariate(1 / every)
    finally:
        await conn.close()


async def main(job: dict) -> dict:
    lat: list[float] = []
    errors: dict[str, int] = {}
    requests = job["requests"]
    start = time.perf_counter()
    until = start + job["seconds"]
    if job.get("rate"):
        every = job["concurrency"] / job["rate"]
        await asyncio.gather(*(steady_client(job["port"], requests[i % len(requests)], start, until, every,
                                             random.Random(i), lat, errors) for i in range(job["concurrency"])))
    else:
        await asyncio.gather(*(client(job["port"], requests[i % len(requests)], until, lat, errors)
                               for i in range(job["concurrency"])))
    seconds = time.perf_counter() - start
    lat.sort()

    def q(p: float) -> float:
        return lat[min(len(lat) - 1, int(p / 100 * len(lat)))] if lat else float("nan")

    return {"requests": len(lat), "seconds": seconds, "rps": len(lat) / seconds, "p50": q(50), "p99": q(99),
            "errors": errors}


if __name__ == "__main__":
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    with open(sys.argv[1]) as f:
        print(json.dumps(asyncio.run(main(json.load(f)))), flush=True)
