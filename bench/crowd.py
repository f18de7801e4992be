"""Fan-out: N websocket spectators of one match, from a resolution's commit to the last socket.

Both designs run in the same run, each on fresh server processes:

- **hub** (the app): each server process receives the update once from Redis pub/sub and sends
  one pre-encoded frame to its own spectators (``genius.live.fanout``);
- **stock** (``bench.stock``): every spectator its own channel in a channels-redis group.

The spectators are one asyncio process (``bench.spectators``). The clock starts in an on-commit
callback registered before the resolution's own, so it reads the moment of the commit.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from django.db import transaction

from bench import fixtures
from bench.common import ROOT, Results, Server, median, ms, pct, rss_mb, server_env
from games.engines.registry import get_engine, slugs
from genius.live import pushes as live
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle

TARGETS = {2000: 0.300, 10000: 1.0}
STOCK_MOST = 2000


class Crowd:
    """The spectator process: send a command, read its one-line answer."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.spectators"], cwd=ROOT, env=server_env(),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, **cmd: object) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the spectator process died (see its stderr)")
        return json.loads(line)

    def quit(self) -> None:
        try:
            self.ask(cmd="quit")
            self.proc.wait(timeout=30)
        except Exception:  # noqa: BLE001
            self.proc.kill()
            self.proc.wait()


def resolve_and_stamp(match_id: int) -> tuple[float, int]:
    """Resolve the open phase; returns (the commit's wall-clock time, the new sequence number)."""
    stamp: list[float] = []
    fixtures.publish_bot_rulings([match_id])  # a phase the host rules: published first (not timed)
    with transaction.atomic():
        transaction.on_commit(lambda: stamp.append(time.time()))  # runs first: the commit's moment
        lifecycle.resolve_now(match_id)
    return stamp[0], Match.objects.get(pk=match_id).seq


def has_open_phase(match_id: int) -> bool:
    """Whether the match still has a phase to resolve (a finished match has none)."""
    return Phase.objects.filter(match_id=match_id, status=Phase.Status.OPEN).exists()


def one(size: int, design: str, servers: int, updates: int, seed: int, game: str, played: dict | None = None) -> dict:
    """Connect ``size`` spectators of a bot match of ``game`` (of the design ``played``, when given) to fresh
    servers, resolve ``updates`` phases, measure each."""
    match = fixtures.match(game, [], seed, title=f"crowd {size} {design}", design=played)
    route = "ws/matches" if design == "hub" else "ws/stock/matches"
    procs = [Server("uvicorn", 1).start() for _ in range(servers)]
    crowd = Crowd()
    original = live.push_update
    if design == "stock":
        from bench.stock import stock_push_update

        live.push_update = lambda match_id, seats=None, seq=None, watching=None: stock_push_update(match_id)
    try:
        urls = [f"ws://127.0.0.1:{s.port}/{route}/{match.pk}/" for s in procs]
        origin = f"http://127.0.0.1:{procs[0].port}"
        crowd.ask(cmd="connect", urls=urls, count=len(procs), origin=origin)  # warm each server up
        resolve_and_stamp(match.pk)
        crowd.ask(cmd="close")
        time.sleep(0.5)
        pids = [pid for s in procs for pid in s.pids()]
        before = rss_mb(pids)
        connected = crowd.ask(cmd="connect", urls=urls, count=size, origin=origin)
        time.sleep(1.0)
        per_thousand = (rss_mb(pids) - before) / max(1, connected["connected"]) * 1000
        p50s, p99s, lasts, lost, sizes = [], [], [], 0, []
        measured = 0
        for _ in range(updates):
            if not has_open_phase(match.pk):  # a short game ends before ``updates`` phases: measure what it has
                break
            measured += 1
            t0, seq = resolve_and_stamp(match.pk)
            got = crowd.ask(cmd="collect", seq=seq, t0=t0, timeout=15.0)
            lat = got["lat"]
            p50s.append(pct(lat, 50))
            p99s.append(pct(lat, 99))
            lasts.append(lat[-1] if lat else float("nan"))
            lost += got["lost"]
            time.sleep(0.3)
        crowd.ask(cmd="close")
        if not measured:
            raise RuntimeError(f"{game}: its match ended before a single update could be measured")
        from genius.matches import presenters

        m = Match.objects.get(pk=match.pk)
        sizes.append(len(live.encode(m.seq, presenters.public_parts(m))))
        return {"connected": connected["connected"], "failed": connected["failed"], "p50": median(p50s),
                "p99": median(p99s), "last": median(lasts), "lost": lost, "sent": measured * connected["connected"],
                "updates": measured,
                "mem": per_thousand, "frame": sizes[0]}
    finally:
        live.push_update = original
        crowd.quit()
        for s in procs:
            s.stop()


def add_row(results: Results, what: str, r: dict, target: float | None) -> None:
    met = None if target is None else (r["p99"] <= target and r["lost"] == 0 and r["failed"] == 0)
    results.add(
        "Fan-out", what,
        f"p50 {ms(r['p50'])}, p99 {ms(r['p99'])}, last {ms(r['last'])}; lost {r['lost']}/{r['sent']}; "
        f"{r['mem']:.0f} MB per 1,000 sockets; frame {r['frame'] / 1024:.1f} KB; {r['updates']} updates"
        + (f"; {r['failed']} sockets failed to connect" if r["failed"] else ""),
        f"p99 ≤ {ms(target)}, none lost" if target else "", met)


#: The designed live match watched by a crowd (issue 40): the shipped design of Black and White, at this size.
DESIGNED = ("custom-game", "black-and-white")
DESIGNED_SIZE = 2000


def run(results: Results, sizes: list[int], updates: int, designed_only: bool = False) -> None:
    """Every size on one server process, the hub beside the stock group (the stock group up to
    ``STOCK_MOST`` spectators: beyond, it loses updates for minutes), with a match of the first game; then
    every other game's match at the smallest size; then a designed live match at ``DESIGNED_SIZE``."""
    print("== Fan-out: spectators of one match, commit to last socket ==", flush=True)
    if not designed_only:
        coded(results, sizes, updates)
    game, stem = DESIGNED
    r = one(DESIGNED_SIZE, "hub", 1, updates, seed=700, game=game,
            played=fixtures.shipped_design(get_engine(game), stem))
    add_row(results, f"{DESIGNED_SIZE:,} spectators, 1 process, hub (this app), {game} ({stem} design, live turns)",
            r, TARGETS.get(DESIGNED_SIZE))


def coded(results: Results, sizes: list[int], updates: int) -> None:
    games = slugs()
    for n, size in enumerate(sizes):
        for design in ("hub", "stock") if size <= STOCK_MOST else ("hub",):
            r = one(size, design, 1, updates, seed=500 + n, game=games[0])
            label = "hub (this app)" if design == "hub" else "stock group"
            add_row(results, f"{size:,} spectators, 1 process, {label}, {games[0]}", r,
                    TARGETS.get(size) if design == "hub" else None)
    for n, game in enumerate(games[1:]):
        r = one(sizes[0], "hub", 1, updates, seed=600 + n, game=game)
        add_row(results, f"{sizes[0]:,} spectators, 1 process, hub (this app), {game}", r, TARGETS.get(sizes[0]))
