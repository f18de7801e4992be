"""Submissions: 50 and 200 players submitting over and over through the match form, from a separate
load process, beside a bare Django view doing one INSERT on the same server in the same run.

Every player is signed in (a session in the database) and seated in a Rituals Gone Bad match
(seven players each, one-day phases); each request is a full form post of a legal move with its
CSRF token, answered by the redirect to the match page, as a browser would send it. The bare view
(``bench.urls``) passes the same middleware and does one INSERT. Both run alternately, each
figure the median of the repeats. Servers: Daphne (one process), Uvicorn with one and two workers.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from urllib.parse import urlencode

from bench import fixtures
from bench.common import ROOT, Results, Server, median, ms, server_env
from genius.matches.models import Match

PLAYERS = 200
CONCURRENCY = (50, 200)
RATE_TARGET, P99_TARGET = 0.7, 1.5
SERVERS: dict[str, tuple[str, int, dict[str, str]]] = {
    "daphne": ("daphne", 1, {}),
    "uvicorn1": ("uvicorn", 1, {}),
    "uvicorn2": ("uvicorn", 2, {}),
    "uvicorn2-stock": ("uvicorn", 2, {"BENCH_PUSH": "stock"}),  # before: every write renders every view
}


def make_players() -> list[list]:
    """200 signed-in players in their matches; each one's request: [method, path, headers, body]."""
    users = fixtures.users("sub", PLAYERS)
    requests = []
    for start in range(0, PLAYERS, 7):
        group = users[start:start + 7]
        match = fixtures.match("rituals-gone-bad", group, 9000 + start, phase_seconds=86400)
        seats = {s.user_id: s.name for s in match.seats.all()}
        for user in group:
            fields = fixtures.form_fields(Match.objects.get(pk=match.pk), seats[user.pk])
            assert fields is not None, "every player acts in the first phase"
            requests.append(["POST", f"/matches/{match.pk}/submit/",
                             {"Cookie": fixtures.session_cookie(user),
                              "Content-Type": "application/x-www-form-urlencoded"}, urlencode(fields)])
    return requests


def load(port: int, requests: list[list], concurrency: int, seconds: float) -> dict:
    """One run of the load process against 127.0.0.1:port."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"port": port, "concurrency": concurrency, "seconds": seconds, "requests": requests}, f)
    out = subprocess.run([sys.executable, "-m", "bench.load", f.name], cwd=ROOT, env=server_env(),
                         capture_output=True, text=True, timeout=seconds + 120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(results: Results, repeats: int, seconds: float, servers: tuple[str, ...]) -> None:
    print("== Submissions: the match form under load, beside a bare one-INSERT view ==", flush=True)
    submit = make_players()
    bare = [["POST", "/bench/insert/", {}, ""]]
    rates: dict[str, float] = {}
    for key in servers:
        kind, workers, env = SERVERS[key]
        before = bool(env)
        with Server(kind, workers, env=env) as server:
            check = load(server.port, submit[:1], 1, 0.5)
            if not check["requests"] or check["errors"]:
                raise RuntimeError(f"the submission request does not work: {check}")
            load(server.port, submit, 50, 2.0)  # warm up
            load(server.port, bare, 50, 1.0)
            for concurrency in CONCURRENCY:
                got: dict[str, list[dict]] = {"submit": [], "bare": []}
                for _ in range(repeats):
                    got["submit"].append(load(server.port, submit, concurrency, seconds))
                    got["bare"].append(load(server.port, bare, concurrency, seconds))
                s = {k: median(r[k] for r in got["submit"]) for k in ("rps", "p50", "p99")}
                b = {k: median(r[k] for r in got["bare"]) for k in ("rps", "p50", "p99")}
                errors = sum(sum(r["errors"].values()) for rs in got.values() for r in rs)
                rate, tail = s["rps"] / b["rps"], s["p99"] / b["p99"]
                if not before:
                    rates[f"{server.label} {concurrency}"] = b["rps"]
                results.add(
                    "Submissions", f"{server.label}, {concurrency} players" + (", before: stock push" if before else ""),
                    f"submit {s['rps']:.0f}/s p50 {ms(s['p50'])} p99 {ms(s['p99'])}; bare INSERT {b['rps']:.0f}/s "
                    f"p50 {ms(b['p50'])} p99 {ms(b['p99'])}; rate {rate:.2f}×, p99 {tail:.2f}×"
                    + (f"; {errors} errors" if errors else ""),
                    "" if before else f"rate ≥ {RATE_TARGET}×, p99 ≤ {P99_TARGET}×",
                    None if before else (rate >= RATE_TARGET and tail <= P99_TARGET))
    if len([k for k in servers if not SERVERS[k][2]]) > 1:
        for concurrency in CONCURRENCY:
            row = {k.rsplit(" ", 1)[0]: v for k, v in rates.items() if k.endswith(f" {concurrency}")}
            best = max(row, key=row.get)
            results.add("Submissions", f"fastest server, bare view, {concurrency} clients",
                        f"{best} ({', '.join(f'{k} {v:.0f}/s' for k, v in row.items())})")
