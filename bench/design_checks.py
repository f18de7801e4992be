"""A design's check when a move is sent (issue 39): what it adds to a submission's p99, and the submissions' rate
beside the bare view's, on the shipped server (Uvicorn, two workers).

The shipped Highest Unique Bid design (20 players a match, one bid each) as it ships (no check) and the same
design with a ``check`` (a bid above the BP the player holds is refused): signed-in players post the full match
form again and again (``bench.submissions``' load process), beside the bare one-INSERT view, the three in turn.
The check runs in its worker process on every save, as the site runs it. Two loads: 50 players at once (the
submissions section's target load) and one player alone (a submission's own latency, no queue). The added p99
is the median over the repeats of each repeat's difference (with and without run back to back).
"""

from __future__ import annotations

import copy

from bench import fixtures
from bench.common import Results, Server, median, ms
from bench.submissions import RATE_TARGET, load, make_players, warm
from games.engines.registry import get_engine

GAME = "custom-game"
DESIGN = "highest-unique-bid"
ADDED_TARGET = 0.005
CHECK = ('if answer["bid"] != None and answer["bid"] > mine["bp"]:\n'
         '    refuse("You hold only %d BP." % mine["bp"], field="bid")\n')


def designs() -> tuple[dict, dict]:
    """(the shipped design, the same with a check on its bid)."""
    plain = fixtures.shipped_design(get_engine(GAME), DESIGN)
    assert all(not p.get("check") for p in plain["phases"]), "the bench needs a phase without a check"
    checked = copy.deepcopy(plain)
    for phase in checked["phases"]:
        phase["check"] = CHECK
    return plain, checked


def run(results: Results, repeats: int, seconds: float, players: int = 50) -> None:
    print("== Checks: a design's check when a move is sent, with and without ==", flush=True)
    plain, checked = designs()
    sides = {"without": make_players(GAME, players, plain, "-plain"),
             "with": make_players(GAME, players, checked, "-check")}
    bare = [["POST", "/bench/insert/", {}, ""]]
    with Server("uvicorn", 2) as server:
        for submit in sides.values():
            warm(server, submit)
        for concurrency, label in ((players, f"{players} players"), (1, "one player alone")):
            got: dict[str, list[dict]] = {"without": [], "with": [], "bare": []}
            for _ in range(repeats):  # in turn: no check, the check, the bare view
                for side, submit in sides.items():
                    got[side].append(load(server.port, submit, concurrency, seconds))
                got["bare"].append(load(server.port, bare, concurrency, seconds))
            fig = {side: {k: median(r[k] for r in runs) for k in ("rps", "p50", "p99")} for side, runs in got.items()}
            errors = sum(sum(r["errors"].values()) for runs in got.values() for r in runs)
            # each repeat's with and without ran back to back: the median of their differences, so the machine's
            # load drifting between repeats moves both sides alike
            added = median(w["p99"] - o["p99"] for w, o in zip(got["with"], got["without"], strict=True))
            added50 = median(w["p50"] - o["p50"] for w, o in zip(got["with"], got["without"], strict=True))
            results.add(
                "Checks", f"{DESIGN} design, {label}, Uvicorn ×2: p99 added by its check",
                f"with check p50 {ms(fig['with']['p50'])} p99 {ms(fig['with']['p99'])}; without p50 "
                f"{ms(fig['without']['p50'])} p99 {ms(fig['without']['p99'])}; added p99 {added * 1000:.1f} ms, "
                f"p50 {added50 * 1000:.1f} ms (median of {repeats} paired runs of {seconds:.0f} s)"
                + (f"; {errors} errors" if errors else ""),
                f"≤ {ADDED_TARGET * 1000:.0f} ms", added <= ADDED_TARGET and not errors)
            if concurrency == players:
                rate = fig["with"]["rps"] / fig["bare"]["rps"]
                results.add(
                    "Checks", f"{DESIGN} design with its check, {label}, Uvicorn ×2: rate beside the bare view",
                    f"with check {fig['with']['rps']:.0f}/s, without {fig['without']['rps']:.0f}/s, bare INSERT "
                    f"{fig['bare']['rps']:.0f}/s (p99 {ms(fig['bare']['p99'])}); rate {rate:.2f}×",
                    f"≥ {RATE_TARGET}×", rate >= RATE_TARGET and not errors)
