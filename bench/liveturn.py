"""Live turn: in Bigfoot Sighting, from the second lock-in to both players' sockets holding the new
board, on the shipped server (Uvicorn, two workers) with Redis, the players' pages connected.

Each turn: player A locks in over HTTP; the clock starts as player B's lock-in is sent; it stops
when both players' sockets have their seat update for the next phase (their own new board).
"""

from __future__ import annotations

import asyncio
import json
import time
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from websockets.asyncio.client import connect

from bench import fixtures
from bench.common import Results, Server, ms, pct
from bench.http import Connection
from games.engines.registry import get_engine
from games.models import Match
from games.services import lifecycle

TARGET = 0.100
GAME = "bigfoot-sighting"


class Player:
    def __init__(self, name: str, cookie: str) -> None:
        self.name, self.cookie = name, cookie
        self.ws = None
        self.http: Connection | None = None
        self.phases: asyncio.Queue[tuple[str, float]] = asyncio.Queue()
        self.reader: asyncio.Task | None = None

    async def open(self, port: int, match_id: int) -> None:
        self.http = Connection(port)
        self.ws = await connect(f"ws://127.0.0.1:{port}/ws/matches/{match_id}/", compression=None,
                                origin=f"http://127.0.0.1:{port}", additional_headers={"Cookie": self.cookie},
                                ping_interval=None)
        hello = json.loads(await self.ws.recv())
        assert hello["viewer"] == "player", hello
        self.reader = asyncio.get_running_loop().create_task(self.read())

    async def read(self) -> None:
        try:
            async for raw in self.ws:
                now = time.perf_counter()
                msg = json.loads(raw)
                parts = msg.get("parts", {})
                if msg.get("type") == "update" and "board" in parts and "phase" in parts:
                    self.phases.put_nowait((parts["phase"], now))
        except Exception:  # noqa: BLE001 - closed
            return

    async def wait_phase(self, old: str, timeout: float = 10.0) -> float:
        """When this socket got its own board for a phase other than ``old``."""
        end = time.perf_counter() + timeout
        while True:
            phase, at = await asyncio.wait_for(self.phases.get(), max(0.01, end - time.perf_counter()))
            if phase != old:
                return at

    async def close(self) -> None:
        if self.reader:
            self.reader.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()


async def lock_in(player: Player, match_id: int, fields: list[tuple[str, str]]) -> int:
    assert player.http is not None
    body = urlencode([*fields, ("lock", "1")]).encode()
    status, _, _ = await player.http.request(
        "POST", f"/matches/{match_id}/submit/",
        {"Cookie": player.cookie, "Content-Type": "application/x-www-form-urlencoded"}, body)
    return status


def _state(match_id: int) -> tuple[Match, object]:
    m = Match.objects.get(pk=match_id)
    return m, (get_engine(m.game).phase(m.state) if m.state is not None else None)


async def play(port: int, turns: int, warmup: int) -> tuple[list[float], int]:
    """Play Bigfoot matches until ``turns`` live turns are measured; returns latencies and errors."""
    lat: list[float] = []
    errors = 0
    seed = 1
    while len(lat) < turns:
        users = await sync_to_async(fixtures.users)(f"bf{seed}-", 2)
        match = await sync_to_async(fixtures.match)(GAME, users, seed, seats=2, turn_seconds=3600)
        names = {s.user_id: s.name for s in await sync_to_async(list)(match.seats.all())}
        players = [Player(names[u.pk], await sync_to_async(fixtures.session_cookie)(u)) for u in users]
        for p in players:
            await p.open(port, match.pk)
        try:
            played = 0
            while len(lat) < turns:
                m, spec = await sync_to_async(_state)(match.pk)
                if spec is None or m.status != Match.Status.RUNNING:
                    break
                if spec.kind not in ("turn", "setup") or len(spec.actors) != 2:
                    await sync_to_async(lifecycle.resolve_now)(match.pk)  # a decision: not a live turn
                    continue
                first, second = (next(p for p in players if p.name == a) for a in spec.actors)
                forms = [await sync_to_async(fixtures.form_fields)(m, p.name, played) for p in (first, second)]
                if await lock_in(first, match.pk, forms[0]) != 302:
                    errors += 1
                    await sync_to_async(lifecycle.resolve_now)(match.pk)
                    continue
                old = str(spec.number)
                t0 = time.perf_counter()
                status = await lock_in(second, match.pk, forms[1])
                try:
                    done = await asyncio.gather(*(p.wait_phase(old) for p in players))
                except TimeoutError:
                    errors += 1
                    continue
                if status != 302:
                    errors += 1
                elif spec.kind == "turn":
                    played += 1
                    if played > warmup:
                        lat.append(max(done) - t0)
        finally:
            for p in players:
                await p.close()
        seed += 1
    return lat, errors


def run(results: Results, turns: int) -> None:
    print("== Live turn (Bigfoot Sighting): second lock-in to both players' new boards ==", flush=True)
    with Server("uvicorn", 2) as server:
        lat, errors = asyncio.run(play(server.port, turns, warmup=2))
    p99 = pct(lat, 99)
    results.add("Live turn", f"Bigfoot Sighting, {len(lat)} turns, Uvicorn ×2",
                f"p50 {ms(pct(lat, 50))}, p99 {ms(p99)}" + (f"; {errors} errors" if errors else ""),
                f"p99 ≤ {ms(TARGET)}", p99 <= TARGET and not errors)
