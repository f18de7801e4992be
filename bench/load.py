"""The load process: N concurrent clients, each sending its request again as soon as the last is
answered, for a fixed time. Prints one JSON line: requests, seconds, latencies' p50/p99, errors.

    python -m bench.load JOBFILE   (JSON: port, concurrency, seconds, requests: [[method, path, headers, body]])

Client i sends requests[i % len(requests)] (e.g. player i's submission) over its own connection.
"""

from __future__ import annotations

import asyncio
import json
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


async def main(job: dict) -> dict:
    lat: list[float] = []
    errors: dict[str, int] = {}
    requests = job["requests"]
    start = time.perf_counter()
    until = start + job["seconds"]
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
