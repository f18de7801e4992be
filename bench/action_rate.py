"""Actions in one match (issue 40): many players sending designed actions at once through the site's endpoint
(``/matches/<id>/action/``, ``genius.matches.services.actions``) on the shipped server (Uvicorn, two workers) and
PostgreSQL; then each is checked to have been applied once, in the order the match's lock took them.

The design: one phase all players act in, with one action, ``tap`` (a number ``n``), whose rules count the taps
in a kept value and tell the sender its place (``order``). Each sender posts its taps one after another, ``n``
counting up, over its own keep-alive connection, for a fixed time. Afterwards: the stored actions (their rows,
in the order they were numbered) must be exactly the ones answered ``ok`` (none lost, none twice), each
sender's in the order it sent them, each at the place its answer told, and the kept count their number.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from urllib.parse import urlencode

from bench import fixtures
from bench.common import Results, Server, ms, pct
from bench.http import Connection
from genius.matches.models import Match, Phase, Submission

GAME = "custom-game"
RATE_TARGET = 200.0
PLACE = re.compile(r"\border (\d+)$")
TAP_RULES = ('c = values.get("count", 0) + 1\nkeep("count", c)\n'
             'tell(actors[0], "order %d" % c)\n')


def design(players: int) -> dict:
    return {"format": 1, "title": "Actions bench", "summary": "", "rules": "", "min_players": 2,
            "max_players": players, "counters": [],
            "phases": [{"key": "play", "name": "Play", "repeat": 1, "seconds": 86400, "actors": "everyone",
                        "close": "rules",
                        "fields": [{"key": "ready", "label": "Ready", "kind": "number", "min": 0, "max": 1,
                                    "default": 0}],
                        "rules": 'announce("The taps are over.")',
                        "actions": [{"key": "tap", "label": "Tap", "public": False,
                                     "fields": [{"key": "n", "label": "N", "kind": "number", "min": 0,
                                                 "max": 10_000_000, "default": 0}],
                                     "rules": TAP_RULES}]}]}


def make_match(players: int, seed: int) -> tuple[int, int, list[tuple[str, str]]]:
    """A running match of the design, every seat a signed-in player: (its id, its phase's number,
    [(seat name, Cookie header)])."""
    users = fixtures.users(f"act-{seed}-", players)
    m = fixtures.match(GAME, users, seed, seats=players, design=design(players))
    names = {s.user_id: s.name for s in m.seats.all()}
    phase = Phase.objects.get(match=m, status=Phase.Status.OPEN)
    return m.pk, phase.number, [(names[u.pk], fixtures.session_cookie(u)) for u in users]


async def sender(port: int, match_id: int, phase: int, cookie: str, until: float,
                 out: list[tuple[int, int, float]], errors: dict[str, int]) -> None:
    """Tap again as soon as the last tap is answered; notes (n, place told, latency) of each accepted one."""
    conn = Connection(port)
    headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    n = 0
    try:
        while time.perf_counter() < until:
            n += 1
            body = urlencode({"csrfmiddlewaretoken": fixtures.CSRF, "phase": phase,
                              "payload": json.dumps({"action": "tap", "fields": {"n": n}})}).encode()
            t = time.perf_counter()
            try:
                status, _, data = await conn.request("POST", f"/matches/{match_id}/action/", headers, body)
            except Exception as exc:  # noqa: BLE001 - counted
                errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1
                continue
            took = time.perf_counter() - t
            if status != 200:
                errors[str(status)] = errors.get(str(status), 0) + 1
                continue
            answers = json.loads(data)["answers"]
            place = next((int(found.group(1)) for a in answers if (found := PLACE.search(a))), -1)
            out.append((n, place, took))
    finally:
        await conn.close()


async def send_all(port: int, match_id: int, phase: int, seats: list[tuple[str, str]], seconds: float
                   ) -> tuple[dict[str, list[tuple[int, int, float]]], dict[str, int], float]:
    got: dict[str, list[tuple[int, int, float]]] = {name: [] for name, _ in seats}
    errors: dict[str, int] = {}
    start = time.perf_counter()
    until = start + seconds
    await asyncio.gather(*(sender(port, match_id, phase, cookie, until, got[name], errors) for name, cookie in seats))
    return got, errors, time.perf_counter() - start


def verify(match_id: int, got: dict[str, list[tuple[int, int, float]]]) -> list[str]:
    """What is wrong with the stored actions against the answers (empty: every one applied once, in order)."""
    wrong: list[str] = []
    rows = list(Submission.objects.filter(phase__match_id=match_id, kind=Submission.Kind.INSTANT)
                .select_related("seat").order_by("pk"))
    stored = [(r.seat.name, int(r.payload["fields"]["n"])) for r in rows]
    answered = {(name, n): place for name, taps in got.items() for n, place, _ in taps}
    if len(stored) != len(set(stored)):
        wrong.append(f"{len(stored) - len(set(stored))} actions stored twice")
    if set(stored) != set(answered):
        wrong.append(f"{len(set(answered) - set(stored))} answered ok but not stored, "
                     f"{len(set(stored) - set(answered))} stored but not answered ok")
    places = [answered.get(key) for key in stored]
    if places != list(range(1, len(stored) + 1)):
        wrong.append("the places told are not the stored order 1..N")
    for name in got:
        mine = [n for who, n in stored if who == name]
        if mine != sorted(mine):
            wrong.append(f"{name}'s actions are stored out of the order sent")
    count = (Match.objects.get(pk=match_id).state or {}).get("values", {}).get("count")
    if count is not None and count != len(stored):
        wrong.append(f"the kept count is {count}, not {len(stored)}")
    return wrong


def commit_ms(count: int = 50) -> float:
    """The median time of one INSERT and its COMMIT on the bench database, one after another (the disk's flush):
    committed one at a time under the match's lock, actions could not pass 1000 / this a second; applied in
    batches (group commit, ``genius.matches.services.action_batches``) one flush serves a whole batch."""
    import psycopg

    from bench.common import PG_URL
    from bench.urls import TABLE

    took = []
    with psycopg.connect(PG_URL) as conn:
        for _ in range(count):
            start = time.perf_counter()
            conn.execute(f"INSERT INTO {TABLE} (at) VALUES (now())")
            conn.commit()
            took.append((time.perf_counter() - start) * 1000)
    return pct(took, 50)


def run(results: Results, players: int, seconds: float) -> None:
    print(f"== Actions: {players} players tapping at once in one designed match ==", flush=True)
    match_id, phase, seats = make_match(players, 4000)
    warm_id, warm_phase, warm_seats = make_match(players, 4100)
    with Server("uvicorn", 2) as server:
        asyncio.run(send_all(server.port, warm_id, warm_phase, warm_seats, 1.0))  # each worker's first requests
        got, errors, took = asyncio.run(send_all(server.port, match_id, phase, seats, seconds))
    wrong = verify(match_id, got)
    flush = commit_ms()
    count = sum(len(taps) for taps in got.values())
    lat = [t for taps in got.values() for _, _, t in taps]
    rate = count / took
    results.add(
        "Actions", f"{players} players at once, one designed match, Uvicorn ×2, {seconds:.0f} s",
        f"{rate:.0f} actions/s ({count} applied); latency p50 {ms(pct(lat, 50))} p99 {ms(pct(lat, 99))}; "
        + ("every one applied once, in order" if not wrong else "; ".join(wrong))
        + (f"; refused or failed: {errors}" if errors else "")
        + f"; a lone INSERT and COMMIT here: {flush:.1f} ms (committed one at a time: at most {1000 / flush:.0f}/s; actions are committed in batches)",
        f"≥ {RATE_TARGET:.0f}/s, in order, none lost or doubled",
        rate >= RATE_TARGET and not wrong and not errors)
