"""Checking submissions: normalize a payload or refuse it, naming the form field. Nothing is changed here.

Submissions (MATCHFILE "rituals-gone-bad"):

- preparation: cultist ``{"book": "red"}``; leader ``{"pairs": [["a","b"],["c","d"],["e","f"]]}``;
- summoning: cultist ``{"predict": "cyan"}``; leader ``{"predict": ["cyan", null, "yellow"]}``;
- either ritual phase, ritual 2 on: ``"lookup": true`` (cultist of the previous ritual) or
  ``"lookup": [1, 3]`` (its leader);
- the EC decision: ``{"ec": "name"}`` (``{"ec": null}`` abstains, as a missing decider does).

A payload holding only a look-up is accepted in the preparation: the book (or the
pairing) is then drawn at random, as for a player who sent nothing. A default
payload carries ``"default": true`` so the log can say it was drawn.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Payload, State, SubmissionError
from games.kit.checks import open_phase
from games.rituals_gone_bad.chart import BOOKS, MONSTERS
from games.rituals_gone_bad.lookups import FIELD as LOOKUP
from games.rituals_gone_bad.lookups import check_lookup, payload_value, target
from games.rituals_gone_bad.pairing import PAIRS, check_pairing
from games.rituals_gone_bad.rituals import (
    DECISION,
    PREPARATION,
    SUMMONING,
    Record,
    cultists_of,
    current,
    phase_name,
    phase_spec,
)

#: Keys a submission may hold, by step and role.
ALLOWED_KEYS = {
    (PREPARATION, "cultist"): {"book", LOOKUP, "default"},
    (PREPARATION, "leader"): {"pairs", LOOKUP, "default"},
    (SUMMONING, "cultist"): {"predict", LOOKUP, "default"},
    (SUMMONING, "leader"): {"predict", LOOKUP, "default"},
    (DECISION, "decider"): {"ec", "default"},
}


def check_submission(state: State, player: str, payload: Any) -> Payload:
    """The normalized payload of ``player`` for the open phase, or SubmissionError."""
    open_phase(phase_spec(state), player, payload)
    if state["step"] == DECISION:
        refuse_unknown_keys(state, player, payload, "decider")
        return with_default_mark(check_ec_choice(state, payload), payload)
    record = current(state)
    role = "leader" if record["leader"] == player else "cultist"
    refuse_unknown_keys(state, player, payload, role)
    out: Payload = {}
    slots = check_lookup(state, player, payload.get(LOOKUP))
    if state["step"] == PREPARATION and role == "cultist":
        out.update(check_book(payload, bool(slots)))
    elif state["step"] == PREPARATION:
        out.update(check_pairs(state, record, payload, bool(slots)))
    elif role == "cultist":
        out["predict"] = check_one_prediction(payload.get("predict"), "predict")
    else:
        out["predict"] = check_leader_predictions(payload.get("predict"))
    if slots and (record_now := target(state)) is not None:  # slots to buy: there is a record to ask about
        out[LOOKUP] = payload_value(record_now, player, slots)
    return with_default_mark(out, payload)


def with_default_mark(out: Payload, payload: Payload) -> Payload:
    """Keep the ``default`` mark of a drawn submission (so the log can say so)."""
    if payload.get("default") is True:
        out["default"] = True
    return out


def refuse_unknown_keys(state: State, player: str, payload: Payload, role: str) -> None:
    """Every key must belong to this phase and this player's role."""
    step = state["step"]
    allowed = ALLOWED_KEYS[(step, role)]
    for key in payload:
        if key in allowed:
            continue
        if step == PREPARATION and key == "book":
            message = "You lead this ritual: you pair the cultists instead of choosing a book."
        elif step == PREPARATION and key == "pairs":
            message = "Only this ritual's Cult Leader pairs the cultists."
        elif step == PREPARATION and key == "predict":
            message = "Predictions are made in the summoning phase."
        elif step == SUMMONING and key in ("book", "pairs"):
            message = "Books and pairs were settled in the preparation phase."
        elif step == DECISION and key == LOOKUP:
            message = "Look-ups are only sold during the rituals."
        else:
            message = f"'{key}' is not part of a submission in {phase_name(state)}."
        raise SubmissionError(key, message)


def check_book(payload: Payload, has_lookup: bool) -> Payload:
    """A cultist chooses one book: red, green or blue (may be left out only beside a look-up)."""
    book = payload.get("book")
    if book is None and has_lookup:
        return {}
    if not isinstance(book, str) or not book.strip():
        raise SubmissionError("book", "Choose a book: red, green or blue.")
    colour = book.strip().lower()
    if colour not in BOOKS:
        raise SubmissionError("book", f"There is no {book} book: choose red, green or blue.")
    return {"book": colour}


def check_pairs(state: State, record: Record, payload: Payload, has_lookup: bool) -> Payload:
    """The leader pairs the six cultists: three pairs of two, every cultist exactly once."""
    pairs = payload.get("pairs")
    if pairs is None and has_lookup:
        return {}
    if (
        not isinstance(pairs, list)
        or len(pairs) != PAIRS
        or not all(isinstance(pair, list) and len(pair) == 2 for pair in pairs)
        or not all(isinstance(name, str) for pair in pairs for name in pair)
    ):
        raise SubmissionError("pairs", "Pair the six cultists: three pairs of two names.")
    slots = [name for pair in pairs for name in pair]
    return {"pairs": check_pairing(slots, cultists_of(state, record), record["leader"])}


def check_one_prediction(raw: Any, field: str) -> str | None:
    """One prediction: cyan, magenta or yellow, or nothing (no prediction, no point)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if isinstance(raw, list):
        raise SubmissionError(field, "A cultist predicts one monster (cyan, magenta or yellow), not a list.")
    if not isinstance(raw, str) or raw.strip().lower() not in MONSTERS:
        raise SubmissionError(field, f"There is no {raw} monster: predict cyan, magenta or yellow, or nothing.")
    return raw.strip().lower()


def check_leader_predictions(raw: Any) -> list[str | None]:
    """The leader predicts one monster (or nothing) for each pair, in the order of the pairing."""
    if raw is None:
        return [None] * PAIRS
    if not isinstance(raw, list) or len(raw) != PAIRS:
        raise SubmissionError(
            "predict", "As Cult Leader, give one prediction for each of the 3 pairs (nothing for no prediction)."
        )
    return [check_one_prediction(guess, f"predict{i}") for i, guess in enumerate(raw, start=1)]


def check_ec_choice(state: State, payload: Payload) -> Payload:
    """A decider names one of the players tied for the fewest points (``null`` abstains)."""
    between = state["decision"]["between"]
    options = ", ".join(between)
    if "ec" not in payload or payload["ec"] == "":
        raise SubmissionError("ec", f"Name the Elimination Candidate: one of {options}.")
    name = payload["ec"]
    if name is not None and name not in between:
        raise SubmissionError("ec", f"{name} is not tied for the fewest points: choose one of {options}.")
    return {"ec": name}
