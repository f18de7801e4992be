"""A design's check when a move is sent (issue 39): what it adds to a submission's p99, and the submissions' rate
beside the bare view's, on the shipped server (Uvicorn, two workers).

The shipped Highest Unique Bid design (20 players a match, one bid each) as it ships (no check) and the same
design with a ``check`` (a bid above the BP the player holds is refused): signed-in players post the full match
form again and again (``bench.submissions``' load process), beside the bare one-INSERT view, the three in turn.
The check runs on every save as the site runs it (a flat check like this one in the site's process). Three loads:

1. 50 players as fast as the server answers (the submissions section's target load): the rate beside the bare
   view's (the target), and the p99s, which at saturation are the queue's (Little's law: 50 requests in flight
   over the rate), so what a check adds there is its CPU times the requests ahead of it: printed, no target;
2. the same 50 players at a steady load the server carries (:data:`STEADY_SHARE` of the rate it answered without
   the check; ``bench.load``'s steady mode, latency counted from each request's due moment): what the check adds
   to a submission's p99 (the target);
3. one player alone: a submission's own latency, no queue (the target too).

The added p99 is the median over the repeats of each repeat's difference (with and without run back to back).
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
#: The steady load the check's latency is measured at: this share of the rate the server answers without it (half:
#: the server busy half the time, a common operating point for latency; each of 50 players still saves ~3 moves a second).
STEADY_SHARE = 0.5
BARE = [["POST", "/bench/insert/", {}, ""]]
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


def _paired(server: Server, sides: dict[str, list], concurrency: int, repeats: int, seconds: float,
            rate: float | None = None, bare: bool = False) -> tuple[dict, float, float, int]:
    """Each side in turn (and the bare view), ``repeats`` times: (each side's median rate, p50 and p99; the p99 and
    p50 the check added, the median of each repeat's difference; the errors)."""
    got: dict[str, list[dict]] = {side: [] for side in sides} | ({"bare": []} if bare else {})
    for _ in range(repeats):  # in turn: no check, the check, the bare view
        for side, submit in sides.items():
            got[side].append(load(server.port, submit, concurrency, seconds, rate))
        if bare:
            got["bare"].append(load(server.port, BARE, concurrency, seconds, rate))
    fig = {side: {k: median(r[k] for r in runs) for k in ("rps", "p50", "p99")} for side, runs in got.items()}
    errors = sum(sum(r["errors"].values()) for runs in got.values() for r in runs)
    # each repeat's with and without ran back to back: the median of their differences, so the machine's load
    # drifting between repeats moves both sides alike
    added = median(w["p99"] - o["p99"] for w, o in zip(got["with"], got["without"], strict=True))
    added50 = median(w["p50"] - o["p50"] for w, o in zip(got["with"], got["without"], strict=True))
    return fig, added, added50, errors


def _figures(fig: dict, added: float, added50: float, repeats: int, seconds: float, errors: int) -> str:
    return (f"with check p50 {ms(fig['with']['p50'])} p99 {ms(fig['with']['p99'])}; without p50 "
            f"{ms(fig['without']['p50'])} p99 {ms(fig['without']['p99'])}; added p99 {added * 1000:.1f} ms, "
            f"p50 {added50 * 1000:.1f} ms (median of {repeats} paired runs of {seconds:.0f} s)"
            + (f"; {errors} errors" if errors else ""))


def run(results: Results, repeats: int, seconds: float, players: int = 50) -> None:
    print("== Checks: a design's check when a move is sent, with and without ==", flush=True)
    plain, checked = designs()
    sides = {"without": make_players(GAME, players, plain, "-plain"),
             "with": make_players(GAME, players, checked, "-check")}
    with Server("uvicorn", 2) as server:
        for submit in sides.values():
            warm(server, submit)
        # 1. as fast as the server answers: the rates beside the bare view's
        fig, added, added50, errors = _paired(server, sides, players, repeats, seconds, bare=True)
        rate = fig["with"]["rps"] / fig["bare"]["rps"]
        results.add(
            "Checks", f"{DESIGN} design with its check, {players} players, Uvicorn ×2: rate beside the bare view",
            f"with check {fig['with']['rps']:.0f}/s, without {fig['without']['rps']:.0f}/s, bare INSERT "
            f"{fig['bare']['rps']:.0f}/s (p99 {ms(fig['bare']['p99'])}); rate {rate:.2f}×",
            f"≥ {RATE_TARGET}×", rate >= RATE_TARGET and not errors)
        results.add(
            "Checks", f"{DESIGN} design, {players} players as fast as the server answers (saturated: the p99 is "
            "the queue's, the check's CPU times the requests ahead)", _figures(fig, added, added50, repeats, seconds,
                                                                             errors))
        # 2. a steady load the server carries: what the check adds to a submission's latency
        steady = STEADY_SHARE * fig["without"]["rps"]
        fig, added, added50, errors = _paired(server, sides, players, repeats, seconds, rate=steady)
        results.add(
            "Checks", f"{DESIGN} design, {players} players at a steady {steady:.0f} submissions/s "
            f"({STEADY_SHARE:.0%} of what the server answers without the check), Uvicorn ×2: p99 added by its check",
            _figures(fig, added, added50, repeats, seconds, errors),
            f"≤ {ADDED_TARGET * 1000:.0f} ms", added <= ADDED_TARGET and not errors)
        # 3. one player alone: a submission's own latency, no queue
        fig, added, added50, errors = _paired(server, sides, 1, repeats, seconds)
        results.add(
            "Checks", f"{DESIGN} design, one player alone, Uvicorn ×2: p99 added by its check",
            _figures(fig, added, added50, repeats, seconds, errors),
            f"≤ {ADDED_TARGET * 1000:.0f} ms", added <= ADDED_TARGET and not errors)
