"""The end of the match: the orb prize, the star prize, the Elimination Candidate and the garnet payout."""

from __future__ import annotations

import random
from typing import Any

from games.blob_party.common import Log, plural
from games.engines import house_bots
from games.kit.votes import count_ec_vote


def season_players(s: dict[str, Any]) -> list[str]:
    """The seats that hold a place in the season (RULES.md: the awards are decided as if house bots were not
    ranked), in seat order: every seat when no house bot plays."""
    return house_bots.ranked(s["players"], s)


#: A garnet for every 30 orbs and for every 2 stars.
ORBS_PER_GARNET = 30
STARS_PER_GARNET = 2


def most(s: dict[str, Any], key: str, among: list[str]) -> list[str]:
    """The players of ``among`` holding the most ``key`` (orbs, stars or bp), in seat order."""
    top = max(s[key][p] for p in among)
    return [p for p in among if s[key][p] == top]


def orb_winners(s: dict[str, Any]) -> tuple[list[str], str]:
    """Most orbs wins 2 ToL (one to keep, one to give); a two-way tie: both win.

    Three or more tied: the two of them with the most BP left win; if the most BP is tied by
    more than two, nobody wins; a single most-BP player with a tie for second wins alone.
    """
    tied = most(s, "orbs", season_players(s))
    if len(tied) == 1:
        return tied, f"{tied[0]} has the most orbs ({s['orbs'][tied[0]]})"
    if len(tied) == 2:
        return tied, f"{tied[0]} and {tied[1]} tie for the most orbs ({s['orbs'][tied[0]]}) and both win"
    names = ", ".join(tied)
    first = most(s, "bp", tied)
    if len(first) > 2:
        return [], f"{names} tie for the most orbs and {', '.join(first)} tie for the most BP: nobody wins"
    if len(first) == 2:
        return first, f"{names} tie for the most orbs; {first[0]} and {first[1]} have the most BP left and win"
    second = most(s, "bp", [p for p in tied if p not in first])
    if len(second) == 1:
        return first + second, f"{names} tie for the most orbs; {first[0]} and {second[0]} have the most BP left and win"
    return first, (f"{names} tie for the most orbs; {first[0]} has the most BP left and the second most "
                   f"is tied, so {first[0]} wins alone")


def star_winner(s: dict[str, Any]) -> tuple[str | None, str]:
    """Most stars wins 1 ToL; a tie goes to the tied player with the most BP left, else nobody.

    Nobody wins it when nobody has a star (a ruling made here).
    """
    tied = most(s, "stars", season_players(s))
    top = s["stars"][tied[0]]
    if top == 0:
        return None, "nobody has a star, so nobody wins the star prize"
    if len(tied) == 1:
        return tied[0], f"{tied[0]} has the most stars ({top})"
    first = most(s, "bp", tied)
    if len(first) == 1:
        return first[0], f"{', '.join(tied)} tie for the most stars ({top}); {first[0]} has the most BP left and wins"
    return None, f"{', '.join(tied)} tie for the most stars and {', '.join(first)} for the most BP: nobody wins"


def garnet_payout(s: dict[str, Any]) -> dict[str, int]:
    """Each player receives 1 garnet for every 30 orbs and 1 for every 2 stars (a house bot, holding no season
    wallet, nothing)."""
    season = set(season_players(s))
    return {p: s["orbs"][p] // ORBS_PER_GARNET + s["stars"][p] // STARS_PER_GARNET if p in season else 0
            for p in s["players"]}


def fewest_orbs(s: dict[str, Any]) -> list[str]:
    """The players tied for the fewest orbs, in seat order."""
    season = season_players(s)
    low = min(s["orbs"][p] for p in season)
    return [p for p in season if s["orbs"][p] == low]


def finish_match(s: dict[str, Any], rng: random.Random, log: Log) -> None:
    """Hand out the prizes, pay the garnets and name the EC (or open the EC decision)."""
    orbs, orb_reason = orb_winners(s)
    star, star_reason = star_winner(s)
    tol: dict[str, int] = {}
    give: dict[str, int] = {}
    for player in orbs:
        tol[player] = tol.get(player, 0) + 1
        give[player] = give.get(player, 0) + 1
    if star is not None:
        tol[star] = tol.get(star, 0) + 1
        if star in orbs:
            give[star] = give.get(star, 0) + 1
    log.public(f"The match is over. Orb prize: {orb_reason}.{house_bots.note(s)}")
    log.public(f"Star prize: {star_reason}.")
    if star is not None and star in orbs:
        log.public(f"{star} won both prizes and gets another Token of Life to hand out.")
    for player in s["players"]:
        if tol.get(player) or give.get(player):
            keeps = f"{player} keeps {plural(tol.get(player, 0), 'Token')} of Life"
            gives = give.get(player, 0)
            log.public(keeps + (f" and has {gives} to give to another player." if gives else "."))
    earned = garnet_payout(s)
    for player in s["players"]:
        if earned[player]:
            s["garnets"][player] += earned[player]
            log.garnet(player, earned[player], "end-of-match payout (1 a 30 orbs, 1 a 2 stars)")
    log.public("Garnet payout: " + ", ".join(f"{p} {earned[p]}" for p in season_players(s)) + ".")
    winners = [p for p in s["players"] if p in orbs or p == star]
    s["result"] = {"tol": tol, "tol_to_give": give, "ec": [], "pending": None, "garnets_earned": earned,
                   "orb_winners": orbs, "star_winner": star}
    name_ec(s, winners, rng, log)


def name_ec(s: dict[str, Any], winners: list[str], rng: random.Random, log: Log) -> None:
    """The fewest orbs is the EC; a tie is decided by the prize winners, or, with none, by the players not tied."""
    tied = fewest_orbs(s)
    result = s["result"]
    if len(tied) == 1:
        result["ec"] = tied
        log.public(f"{tied[0]} has the fewest orbs and is the Elimination Candidate.")
        return
    deciders = winners or [p for p in season_players(s) if p not in tied]
    names = ", ".join(tied)
    if not deciders:
        chosen = rng.choice(tied)
        result["ec"] = [chosen]
        log.public(f"{names} tie for the fewest orbs and nobody is left to decide: {chosen} is drawn at random "
                   "as the Elimination Candidate.")
        return
    result["pending"] = {"decide": "ec", "between": tied, "deciders": deciders}
    who = "the prize winners" if winners else "the players not tied (a majority vote)"
    log.public(f"{names} tie for the fewest orbs: {who}, {', '.join(deciders)}, choose the Elimination Candidate.")


def decide_ec(s: dict[str, Any], subs: dict[str, dict[str, Any]], rng: random.Random, log: Log) -> None:
    """Each decider names one of the tied players; most named wins; a tie (or no names) is drawn at random.

    A decider who names nobody abstains (RULES.md, "The end"): the log says so.
    """
    pending = s["result"]["pending"]
    choices = {decider: (subs.get(decider) or {}).get("ec") for decider in pending["deciders"]}
    vote = count_ec_vote(pending["between"], pending["deciders"], choices, rng)
    for decider in pending["deciders"]:
        if decider in vote.named:
            log.host(f"{decider} names {vote.named[decider]}.")
        else:
            log.public(f"{decider} named nobody in time and abstains.")
    chosen, leaders = vote.chosen, vote.leading
    if not vote.named:
        log.public(f"Nobody named anyone in time: {chosen} is drawn at random as the Elimination Candidate "
                   f"among {', '.join(leaders)}.")
    elif not vote.drawn:
        log.public(f"{chosen} is named the Elimination Candidate.")
    else:
        log.public(f"The choice is tied between {', '.join(leaders)}: {chosen} is drawn at random as the "
                   "Elimination Candidate.")
    s["result"]["ec"] = [chosen]
    s["result"]["pending"] = None
