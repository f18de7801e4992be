"""The players' forms, built from a phase's field documents (games/custom_game/document/fields.py): form fields,
reading posted forms, checking answers, defaults, bots' answers and answers as text.

An answer may be left empty ("no answer", stored as null and shown as "—"): an empty choice, number or
player, nobody picked, an empty text, or "no" for a yes/no.
"""

from __future__ import annotations

import random
import re
import unicodedata
from typing import Any

from games.engines.protocol import Field, Payload, SubmissionError
from games.kit.numbers import check_int, parse_optional_int, shown

from .boards import cell_field

NO_ANSWER = "—"
KIND_WORDS = {
    "choice": "a choice", "choices": "several choices", "number": "a number", "text": "a short text",
    "player": "a player", "players": "several players", "yesno": "yes or no", "cell": "a cell of a board",
}
#: The mark a default answer carries (a key no field can have, so no player can send it).
DEFAULT_MARK = "*default"
_SURROGATE = re.compile("[\ud800-\udfff]")
_TRUE = ("true", "on", "yes", "1")


def empty(field: dict[str, Any]) -> Any:
    """A field's "no answer"."""
    kind = field["kind"]
    if kind in ("choices", "players"):
        return []
    return _EMPTY_SCALAR.get(kind)


#: The "no answer" of the kinds whose empty answer cannot change (a list is made anew at each call).
_EMPTY_SCALAR: dict[str, Any] = {"text": "", "yesno": False}
#: A payload's missing answer (no field's answer can be this object).
_MISSING = object()


def limit_words(field: dict[str, Any]) -> str:
    """The field's limits checked when a move is sent (``move_checks``), as the form's help says them."""
    low, high = field.get("min_choices"), field.get("max_choices")
    if low is not None and high is not None:
        words = f"Pick {low}." if low == high else f"Pick {low} to {high}."
    elif low is not None or high is not None:
        words = f"Pick at least {low}." if low is not None else f"Pick at most {high}."
    else:
        words = ""
    return (words + " At most what you hold.").strip() if field.get("max_from_counter") else words


def form_field(field: dict[str, Any], players: list[str]) -> Field:
    """The platform's form field for one field document."""
    kind, key, text, help_text = field["kind"], field["key"], field["label"], field.get("help", "")
    help_text = f"{limit_words(field)} {help_text}".strip()  # checks when a move is sent: their limits
    if kind in ("choice", "choices"):
        choices = tuple((o, o) for o in field["options"])
        return Field(key, text, "choice" if kind == "choice" else "multichoice", choices, required=False,
                     help=help_text)
    if kind in ("player", "players"):
        choices = tuple((p, p) for p in players)
        return Field(key, text, "choice" if kind == "player" else "multichoice", choices, required=False,
                     help=help_text)
    if kind == "number":
        span = f"A whole number from {field['min']} to {field['max']}."
        return Field(key, text, "int", required=False, help=f"{span} {help_text}".strip())
    if kind == "text":
        span = f"At most {field['max_length']} characters."
        return Field(key, text, "text", required=False, help=f"{span} {help_text}".strip())
    if kind == "cell":  # its picture, the player's copy of the board, is drawn by the game (boards/cell_field.py)
        return Field(key, text, "cell", required=False, help=f"{cell_field.help_words(field)} {help_text}".strip())
    return Field(key, text, "bool", required=False, help=help_text)


def form_fields(fields: list[dict[str, Any]], players: list[str]) -> list[Field]:
    return [form_field(f, players) for f in fields]


def _texts(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def parse_form(fields: list[dict[str, Any]], players: list[str], data: dict[str, Any]) -> Payload:
    """Posted form data (texts; a list for a multiple choice) as a payload; SubmissionError names the field."""
    payload: Payload = {}
    for field in fields:
        key, kind, raw = field["key"], field["kind"], data.get(field["key"])
        if kind in ("choices", "players"):
            payload[key] = [v for v in _texts(raw) if not (isinstance(v, str) and not v.strip())]
        elif kind == "number":
            if isinstance(raw, list):
                raw = raw[-1] if raw else None
            payload[key] = parse_optional_int(raw, field=key, lo=field["min"], hi=field["max"])
        elif kind == "yesno":
            if isinstance(raw, list):
                raw = raw[-1] if raw else None
            payload[key] = isinstance(raw, str) and raw.strip().lower() in _TRUE or raw is True
        else:
            if isinstance(raw, list):
                raw = raw[-1] if raw else None
            if kind == "text":
                payload[key] = "" if raw is None else raw
            else:
                payload[key] = None if raw is None or (isinstance(raw, str) and not raw.strip()) else raw
    return payload


def clean_answer_text(value: Any, key: str, longest: int) -> str:
    """A text answer: NFC, stripped, no control characters (but line breaks) and no lone surrogates."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise SubmissionError(key, f"must be a text, not {shown(value)}")
    if _SURROGATE.search(value):
        raise SubmissionError(key, "holds a character that cannot be shown (a lone surrogate)")
    text = unicodedata.normalize("NFC", value.replace("\r\n", "\n")).strip()
    bad = next((ch for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\n\t"), None)
    if bad is not None:
        raise SubmissionError(key, f"holds a control character ({shown(bad)})")
    if len(text) > longest:
        raise SubmissionError(key, f"is too long: at most {longest} characters (this one has {len(text)})")
    return text


def _already_one_of(value: Any, allowed: list[str]) -> bool:
    """Whether ``value`` is one of ``allowed`` as it stands: an ASCII text (its own NFC form, no surrogate)
    that is already stripped, which :func:`_one_of` would give back unchanged."""
    return type(value) is str and value.isascii() and value in allowed and value.strip() == value


def _one_of(value: Any, allowed: list[str], key: str, what: str) -> str | None:
    if value is None:
        return None
    if _already_one_of(value, allowed):
        return value
    if not isinstance(value, str):
        raise SubmissionError(key, f"must be {what}, not {shown(value)}")
    text = unicodedata.normalize("NFC", value).strip() if not _SURROGATE.search(value) else value
    if text not in allowed:
        raise SubmissionError(key, f"{shown(value)} is not {what}: choose one of {', '.join(allowed)}"[:300])
    return text


def _some_of(value: Any, allowed: list[str], key: str, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise SubmissionError(key, f"must be a list of {what}s, not {shown(value)}")
    picked = {_one_of(v, allowed, key, what) for v in value}
    if len(picked) != len(value):
        raise SubmissionError(key, "names the same one twice")
    return [a for a in allowed if a in picked]


def check_answer(field: dict[str, Any], players: list[str], value: Any) -> Any:
    """One answer, normalized, or SubmissionError naming the field."""
    key, kind = field["key"], field["kind"]
    if kind == "choice":
        return _one_of(value, field["options"], key, "an option")
    if kind == "choices":
        return _some_of(value, field["options"], key, "option")
    if kind == "player":
        return _one_of(value, players, key, "a player")
    if kind == "players":
        return _some_of(value, players, key, "player")
    if kind == "number":
        if value is None:
            return None
        if isinstance(value, str):
            return parse_optional_int(value, field=key, lo=field["min"], hi=field["max"],
                                      message=f"must be a whole number from {field['min']} to {field['max']}")
        return check_int(value, field=key, lo=field["min"], hi=field["max"],
                         message=f"must be a whole number from {field['min']} to {field['max']}")
    if kind == "text":
        return clean_answer_text(value, key, field["max_length"])
    if kind == "cell":
        return cell_field.check_cell(field, value)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise SubmissionError(key, f"must be yes or no, not {shown(value)}")
    return value


def check(fields: list[dict[str, Any]], players: list[str], payload: Payload) -> Payload:
    """Every answer of a submission, normalized (a field left out is no answer); unknown keys refused."""
    keys = {f["key"] for f in fields}
    for key in payload:
        if key not in keys:
            raise SubmissionError("", f"{shown(key)} is not a field of this form")
    out: Payload = {}
    for f in fields:
        key, kind = f["key"], f["kind"]
        value = payload.get(key)
        if (kind == "choice" or kind == "player") and _already_one_of(
                value, f["options"] if kind == "choice" else players):
            out[key] = value  # what check_answer gives, without its calls
            continue
        out[key] = check_answer(f, players, value)
    return out


def default(fields: list[dict[str, Any]]) -> Payload:
    """The design's default answers (marked as defaults)."""
    answers: Payload = {f["key"]: _copy(f["default"]) for f in fields}
    answers[DEFAULT_MARK] = True
    return answers


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def is_default(payload: Payload) -> bool:
    return payload.get(DEFAULT_MARK) is True


def answers_of(payload: Payload, fields: list[dict[str, Any]]) -> Payload:
    """The answers alone (without the default mark), one a field."""
    out: Payload = {}
    for f in fields:
        value = payload.get(f["key"], _MISSING)
        out[f["key"]] = empty(f) if value is _MISSING else list(value) if isinstance(value, list) else value
    return out


def bot(fields: list[dict[str, Any]], players: list[str], rng: random.Random) -> Payload:
    """Random legal answers (sometimes none)."""
    out: Payload = {}
    for f in fields:
        kind = f["kind"]
        if kind in ("choice", "player"):
            pool = f["options"] if kind == "choice" else players
            out[f["key"]] = rng.choice(pool) if rng.random() < 0.9 and pool else None  # a seat may have none
        elif kind in ("choices", "players"):
            pool = f["options"] if kind == "choices" else players
            out[f["key"]] = [p for p in pool if rng.random() < 0.4]
        elif kind == "number":
            out[f["key"]] = rng.randint(f["min"], f["max"]) if rng.random() < 0.9 else None
        elif kind == "text":
            out[f["key"]] = rng.choice(["", "yes", "Ünïcode ²٣ ok", "@everyone", "a" * 5])[: f["max_length"]]
        elif kind == "cell":  # any cell (the engine's bot keeps to the cells its field allows)
            out[f["key"]] = rng.choice(cell_field.grid_geometry(f).cells) if rng.random() < 0.9 else None
        else:
            out[f["key"]] = rng.random() < 0.5
    return out


def form_initial(fields: list[dict[str, Any]], payload: Payload | None) -> dict[str, Any]:
    """Form values that show a submission."""
    if payload is None:
        return {}
    return {f["key"]: _copy(payload.get(f["key"])) for f in fields if f["key"] in payload}


def answer_text(field: dict[str, Any], value: Any) -> str:
    """One answer as table text: "—" for no answer, "yes"/"no", options joined by commas."""
    if field["kind"] == "yesno":
        return "yes" if value is True else "no"
    if value is None or value == "" or value == []:
        return NO_ANSWER
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def answers_text(fields: list[dict[str, Any]], answers: Payload) -> str:
    """``Your bid: 3; Suit: Red``."""
    return " · ".join(f"{f['label']}: {answer_text(f, answers.get(f['key']))}" for f in fields
                      if f["key"] in answers)  # a seat answers only its own form's fields
