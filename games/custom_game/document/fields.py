"""A phase's form: its field documents checked and normalized (games/custom_game/RULES.md, "The design")."""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import DesignError, Problem
from games.kit.numbers import is_int, shown

from . import move_checks as move_check_parts  # checks when a move is sent: their parts of the design
from . import seat_forms as seat_form_parts  # a form for each player: options_from
from .boards import cell_extras, grid_problems
from .limits import (
    DEFAULT_TEXT_ANSWER,
    FIELD_KINDS,
    MAX_FIELDS,
    MAX_HELP,
    MAX_LABEL,
    MAX_NUMBER,
    MAX_OPTION,
    MAX_OPTIONS,
    MAX_TEXT_ANSWER,
)
from .parts import an_object, field_where, key_of, tag, whole
from .texts import clean_text


def _options(doc: dict[str, Any], where: str, problems: list[Problem]) -> list[str]:
    raw = doc.get("options")
    if not isinstance(raw, list) or not raw:
        problems.append(Problem(where, "a choice needs at least one option"))
        return []
    if len(raw) > MAX_OPTIONS:
        problems.append(Problem(where, f"a choice has at most {MAX_OPTIONS} options (this one has {len(raw)})"))
        raw = raw[:MAX_OPTIONS]
    options: list[str] = []
    for number, value in enumerate(raw, start=1):
        option = clean_text(value, where, f"option {number}", problems, lo=1, hi=MAX_OPTION)
        if option:
            options.append(option)
    folded = [o.casefold() for o in options]
    if len(set(folded)) != len(folded):
        twice = next(o for o in options if folded.count(o.casefold()) > 1)
        problems.append(Problem(where, f"options must differ ({shown(twice)} is there twice)"))
    return options


def _field(doc: Any, where: str, problems: list[Problem], taken: set[str], path: str = "") -> dict[str, Any]:  # noqa: C901
    """One field document, normalized (problems appended, never raised); ``path`` prefixes each ``part``."""
    at = f"{path}." if path else ""
    since = len(problems)
    found = an_object(doc, where, "a field", problems)
    if found is None:
        tag(problems, since, path)
        return {}
    doc = found
    label = clean_text(doc.get("label"), where, "the label", problems, lo=1, hi=MAX_LABEL)
    tag(problems, since, at + "label")
    key = key_of(doc, label, taken, where, problems)
    tag(problems, since, at + "key")
    kind = doc.get("kind")
    if kind not in FIELD_KINDS:
        problems.append(Problem(where, f"the kind must be one of {', '.join(FIELD_KINDS)}, not {shown(kind)}",
                                at + "kind"))
        return {"key": key, "label": label, "kind": "text", "max_length": DEFAULT_TEXT_ANSWER, "default": "",
                "help": ""}
    out: dict[str, Any] = {"key": key, "label": label, "kind": kind}
    default = doc.get("default")
    if kind in ("choice", "choices") and seat_form_parts.options_from(doc, out, where, at, problems):
        pass  # the options come from each seat (document/seat_forms.py): no options, no default of its own
    elif kind in ("choice", "choices"):
        options = _options(doc, where, problems)
        tag(problems, since, at + "options")
        out["options"] = options
        if kind == "choice":
            if default is not None and (not isinstance(default, str) or default.strip() not in options):
                problems.append(Problem(where, f"the default {shown(default)} is not one of the options"))
                default = None
            out["default"] = None if default is None else default.strip()
        else:
            default = [] if default is None else default
            if not isinstance(default, list) or not all(isinstance(d, str) and d.strip() in options for d in default):
                problems.append(Problem(where, f"the default {shown(default)} must be some of the options"))
                default = []
            picked = {d.strip() for d in default}
            out["default"] = [o for o in options if o in picked]
    elif kind == "number":
        lowest = whole(doc.get("min"), where, "the lowest number", problems, -MAX_NUMBER, MAX_NUMBER)
        tag(problems, since, at + "min")
        highest = whole(doc.get("max"), where, "the highest number", problems, -MAX_NUMBER, MAX_NUMBER)
        tag(problems, since, at + "max")
        if lowest is not None and highest is not None and lowest > highest:
            problems.append(Problem(where, f"the lowest number ({lowest}) is above the highest ({highest})", at + "min"))
        out["min"], out["max"] = lowest if lowest is not None else 0, highest if highest is not None else 0
        if default is not None:
            if not is_int(default):
                problems.append(Problem(where, f"the default must be a whole number or none, not {shown(default)}"))
                default = None
            elif lowest is not None and highest is not None and not lowest <= default <= highest:
                problems.append(Problem(where, f"the default ({default}) is not between {lowest} and {highest}"))
                default = None
        out["default"] = default
    elif kind == "text":
        longest = whole(doc.get("max_length", DEFAULT_TEXT_ANSWER), where, "the longest answer", problems, 1,
                       MAX_TEXT_ANSWER)
        tag(problems, since, at + "max_length")
        out["max_length"] = longest or DEFAULT_TEXT_ANSWER
        out["default"] = clean_text(default, where, "the default", problems, hi=out["max_length"])
    elif kind == "player":
        if default is not None:
            problems.append(Problem(where, "a player field's default can only be no answer"))
        out["default"] = None
    elif kind == "players":
        if default not in (None, []):
            problems.append(Problem(where, "a players field's default can only be nobody"))
        out["default"] = []
    elif kind == "cell":  # a cell of a board (RULES.md, "Boards")
        cell_extras(doc, out, where, at, problems)
        default = None
    else:  # yesno
        if default is not None and not isinstance(default, bool):
            problems.append(Problem(where, f"the default must be yes or no, not {shown(default)}"))
            default = False
        out["default"] = bool(default)
    tag(problems, since, at + "default")
    seat_form_parts.only_for_choices(doc, kind, where, at, problems)
    move_check_parts.field_extras(doc, out, where, at, problems)  # min/max choices, max_from_counter
    out["help"] = clean_text(doc.get("help"), where, "the help text", problems, hi=MAX_HELP)
    tag(problems, since, at + "help")
    return out


def check_fields(docs: Any, where: str, problems: list[Problem], path: str = "fields") -> list[dict[str, Any]]:
    """A phase's form: 1..MAX_FIELDS field documents with different keys, normalized."""
    if not isinstance(docs, list) or not docs:
        problems.append(Problem(where, "a phase needs at least one field", path))
        return []
    if len(docs) > MAX_FIELDS:
        problems.append(Problem(where, f"a phase has at most {MAX_FIELDS} fields (this one has {len(docs)})", path))
        docs = docs[:MAX_FIELDS]
    taken: set[str] = set()
    return [_field(doc, field_where(where, n + 1, doc), problems, taken, f"{path}[{n}]") for n, doc in enumerate(docs)]


def validate_field(doc: object, where: str = "field") -> dict[str, Any]:
    """One field document, normalized; DesignError listing every problem otherwise."""
    problems: list[Problem] = []
    out = _field(doc, where, problems, set())
    if problems:
        raise DesignError(problems)
    return out


def validate_fields(docs: object, where: str = "") -> list[dict[str, Any]]:
    """A phase's list of field documents (``fields[0]`` … in each problem's ``part``), normalized;
    DesignError listing every problem otherwise."""
    problems: list[Problem] = []
    out = check_fields(docs, where, problems)
    grid_problems(out, problems)  # a cell field given alone carries its board's grid
    if problems:
        raise DesignError(problems)
    return out
