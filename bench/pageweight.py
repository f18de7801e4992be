"""Page weight: Lighthouse (from npm, ``bench/lighthouse``) with Debian's Chromium against a live match page of
every registered game, a player's signed-in view, on the shipped server (Uvicorn, two workers).

Lighthouse runs its default (mobile) profile: a simulated slow 4G network and a 4× slower CPU. The scores are
printed per game with the figures behind the performance score: total blocking time, the page's DOM nodes, the
main thread's work, Largest Contentful Paint and the bytes sent. The target (performance ≥ 95) is held on the
live Death Match pages (Bigfoot Sighting's first: the issue's page).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import fixtures
from bench.common import ROOT, Results, Server, server_env
from games.engines.registry import get_engine, slugs
from genius.matches.services import lifecycle
from genius.matches.services.engines import death_match_games, spec_of

TARGET = 95
FOLDER = ROOT / "bench" / "lighthouse"
LIGHTHOUSE = FOLDER / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def install() -> None:
    """Lighthouse from the committed lock file (``npm ci``), once."""
    if not LIGHTHOUSE.exists():
        subprocess.run(["npm", "ci", "--prefix", str(FOLDER), "--no-audit", "--no-fund", "--silent"], check=True,
                       timeout=900)


def live_page(game: str, seed: int) -> tuple[int, str]:
    """A running match of ``game`` with two people seated (a Death Match where the game offers one, else people
    in the first seats and bots in the rest); returns its id and the first player's Cookie header."""
    users = fixtures.users(f"lh-{game}-{seed}-", 2)
    if game in {slug for slug, _ in death_match_games()}:
        match = lifecycle.start_match_between(users, game=game, title=f"bench lighthouse {seed}", seed=seed,
                                              turn_seconds=3600)
    else:
        match = fixtures.match(game, users, seed, seats=fixtures.seats_for(get_engine(game), seed))
    fixtures.publish_bot_rulings([match.pk])
    return match.pk, fixtures.session_cookie(users[0])


class LighthouseFailed(Exception):
    """Lighthouse gave no report (twice in a row): the message says how it ended and the last lines it wrote."""


#: Tries of one Lighthouse run: Chromium now and then fails to start or loses its page; the next try is fresh.
TRIES = 2


def lighthouse(url: str, cookie: str, keep: str = "") -> dict:
    """One Lighthouse run of ``url`` with the ``cookie``; its report (JSON), kept as bench/logs/``keep``
    when given. Tried again once when Lighthouse fails; then ``LighthouseFailed``."""
    failures: list[str] = []
    for _ in range(TRIES):
        with tempfile.TemporaryDirectory() as tmp:
            headers = Path(tmp) / "headers.json"
            headers.write_text(json.dumps({"Cookie": cookie}))
            report = Path(tmp) / "report.json"
            try:
                subprocess.run([str(LIGHTHOUSE), url, f"--chrome-path={CHROMIUM}", f"--chrome-flags={CHROME_FLAGS}",
                                f"--only-categories={','.join(CATEGORIES)}", "--output=json",
                                f"--output-path={report}", f"--extra-headers={headers}", "--quiet"],
                               check=True, timeout=300, capture_output=True, text=True,
                               env={**os.environ, "CHROME_PATH": CHROMIUM})
                got = report.read_text()
            except subprocess.CalledProcessError as exc:
                failures.append(f"exit {exc.returncode}: {_last_lines(exc.stderr or exc.stdout or '')}")
                print(f"    Lighthouse failed on {url} (exit {exc.returncode}): {failures[-1]}", flush=True)
                continue
            except subprocess.TimeoutExpired:
                failures.append("no report within 300 s")
                continue
            except OSError as exc:  # no report file written
                failures.append(f"no report ({exc})")
                continue
            if keep:
                (ROOT / "bench" / "logs").mkdir(exist_ok=True)
                (ROOT / "bench" / "logs" / keep).write_text(got)
            return json.loads(got)
    raise LighthouseFailed("; ".join(failures))


def _last_lines(text: str, count: int = 3) -> str:
    """The last non-empty lines Lighthouse wrote, on one line."""
    return " / ".join([line.strip() for line in text.splitlines() if line.strip()][-count:])[:400] or "(nothing written)"


def figures(report: dict) -> dict[str, float]:
    """The scores (0–100) and the figures behind performance from a Lighthouse report: those that move with the
    machine's load (blocking time, main-thread work, LCP) and those that do not (layout shift, DOM nodes, bytes,
    long tasks' count)."""
    audits = report["audits"]

    def value(key: str) -> float:
        got = audits.get(key, {}).get("numericValue")
        return float("nan") if got is None else float(got)

    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES if c in report["categories"]}
    long_tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    return {**scores, "tbt": value("total-blocking-time"), "dom": value("dom-size"),
            "main": value("mainthread-work-breakdown"), "lcp": value("largest-contentful-paint"),
            "bytes": value("total-byte-weight"), "scripts": value("bootup-time"),
            "cls": value("cumulative-layout-shift"), "long_tasks": float(len(long_tasks))}


def collect_static(folder: str) -> None:
    """What production serves: ``collectstatic`` (hashed names, gzipped copies) into ``folder``."""
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT,
                   env=server_env(BENCH_STATIC_ROOT=folder), check=True, timeout=600)


def serious_axe(report: dict) -> list[str]:
    """The accessibility audits that failed with axe's impact "serious" or "critical" (Lighthouse's accessibility
    category is axe-core's rules; each failed audit carries axe's impact)."""
    ids = [ref["id"] for ref in report["categories"].get("accessibility", {}).get("auditRefs", [])]
    out = []
    for key in ids:
        audit = report["audits"].get(key, {})
        impact = (audit.get("details") or {}).get("debugData", {}).get("impact")
        if audit.get("score") == 0 and impact in ("serious", "critical"):
            out.append(f"{key} ({impact})")
    return out


#: The designed board page measured (issue 39): a match of the shipped Sliding Tic-Tac-Toe design, its board drawn.
DESIGNED = ("custom-game", "sliding-tic-tac-toe")


def designed_page(server: Server, results: Results, runs: int) -> None:
    """Lighthouse on a designed board's match page (a seated player's): performance and axe's serious findings."""
    game, stem = DESIGNED
    users = fixtures.users(f"lh-{stem}-", 2)
    match = fixtures.match(game, users, 900, seats=2, design=fixtures.shipped_design(get_engine(game), stem))
    fixtures.publish_bot_rulings([match.pk])
    url, cookie = f"{server.base}/matches/{match.pk}/", fixtures.session_cookie(users[0])
    title = f"{stem} design's board match page (a player's), Lighthouse mobile, {runs} runs"
    target = f"performance ≥ {TARGET} in every run, axe serious 0"
    try:
        lighthouse(url, cookie)  # a warm-up
        reports = [lighthouse(url, cookie, keep=f"lighthouse-{stem}.json") for _ in range(runs)]
    except LighthouseFailed as exc:
        results.add("Page weight", title, f"Lighthouse failed: {exc}", target, False)
        return
    got = [figures(r) for r in reports]
    serious = sorted({finding for r in reports for finding in serious_axe(r)})
    best = max(got, key=lambda f: f["performance"])
    worst = min(f["performance"] for f in got)
    shifts = ", ".join(f"{f['cls']:.3f}" for f in got)
    results.add(
        "Page weight", title,
        f"performance {', '.join(str(f['performance']) for f in got)} (load average {os.getloadavg()[0]:.1f}); "
        f"axe serious or critical: {', '.join(serious) if serious else 'none'}; CLS {shifts}; best run: TBT {best['tbt']:.0f} ms, "
        f"{best['dom']:.0f} DOM nodes, LCP {best['lcp'] / 1000:.1f} s, {best['bytes'] / 1024:.0f} KiB; "
        f"accessibility {best.get('accessibility', '—')}",
        target, worst >= TARGET and not serious)


def run(results: Results, runs: int, designed_only: bool = False) -> None:
    print("== Page weight: Lighthouse on a live match page of every game ==", flush=True)
    live = [slug for slug, _ in death_match_games() if spec_of(slug).offers.live_clock]
    if not os.path.exists(CHROMIUM):
        results.add("Page weight", "Lighthouse", f"not run: no Chromium at {CHROMIUM} (apt-get install chromium)")
        return
    install()
    static = tempfile.TemporaryDirectory(prefix="bench-static-")
    collect_static(static.name)
    with static, Server("uvicorn", 2, env={"BENCH_STATIC_ROOT": static.name}) as server:
        designed_page(server, results, runs)
        for n, game in enumerate([] if designed_only else slugs()):
            match_id, cookie = live_page(game, 800 + n)
            url = f"{server.base}/matches/{match_id}/"
            title = f"{spec_of(game).title} match page (a player's), Lighthouse mobile, {runs} runs"
            target = game in live
            try:
                lighthouse(url, cookie)  # a warm-up: the server's first render of this page and its static files
                got = [figures(lighthouse(url, cookie, keep=f"lighthouse-{game}.json")) for _ in range(runs)]
            except LighthouseFailed as exc:  # the row says so and the other games are still measured
                results.add("Page weight", title, f"Lighthouse failed: {exc}",
                            f"performance ≥ {TARGET} in every run" if target else "", False if target else None)
                continue
            best = max(got, key=lambda f: f["performance"])
            worst = min(f["performance"] for f in got)
            shifts = ", ".join(f"{f['cls']:.3f}" for f in got)
            results.add(
                "Page weight", title,
                f"performance {', '.join(str(f['performance']) for f in got)} (load average {os.getloadavg()[0]:.1f}); "
                f"CLS {shifts}; best run: TBT {best['tbt']:.0f} ms, "
                f"{best['long_tasks']:.0f} long tasks, {best['dom']:.0f} DOM nodes, main thread {best['main'] / 1000:.1f} s, scripts "
                f"{best['scripts'] / 1000:.1f} s, LCP {best['lcp'] / 1000:.1f} s, {best['bytes'] / 1024:.0f} KiB; "
                f"accessibility {best.get('accessibility', '—')}, best practices {best.get('best-practices', '—')}, "
                f"SEO {best.get('seo', '—')}",
                f"performance ≥ {TARGET} in every run" if target else "", worst >= TARGET if target else None)
