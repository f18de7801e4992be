"""In the browser: a move's click to the opponent's redrawn board, in a live Death Match of every game that offers
one on a live clock (a game without live turns has no such moment: its row says so), played by two headless
Chromium pages (one at desktop width, one a phone) on the shipped server (Uvicorn, two workers) with PostgreSQL
and Redis.

The measurement of ``tests/browser/test_live_without_reload.py`` (``genius.testing.live_moves``), over more
moves and without pytest: each move is filled in its player's page and sent with one click (a fetch, answered in
place); the clock is the pages' own (``performance.timeOrigin + performance.now()``), from the click to the first
redraw of the opponent's board part once its page holds the match's number after the move. Every phase of the
match is played (set-up steps and turns; each player's lock-in is a move), on fresh matches until enough moves
are timed; the first moves are a warm-up and not counted. A game is played in several runs (7 in the full
bench), the target holding in each.
"""

from __future__ import annotations

import os
import time
from http.cookies import SimpleCookie
from typing import NamedTuple

from bench import fixtures
from bench.common import Results, Server, ms, pct
from games.engines.registry import slugs
from genius.matches.services import lifecycle
from genius.matches.services.engines import death_match_games, spec_of
from genius.testing.live_moves import WATCH_JS, play_phase

TARGET = 0.100
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]
VIEWPORTS = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})
WARMUP = 2
MAX_PHASES = 60  # a match still going after this many phases is left for a new one
MAX_SECONDS = 600  # and a run stops after this long, measured or not
MAX_FAILURES = 3  # matches in a row that fail: the section stops (a broken page would fail them all)


def live_games() -> list[str]:
    """The registered games offering a Death Match on a live clock."""
    return [slug for slug, _ in death_match_games() if spec_of(slug).offers.live_clock]


def _cookies(header: str, base: str) -> list[dict[str, str]]:
    """The signed-in session of a ``Cookie`` header, for a browser context (the page sets its own CSRF cookie)."""
    jar = SimpleCookie()
    jar.load(header)
    return [{"name": key, "value": morsel.value, "url": base} for key, morsel in jar.items() if "csrf" not in key]


#: A fresh match's pages are played once each is idle and 300 ms more: the first move no longer lands on the
#: opponent's page while it still runs its load's scripts (docs/PERFORMANCE.md, "Decisions that stand").
SETTLE_JS = "() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 300), {timeout: 3000}))"


def _open(browser, base: str, match_id: int, user, viewport: dict) -> tuple[object, object]:
    context = browser.new_context(viewport=viewport)
    context.add_init_script(WATCH_JS)
    context.add_cookies(_cookies(fixtures.session_cookie(user), base))
    page = context.new_page()
    page.goto(f"{base}/matches/{match_id}/")
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)
    page.evaluate("window.__sameDocument = true")
    return context, page


def play(browser, base: str, game: str, moves: int, first_seed: int = 1
         ) -> tuple[list[float], list[float], int, int]:
    """Play matches until ``moves`` moves are timed; returns the times to the redraw and to its paint (s), the
    errors and the page loads."""
    times: list[float] = []
    paints: list[float] = []
    errors = reloads = failed = 0
    seed = first_seed
    deadline = time.monotonic() + MAX_SECONDS
    while len(times) < moves + WARMUP and time.monotonic() < deadline and failed < MAX_FAILURES:
        users = fixtures.users(f"br-{game}-{seed}-", 2)
        match = lifecycle.start_match_between(users, game=game, title=f"bench browser {seed}", seed=seed,
                                              turn_seconds=3600)
        names = {s.user_id: s.name for s in match.seats.all()}
        contexts, pages = [], {}
        try:
            for user, viewport in zip(users, VIEWPORTS, strict=True):
                context, page = _open(browser, base, match.pk, user, viewport)
                contexts.append(context)
                pages[names[user.pk]] = page
            for page in pages.values():  # as a person looks before the first click: no move while a page loads
                page.evaluate(SETTLE_JS)
            for number in range(MAX_PHASES):
                played = play_phase(pages, match.pk, salt=number)
                times += [move.ms / 1000 for move in played]
                paints += [move.to_paint / 1000 for move in played if move.to_paint is not None]
                if os.environ.get("BENCH_DEBUG"):  # each move: the redraw, the frame that brought it, the paint (ms)
                    print("   ", [(m.player, m.phase, round(m.ms), m.to_frame and round(m.to_frame),
                                   m.to_paint and round(m.to_paint)) for m in played], flush=True)
                if not played or len(times) >= moves + WARMUP or time.monotonic() > deadline:
                    break
            reloads += sum(page.evaluate("window.__sameDocument") is not True for page in pages.values())
            failed = 0
        except Exception as exc:  # noqa: BLE001 - a timeout or a refused move: counted, and a new match follows
            errors += 1
            failed += 1
            print(f"    match {match.pk}: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}", flush=True)
        finally:
            for context in contexts:
                context.close()
        seed += 1
    return times[WARMUP:], paints[WARMUP:], errors, reloads


def run(results: Results, moves: int, runs: int) -> None:
    print("== Browser: a move's click to the opponent's redrawn board (two Chromium pages) ==", flush=True)
    live = live_games()
    for game in slugs():
        if game not in live:
            results.add("Browser", f"{game}", "not measured: no live Death Match (its moves redraw no opponent's "
                                              "board until the phase's deadline)")
            continue
        what = f"{spec_of(game).title}, click to the opponent's redrawn board, Chromium ×2, Uvicorn ×2"
        if not os.path.exists(CHROMIUM):
            results.add("Browser", what, f"not run: no Chromium at {CHROMIUM} (apt-get install chromium)")
            continue
        one_game(results, game, what, moves, runs)


class Run(NamedTuple):
    """One run's figures (seconds): to the redraw and to its paint, and what went wrong."""

    p50: float
    p99: float
    moves: int
    errors: int
    reloads: int
    paint_p50: float
    paint_p99: float


def one_game(results: Results, game: str, what: str, moves: int, runs: int) -> None:
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop in this thread
    from playwright.sync_api import sync_playwright

    got: list[Run] = []
    try:
        with Server("uvicorn", 2, env={"BENCH_STATIC_FINDERS": "1"}) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for n in range(runs):
                    times, paints, errors, reloads = play(browser, server.base, game, moves, first_seed=1 + 1000 * n)
                    run = Run(pct(times, 50), pct(times, 99), len(times), errors, reloads, pct(paints, 50),
                              pct(paints, 99))
                    got.append(run)
                    print(f"    {game} run {n + 1}: p50 {ms(run.p50)}, p99 {ms(run.p99)}, max "
                          f"{ms(max(times, default=float('nan')))} over {len(times)} moves; to the paint p50 "
                          f"{ms(run.paint_p50)}, p99 {ms(run.paint_p99)}", flush=True)
            finally:
                browser.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    errors, reloads = sum(r.errors for r in got), sum(r.reloads for r in got)
    trouble = [f"{errors} errors"] * bool(errors) + [f"{reloads} page loads"] * bool(reloads)
    worst = max((r.p99 for r in got), default=float("nan"))
    met = bool(got) and all(r.moves >= moves and r.p99 <= TARGET for r in got) and not errors and not reloads
    results.add("Browser", f"{what}, {len(got)} runs × {min((r.moves for r in got), default=0)} moves",
                f"p99 per run {', '.join(ms(r.p99) for r in got)} (worst {ms(worst)}); p50 "
                f"{', '.join(ms(r.p50) for r in got)}; to the paint that shows it, p99 per run "
                f"{', '.join(ms(r.paint_p99) for r in got)}, p50 {', '.join(ms(r.paint_p50) for r in got)}"
                + (f"; {', '.join(trouble)}" if trouble else ""),
                f"p99 ≤ {ms(TARGET)} in each run", met)
