"""Live turn: in every game with live turns (a Death Match on a live clock: Bigfoot Sighting, Black and
White...), from the last lock-in of a turn to both players' sockets holding the new board, on the shipped
server (Uvicorn, two workers) with Redis, the players' pages connected.

Each turn: every actor but the last locks in over HTTP; the clock starts as the last actor's lock-in is
sent (the only one, in a turn one player plays); it stops when both players' sockets have their seat
update for the next phase (their own new board). A game without live turns (its phases close at their
deadline, not at the last lock-in) has no such moment: its row says so.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from websockets.asyncio.client import connect

from bench import fixtures
from bench.common import Results, Server, median, ms, pct
from bench.http import Connection
from games.engines.registry import get_engine, slugs
from games.engines.runner import bot_move
from genius.matches.models import Match
from genius.matches.services import lifecycle, submitting

TARGET = 0.100
MAX_PHASES = 120  # a match still going after this many phases is left for a new one
MAX_SECONDS = 300  # and a game's run stops after this long, measured or not


def live_games() -> list[str]:
    """The registered games whose turns are played live (a Death Match on a live clock), in registry order."""
    return [slug for slug in slugs() if get_engine(slug).spec.offers.death_match and
            get_engine(slug).spec.offers.live_clock]


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

    def drain(self) -> None:
        while not self.phases.empty():
            self.phases.get_nowait()

    async def wait_phase(self, old: int, timeout: float = 10.0) -> float:
        """When this socket got its own board for a phase after ``old`` (or the end: phase 0)."""
        end = time.perf_counter() + timeout
        while True:
            phase, at = await asyncio.wait_for(self.phases.get(), max(0.01, end - time.perf_counter()))
            if int(phase) > old or int(phase) == 0:
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


def play_alone(match_id: int) -> None:
    """A phase with one actor: the actor's bot move, locked in through the service (not timed)."""
    m = Match.objects.get(pk=match_id)
    engine = get_engine(m.game)
    spec = engine.phase(m.state)
    if spec is None or len(spec.actors) != 1:
        lifecycle.resolve_now(match_id)
        return
    seat = m.seats.get(name=spec.actors[0])
    before = m.current_phase  # read once: the property queries again each time
    submitting.submit(seat, bot_move(engine, m.state, m.seed, spec, seat.name), lock=True)
    after = Match.objects.get(pk=match_id).current_phase
    if after is not None and before is not None and after.pk == before.pk:  # the lock-in did not resolve it
        lifecycle.resolve_now(match_id)


def _state(match_id: int) -> tuple[Match, object]:
    m = Match.objects.get(pk=match_id)
    return m, (get_engine(m.game).phase(m.state) if m.state is not None else None)


async def play(port: int, game: str, turns: int, warmup: int,  # noqa: C901
               design: dict | None = None) -> tuple[list[float], int]:
    """Play matches of ``game`` (of ``design``, when given) until ``turns`` live turns are measured; returns
    latencies and errors."""
    lat: list[float] = []
    errors = 0
    seed = 1
    deadline = time.monotonic() + MAX_SECONDS
    while len(lat) < turns and time.monotonic() < deadline:
        users = await sync_to_async(fixtures.users)(f"lt-{game}{'-d' if design else ''}-{seed}-", 2)
        match = await sync_to_async(fixtures.match)(game, users, seed, seats=2, turn_seconds=3600, design=design)
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
                if spec.number > MAX_PHASES or time.monotonic() > deadline:
                    break
                actors = [next((p for p in players if p.name == a), None) for a in spec.actors]
                if spec.kind not in ("turn", "setup") or not actors or None in actors:
                    await sync_to_async(play_alone)(match.pk)  # a decision, or a bot acts: not measured
                    continue
                forms = [await sync_to_async(fixtures.form_fields)(m, p.name, played) for p in actors]
                if os.environ.get("BENCH_DEBUG"):
                    print(spec, len(lat), errors, flush=True)
                mulligan = next((i for i, f in enumerate(forms) if any(name == "mulligan" for name, _ in f or [])),
                                None)
                if mulligan is not None:  # the bot plays its Mulligan: it settles the turn at once (not measured)
                    if await lock_in(actors[mulligan], match.pk, forms[mulligan]) != 302:
                        errors += 1
                    continue
                refused = False
                for p, f in zip(actors[:-1], forms[:-1], strict=True):
                    refused = refused or await lock_in(p, match.pk, f) != 302
                if refused:
                    errors += 1
                    await sync_to_async(lifecycle.resolve_now)(match.pk)
                    continue
                old = spec.number
                await asyncio.sleep(0.05)  # let the earlier lock-ins' own updates arrive, then forget them
                for p in players:
                    p.drain()
                t0 = time.perf_counter()
                status = await lock_in(actors[-1], match.pk, forms[-1])
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
                    if os.environ.get("BENCH_DEBUG"):
                        print("  took", [round(d - t0, 3) for d in done], flush=True)
        finally:
            for p in players:
                await p.close()
        seed += 1
    return lat, errors


#: The designed live game measured beside the coded ones (issue 40): the shipped design of Black and White.
DESIGNED = ("custom-game", "black-and-white")


def run(results: Results, turns: int, repeats: int = 1, designed_only: bool = False) -> None:
    print("== Live turn: the last lock-in to both players' new boards ==", flush=True)
    live = live_games()
    for game in [] if designed_only else slugs():
        if game not in live:
            results.add("Live turn", f"{game}", "not measured: no live turns (its phases close at their deadline)")
            continue
        one_game(results, game, turns, repeats)
    game, stem = DESIGNED
    one_game(results, game, turns, repeats, design=fixtures.shipped_design(get_engine(game), stem),
             label=f"{stem} design")


def one_game(results: Results, game: str, turns: int, repeats: int, design: dict | None = None,
             label: str = "") -> None:
    """``game``'s live turns, the stock push beside this app's (a design: this app's only)."""
    sides: tuple[tuple[str, dict[str, str]], ...] = (("before: stock push", {"BENCH_PUSH": "stock"}), ("this app", {}))
    if design is not None:
        sides = sides[1:]
    got: dict[str, list[tuple[float, float, int, int]]] = {side: [] for side, _ in sides}
    for _ in range(repeats):  # the two sides take turns, each run on fresh servers
        for side, env in sides:
            with Server("uvicorn", 2, env=env) as server:
                lat, errors = asyncio.run(play(server.port, game, turns, warmup=2, design=design))
            got[side].append((pct(lat, 50), pct(lat, 99), len(lat), errors))
            print(f"    {game} {label}, {side}: p50 {ms(pct(lat, 50))}, p99 {ms(pct(lat, 99))} over {len(lat)} turns",
                  flush=True)
    for side, env in sides:
        runs = got[side]
        p50, p99 = median(r[0] for r in runs), median(r[1] for r in runs)
        errors = sum(r[3] for r in runs)
        counted = min(r[2] for r in runs)
        results.add("Live turn", f"{game}{f' ({label})' if label else ''}, {len(runs)} × {counted} turns, "
                    f"Uvicorn ×2, {side}",
                    f"p50 {ms(p50)}, p99 {ms(p99)} (median of {len(runs)} runs)" + (f"; {errors} errors" if errors else ""),
                    "" if env else f"p99 ≤ {ms(TARGET)}", None if env else (p99 <= TARGET and counted > 0 and not errors))
