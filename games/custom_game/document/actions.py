"""A design's parts for moves that take effect at once and for live turns (RULES.md, "Actions" and "Turns and
clocks"), checked at save.

- a phase's ``actions``: each ``{"key", "label", "fields", "rules", "check", "once", "public", "anyone",
  "before_lock_in"}``; its fields are checked as a form's (none is allowed: a call, a claim), its rules and check as programs;
- a phase's ``turn``: ``{"seconds": 10..3600, "order": "together" | "rotate", "timeout": "default" | "pass" |
  "loss"}`` (its moves are played live, with a clock of that many seconds a move);
- a phase's ``trades``: ``{"counters": [keys], "items": [kept hands], "per_player": 1..50, "gifts": yes}`` (what
  its actors may offer each other, RULES.md "Trades and gifts");
- the design's ``reserve``: each player's reserve time for the whole match, in seconds (0..86400).

Each part is kept in the normalized design only when set, so a design without them is as it was.
"""

from __future__ import annotations

import re
from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import shown

from .fields import check_fields
from .limits import DEFAULT_TRADE_OFFERS, KEY_PATTERN, MAX_TRADE_OFFERS
from .move_checks import MAX_CHECK
from .parts import items_of, tag, whole
from .texts import clean_source

#: The most actions a phase offers.
MAX_ACTIONS = 10
#: A live turn's clock, in seconds a move.
MIN_TURN_SECONDS = 10
MAX_TURN_SECONDS = 3600
#: A player's reserve time for the whole match, in seconds.
MAX_RESERVE = 86_400
TURN_ORDERS = ("together", "rotate")
TIMEOUTS = ("default", "pass", "loss")
#: The keys of a phase's ``trades`` (the host's words, on the rules page).
TRADE_KEYS = ("counters", "items", "per_player", "gifts", "one_for_one", "once_per_pair")
#: An action's switches written only when on: any seated player may take it (not only the phase's actors); taken
#: only until its player locks in their move (as a move: the platform refuses it after).
OFF_UNLESS_SET = ("anyone", "before_lock_in")
#: An action's switches beyond its key, label, fields, rules and check (RULES.md, "Actions").
ACTION_SWITCHES = ("once", "public", *OFF_UNLESS_SET)


def _tagged(problems: list[Problem], since: int, part: str) -> None:
    """Give the problems since ``since`` that name no part this one (a program's problems come untagged)."""
    for i in range(since, len(problems)):
        if not problems[i].part:
            problems[i] = Problem(problems[i].where, problems[i].message, part)


def _flag(found: dict[str, Any], key: str, default: bool, where: str, part: str, problems: list[Problem]) -> bool:
    value = found.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        problems.append(Problem(where, f"{key} must be yes or no, not {shown(value)}", part))
        return default
    return value


def check_actions(raw: Any, where: str, at: str, problems: list[Problem]) -> list[dict[str, Any]]:
    """A phase's actions, normalized (``[]`` when it has none)."""
    out = []
    for item in items_of(raw, problems, title=f"{where}, actions", part=f"{at}.actions", what="an action",
                         most=MAX_ACTIONS):
        found, a_where, a_at = item.doc, f"{where}, action “{item.label}”", f"{at}.actions[{item.number - 1}]"
        fields: list[dict[str, Any]] = []
        if found.get("fields"):
            fields = check_fields(found.get("fields"), a_where, problems, a_at + ".fields")
        since = len(problems)
        rules = clean_source(found.get("rules"), a_where, "the action's rules", problems)
        _tagged(problems, since, a_at + ".rules")
        if not rules and len(problems) == since:
            problems.append(Problem(a_where, "an action needs its rules (what it does at once)", a_at + ".rules"))
        since = len(problems)
        check = clean_source(found.get("check"), a_where, "the action's check", problems, MAX_CHECK)
        _tagged(problems, since, a_at + ".check")
        action: dict[str, Any] = {"key": item.key, "label": item.label, "fields": fields, "rules": rules,
                                  "once": _flag(found, "once", False, a_where, a_at + ".once", problems),
                                  "public": _flag(found, "public", True, a_where, a_at + ".public", problems)}
        if check:
            action["check"] = check
        for switch in OFF_UNLESS_SET:
            if _flag(found, switch, False, a_where, f"{a_at}.{switch}", problems):
                action[switch] = True
        out.append(action)
    return out


def check_turn(raw: Any, where: str, at: str, problems: list[Problem]) -> dict[str, Any] | None:
    """A phase's live turn (``None``: not live)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        problems.append(Problem(where, f"the turn must be an object such as {{\"seconds\": 30}}, not {shown(raw)}",
                                at + ".turn"))
        return None
    since = len(problems)
    seconds = whole(raw.get("seconds", 60), where, "a turn's clock in seconds", problems,
                    MIN_TURN_SECONDS, MAX_TURN_SECONDS)
    tag(problems, since, at + ".turn.seconds")
    order = raw.get("order", "together")
    if order not in TURN_ORDERS:
        problems.append(Problem(where, f"the turn's order must be together or rotate, not {shown(order)}",
                                at + ".turn.order"))
        order = "together"
    timeout = raw.get("timeout", "default")
    if timeout not in TIMEOUTS:
        problems.append(Problem(where, f"what a timeout does must be default, pass or loss, not {shown(timeout)}",
                                at + ".turn.timeout"))
        timeout = "default"
    return {"seconds": seconds or 60, "order": order, "timeout": timeout}


def _keys(raw: Any, what: str, where: str, at: str, problems: list[Problem]) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(k, str) and re.fullmatch(KEY_PATTERN, k) for k in raw) \
            or len(set(raw)) != len(raw):
        problems.append(Problem(where, f"the trades' {what} must be a list of different keys (a-z, 0-9 and _), not {shown(raw)}", at))
        return []
    return list(raw)


def check_trades(raw: Any, where: str, at: str, problems: list[Problem]) -> dict[str, Any] | None:
    """A phase's ``trades``: ``{"counters": [keys], "items": [kept values' names], "per_player": 1..50, "gifts":
    yes}`` (``None``: the phase takes no trades). Each counter is the design's: see :func:`cross_problems`."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - set(TRADE_KEYS):
        problems.append(Problem(where, 'the trades must be an object such as {"counters": ["coins"], "per_player": 3}'
                                f", not {shown(raw)}", at + ".trades"))
        return None
    since = len(problems)
    counters = _keys(raw.get("counters"), "counters", where, at + ".trades.counters", problems)
    items = _keys(raw.get("items"), "items", where, at + ".trades.items", problems)
    if not counters and not items and len(problems) == since:
        problems.append(Problem(where, "the trades name at least one counter or hand (items) that may be traded",
                                at + ".trades"))
    since = len(problems)
    per_player = whole(raw.get("per_player", DEFAULT_TRADE_OFFERS), where, "the offers each player may make",
                       problems, 1, MAX_TRADE_OFFERS)
    tag(problems, since, at + ".trades.per_player")
    out = {"counters": counters, "items": items, "per_player": per_player or DEFAULT_TRADE_OFFERS,
           "gifts": _flag(raw, "gifts", True, where, at + ".trades.gifts", problems)}
    for key in ("one_for_one", "once_per_pair"):  # kept only when set, so older designs read the same
        if _flag(raw, key, False, where, f"{at}.trades.{key}", problems):
            out[key] = True
    if out.get("one_for_one") and not items and len(problems) == since:
        problems.append(Problem(where, "one-for-one trades exchange cards of a hand: name it in items",
                                at + ".trades.items"))
    return out


def cross_problems(phases: list[dict[str, Any]], counters: list[dict[str, Any]], problems: list[Problem]) -> None:
    """Each counter a phase's trades name is one of the design's."""
    known = {c["key"] for c in counters}
    for n, phase in enumerate(phases):
        for key in (phase.get("trades") or {}).get("counters", []):
            if key not in known:
                problems.append(Problem(f"Phase “{phase.get('name', n + 1)}”",
                                        f"the trades name the counter {shown(key)}, which the design does not have",
                                        f"phases[{n}].trades.counters"))


def phase_extras(found: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A phase's ``actions`` and ``turn``, kept in ``out`` only when set."""
    actions = check_actions(found.get("actions"), where, at, problems)
    if actions:
        out["actions"] = actions
    turn = check_turn(found.get("turn"), where, at, problems)
    if turn is not None:
        out["turn"] = turn
    trades = check_trades(found.get("trades"), where, at, problems)
    if trades is not None:
        out["trades"] = trades


def reserve_of(doc: dict[str, Any], problems: list[Problem]) -> int | None:
    """The design's ``reserve`` (seconds a player has beyond their turns' clocks, for the whole match)."""
    raw = doc.get("reserve")
    if raw is None:
        return None
    since = len(problems)
    value = whole(raw, "Reserve", "the reserve time in seconds", problems, 0, MAX_RESERVE)
    tag(problems, since, "reserve")
    return value
