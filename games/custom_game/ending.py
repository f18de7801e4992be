"""The end of a custom match: placement, Tokens of Life, Elimination Candidates, and the EC decision.

The host's ending ruling may place players (1 = best; ties allowed), give Tokens of Life, name the ECs,
or, instead of ECs, open a post-game decision: each decider names one of ``between``; the most named is
the EC, a tie (or nobody naming anyone) is drawn from the seed, and a silent decider abstains.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import PUBLIC, LogLine, Outcome, Payload, State, SubmissionError
from games.kit.numbers import parse_int, shown
from games.kit.placement import Standing, place_by, rank_by, standing_text
from games.kit.votes import checked_ec_vote, count_ec_vote

from . import names

MAX_TOL = 100


def _numbers(value: Any, players: list[str], field: str, lo: int, hi: int) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SubmissionError(field, f"must be an object keyed by player, not {shown(value)}")
    out = {}
    for name, number in value.items():
        names.player(name, players, f"{field}.{name}")
        out[name] = parse_int(number, field=f"{field}.{name}", lo=lo, hi=hi)
    return {p: out[p] for p in players if p in out}


def check_end(state: State, ruling: Payload) -> Payload:
    """The ending parts of a ruling whose ``next`` is ``end``, normalized."""
    players = state["players"]
    placement = _numbers(ruling.get("placement"), players, "placement", 1, len(players))
    tol = {p: n for p, n in _numbers(ruling.get("tol"), players, "tol", 0, MAX_TOL).items() if n}
    ec = names.player_list(ruling.get("ec") or [], players, "ec", 0)
    out: Payload = {"placement": placement, "tol": tol, "ec": ec}
    shared = ruling.get("shared", False)
    if not isinstance(shared, bool):
        raise SubmissionError("shared", f"must be true or false, not {shown(shared)}")
    if shared:
        out["shared"] = True
    decide = ruling.get("ec_decide")
    if decide is not None:
        if not isinstance(decide, dict) or set(decide) - {"between", "deciders"}:
            raise SubmissionError("ec_decide", "must be an object with between and deciders")
        if ec:
            raise SubmissionError("ec", "name the ECs or open a decision among candidates, not both")
        out["ec_decide"] = {
            "between": names.player_list(decide.get("between"), players, "ec_decide.between", 2),
            "deciders": names.player_list(decide.get("deciders"), players, "ec_decide.deciders", 1),
        }
    return out


def _final_measure(state: State, given: dict[str, int]) -> Any:
    """A player's measure at the end: the host's place first (unplaced: after everyone), then the public counters
    (in design order)."""
    public = [c["key"] for c in state["design"]["counters"] if c["visibility"] == "public"]
    last = len(state["players"]) + 1
    return lambda p: (-given.get(p, last), *(state["counters"][p][k] for k in public))


def final_placement(state: State, given: dict[str, int]) -> dict[str, int]:
    """Places 1..n: the host's places first, then public counters (in design order), then the seed's draw."""
    return place_by(state["players"], _final_measure(state, given), state["seed"])


def final_standing(state: State, given: dict[str, int]) -> dict[str, Standing]:
    """What the results show: equal players (the same place from the host, the same public counters) share a rank;
    a counter that set players the host placed equally apart is named ("most points"). No score is shown."""
    labels = [f"most {c['label']}" for c in state["design"]["counters"] if c["visibility"] == "public"]
    return rank_by(state["players"], _final_measure(state, given), labels, scored=False)


def shared_placement(state: State, given: dict[str, int]) -> dict[str, int]:
    """A documented tie (``shared``): the players placed keep their places, equal ones sharing theirs; the others
    come after them, ordered by the usual rule (public counters, then the seed)."""
    usual = final_placement(state, given)
    after = max([len(given), *given.values()]) + 1
    rest = sorted((p for p in state["players"] if p not in given), key=usual.__getitem__)
    return {p: given.get(p, 0) for p in state["players"] if p in given} | {p: after + n for n, p in enumerate(rest)}


def _placed(s: State, ruling: Payload) -> tuple[dict[str, int], dict[str, Standing]]:
    """The final placement and standing: by the usual rule, or (``shared``) with the rules' ties kept."""
    given = ruling["placement"]
    if not ruling.get("shared"):
        return final_placement(s, given), final_standing(s, given)
    placement = shared_placement(s, given)
    return placement, rank_by(s["players"], lambda p: -placement[p], scored=False)


def end(s: State, ruling: Payload, rng: random.Random, log: list[LogLine]) -> None:
    """End the match on ``s`` (a fresh copy): placement, ToL, ECs, or open the EC decision."""
    placement, standing = _placed(s, ruling)
    s["ending"] = {"placement": placement, "tol": dict(ruling["tol"]), "ec": list(ruling["ec"]),
                   "pending": None, "votes": {}, "standing": standing}
    log.append(LogLine("Placement: " + standing_text(placement, s["ending"]["standing"]) + ".",
                       PUBLIC))
    if ruling["tol"]:
        log.append(LogLine("Tokens of Life: " + ", ".join(f"{p} {n}" for p, n in ruling["tol"].items()) + ".",
                           PUBLIC))
    decide = ruling.get("ec_decide")
    if decide:
        s["ending"]["pending"] = {"decide": "ec", "between": list(decide["between"]),
                                  "deciders": list(decide["deciders"])}
        s["open"] = {"kind": "decision", "actors": list(decide["deciders"]), "between": list(decide["between"])}
        log.append(LogLine(f"{', '.join(decide['deciders'])} choose the Elimination Candidate among "
                           f"{', '.join(decide['between'])}.", PUBLIC))
    elif ruling["ec"]:
        log.append(LogLine(f"Elimination Candidate{'s' if len(ruling['ec']) > 1 else ''}: "
                           f"{', '.join(ruling['ec'])}.", PUBLIC))
    else:
        log.append(LogLine("No Elimination Candidate.", PUBLIC))


# --- the EC decision -------------------------------------------------------------------------------------
def check_vote(state: State, payload: Payload) -> Payload:
    """A decider's vote names one of the candidates."""
    return checked_ec_vote(payload, state["open"]["between"], "the candidates")


def decide(s: State, votes: dict[str, Payload], rng: random.Random, log: list[LogLine]) -> None:
    """Count the votes on ``s`` (a fresh copy): most named is the EC; ties and silence drawn from the seed."""
    between, deciders = s["open"]["between"], s["open"]["actors"]
    vote = count_ec_vote(between, deciders, {p: (votes.get(p) or {}).get("ec") for p in deciders}, rng)
    named, chosen, silent = vote.named, vote.chosen, vote.abstained
    tally = ", ".join(f"{c} {n}" for c, n in vote.tally.items())
    how = f" ({' and '.join(vote.leading)} tied: drawn at random)" if vote.drawn else ""
    log.append(LogLine(f"The deciders named: {tally}{'; ' + ', '.join(silent) + ' abstained' if silent else ''}. "
                       f"{chosen} is the Elimination Candidate{how}.", PUBLIC))
    s["ending"]["ec"] = [chosen]
    s["ending"]["votes"] = named
    s["ending"]["pending"] = None
    s["open"] = None
    s["number"] += 1


def outcome(state: State) -> Outcome | None:
    ending = state["ending"]
    if ending is None:
        return None
    return Outcome(tol=dict(ending["tol"]), ec=list(ending["ec"]), placement=dict(ending["placement"]),
                   standing={p: dict(line) for p, line in (ending.get("standing") or {}).items()},
                   pending=None if ending["pending"] is None else {k: (list(v) if isinstance(v, list) else v)
                                                                     for k, v in ending["pending"].items()},
                   garnets_earned={})


def bot_end(state: State, rng: random.Random) -> Payload:
    """A random ending: some places, Tokens of Life, ECs or an EC decision."""
    players = state["players"]
    out: Payload = {}
    if rng.random() < 0.5:
        out["placement"] = {p: rng.randint(1, len(players)) for p in players if rng.random() < 0.5}
    if rng.random() < 0.5:
        out["tol"] = {p: rng.randint(0, 2) for p in players if rng.random() < 0.3}
    if rng.random() < 0.5 and len(players) >= 3:
        between = rng.sample(players, 2)
        out["ec_decide"] = {"between": between, "deciders": rng.sample(players, rng.randint(1, len(players)))}
    else:
        out["ec"] = rng.sample(players, rng.randint(0, 2))
    return out



