"""Trades and gifts between players (RULES.md, "Trades and gifts"): offered, then accepted, declined or withdrawn.

A players' phase whose design has ``trades`` (``{"counters": [...], "items": [...], "per_player": N, "gifts":
yes}``) lets its actors offer each other counters, and items of a hand kept in a named value (``keep("hand",
{player: [items]})``), for something in return (``get``) or for nothing (a gift). They travel as actions
(``{"trade": "offer" | "accept" | "decline" | "withdraw", ...}``), so they are taken under the match's lock, in
arrival order, and recorded with the phase's actions; the offers and their answers are kept in order in
``state["open"]["trades"]`` (then in the phase's history entry).

Checking is apart from applying: :func:`check_trade` refuses in the game's words (nothing changes); :func:`take`
applies. An offer is paid only when it is accepted, all at once: if either side no longer holds what it
promised then, the accept is refused and nothing changes (the offer stays open). Only the two players and the
host read an offer and its answer.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import LogLine, Payload, Resolution, Seat, State, SubmissionError
from games.kit.numbers import shown

from . import phases
from .copies import fresh
from .document.limits import MAX_NUMBER, MAX_TRADE_ITEMS

VERBS = ("offer", "accept", "decline", "withdraw")
#: What an answered offer says it became.
ANSWERED = {"accept": "accepted", "decline": "declined", "withdraw": "withdrawn"}


def rules_of(state: State) -> dict[str, Any] | None:
    """The open players' phase's trade rules, or None (no phase open, or it takes no trades)."""
    current = state["open"]
    if current is None or current.get("kind") != "main":
        return None
    phase = next(p for p in state["design"]["phases"] if p["key"] == current["phase"])
    trades: dict[str, Any] | None = phase.get("trades")
    return trades


def offers(state: State) -> list[dict[str, Any]]:
    """The open phase's offers so far, in order, each with its ``status`` (open, accepted, declined, withdrawn)."""
    return list((state["open"] or {}).get("trades", []))


def is_trade(payload: Any) -> bool:
    return isinstance(payload, dict) and "trade" in payload


def _refuse(message: str, field: str = "") -> SubmissionError:
    return SubmissionError(field, message)


def _label(state: State, key: str) -> str:
    return next((c["label"] for c in state["design"]["counters"] if c["key"] == key), key)


def describe(state: State, side: dict[str, Any]) -> str:
    """``2 Coins, hand: A♠`` (``nothing`` for an empty side)."""
    parts = [f"{amount} {_label(state, key)}" if isinstance(amount, int) else f"{key}: {', '.join(map(str, amount))}"
             for key, amount in side.items()]
    return ", ".join(parts) or "nothing"


def _side(rules: dict[str, Any], raw: Any, field: str) -> dict[str, Any]:
    """One side of an offer, normalized: counter key → a whole number ≥ 1, hand → a list of items."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise _refuse(f'{field} is an object such as {{"coins": 2}}, not {shown(raw)}.', field)
    out: dict[str, Any] = {}
    for key, amount in raw.items():
        if key in rules["counters"]:
            if type(amount) is not int or not 1 <= amount <= MAX_NUMBER:
                raise _refuse(f"{field}: {shown(key)} must be a whole number from 1 to {MAX_NUMBER:,}, "
                              f"not {shown(amount)}.", field)
            out[key] = amount
        elif key in rules["items"]:
            if not isinstance(amount, list) or not 1 <= len(amount) <= MAX_TRADE_ITEMS \
                    or not all(isinstance(i, str | int) and not isinstance(i, bool) for i in amount):
                raise _refuse(f"{field}: {shown(key)} must be a list of 1 to {MAX_TRADE_ITEMS} items of the hand.",
                              field)
            out[key] = list(amount)
        else:
            tradable = [*rules["counters"], *rules["items"]]
            raise _refuse(f"{field}: {shown(key)} cannot be traded here (what can: {', '.join(tradable)}).", field)
    return out


def _lacks(state: State, player: str, side: dict[str, Any]) -> str | None:
    """What ``player`` does not hold of ``side`` (its words), or None when they hold it all."""
    for key, amount in side.items():
        if isinstance(amount, int):
            if state["counters"][player][key] < amount:
                return f"{player} holds fewer than {amount} {_label(state, key)}"
            continue
        hand = (state.get("values") or {}).get(key)
        held = list(hand.get(player, [])) if isinstance(hand, dict) and isinstance(hand.get(player), list) else []
        for item in amount:
            if item not in held:
                return f"{player} does not hold {shown(item)} in {key}"
            held.remove(item)
    return None


def _check_offer(state: State, player: str, payload: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    if set(payload) - {"trade", "to", "give", "get"}:
        raise _refuse('An offer is {"trade": "offer", "to": a player, "give": {...}, "get": {...}}; this one is not.')
    current = state["open"]
    to = payload.get("to")
    if not isinstance(to, str) or to not in current["actors"] or to == player:
        raise _refuse(f"Offer to another player of {current['name']} (to), not {shown(to)}.", "to")
    give, get = _side(rules, payload.get("give"), "give"), _side(rules, payload.get("get"), "get")
    if not give and not get:
        raise _refuse("An offer gives or asks for something; this one does neither.", "give")
    if not get and not rules["gifts"]:
        raise _refuse(f"{current['name']} takes no gifts: ask for something in return (get).", "get")
    if rules.get("one_for_one"):
        _one_for_one(rules, give, get)
    if rules.get("once_per_pair") and any(o["status"] == "accepted" and {o["from"], o["to"]} == {player, to}
                                          for o in offers(state)):
        raise _refuse(f"You and {to} have traded once already; you may not trade with each other again.", "to")
    made = sum(1 for o in offers(state) if o["from"] == player)
    if made >= rules["per_player"]:
        raise _refuse(f"You have made your {rules['per_player']} offer(s) of {current['name']}.")
    lacking = _lacks(state, player, give)
    if lacking is not None:
        raise _refuse(f"You cannot offer that: {lacking.removeprefix(player + ' ').replace('holds', 'hold')}.", "give")
    return {"number": len(offers(state)) + 1, "from": player, "to": to, "give": give, "get": get, "status": "open"}


def _one_for_one(rules: dict[str, Any], give: dict[str, Any], get: dict[str, Any]) -> None:
    """A one-for-one trade (``"one_for_one": true``): exactly one card of a hand each way, nothing else."""
    for side, field, whose in ((give, "give", "yours"), (get, "get", "theirs")):
        if len(side) != 1 or not all(k in rules["items"] and len(v) == 1 for k, v in side.items()):
            raise _refuse(f"A trade here is one card for one card: {field} exactly one card of {whose}.", field)


def _check_answer(state: State, player: str, payload: dict[str, Any]) -> dict[str, Any]:
    verb = payload["trade"]
    if set(payload) - {"trade", "offer"}:
        raise _refuse(f'An answer is {{"trade": "{verb}", "offer": its number}}; this one is not.')
    number = payload.get("offer")
    found = offers(state)
    if type(number) is not int or not 1 <= number <= len(found):
        raise _refuse(f"There is no offer {shown(number)} in {state['open']['name']}.", "offer")
    offer = found[number - 1]
    if player not in (offer["from"], offer["to"]):
        raise _refuse(f"There is no offer {number} in {state['open']['name']}.", "offer")  # not theirs to know of
    if offer["status"] != "open":
        raise _refuse(f"Offer {number} was already {offer['status']}; nothing changed.", "offer")
    if verb == "withdraw" and player != offer["from"]:
        raise _refuse(f"Only {offer['from']} may withdraw offer {number}.", "offer")
    if verb != "withdraw" and player != offer["to"]:
        raise _refuse(f"Offer {number} is {offer['to']}'s to answer; you may withdraw it.", "offer")
    if verb == "accept" and (rules_of(state) or {}).get("once_per_pair") and any(
            o["status"] == "accepted" and {o["from"], o["to"]} == {offer["from"], offer["to"]} for o in found):
        raise _refuse(f"{offer['from']} and {offer['to']} have traded once already; offer {number} can no longer "
                      "be accepted; nothing changed.", "offer")
    if verb == "accept":
        lacking = _lacks(state, offer["from"], offer["give"]) or _lacks(state, offer["to"], offer["get"])
        if lacking is not None:
            raise _refuse(f"Offer {number} can no longer be paid ({lacking}); nothing changed.", "offer")
    return offer


def check_trade(state: State, player: str, payload: Payload) -> dict[str, Any]:
    """The offer made, or the open offer answered, when ``player`` may do so now; SubmissionError otherwise."""
    verb = payload.get("trade")
    if verb not in VERBS:
        raise _refuse(f"A trade is one of {', '.join(VERBS)}, not {shown(verb)}.")
    current = phases.open_main(state, "trades")
    rules = rules_of(state)
    if rules is None:
        raise _refuse(f"{current['name']} takes no trades.")
    if player not in current["actors"]:
        raise _refuse(f"You do not act in {current['name']}.")
    return _check_offer(state, player, payload, rules) if verb == "offer" else _check_answer(state, player, payload)


def _move(s: State, giver: str, taker: str, side: dict[str, Any]) -> None:
    for key, amount in side.items():
        if isinstance(amount, int):
            s["counters"][giver][key] -= amount
            s["counters"][taker][key] += amount
            continue
        hand = dict(s["values"][key])  # kept values are replaced, never changed in place (copies.py)
        kept = list(hand[giver])
        for item in amount:
            kept.remove(item)
        hand[giver], hand[taker] = kept, [*(hand.get(taker) or []), *amount]
        s["values"] = {**s["values"], key: hand}


def take(state: State, player: str, payload: Payload) -> Resolution:
    """Check and apply one offer or answer at once; its lines go to the two players (and the host)."""
    checked = check_trade(state, player, payload)
    s = fresh(state)
    trades = s["open"]["trades"] = [dict(o) for o in offers(state)]  # the list and its offers are this copy's
    verb = payload["trade"]
    if verb == "offer":
        trades.append(checked)
        what = "a gift of " + describe(s, checked["give"]) if not checked["get"] else \
            f"{describe(s, checked['give'])} for {describe(s, checked['get'])}"
        said = f"Offer {checked['number']}: {player} offers {checked['to']} {what}."
    else:
        offer = trades[checked["number"] - 1]
        offer["status"] = ANSWERED[verb]
        if verb == "accept":
            _move(s, offer["from"], offer["to"], offer["give"])
            _move(s, offer["to"], offer["from"], offer["get"])
        said = f"Offer {offer['number']} ({offer['from']} to {offer['to']}): {ANSWERED[verb]} by {player}."
        checked = offer
    log = [LogLine(said, Seat(checked["from"])), LogLine(said, Seat(checked["to"]))]
    return Resolution(s, log, [])


def bot_trade(state: State, player: str, rng: random.Random) -> Payload | None:
    """A bot answers an open offer to it (accepts or declines, at random), or offers one counter for another."""
    rules = rules_of(state)
    if rules is None or player not in state["open"]["actors"]:
        return None
    waiting = [o for o in offers(state) if o["to"] == player and o["status"] == "open"]
    if waiting:  # accepts two times in three what it can pay, declines the rest
        number = rng.choice(waiting)["number"]
        answer: Payload = {"trade": rng.choice(("accept", "accept", "decline")), "offer": number}
        try:
            check_trade(state, player, answer)
        except SubmissionError:
            return {"trade": "decline", "offer": number}
        return answer
    others = [p for p in state["open"]["actors"] if p != player]
    if others and rules["items"] and (not rules["counters"] or rng.random() < 0.5):
        return _bot_card_offer(state, player, rules, rng.choice(others), rng)
    if not others or not rules["counters"]:
        return None
    mine = [k for k in rules["counters"] if state["counters"][player][k] >= 1]
    if not mine:
        return None
    give = rng.choice(mine)
    payload: Payload = {"trade": "offer", "to": rng.choice(others),
                        "give": {give: rng.randint(1, min(3, state["counters"][player][give]))},
                        "get": {rng.choice(rules["counters"]): 1} if rng.random() < 0.7 else {}}
    try:
        check_trade(state, player, payload)
    except SubmissionError:
        return None
    return payload


def _bot_card_offer(state: State, player: str, rules: dict[str, Any], to: str, rng: random.Random) -> Payload | None:
    """A bot's offer of one card of a hand it holds for one card of the other player's (None: it may not)."""
    key = rng.choice(rules["items"])
    hand = (state.get("values") or {}).get(key)
    if not isinstance(hand, dict):
        return None
    mine, theirs = hand.get(player) or [], hand.get(to) or []
    if not isinstance(mine, list) or not isinstance(theirs, list) or not mine or not theirs:
        return None
    payload: Payload = {"trade": "offer", "to": to, "give": {key: [rng.choice(mine)]}, "get": {key: [rng.choice(theirs)]}}
    try:
        check_trade(state, player, payload)
    except SubmissionError:
        return None
    return payload


def seen_by(state: State, me: str | None, host: bool) -> list[dict[str, Any]]:
    """The open phase's offers this viewer may read: the host all, a player those made to or by them."""
    return [dict(o) for o in offers(state) if host or (me is not None and me in (o["from"], o["to"]))]
