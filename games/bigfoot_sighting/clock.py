"""Bigfoot Sighting's clock: the turn and set-up lengths, reserve time spent, running out, conceding."""

from __future__ import annotations

from games.bigfoot_sighting.resolving import concede_match, finish_on_scores
from games.bigfoot_sighting.state import OVER, finished, other
from games.engines.protocol import EngineError, LogLine, Resolution, State, fresh
from games.kit.reserve import reminder_due, used_text


def spend_reserve(state: State, player: str, seconds: float) -> Resolution:
    """Take ``seconds`` off the player's reserve; at zero the player concedes the match."""
    if player not in state["players"]:
        raise EngineError(f"{player} is not seated in this match")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
        raise EngineError("reserve time spent must be a number of seconds, 0 or more")
    new = fresh(state)
    log: list[LogLine] = []
    if finished(state):
        result = state["result"]
        if (result["reason"] == "reserve" and result["loser"] == other(state, player)
                and state["reserve_s"][player] - seconds <= 0):  # both out of time at once (ruling 17)
            new["reserve_s"][player] = 0.0
            log.append(LogLine("Both players ran out of time at once: the scores as they stand decide."))
            finish_on_scores(new, log, "reserve")
        return Resolution(new, log)
    total = state["clock"]["reserve_s"]
    before = state["reserve_s"][player]
    after = max(0.0, round(before - seconds, 3))
    new["reserve_s"][player] = after
    if after <= 0:  # a loss on time, read as one (not as a concession the player sent)
        log.append(LogLine(f"{player} ran out of time: {other(state, player)} wins the Death Match."))
        new["result"] = {"winner": other(state, player), "loser": player, "reason": "reserve"}
        new["stage"] = OVER
    elif reminder_due(total, before, after):  # the dealer's reminder, every 30 s of reserve used
        log.append(LogLine(used_text(player, total - after, after)))
    return Resolution(new, log)


def both_out_at_once(state: State, used: dict[str, float]) -> Resolution | None:
    """Reserves spent from the same moment; both running out at once (ruling 17) is one outcome: the
    scores as they stand decide, said once (never first a loss on time for one of them). None when that is
    not the case (each reserve is then spent in turn)."""
    for name, seconds in used.items():
        if name not in state["players"]:
            raise EngineError(f"{name} is not seated in this match")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
            raise EngineError("reserve time spent must be a number of seconds, 0 or more")
    out = [p for p in state["players"] if p in used and state["reserve_s"][p] - used[p] <= 0]
    if finished(state) or len(out) < 2:
        return None
    new = fresh(state)
    for player in out:
        new["reserve_s"][player] = 0.0
    log = [LogLine("Both players ran out of time at once: the scores as they stand decide.")]
    finish_on_scores(new, log, "reserve")
    return Resolution(new, log)


def clock_seconds(state: State, kind: str) -> float | None:
    """A turn lasts ``turn_s``; each set-up step (a layout pick, the extra tree) ``setup_s``, without reserve."""
    return {"turn": state["clock"]["turn_s"], "setup": state["clock"]["setup_s"]}.get(kind)


def concede(state: State, player: str) -> Resolution:
    """The player concedes the match: the other wins."""
    if player not in state["players"]:
        raise EngineError(f"{player} is not seated in this match")
    new = fresh(state)
    log: list[LogLine] = []
    if not finished(state):
        concede_match(new, [player], log, "concede")
    return Resolution(new, log)
