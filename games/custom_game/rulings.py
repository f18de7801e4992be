"""The host's rulings: what the adjudication page offers, checking a ruling, and applying it.

A ruling (``Engine.check_ruling`` in games/engines/protocol.py) is the resolution input of a ruling phase: a public announcement,
private messages, counter and garnet changes, whether the phase's answers become public, and what opens
next (a design phase's round, maybe with other actors, another form or another length, or the end).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.custom_game.document.contents import check_seconds
from games.custom_game.document.fields import validate_fields
from games.custom_game.document.limits import MAX_NUMBER
from games.custom_game.document.texts import clean_text
from games.engines.design_problems import DesignError
from games.engines.protocol import (
    PUBLIC,
    LogLine,
    Payload,
    Resolution,
    RulingForm,
    State,
    SubmissionError,
)
from games.kit.numbers import parse_int, shown

from . import answers, ending, names, phases, turns
from .boards.marks import COLOURS, apply_marks, check_marks, confirmed_marks
from .boards.ruled import ruled_copies
from .copies import fresh
from .effects import apply_effects

MAX_ANNOUNCE = 5000
MAX_PRIVATE = 2000
#: A ruling's parts; anything else is refused.
KEYS = ("announce", "private", "counters", "garnets", "reveal", "next", "actors", "fields", "seconds",
        "placement", "tol", "ec", "ec_decide", "shared", "boards", "give_back_time")
END_KEYS = ("placement", "tol", "ec", "ec_decide", "shared")
NEXT_KEYS = ("actors", "fields", "seconds")
MAX_TOL = 100


# --- the adjudication page -----------------------------------------------------------------------------
def ruling_form(state: State) -> RulingForm:
    """What the host's adjudication page offers for the open ruling phase."""
    design, players = state["design"], state["players"]
    entry = phases.ruled_entry(state)
    fields = entry["fields"]
    rows = tuple(
        (p, tuple(answers.answer_text(f, entry["answers"][p].get(f["key"])) for f in fields), p in entry["defaulted"])
        for p in entry["actors"]
    )
    next_fields: dict[str, list[dict[str, Any]]] = {}
    next_actors: dict[str, tuple[str, ...]] = {}
    for phase in design["phases"]:
        for round_ in range(1, phase["repeat"] + 1):
            value = phases.option(phase["key"], round_)
            next_fields[value] = [dict(f) for f in phase["fields"]]
            next_actors[value] = phases.design_actors(phase, players)
    return RulingForm(
        phase_name=entry["name"],
        players=tuple(players),
        columns=tuple(f["label"] for f in fields),
        rows=rows,
        counters=tuple((c["key"], c["label"]) for c in design["counters"]),
        counter_values={p: dict(state["counters"][p]) for p in players},
        next_options=tuple(phases.options(design)),
        default_next=phases.following(design, entry["phase"], entry["round"]),
        next_fields=next_fields,
        next_actors=next_actors,
        garnets=dict(state["garnets"]),
        boards=ruled_copies(state),
        mark_colours=COLOURS,
    )


# --- checking --------------------------------------------------------------------------------------------
def _text(value: Any, field: str, hi: int) -> str:
    problems: list[Any] = []
    text = clean_text(value, field, "the text", problems, hi=hi, multiline=True)
    if problems:
        raise SubmissionError(field, problems[0].message)
    return text


def _mapping(value: Any, field: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SubmissionError(field, f"must be an object keyed by player, not {shown(value)}")
    return value


def _private(value: Any, players: list[str]) -> dict[str, str]:
    out = {}
    for name, text in _mapping(value, "private").items():
        names.player(name, players, f"private.{name}")
        message = _text(text, f"private.{name}", MAX_PRIVATE)
        if message:
            out[name] = message
    return {p: out[p] for p in players if p in out}


def _counters(state: State, value: Any) -> dict[str, dict[str, int]]:
    players, keys = state["players"], [c["key"] for c in state["design"]["counters"]]
    out: dict[str, dict[str, int]] = {}
    for name, changes in _mapping(value, "counters").items():
        names.player(name, players, f"counters.{name}")
        if not isinstance(changes, dict):
            raise SubmissionError(f"counters.{name}", f"must be an object of counter: change, not {shown(changes)}")
        for key, delta in changes.items():
            field = f"counters.{name}.{key}"
            if key not in keys:
                raise SubmissionError(field, f"{shown(key)} is not a counter of this game")
            amount = parse_int(delta if delta is not None else 0, field=field, lo=-MAX_NUMBER, hi=MAX_NUMBER)
            if not -MAX_NUMBER <= state["counters"][name][key] + amount <= MAX_NUMBER:
                raise SubmissionError(field, f"a counter stays between {-MAX_NUMBER} and {MAX_NUMBER}")
            if amount:
                out.setdefault(name, {})[key] = amount
    return {p: {k: out[p][k] for k in keys if k in out[p]} for p in players if p in out}


def _garnets(state: State, value: Any) -> dict[str, int]:
    players = state["players"]
    out = {}
    for name, delta in _mapping(value, "garnets").items():
        field = f"garnets.{name}"
        names.player(name, players, field)
        amount = parse_int(delta if delta is not None else 0, field=field, lo=-MAX_NUMBER, hi=MAX_NUMBER)
        wallet = state["garnets"][name]
        if wallet + amount < 0:
            raise SubmissionError(field, f"{name} has {wallet} garnet{'s' if wallet != 1 else ''}: "
                                         f"a ruling cannot take {-amount}")
        if amount:
            out[name] = amount
    return {p: out[p] for p in players if p in out}


def check_ruling(state: State, ruling: Payload) -> Payload:
    """The normalized ruling, or SubmissionError naming the ruling field at fault."""
    if state["open"] is None or state["open"]["kind"] != "ruling":
        raise SubmissionError("", "no ruling is open: the host rules only when a phase has closed")
    if not isinstance(ruling, dict):
        raise SubmissionError("", "a ruling must be an object")
    for key in ruling:
        if key not in KEYS:
            raise SubmissionError(str(key), f"{shown(key)} is not part of a ruling")
    design, players = state["design"], state["players"]
    out: Payload = {
        "announce": _text(ruling.get("announce"), "announce", MAX_ANNOUNCE),
        "private": _private(ruling.get("private"), players),
        "counters": _counters(state, ruling.get("counters")),
        "garnets": _garnets(state, ruling.get("garnets")),
    }
    marks = ruling["boards"] if "boards" in ruling else confirmed_marks(state)
    if marks or "boards" in ruling:  # cells marked (RULES.md, "Boards"): the host's (kept even when none, so the
        out["boards"] = check_marks(state, marks)  # ruling replays so), or those the rules proposed for confirming
    reveal = ruling.get("reveal", False)
    if not isinstance(reveal, bool):
        raise SubmissionError("reveal", f"must be true or false, not {shown(reveal)}")
    out["reveal"] = reveal
    give_back = ruling.get("give_back_time", False)
    if not isinstance(give_back, bool):
        raise SubmissionError("give_back_time", f"must be true or false, not {shown(give_back)}")
    if give_back:
        out["give_back_time"] = True
    entry = phases.ruled_entry(state)
    chosen = ruling.get("next")
    if chosen is None:
        chosen = phases.following(design, entry["phase"], entry["round"])
    if chosen == phases.END:
        out["next"] = phases.END
        for key in NEXT_KEYS:
            if ruling.get(key) is not None:
                raise SubmissionError(key, "nothing opens after the end of the match")
        out.update(ending.check_end(state, ruling))
        return out
    for key in END_KEYS:
        if ruling.get(key) not in (None, False, {}, []):
            raise SubmissionError(key, "only a ruling that ends the match sets this")
    out.update(check_opening(state, {**ruling, "next": chosen}))
    return out


def check_opening(state: State, ruling: Payload) -> Payload:
    """What opens next (``next`` a phase and round, not the end), with its ``actors``, ``fields`` and ``seconds``
    when given, normalized: a ruling's, or the set-up's ``goto`` (what opens first)."""
    design, players = state["design"], state["players"]
    chosen = ruling.get("next")
    found = phases.find(design, chosen)
    if found is None:
        raise SubmissionError("next", f"{shown(chosen)} is not a phase of this game (or end)")
    phase, _round = found
    out: Payload = {"next": chosen}
    if ruling.get("actors") is not None:
        out["actors"] = names.player_list(ruling["actors"], players, "actors", least=1)
    elif not phases.design_actors(phase, players):
        why = ("the host names who acts in it" if phase["actors"] == "named"
               else "none of its seats is in this match")
        raise SubmissionError("actors", f"name the players who act in {phase['name']}: {why}")
    if ruling.get("fields") is not None:
        try:
            out["fields"] = validate_fields(ruling["fields"])
        except DesignError as exc:
            first = exc.problems[0]
            raise SubmissionError(first.part or "fields", str(first)) from None
    if "seconds" in ruling:
        problems: list[Any] = []
        seconds = check_seconds(ruling["seconds"], "seconds", problems)
        if problems:
            raise SubmissionError("seconds", problems[0].message)
        out["seconds"] = seconds
    return out


# --- applying --------------------------------------------------------------------------------------------
def rule(state: State, ruling: Payload, rng: random.Random) -> Resolution:
    """Apply a checked ruling to a copy of ``state`` and open what comes next."""
    return apply(fresh(state), ruling, rng)


def apply(s: State, ruling: Payload, rng: random.Random) -> Resolution:
    """Apply a checked ruling to ``s`` itself (a copy that is the caller's to change, as :func:`rule`'s)
    and open what comes next."""
    log: list[LogLine] = []
    entry = phases.ruled_entry(s)
    kept = (s["open"] or {}).get("values")
    if kept is not None:  # the phase's named values (its rules' or formulas'), kept as the ruling is applied
        s["values"] = kept
    sender = "" if entry.get("by") == "rules" else " from the host"
    garnets = apply_effects(s, ruling, f"the host's ruling on {entry['name']}", log, sender=sender)
    apply_marks(s, ruling.get("boards", []))
    if ruling.get("give_back_time"):  # the reserve spent in the closed turn (turns.py)
        turns.give_back(s, log, entry.get("reserve_before") or {})
    if ruling["reveal"] and not entry["revealed"]:
        entry["revealed"] = True
        shown_answers = "; ".join(
            f"{p}: {answers.answers_text(entry['fields'], entry['answers'][p])}"
            + (" (default)" if p in entry["defaulted"] else "") for p in entry["actors"])
        log.append(LogLine(f"The answers of {entry['name']}: {shown_answers}", PUBLIC))
    entry["ruling"] = {"announce": ruling["announce"], "next": ruling["next"]}
    entry["private"] = dict(ruling["private"])
    s["number"] += 1
    if ruling["next"] == phases.END:
        s["open"] = None
        ending.end(s, ruling, rng, log)
    else:
        actors = phases.open_named(s, ruling)
        log.append(LogLine(f"{s['open']['name']} opens for {', '.join(actors)}.", PUBLIC))
    return Resolution(s, log, garnets)


# --- a bot host (the test kit's playouts) ---------------------------------------------------------------
def bot_ruling(state: State, rng: random.Random) -> Payload:
    """A random legal ruling: some announcements, messages, counter and garnet changes, a next phase (mostly
    the design's), sometimes another form, other actors or length; the end after a few phases. Where the
    rules proposed a ruling (a phase the host confirms), mostly that one."""
    players, design = state["players"], state["design"]
    entry = phases.ruled_entry(state)
    proposed = state["open"].get("proposed")
    if proposed is not None and not state["open"].get("problem") and rng.random() < 0.7:
        return copy.deepcopy(proposed)  # a host who confirms what the rules propose
    ruling: Payload = {"announce": rng.choice(["", "The host has ruled.", "Ünïcode ² ٣ @everyone <b>bold</b>"])}
    if rng.random() < 0.5:
        ruling["private"] = {p: f"A secret for {p}." for p in players if rng.random() < 0.3}
    if design["counters"] and rng.random() < 0.8:
        ruling["counters"] = {p: {c["key"]: rng.randint(-3, 5) for c in design["counters"] if rng.random() < 0.6}
                              for p in players if rng.random() < 0.6}
    if rng.random() < 0.5:
        ruling["garnets"] = {p: max(-state["garnets"][p], rng.randint(-2, 2)) for p in players if rng.random() < 0.4}
    ruling["reveal"] = rng.random() < 0.5
    played = sum(1 for _ in state["history"])
    chosen = phases.following(design, entry["phase"], entry["round"])
    if played >= 6 or rng.random() < 0.1:
        chosen = phases.END
    elif rng.random() < 0.2:
        chosen = rng.choice([value for value, _ in phases.options(design)[:-1]])
    ruling["next"] = chosen
    if chosen == phases.END:
        ruling.update(ending.bot_end(state, rng))
        return ruling
    found = phases.find(design, chosen)
    assert found is not None
    phase, _ = found
    if not phases.design_actors(phase, players) or rng.random() < 0.2:
        ruling["actors"] = rng.sample(players, rng.randint(1, len(players)))
    if rng.random() < 0.2:
        fields = [dict(f) for f in phase["fields"]]
        fields.append({"key": "extra", "label": "Extra question", "kind": "yesno", "default": False})
        if any(f["key"] == "extra" for f in phase["fields"]):
            fields.pop()
        ruling["fields"] = fields
    if rng.random() < 0.2:
        ruling["seconds"] = rng.choice([None, 60, 3600])
    return ruling
