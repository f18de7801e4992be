"""Talk (issue 40): a chat message said over the match's websocket, to the moment each other player of its
channel has it on their own socket, on the shipped server (Uvicorn, two workers) with the Redis channel layer.

A designed match (Highest Unique Bid) with every seat a signed-in player whose match page's socket is open; the
talk is the match's channel of everyone. Players take turns to say something (``{"type": "talk", ...}`` on their
own socket), one message at a time, paced under the talk's brake (5 messages a seat in 10 seconds); the clock
starts as the frame is sent and stops, for each other reader, when their socket has the ``talk`` frame holding
that message. The sockets are spread over the two server processes as a browser's would be.
"""

from __future__ import annotations

import asyncio
import json
import time

from asgiref.sync import sync_to_async
from websockets.asyncio.client import connect

from bench import fixtures
from bench.common import Results, Server, ms, pct
from games.engines.registry import get_engine
from genius.talk.posting import BRAKE_COUNT, BRAKE_SECONDS

GAME = "custom-game"
DESIGN = "highest-unique-bid"
TARGET = 0.100
CHANNEL = "everyone"


class Reader:
    def __init__(self, name: str, cookie: str) -> None:
        self.name, self.cookie = name, cookie
        self.ws = None
        self.seen: dict[str, float] = {}
        self.arrived = asyncio.Event()
        self.errors: list[str] = []
        self.task: asyncio.Task | None = None

    async def open(self, port: int, match_id: int) -> None:
        self.ws = await connect(f"ws://127.0.0.1:{port}/ws/matches/{match_id}/", compression=None,
                                origin=f"http://127.0.0.1:{port}", additional_headers={"Cookie": self.cookie},
                                ping_interval=None, open_timeout=60)
        hello = json.loads(await self.ws.recv())
        assert hello.get("viewer") == "player", hello
        self.task = asyncio.get_running_loop().create_task(self.read())

    async def read(self) -> None:
        try:
            async for raw in self.ws:
                now = time.perf_counter()
                if '"talk"' not in raw[:40] and '"error"' not in raw[:40]:
                    continue
                msg = json.loads(raw)
                if msg.get("type") == "talk":
                    html = msg.get("html", "")
                    at = html.find("bench-talk-")
                    if at >= 0:
                        self.seen[html[at:].split(" ", 1)[0].split("<", 1)[0]] = now
                        self.arrived.set()
                elif msg.get("type") == "error":
                    self.errors.append(str(msg.get("message", msg))[:200])
        except Exception:  # noqa: BLE001 - closed
            return

    async def close(self) -> None:
        if self.task:
            self.task.cancel()
        if self.ws is not None:
            await self.ws.close()


def make_match(players: int, seed: int) -> tuple[int, list[tuple[str, str]]]:
    design = fixtures.shipped_design(get_engine(GAME), DESIGN)
    users = fixtures.users(f"talk-{seed}-", players)
    m = fixtures.match(GAME, users, seed, seats=players, design=design)
    names = {s.user_id: s.name for s in m.seats.all()}
    return m.pk, [(names[u.pk], fixtures.session_cookie(u)) for u in users]


async def talk(ports: list[int], players: int, messages: int, seed: int) -> tuple[list[float], int, list[str]]:
    """Say ``messages`` messages in turn; (every reader's latency, messages some reader never got, errors)."""
    match_id, seats = await sync_to_async(make_match)(players, seed)
    readers = [Reader(name, cookie) for name, cookie in seats]
    for i, r in enumerate(readers):
        await r.open(ports[i % len(ports)], match_id)
    gap = BRAKE_SECONDS / (BRAKE_COUNT - 1) / len(readers)  # each seat stays under the brake
    lat: list[float] = []
    missing = 0
    try:
        for i in range(messages):
            sender = readers[i % len(readers)]
            others = [r for r in readers if r is not sender]
            key = f"bench-talk-{seed}-{i}"
            started = time.perf_counter()
            await sender.ws.send(json.dumps({"type": "talk", "channel": CHANNEL, "text": key}))
            end = started + 5.0
            while any(key not in r.seen for r in others) and time.perf_counter() < end:
                await asyncio.sleep(0.002)
            got = [r.seen[key] - started for r in others if key in r.seen]
            missing += len(others) - len(got)
            lat += got
            await asyncio.sleep(max(0.0, started + gap - time.perf_counter()))
    finally:
        for r in readers:
            await r.close()
    return lat, missing, [e for r in readers for e in r.errors]


def run(results: Results, players: int, messages: int) -> None:
    print(f"== Talk: a message to the {players - 1} other players of its channel ==", flush=True)
    with Server("uvicorn", 2) as server:
        asyncio.run(talk([server.port], min(players, 4), 4, 7000))  # each worker's first frames
        lat, missing, errors = asyncio.run(talk([server.port], players, messages, 7100))
    results.add(
        "Talk", f"{messages} messages over the match socket to {players - 1} readers each, designed match, Uvicorn ×2",
        f"p50 {ms(pct(lat, 50))}, p99 {ms(pct(lat, 99))}, slowest {ms(max(lat) if lat else float('nan'))} over "
        f"{len(lat)} deliveries; missing {missing}" + (f"; errors: {errors[:3]}" if errors else ""),
        f"p99 ≤ {ms(TARGET)}, none missing", pct(lat, 99) <= TARGET and not missing and not errors)
