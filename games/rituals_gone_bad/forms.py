"""The web form of the open phase: flat named fields, posted strings back to a payload, and back.

Fields: ``book`` (cultist, preparation); ``pairs`` (leader, preparation: one choice
among every way to pair the six cultists, e.g. ``ben+cy,dee+eve,fay+gus``); ``predict`` (cultist) or ``predict1`` … ``predict3`` (leader) in the
summoning; ``lookup`` (ritual 2 on: a tick box for a cultist of the previous
ritual, a multiple choice of pairs for its leader); ``ec`` (the EC decision).
The platform sends the ``lookup`` field (an instant key) in a form of its own, so
a post may hold the look-up alone or everything but the look-up. A choice that must be
made starts on an empty "Choose …" option: nothing is chosen for the player.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Field, Payload, State, SubmissionError
from games.kit.numbers import parse_int, shown
from games.rituals_gone_bad.chart import BOOKS, MONSTERS
from games.rituals_gone_bad.checks import check_submission
from games.rituals_gone_bad.lookups import FIELD as LOOKUP
from games.rituals_gone_bad.lookups import bought, buyable, target
from games.rituals_gone_bad.pairing import PAIRS, check_pairing, in_cultist_order, partner_of
from games.rituals_gone_bad.rituals import DECISION, PREPARATION, actors, cultists_of, current

NO_PREDICTION = ("", "No prediction")
PAIRS_FIELD = "pairs"
PAIR_JOIN, PAIRS_JOIN = "+", ","  # neither is allowed in a player's name


def pairings(cultists: list[str]) -> list[list[list[str]]]:
    """Every way to put the cultists in pairs, each cultist in exactly one, in the cultists' order.

    >>> len(pairings(["a", "b", "c", "d", "e", "f"]))
    15
    """
    if not cultists:
        return [[]]
    first, rest = cultists[0], cultists[1:]
    return [[[first, other], *more] for other in rest
            for more in pairings([c for c in rest if c != other])]


def pairing_value(pairs: list[list[str]]) -> str:
    """A pairing as the form's value: ``ben+cy,dee+eve,fay+gus``."""
    return PAIRS_JOIN.join(PAIR_JOIN.join(pair) for pair in pairs)


def pairing_label(pairs: list[list[str]]) -> str:
    """A pairing as a player reads it: ``ben & cy · dee & eve · fay & gus``."""
    return " · ".join(" & ".join(pair) for pair in pairs)


def canonical(pairs: list[list[str]], cultists: list[str]) -> list[list[str]]:
    """The same pairing in the cultists' order (each pair and the pairs), as the form lists it."""
    return in_cultist_order(pairs, cultists)
TRUE_WORDS = ("true", "on", "1", "yes")


def form_fields(state: State, player: str) -> list[Field]:
    """The fields ``player`` fills in the open phase (none if they do not act)."""
    if player not in actors(state):
        return []
    if state["step"] == DECISION:
        between = state["decision"]["between"]
        return [
            Field(
                "ec",
                "Who is the Elimination Candidate?",
                "choice",
                (("", "Choose a player…"), *((p, p) for p in between)),
                help="The players tied for the fewest points.",
                group="Decision",
            )
        ]
    record = current(state)
    number = record["number"]
    fields: list[Field]
    if state["step"] == PREPARATION and record["leader"] == player:
        cultists = cultists_of(state, record)
        choices = (("", "Choose the pairs…"), *((pairing_value(p), pairing_label(p)) for p in pairings(cultists)))
        fields = [
            Field(
                PAIRS_FIELD,
                f"Your pairs for ritual {number}",
                "choice",
                choices,
                group="Preparation",
                help="Every cultist is in exactly one pair; pair 1 is listed first.",
            )
        ]
    elif state["step"] == PREPARATION:
        fields = [
            Field(
                "book",
                f"Your book for ritual {number}",
                "choice",
                (("", "Choose a book…"), *((b, b.capitalize()) for b in BOOKS)),
                help="Nobody else learns your choice.",
                group="Preparation",
            )
        ]
    elif record["leader"] == player:
        monsters = (NO_PREDICTION, *((m, m.capitalize()) for m in MONSTERS))
        fields = [
            Field(
                f"predict{i}",
                f"Pair {i}: {a} & {b}",
                "choice",
                monsters,
                required=False,
                help="1 point for each monster you predict right.",
                group="Summoning",
            )
            for i, (a, b) in enumerate(record["pairs"], start=1)
        ]
    else:
        monsters = (NO_PREDICTION, *((m, m.capitalize()) for m in MONSTERS))
        partner = partner_of(record["pairs"], player)
        fields = [
            Field(
                "predict",
                f"The monster you and {partner} summon",
                "choice",
                monsters,
                required=False,
                help="1 point if you predict it right.",
                group="Summoning",
            )
        ]
    return fields + lookup_fields(state, player)


def lookup_fields(state: State, player: str) -> list[Field]:
    """The look-up field, when something can be bought and the player holds a garnet."""
    slots = buyable(state, player)
    held = state["garnets"][player]
    record = target(state)
    if not slots or held < 1 or record is None:
        return []
    guesses = record["predictions"][player]
    number = record["number"]
    help_ = f"1 garnet each, answered at once; you hold {held}."
    if record["leader"] == player:
        pairs = record["pairs"]
        choices = tuple(
            (str(s), f"Pair {s} ({' & '.join(pairs[s - 1])}): you predicted {guesses[s - 1]}") for s in slots
        )
        return [
            Field(
                LOOKUP,
                f"Learn whether your ritual {number} predictions were right",
                "multichoice",
                choices,
                required=False,
                help=help_,
                group="Look-ups",
            )
        ]
    return [
        Field(
            LOOKUP,
            f"Learn whether your ritual {number} prediction ({guesses[0]}) was right",
            "bool",
            required=False,
            help=help_,
            group="Look-ups",
        )
    ]


def parse_form(state: State, player: str, data: dict[str, Any]) -> Payload:
    """Turn posted strings into a checked payload; SubmissionError names the field at fault."""
    payload: Payload = {}
    has_lookup = LOOKUP in data
    if has_lookup:
        lookup = parse_lookup(state, player, data[LOOKUP])
        if lookup:
            payload[LOOKUP] = lookup
    names = {f.name for f in form_fields(state, player)} - {LOOKUP}
    posted_move = any(name in data for name in names)
    if not posted_move and not payload:
        raise SubmissionError(
            LOOKUP if has_lookup else "", "Choose what to look up." if has_lookup else "Nothing was chosen."
        )
    if posted_move:
        payload.update(parse_move(state, player, data))
    return check_submission(state, player, payload)


def text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if isinstance(value, list):
        value = value[0] if value else ""
    return "" if value is None else str(value).strip()


def parse_move(state: State, player: str, data: dict[str, Any]) -> Payload:
    """The move part of the form (everything but the look-up)."""
    if state["step"] == DECISION:
        return {"ec": text(data, "ec")}
    record = current(state)
    if state["step"] == PREPARATION and record["leader"] == player:
        return {"pairs": parse_pairing(text(data, PAIRS_FIELD), cultists_of(state, record), player)}
    if state["step"] == PREPARATION:
        book = text(data, "book")
        if not book:
            raise SubmissionError("book", "Choose a book: red, green or blue.")
        return {"book": book}
    if record["leader"] == player:
        return {"predict": [text(data, f"predict{i}") or None for i in range(1, PAIRS + 1)]}
    return {"predict": text(data, "predict") or None}


def parse_pairing(value: str, cultists: list[str], leader: str) -> list[list[str]]:
    """The one pairing control's value (``ben+cy,dee+eve,fay+gus``), checked as the six slots are.

    Every error names the ``pairs`` field, with the message the slot at fault gets.
    """
    if not value:
        raise SubmissionError(PAIRS_FIELD, "Choose the pairs: put every cultist in exactly one pair.")
    pairs = [pair.split(PAIR_JOIN) for pair in value.split(PAIRS_JOIN)]
    if len(pairs) != PAIRS or any(len(pair) != 2 for pair in pairs):
        raise SubmissionError(PAIRS_FIELD, f"Choose {PAIRS} pairs of two cultists: put every cultist in exactly one pair.")
    try:
        return check_pairing([name.strip() or None for pair in pairs for name in pair], cultists, leader)
    except SubmissionError as exc:
        raise SubmissionError(PAIRS_FIELD, exc.message) from None


def parse_lookup(state: State, player: str, raw: Any) -> bool | list[int]:
    """A tick box (cultist) or chosen pair numbers (the previous leader) as the payload's ``lookup``."""
    record = target(state)
    if record is not None and record["leader"] == player:
        values = raw if isinstance(raw, list) else [v for v in str(raw or "").split(",")]
        numbers = []
        for value in values:
            value = str(value).strip()
            if not value:
                continue
            numbers.append(parse_int(value, field=LOOKUP, lo=1, hi=PAIRS,
                                     message=f"{shown(value)} is not a pair number (1 to {PAIRS})."))
        return numbers
    if isinstance(raw, list):
        raw = raw[0] if raw else ""
    return raw is True or str(raw).strip().lower() in TRUE_WORDS


def form_initial(state: State, player: str, payload: Payload | None) -> dict[str, Any]:
    """The field values showing ``payload`` (look-ups already bought are left out)."""
    if not payload:
        return {}
    values: dict[str, Any] = {}
    if "ec" in payload:
        values["ec"] = payload["ec"]
    if "book" in payload:
        values["book"] = payload["book"]
    if "pairs" in payload:
        record = current(state)
        values[PAIRS_FIELD] = pairing_value(canonical(payload["pairs"], cultists_of(state, record)))
    if "predict" in payload:
        guess = payload["predict"]
        if isinstance(guess, list):
            values.update({f"predict{i}": g or "" for i, g in enumerate(guess, start=1)})
        else:
            values["predict"] = guess or ""
    looked_up = target(state)
    if payload.get(LOOKUP) and looked_up is not None:
        done = bought(looked_up, player)
        if payload[LOOKUP] is True:
            if 1 not in done:
                values[LOOKUP] = True
        else:
            values[LOOKUP] = [str(s) for s in payload[LOOKUP] if s not in done]
    return values
