"""The match page's buttons for a design's actions and trades (RULES.md, "Actions" and "Trades and gifts").

What a player may press now, drawn by the site as small forms (:class:`~games.engines.protocol.ActionForm`):

- each action of the open phase the player may take (an action taken ``once`` is gone once taken), with its fields;
- "Make an offer" (to whom, what I give, what I ask) while the player has offers left;
- each open offer made to the player (Accept or Decline), and each of their own (Withdraw).

:func:`parse` turns a posted form into the payload :func:`games.custom_game.actions.take` or
:func:`games.custom_game.trades.take` checks and applies; nothing here decides whether it is allowed.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import ActionForm, Field, Payload, State, SubmissionError, Viewer, seat_of, viewer_role
from games.kit.numbers import NumberError, parse_optional_int, shown

from . import actions, answers, trades
from .document.limits import MAX_NUMBER, MAX_TRADE_ITEMS

#: The keys of the forms that are not a design's actions (an action's is ``do-`` and its key).
OFFER = "offer"
ANSWER = "answer-"
WITHDRAW = "withdraw-"
DO = "do-"


def _acting(state: State, player: str) -> bool:
    current = state["open"]
    return (current is not None and current.get("kind") == "main" and not current.get("closing")
            and player in current.get("actors", []))


def _seated_in_open(state: State, player: str) -> bool:
    """A seated player who does not act in the open players' phase (an ``anyone`` action is theirs too)."""
    current = state["open"]
    return (current is not None and current.get("kind") == "main" and not current.get("closing")
            and player in state["players"])


def _terms(state: State, offer: dict[str, Any]) -> str:
    what = ("a gift of " + trades.describe(state, offer["give"]) if not offer["get"]
            else f"{trades.describe(state, offer['give'])} for {trades.describe(state, offer['get'])}")
    return f"Offer {offer['number']}: {offer['from']} offers {offer['to']} {what}"


def _hand(state: State, key: str, player: str) -> list[Any]:
    hand = (state.get("values") or {}).get(key)
    held = hand.get(player) if isinstance(hand, dict) else None
    return list(held) if isinstance(held, list) else []


def _offer_form(state: State, player: str, rules: dict[str, Any]) -> ActionForm | None:
    others = [p for p in state["open"]["actors"] if p != player]
    made = sum(1 for o in trades.offers(state) if o["from"] == player)
    if not others or made >= rules["per_player"]:
        return None
    labels = {c["key"]: c["label"] for c in state["design"]["counters"]}
    fields = [Field("to", "To", "choice", tuple((p, p) for p in others))]
    for key in rules["counters"]:
        fields.append(Field(f"give_{key}", f"I give {labels.get(key, key)}", "int", required=False, group="I give",
                            help=f"You hold {state['counters'][player][key]}."))
    for key in rules["items"]:
        mine = _hand(state, key, player)
        if mine:
            fields.append(Field(f"give_{key}", f"I give from {key}", "multichoice",
                                tuple((str(i), str(i)) for i in mine), required=False, group="I give"))
    for key in rules["counters"]:
        fields.append(Field(f"get_{key}", f"I ask {labels.get(key, key)}", "int", required=False, group="I ask"))
    for key in rules["items"]:
        fields.append(Field(f"get_{key}", f"I ask from {key}", "text", required=False, group="I ask",
                            help="Items separated by commas."))
    left = rules["per_player"] - made
    note = f"{left} offer{'s' if left != 1 else ''} left this phase." + (
        " Ask for nothing to make a gift." if rules["gifts"] else "")
    return ActionForm(OFFER, "Make the offer", tuple(fields), "Make an offer", note)


def forms_for(state: State, player: str) -> list[ActionForm]:
    """The buttons ``player`` may press now, in the page's order: actions, offers to them, theirs, a new offer."""
    acting = _acting(state, player)
    if not acting and not _seated_in_open(state, player):
        return []
    out = []
    done = {t["action"] for t in actions.taken(state) if t["by"] == player}
    for action in actions.offered(state):
        if (action["once"] and action["key"] in done) or not (acting or action.get("anyone")):
            continue
        note = "" if action["public"] else "Only you and the host see it."
        out.append(ActionForm(DO + action["key"], action["label"],
                              tuple(answers.form_fields(action["fields"], state["players"])), "Actions", note,
                              before_lock_in=bool(action.get("before_lock_in"))))
    rules = trades.rules_of(state)
    if rules is None or not acting:
        return out
    for offer in trades.offers(state):
        if offer["status"] != "open":
            continue
        if offer["to"] == player:
            pick = Field("answer", "Your answer", "pick", (("accept", "Accept"), ("decline", "Decline")))
            out.append(ActionForm(f"{ANSWER}{offer['number']}", "Answer", (pick,), "Offers to you",
                                  _terms(state, offer) + "."))
        elif offer["from"] == player:
            out.append(ActionForm(f"{WITHDRAW}{offer['number']}", "Withdraw", (), "Your offers",
                                  _terms(state, offer) + "."))
    offer_form = _offer_form(state, player, rules)
    if offer_form is not None:
        out.append(offer_form)
    return out


def _one(raw: Any) -> Any:
    if isinstance(raw, list):
        return raw[-1] if raw else None
    return raw


def _amount(raw: Any, name: str) -> int | None:
    try:
        return parse_optional_int(_one(raw), field=name, lo=1, hi=MAX_NUMBER)
    except NumberError as exc:
        raise SubmissionError(name, f"A whole number from 1 to {MAX_NUMBER:,}, or nothing: {exc.message}") from None


def _items(raw: Any, name: str) -> list[str]:
    if isinstance(raw, list):
        items = [str(i) for i in raw if str(i).strip()]
    else:
        items = [part.strip() for part in str(raw or "").split(",") if part.strip()]
    if len(items) > MAX_TRADE_ITEMS:
        raise SubmissionError(name, f"At most {MAX_TRADE_ITEMS} items.")
    return items


def _as_held(items: list[str], held: list[Any]) -> list[Any]:
    """Items as typed, each as the hand holds it (a hand may hold numbers: ``3`` typed is the card ``3``)."""
    by_text = {str(i): i for i in held}
    return [by_text.get(i, i) for i in items]


def _side(state: State, rules: dict[str, Any], data: dict[str, Any], prefix: str, holder: str) -> dict[str, Any]:
    side: dict[str, Any] = {}
    for key in rules["counters"]:
        amount = _amount(data.get(f"{prefix}_{key}"), f"{prefix}_{key}")
        if amount is not None:
            side[key] = amount
    for key in rules["items"]:
        items = _items(data.get(f"{prefix}_{key}"), f"{prefix}_{key}")
        if items:
            side[key] = _as_held(items, _hand(state, key, holder))
    return side


def _number(key: str, prefix: str) -> int:
    text = key.removeprefix(prefix)
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise SubmissionError("", f"There is no such offer ({shown(key)}).")
    return int(text)


def parse(state: State, player: str, key: str, data: dict[str, Any]) -> Payload:
    """The payload of the form ``key`` posted with ``data``; SubmissionError (naming the field) when it cannot be
    read. Whether it may be taken is checked when it is taken."""
    if not isinstance(key, str) or not key:
        raise SubmissionError("", "Say which action this is.")
    if key.startswith(DO):
        action = next((a for a in actions.offered(state) if a["key"] == key.removeprefix(DO)), None)
        if action is None:
            raise SubmissionError("", f"There is no action {shown(key.removeprefix(DO))} now.")
        fields = answers.parse_form(action["fields"], state["players"], data)
        return {"action": action["key"], "fields": fields}
    rules = trades.rules_of(state)
    if rules is None:
        raise SubmissionError("", "No phase takes trades now.")
    if key == OFFER:
        to = _one(data.get("to"))
        to = to if isinstance(to, str) else ""
        return {"trade": "offer", "to": to, "give": _side(state, rules, data, "give", player),
                "get": _side(state, rules, data, "get", to)}
    if key.startswith(ANSWER):
        verb = _one(data.get("answer"))
        if verb not in ("accept", "decline"):
            raise SubmissionError("answer", "Accept or decline the offer.")
        return {"trade": verb, "offer": _number(key, ANSWER)}
    if key.startswith(WITHDRAW):
        return {"trade": "withdraw", "offer": _number(key, WITHDRAW)}
    raise SubmissionError("", f"There is no action {shown(key)} now.")


def notes(state: State, viewer: Viewer) -> list[str]:
    """The open phase's offers ``viewer`` may read (the host all, a player those made to or by them), with what
    became of each."""
    if state.get("open") is None:
        return []
    host = viewer_role(viewer, state["players"]) == "host"
    me = seat_of(viewer, state["players"])
    if not host and me is None:
        return []
    return [f"{_terms(state, o)}: {o['status']}." for o in trades.seen_by(state, me, host)]


def _worth(side: dict[str, Any]) -> int:
    return sum(amount if isinstance(amount, int) else len(amount) for amount in side.values())


def bot_reply(state: State, player: str, rng: random.Random) -> Payload | None:
    """A bot's answer to the oldest open offer made to it: accepted when it can be paid and the bot gets at least
    as much as it gives (counters and items counted one by one; a tie is settled by the bot's seeded stream,
    two times in three for), declined otherwise; None when no offer waits for it."""
    if trades.rules_of(state) is None or not _acting(state, player):
        return None
    waiting = [o for o in trades.offers(state) if o["to"] == player and o["status"] == "open"]
    if not waiting:
        return None
    offer = waiting[0]
    accept: Payload = {"trade": "accept", "offer": offer["number"]}
    gain = _worth(offer["give"]) - _worth(offer["get"])
    wanted = gain > 0 or (gain == 0 and rng.random() < 2 / 3)
    if wanted:
        try:
            trades.check_trade(state, player, accept)
        except SubmissionError:
            wanted = False
    return accept if wanted else {"trade": "decline", "offer": offer["number"]}
