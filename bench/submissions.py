"""Submissions: 50 and 200 players submitting over and over through the match form, from a separate
load process, beside a bare Django view doing one INSERT on the same server in the same run.

Every player is signed in (a session in the database) and seated in a match of the game measured
(people in every seat, one-day phases); each request is a full form post of a legal move with its
CSRF token, answered by the redirect to the match page, as a browser would send it. The bare view
(``bench.urls``) passes the same middleware and does one INSERT. Both run alternately, each
figure the median of the repeats.

Every registered game is measured at 50 players on Uvicorn ×2 (the target); the first game also on
Daphne (one process), Uvicorn with one worker, and the stock push, and at 200 players.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from urllib.parse import urlencode

from bench import fixtures
from bench.common import ROOT, Results, Server, median, ms, server_env
from games.engines.registry import get_engine, slugs
from genius.matches.models import Match

PLAYERS = 200
CONCURRENCY = (50, 200)
TARGET_CONCURRENCY = 50
RATE_TARGET, P99_TARGET = 0.5, 2.0
SERVERS: dict[str, tuple[str, int, dict[str, str]]] = {
    "daphne": ("daphne", 1, {}),
    "uvicorn1": ("uvicorn", 1, {}),
    "uvicorn2": ("uvicorn", 2, {}),
    "uvicorn2-stock": ("uvicorn", 2, {"BENCH_PUSH": "stock"}),  # before: every write renders every view
}
TARGET_SERVER = "uvicorn2"


def make_players(game: str, players: int = PLAYERS, design: dict | None = None, tag: str = "") -> list[list]:
    """``players`` signed-in players of ``game`` who act in their match's open phase (matches of ``design``
    when given; ``tag`` tells its players' names apart); each one's request: [method, path, headers, body]."""
    engine = get_engine(game)
    requests: list[list] = []
    seed = 9000
    while len(requests) < players:
        seats = fixtures.seats_for(engine, seed) if design is None else design["max_players"]
        group = fixtures.users(f"sub-{game}{tag}-{seed}-", seats)
        match = fixtures.match(game, group, seed, seats=seats, phase_seconds=86400, turn_seconds=86400,
                               design=design)
        fixtures.publish_bot_rulings([match.pk])  # a phase the host rules first: published, then people act
        match = Match.objects.get(pk=match.pk)
        names = {s.user_id: s.name for s in match.seats.all()}
        for user in group:
            fields = fixtures.form_fields(match, names[user.pk])
            if fields is not None:
                requests.append(["POST", f"/matches/{match.pk}/submit/",
                                 {"Cookie": fixtures.session_cookie(user),
                                  "Content-Type": "application/x-www-form-urlencoded"}, urlencode(fields)])
        seed += 1
        if seed > 9000 + 4 * players:
            raise RuntimeError(f"{game}: too few players act in a new match's first phase")
    return requests[:players]


def load(port: int, requests: list[list], concurrency: int, seconds: float, rate: float | None = None) -> dict:
    """One run of the load process against 127.0.0.1:port (``rate``: a steady load of that many requests a second,
    ``bench.load``; otherwise each client sends again as soon as it is answered)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"port": port, "concurrency": concurrency, "seconds": seconds, "requests": requests,
                   "rate": rate}, f)
    out = subprocess.run([sys.executable, "-m", "bench.load", f.name], cwd=ROOT, env=server_env(),
                         capture_output=True, text=True, timeout=seconds + 120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure(server: Server, submit: list[list], concurrency: int, repeats: int, seconds: float) -> dict:
    """The form and the bare view, alternately, ``repeats`` times: each side's median rate, p50 and p99."""
    bare = [["POST", "/bench/insert/", {}, ""]]
    got: dict[str, list[dict]] = {"submit": [], "bare": []}
    for _ in range(repeats):
        got["submit"].append(load(server.port, submit, concurrency, seconds))
        got["bare"].append(load(server.port, bare, concurrency, seconds))
    out = {side: {k: median(r[k] for r in got[side]) for k in ("rps", "p50", "p99")} for side in got}
    out["errors"] = sum(sum(r["errors"].values()) for rs in got.values() for r in rs)
    return out


def warm(server: Server, submit: list[list]) -> None:
    check = load(server.port, submit[:1], 1, 0.5)
    if not check["requests"] or check["errors"]:
        raise RuntimeError(f"the submission request does not work: {check}")
    load(server.port, submit, 50, 2.0)
    load(server.port, [["POST", "/bench/insert/", {}, ""]], 50, 1.0)


def add_row(results: Results, what: str, m: dict, targeted: bool) -> None:
    s, b = m["submit"], m["bare"]
    rate, tail = s["rps"] / b["rps"], s["p99"] / b["p99"]
    results.add(
        "Submissions", what,
        f"submit {s['rps']:.0f}/s p50 {ms(s['p50'])} p99 {ms(s['p99'])}; bare INSERT {b['rps']:.0f}/s "
        f"p50 {ms(b['p50'])} p99 {ms(b['p99'])}; rate {rate:.2f}×, p99 {tail:.2f}×"
        + (f"; {m['errors']} errors" if m["errors"] else ""),
        f"rate ≥ {RATE_TARGET}×, p99 ≤ {P99_TARGET:.0f}×" if targeted else "",
        (rate >= RATE_TARGET and tail <= P99_TARGET and not m["errors"]) if targeted else None)


def run(results: Results, repeats: int, seconds: float, servers: tuple[str, ...]) -> None:
    print("== Submissions: the match form under load, beside a bare one-INSERT view ==", flush=True)
    games = slugs()
    first = make_players(games[0])
    rates: dict[str, float] = {}
    for key in servers:  # the first game: every server, 50 and 200 players
        kind, workers, env = SERVERS[key]
        before = bool(env)
        with Server(kind, workers, env=env) as server:
            warm(server, first)
            for concurrency in CONCURRENCY:
                m = measure(server, first, concurrency, repeats, seconds)
                if not before:
                    rates[f"{server.label} {concurrency}"] = m["bare"]["rps"]
                add_row(results, f"{games[0]}, {server.label}, {concurrency} players"
                        + (", before: stock push" if before else ""), m,
                        targeted=key == TARGET_SERVER and concurrency == TARGET_CONCURRENCY)
    kind, workers, env = SERVERS[TARGET_SERVER]
    for game in games[1:]:  # every other game: the target's server and players (a player a client)
        submit = make_players(game, TARGET_CONCURRENCY)
        with Server(kind, workers, env=env) as server:
            warm(server, submit)
            m = measure(server, submit, TARGET_CONCURRENCY, repeats, seconds)
            add_row(results, f"{game}, {server.label}, {TARGET_CONCURRENCY} players", m, targeted=True)
    if len([k for k in servers if not SERVERS[k][2]]) > 1:
        for concurrency in CONCURRENCY:
            row = {k.rsplit(" ", 1)[0]: v for k, v in rates.items() if k.endswith(f" {concurrency}")}
            best = max(row, key=row.get)
            results.add("Submissions", f"fastest server, bare view, {concurrency} clients",
                        f"{best} ({', '.join(f'{k} {v:.0f}/s' for k, v in row.items())})")
