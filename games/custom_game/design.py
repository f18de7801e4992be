"""A host's game design document (games/custom_game/RULES.md, "The design"): checking it, normalizing it, and its export file.

A design describes a custom game with no code: its title, rules, player counts, counters and phases,
each phase with a form built from typed fields. The custom game's engine plays it and the site's
designer pages build it, reaching these checks through the game's spec (``GameSpec.design_tools``).
Pure Python (no Django).

>>> doc = validate_design(blank_design("Auction"))
>>> doc["phases"][0]["fields"][0]["kind"], doc["min_players"], doc["max_players"]
('yesno', 7, 10)
>>> validate_design({**doc, "min_players": 1})
Traceback (most recent call last):
...
games.engines.design_problems.DesignError: Players: at least 2 players
"""

from __future__ import annotations

import functools
import json
import pickle
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from games.engines.design_problems import DesignError, Problem
from games.kit.numbers import is_int, shown

DESIGN_FORMAT = 1
FIELD_KINDS = ("choice", "choices", "number", "text", "player", "players", "yesno")
ACTORS = ("everyone", "seats", "named")
VISIBILITIES = ("public", "private")

#: The JSON Schema of a design document: its shape, checked before the checks below.
SCHEMA_PATH = Path(__file__).with_name("design.schema.json")
#: Limits of a design (games/custom_game/RULES.md, "The design").
MAX_TITLE = 80
MAX_SUMMARY = 200
MAX_RULES = 20_000
MAX_LABEL = 80
MAX_HELP = 300
MAX_OPTION = 100
MAX_OPTIONS = 30
MAX_SEATS = 20
MAX_COUNTERS = 10
MAX_PHASES = 30
MAX_FIELDS = 20
MAX_REPEAT = 50
MIN_SECONDS = 60
MAX_SECONDS = 30 * 24 * 3600
MAX_TEXT_ANSWER = 2000
DEFAULT_TEXT_ANSWER = 280
CLOSES = ("hand", "rules", "confirm")
#: Limits of a design's rules (games/custom_game/RULES.md, "Limits"): a program's characters, a phase's named values, tables.
MAX_SOURCE = 20_000
MAX_FORMULA = 2_000
MAX_VALUES = 20
MAX_TABLES = 10
MAX_COLUMNS = 20
MAX_TABLE_ROWS = 500
MAX_CELL = 200
#: Numbers in a design (a number field's range, a counter's start) stay within this.
MAX_NUMBER = 1_000_000_000
#: An exported design file is at most this large.
MAX_FILE_BYTES = 1024 * 1024

_KEY = re.compile(r"[a-z0-9_]{1,30}", re.ASCII)
_SURROGATE = re.compile("[\ud800-\udfff]")
#: Unicode's control characters (category Cc: U+0000–U+001F and U+007F–U+009F); and the same but the
#: line break and the tab. A search for one is ``unicodedata.category`` over each character, done at once.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_CONTROL_BUT_BREAKS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
KIND_WORDS = {
    "choice": "a choice among options", "choices": "several choices", "number": "a number",
    "text": "a short text", "player": "a player", "players": "several players", "yesno": "a yes/no",
}


# --- texts ---------------------------------------------------------------------------------------------
def _a_text(value: Any, where: str, what: str, problems: list[Problem], *, show: bool) -> str | None:
    """``value`` when it is a text without a lone surrogate ("" for None), else None and a problem (``show``:
    the problem quotes the text)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        problems.append(Problem(where, f"{what} must be a text, not {shown(value)}"))
        return None
    if _SURROGATE.search(value):
        quoted = f" ({shown(value)})" if show else ""
        problems.append(Problem(where, f"{what} holds a lone surrogate{quoted}, which is not a character"))
        return None
    return value


def clean_text(
    value: Any, where: str, what: str, problems: list[Problem], *, lo: int = 0, hi: int, multiline: bool = False
) -> str:
    """``value`` as a text NFC-normalized and stripped, ``lo``..``hi`` characters, or "" and a problem.

    Control characters (but line breaks and tabs in a ``multiline`` text) and lone surrogates are refused;
    a text of only invisible characters counts as empty.
    """
    plain_ascii = type(value) is str and value.isascii()  # its own NFC form, no surrogate, no invisible character
    if plain_ascii:
        text = value.replace("\r\n", "\n").strip()
    else:
        value = _a_text(value, where, what, problems, show=True)
        if value is None:
            return ""
        text = unicodedata.normalize("NFC", value.replace("\r\n", "\n")).strip()
    bad = (_CONTROL_BUT_BREAKS if multiline else _CONTROL).search(text)
    if bad is not None:
        problems.append(Problem(where, f"{what} holds a control character ({shown(bad.group())})"))
        return ""
    if not plain_ascii and all(ch.isspace() or unicodedata.category(ch) == "Cf" for ch in text):
        text = ""
    if len(text) < lo:
        problems.append(Problem(where, f"{what} is empty" if lo == 1 else f"{what} needs at least {lo} characters"))
    elif len(text) > hi:
        problems.append(Problem(where, f"{what} is at most {hi} characters (this one has {len(text)})"))
        return text[:hi]
    return text


def _tag(problems: list[Problem], since: int, part: str) -> None:
    """Name ``part`` in the problems appended since index ``since`` that name none yet."""
    for i in range(since, len(problems)):
        if not problems[i].part:
            problems[i] = replace(problems[i], part=part)


def _int(value: Any, where: str, what: str, problems: list[Problem], lo: int, hi: int) -> int | None:
    if not is_int(value):
        problems.append(Problem(where, f"{what} must be a whole number, not {shown(value)}"))
        return None
    if not lo <= value <= hi:
        problems.append(Problem(where, f"{what} must be between {lo} and {hi} (not {value})"))
        return None
    return int(value)


def slug_key(label: str, taken: set[str]) -> str:
    """An ASCII key ``[a-z0-9_]{1,30}`` made from ``label``, unique among ``taken``.

    >>> slug_key("Your bid (€)", set()), slug_key("Ünïcode ²", {"unicode_2"}), slug_key("☃", set())
    ('your_bid', 'unicode_2_2', 'x')
    """
    ascii_text = unicodedata.normalize("NFKD", str(label)).encode("ascii", "ignore").decode().lower()
    base = re.sub(r"[^a-z0-9]+", "_", ascii_text).strip("_")[:30].strip("_") or "x"
    key, number = base, 1
    while key in taken:
        number += 1
        suffix = f"_{number}"
        key = base[: 30 - len(suffix)] + suffix
    return key


def _key(doc: dict[str, Any], label: str, taken: set[str], where: str, problems: list[Problem]) -> str:
    key = doc.get("key")
    if key is None or key == "":
        key = slug_key(label, taken)
    elif not isinstance(key, str) or not _KEY.fullmatch(key):
        problems.append(Problem(where, f"the key {shown(key)} must be 1 to 30 of a-z, 0-9 and _"))
        key = slug_key(label, taken)
    elif key in taken:
        problems.append(Problem(where, f"the key {shown(key)} is used twice"))
    taken.add(key)
    return key


def _object(doc: Any, where: str, what: str, problems: list[Problem]) -> dict[str, Any] | None:
    if not isinstance(doc, dict):
        problems.append(Problem(where, f"{what} must be an object, not {shown(doc)}"))
        return None
    return doc


@dataclass(frozen=True)
class Item:
    """One item of a list of labelled, keyed items (counters, tables, phases), opened by :func:`_items`:
    where it is in a host's words and as a part, its object, its label (or name) and its key."""

    number: int
    where: str
    at: str
    doc: dict[str, Any]
    label: str
    key: str


def _items(raw: Any, problems: list[Problem], *, title: str, part: str, what: str, most: int,
           label: str = "label", numbered: bool = False, needed: str = "") -> list[Item]:
    """The opening every list of labelled, keyed items shares: ``raw`` a list (None for none, unless
    ``needed`` says why one is needed) of at most ``most`` objects, each with its ``label`` (a text) and a
    key (given, or made from the label) used once. ``title`` (“Counters”) names the list in problems,
    ``part`` (``counters``) is its part, ``what`` (“a counter”) one item; an item is called “Counter 2” or
    “Counter “Gold”” (``numbered``: “Phase 2 “Bid””). Items that are not objects are left out (their
    problems noted)."""
    if raw is None and not needed:
        return []
    if not isinstance(raw, list) or (needed and not raw):
        problems.append(Problem(title, needed or f"the {part} must be a list", part))
        return []
    if len(raw) > most:
        problems.append(Problem(title, f"at most {most} {part} (this design has {len(raw)})", part))
        raw = raw[:most]
    noun = title.removesuffix("s")
    taken: set[str] = set()
    out = []
    for n, doc in enumerate(raw, start=1):
        given = doc.get(label) if isinstance(doc, dict) else None
        name = f"{noun} {n}" if numbered or not (isinstance(given, str) and given.strip()) else noun
        where = f"{name} “{given.strip()}”" if isinstance(given, str) and given.strip() else name
        at, since = f"{part}[{n - 1}]", len(problems)
        found = _object(doc, where, what, problems)
        if found is None:
            _tag(problems, since, at)
            continue
        text = clean_text(found.get(label), where, f"the {label}", problems, lo=1, hi=MAX_LABEL)
        _tag(problems, since, f"{at}.{label}")
        key = _key(found, text, taken, where, problems)
        _tag(problems, since, at + ".key")
        out.append(Item(n, where, at, found, text, key))
    return out


# --- fields --------------------------------------------------------------------------------------------
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


def _field(doc: Any, where: str, problems: list[Problem], taken: set[str], path: str = "") -> dict[str, Any]:
    """One field document, normalized (problems appended, never raised); ``path`` prefixes each ``part``."""
    at = f"{path}." if path else ""
    since = len(problems)
    found = _object(doc, where, "a field", problems)
    if found is None:
        _tag(problems, since, path)
        return {}
    doc = found
    label = clean_text(doc.get("label"), where, "the label", problems, lo=1, hi=MAX_LABEL)
    _tag(problems, since, at + "label")
    key = _key(doc, label, taken, where, problems)
    _tag(problems, since, at + "key")
    kind = doc.get("kind")
    if kind not in FIELD_KINDS:
        problems.append(Problem(where, f"the kind must be one of {', '.join(FIELD_KINDS)}, not {shown(kind)}",
                                at + "kind"))
        return {"key": key, "label": label, "kind": "text", "max_length": DEFAULT_TEXT_ANSWER, "default": "",
                "help": ""}
    out: dict[str, Any] = {"key": key, "label": label, "kind": kind}
    default = doc.get("default")
    if kind in ("choice", "choices"):
        options = _options(doc, where, problems)
        _tag(problems, since, at + "options")
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
        lowest = _int(doc.get("min"), where, "the lowest number", problems, -MAX_NUMBER, MAX_NUMBER)
        _tag(problems, since, at + "min")
        highest = _int(doc.get("max"), where, "the highest number", problems, -MAX_NUMBER, MAX_NUMBER)
        _tag(problems, since, at + "max")
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
        longest = _int(doc.get("max_length", DEFAULT_TEXT_ANSWER), where, "the longest answer", problems, 1,
                       MAX_TEXT_ANSWER)
        _tag(problems, since, at + "max_length")
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
    else:  # yesno
        if default is not None and not isinstance(default, bool):
            problems.append(Problem(where, f"the default must be yes or no, not {shown(default)}"))
            default = False
        out["default"] = bool(default)
    _tag(problems, since, at + "default")
    out["help"] = clean_text(doc.get("help"), where, "the help text", problems, hi=MAX_HELP)
    _tag(problems, since, at + "help")
    return out


def field_where(phase_where: str, number: int, field: Any) -> str:
    """Human words for a field: ``Phase 2 “Vote”, field “Who”`` (or its number when it has no label)."""
    label = field.get("label") if isinstance(field, dict) else None
    name = f"field “{label.strip()}”" if isinstance(label, str) and label.strip() else f"field {number}"
    return f"{phase_where}, {name}" if phase_where else name[0].upper() + name[1:]


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
    if problems:
        raise DesignError(problems)
    return out


# --- the schema ----------------------------------------------------------------------------------------
@functools.cache
def _schema_validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


_PART_WORDS = {"format": "Format", "title": "Title", "summary": "Summary", "rules": "Rules", "setup": "Set-up rules",
               "min_players": "Players", "max_players": "Players", "counters": "Counters", "tables": "Tables",
               "phases": "Phases"}
_TYPE_WORDS = {"string": "a text", "integer": "a whole number", "array": "a list", "object": "an object",
               "null": "none", "boolean": "yes or no", "number": "a number"}


def part_of(path: Any) -> str:
    """A JSON path (``["phases", 1, "fields", 0, "kind"]``) as a problem's part: ``phases[1].fields[0].kind``."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _where(doc: Any, path: list[Any]) -> str:
    """Human words for the value at ``path`` in ``doc``: ``Phase 2 “Vote”, field “Who”``, ``Counter 1``."""
    if not path:
        return ""
    head = path[0]
    words = _PART_WORDS.get(str(head), str(head))
    if len(path) < 2 or not isinstance(path[1], int) or head not in ("phases", "counters", "tables"):
        return words
    items = doc.get(head) if isinstance(doc, dict) else None
    item = items[path[1]] if isinstance(items, list) and path[1] < len(items) else None
    label = item.get("name" if head == "phases" else "label") if isinstance(item, dict) else None
    name = f"{words.removesuffix('s')} {path[1] + 1}"
    where = f"{name} “{label.strip()}”" if isinstance(label, str) and label.strip() else name
    if head == "phases" and len(path) > 3 and path[2] == "fields" and isinstance(path[3], int):
        fields = item.get("fields") if isinstance(item, dict) else None
        field = fields[path[3]] if isinstance(fields, list) and path[3] < len(fields) else None
        where = field_where(where, path[3] + 1, field)
    return where


def _schema_message(error: ValidationError) -> str:
    """A host's words for one schema error: what the value at fault must be."""
    what = f"the {error.absolute_path[-1]}" if error.absolute_path and isinstance(error.absolute_path[-1], str) \
        else "the value"
    expected: object = error.validator_value
    listed = expected if isinstance(expected, list) else [expected]  # type, enum, required: a list (or one)
    if error.validator == "type":
        kinds = [str(kind) for kind in listed]
        return f"{what} must be {' or '.join(_TYPE_WORDS.get(k, k) for k in kinds)}, not {shown(error.instance)}"
    if error.validator == "enum":
        return f"{what} must be one of {', '.join(map(str, listed))}, not {shown(error.instance)}"
    if error.validator == "const":
        return f"{what} must be {shown(expected)}, not {shown(error.instance)}"
    if error.validator == "required":
        missing = next((k for k in listed if isinstance(error.instance, dict) and k not in error.instance), "?")
        return f"the {missing} is missing"
    if error.validator in ("minimum", "maximum"):
        side = "at least" if error.validator == "minimum" else "at most"
        return f"{what} must be {side} {expected} (not {shown(error.instance)})"
    if error.validator in ("minItems", "maxItems"):
        side = "at least" if error.validator == "minItems" else "at most"
        held = len(error.instance) if isinstance(error.instance, list) else "?"
        return f"{what} must hold {side} {expected} (this one has {held})"
    if error.validator in ("pattern", "anyOf"):
        return f"{what} {shown(error.instance)} must be 1 to 30 of a-z, 0-9 and _"
    return f"{what} is not valid ({error.validator})"


def schema_problems(doc: object) -> Iterator[Problem]:
    """The problems the JSON Schema (``design.schema.json``) finds in ``doc``, each naming its part."""
    for error in sorted(_schema_validator().iter_errors(doc), key=lambda e: [str(s) for s in e.absolute_path]):
        path = list(error.absolute_path)
        if error.validator == "required" and isinstance(error.instance, dict):
            path += [k for k in error.validator_value if k not in error.instance][:1]
        yield Problem(_where(doc, path), _schema_message(error), part_of(path))


def _overlap(part: str, other: str) -> bool:
    """True when one part is the other or holds it (``phases[0]`` and ``phases[0].fields``)."""
    if not part or not other:
        return not part and not other
    short, long = sorted((part, other), key=len)
    return long == short or long.startswith((short + ".", short + "["))


def _with_schema(problems: list[Problem], first: list[Problem]) -> list[Problem]:
    """The Python checks' problems, and the schema's (found ``first``) about parts none of them names."""
    return problems + [p for p in first if not any(_overlap(p.part, q.part) for q in problems)]


# --- the whole design ----------------------------------------------------------------------------------
def _counters(raw: Any, problems: list[Problem]) -> list[dict[str, Any]]:
    out = []
    for item in _items(raw, problems, title="Counters", part="counters", what="a counter", most=MAX_COUNTERS):
        since = len(problems)
        start = _int(item.doc.get("start", 0), item.where, "the start value", problems, -MAX_NUMBER, MAX_NUMBER)
        _tag(problems, since, item.at + ".start")
        visibility = item.doc.get("visibility", "public")
        if visibility not in VISIBILITIES:
            problems.append(Problem(item.where, f"the visibility must be public or private, not {shown(visibility)}",
                                    item.at + ".visibility"))
            visibility = "public"
        out.append({"key": item.key, "label": item.label, "start": start or 0, "visibility": visibility})
    return out


def check_seconds(value: Any, where: str, problems: list[Problem]) -> int | None:
    """A phase's length in seconds (MIN_SECONDS..MAX_SECONDS), or None: until the host closes it."""
    if value is None:
        return None
    return _int(value, where, "the length in seconds", problems, MIN_SECONDS, MAX_SECONDS)


def clean_source(value: Any, where: str, what: str, problems: list[Problem], hi: int = MAX_SOURCE) -> str:
    """A Starlark program as the host wrote it: a text of at most ``hi`` characters, line breaks and tabs
    allowed, no other control character and no lone surrogate. Only trailing white space is removed (the
    lines keep their numbers); "" for none."""
    value = _a_text(value, where, what, problems, show=False)
    if value is None:
        return ""
    text = unicodedata.normalize("NFC", value.replace("\r\n", "\n").replace("\r", "\n")).rstrip()
    bad = _CONTROL_BUT_BREAKS.search(text)
    if bad is not None:
        problems.append(Problem(where, f"{what} holds a control character ({shown(bad.group())})"))
        return ""
    if not text.strip():
        return ""
    if len(text) > hi:
        problems.append(Problem(where, f"{what} is at most {hi} characters (this one has {len(text)})"))
        return text[:hi]
    return text


def _values(raw: Any, where: str, at: str, problems: list[Problem]) -> list[dict[str, str]]:
    """A phase's named values: ``[{"name": "pairs", "formula": "pairs(players)"}]``, names different."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.append(Problem(where, "the named values must be a list", at))
        return []
    if len(raw) > MAX_VALUES:
        problems.append(Problem(where, f"a phase has at most {MAX_VALUES} named values", at))
        raw = raw[:MAX_VALUES]
    out, names = [], set()
    for j, doc in enumerate(raw):
        since = len(problems)
        found = _object(doc, where, "a named value", problems)
        if found is not None:
            name = found.get("name")
            if not isinstance(name, str) or not _KEY.fullmatch(name):
                problems.append(Problem(where, f"a value's name {shown(name)} must be 1 to 30 of a-z, 0-9 and _"))
            elif name in names:
                problems.append(Problem(where, f"the value {name} is named twice"))
            else:
                names.add(name)
                formula = clean_source(found.get("formula"), f"{where}, value {name}", "the formula", problems,
                                       MAX_FORMULA)
                if not formula and len(problems) == since:
                    problems.append(Problem(f"{where}, value {name}", "the formula is empty"))
                out.append({"name": name, "formula": formula})
        _tag(problems, since, f"{at}[{j}]")
    return out


def _cell(value: Any, where: str, problems: list[Problem]) -> str | int:
    if is_int(value):
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            problems.append(Problem(where, f"a number in a table stays within ±{MAX_NUMBER}"))
            return 0
        return int(value)
    return clean_text(value, where, "a cell", problems, hi=MAX_CELL)


def _tables(raw: Any, problems: list[Problem]) -> list[dict[str, Any]]:
    """The host's tables: ``{"key", "label", "columns": [keys], "rows": [[cell, …], …]}``; cells texts or
    whole numbers, each row as long as the columns."""
    out = []
    for item in _items(raw, problems, title="Tables", part="tables", what="a table", most=MAX_TABLES):
        found, where, at, label, key = item.doc, item.where, item.at, item.label, item.key
        columns = found.get("columns")
        if not isinstance(columns, list) or not columns or len(columns) > MAX_COLUMNS \
                or not all(isinstance(c, str) and _KEY.fullmatch(c) for c in columns):
            problems.append(Problem(where, f"the columns must be 1 to {MAX_COLUMNS} names of a-z, 0-9 and _ "
                                           f"(not {shown(columns)})", at + ".columns"))
            columns = []
        elif len(set(columns)) != len(columns):
            problems.append(Problem(where, "two columns have the same name", at + ".columns"))
        rows_raw = found.get("rows")
        rows: list[list[str | int]] = []
        if not isinstance(rows_raw, list) or len(rows_raw) > MAX_TABLE_ROWS:
            problems.append(Problem(where, f"the rows must be a list of at most {MAX_TABLE_ROWS}", at + ".rows"))
        else:
            for r, row in enumerate(rows_raw):
                if not isinstance(row, list) or len(row) != len(columns):
                    problems.append(Problem(where, f"row {r + 1} must have {len(columns)} cells, one a column",
                                            f"{at}.rows[{r}]"))
                    continue
                since = len(problems)
                rows.append([_cell(c, f"{where}, row {r + 1}", problems) for c in row])
                _tag(problems, since, f"{at}.rows[{r}]")
        out.append({"key": key, "label": label, "columns": list(columns), "rows": rows})
    return out


def _phase(item: Item, max_players: int, problems: list[Problem]) -> dict[str, Any]:
    found, where, at, number = item.doc, item.where, item.at, item.number
    since = len(problems)
    repeat = _int(found.get("repeat", 1), where, "the number of rounds", problems, 1, MAX_REPEAT) or 1
    _tag(problems, since, at + ".repeat")
    seconds = check_seconds(found.get("seconds"), where, problems)
    _tag(problems, since, at + ".seconds")
    actors = found.get("actors", "everyone")
    seats: list[int] = []
    if actors not in ACTORS:
        problems.append(Problem(where, f"who acts must be everyone, seats or named, not {shown(actors)}"))
        actors = "everyone"
    if actors == "named" and number == 1:
        problems.append(Problem(where, "the first phase cannot wait for the host to name its players"))
    _tag(problems, since, at + ".actors")
    if actors == "seats":
        raw = found.get("seats")
        if not isinstance(raw, list) or not raw:
            problems.append(Problem(where, "choose at least one seat to act"))
        else:
            for seat in raw:
                if not is_int(seat) or not 1 <= seat <= max_players:
                    problems.append(Problem(where, f"a seat number must be between 1 and {max_players}, "
                                                   f"not {shown(seat)}"))
                elif seat not in seats:
                    seats.append(int(seat))
            seats.sort()
        _tag(problems, since, at + ".seats")
    fields = check_fields(found.get("fields"), where, problems, at + ".fields")
    since = len(problems)
    close = found.get("close", "hand")
    if close not in CLOSES:
        problems.append(Problem(where, f"how the phase closes must be rules, confirm or hand, not {shown(close)}"))
        close = "hand"
    _tag(problems, since, at + ".close")
    since = len(problems)
    rules = clean_source(found.get("rules"), where, "the rules", problems)
    if close != "hand" and not rules and len(problems) == since:
        problems.append(Problem(where, "a phase its rules close (or the host confirms) needs its rules"))
    _tag(problems, since, at + ".rules")
    values = _values(found.get("values"), where, at + ".values", problems)
    out: dict[str, Any] = {"key": item.key, "name": item.label, "repeat": repeat, "seconds": seconds,
                           "actors": actors}
    if actors == "seats":
        out["seats"] = seats
    out["fields"] = fields
    out.update({"close": close, "rules": rules, "values": values})
    return out


#: The last designs found valid (by the ``repr`` of the document as given: order and types count), each as
#: its normalized form pickled: every match of a design is set up from its document, and checking it again
#: was a sixth of a designed match's time.
_VALID: dict[str, bytes] = {}
_VALID_KEPT = 16


def validate_design(doc: object) -> dict[str, Any]:
    """The normalized design document (a new copy each call), or DesignError listing every problem it has
    (:func:`check_design_document`); a document found valid lately is not checked again."""
    try:
        key = repr(doc)
    except RecursionError:
        return check_design_document(doc)
    found = _VALID.get(key)
    if found is None:
        design = check_design_document(doc)
        found = pickle.dumps(design, pickle.HIGHEST_PROTOCOL)
        if len(_VALID) >= _VALID_KEPT:
            del _VALID[next(iter(_VALID))]
        _VALID[key] = found
    return pickle.loads(found)  # noqa: S301 (our own pickle of a design we made)


def check_design_document(doc: object) -> dict[str, Any]:
    """The normalized design document, or DesignError listing every problem it has.

    The JSON Schema (``design.schema.json``) checks the shape first; the checks here then read the texts,
    keys, defaults and seats. Every problem names its part; a schema problem is kept when no check here
    names the same part (their words are the clearer)."""
    problems: list[Problem] = []
    if not isinstance(doc, dict):
        raise DesignError([Problem("", f"a design must be an object, not {shown(doc)}")])
    first = list(schema_problems(doc))
    fmt = doc.get("format", DESIGN_FORMAT)
    if fmt != DESIGN_FORMAT or not is_int(fmt):
        problems.append(Problem("Format", f"this site reads designs of format {DESIGN_FORMAT}, not {shown(fmt)}",
                                "format"))
    title = clean_text(doc.get("title"), "Title", "the title", problems, lo=1, hi=MAX_TITLE)
    _tag(problems, 0, "title")
    since = len(problems)
    summary = clean_text(doc.get("summary"), "Summary", "the summary", problems, hi=MAX_SUMMARY)
    _tag(problems, since, "summary")
    since = len(problems)
    rules = clean_text(doc.get("rules"), "Rules", "the rules", problems, hi=MAX_RULES, multiline=True)
    _tag(problems, since, "rules")
    since = len(problems)
    low = _int(doc.get("min_players"), "Players", "the fewest players", problems, -MAX_NUMBER, MAX_NUMBER)
    if low is not None and low < 2:
        problems.append(Problem("Players", "at least 2 players"))
    _tag(problems, since, "min_players")
    since = len(problems)
    high = _int(doc.get("max_players"), "Players", "the most players", problems, -MAX_NUMBER, MAX_NUMBER)
    if high is not None and high > MAX_SEATS:
        problems.append(Problem("Players", f"at most {MAX_SEATS} players"))
    if low is not None and high is not None and low > high:
        problems.append(Problem("Players", f"min players above max ({low} > {high})"))
    _tag(problems, since, "max_players")
    max_players = min(max(high or MAX_SEATS, 2), MAX_SEATS)
    counters = _counters(doc.get("counters"), problems)
    tables = _tables(doc.get("tables"), problems)
    since = len(problems)
    setup = clean_source(doc.get("setup"), "Set-up rules", "the set-up rules", problems)
    _tag(problems, since, "setup")
    phases = [_phase(item, max_players, problems)
              for item in _items(doc.get("phases"), problems, title="Phases", part="phases", what="a phase",
                                 most=MAX_PHASES, label="name", numbered=True,
                                 needed="a design needs at least one phase")]
    problems = _with_schema(problems, first)
    if problems:
        raise DesignError(problems)
    return {
        "format": DESIGN_FORMAT, "title": title, "summary": summary, "rules": rules,
        "min_players": low, "max_players": high, "counters": counters, "tables": tables, "setup": setup,
        "phases": phases,
        **({"talk": False} if doc.get("talk") is False else {}),  # "no press": the design turns talk off
    }


def blank_design(title: str) -> dict[str, Any]:
    """A valid starting document: one phase "Round" with one yes/no field, for 7 to 10 players."""
    problems: list[Problem] = []
    clean = clean_text(title, "Title", "the title", problems, lo=1, hi=MAX_TITLE) or "New game"
    return {
        "format": DESIGN_FORMAT, "title": clean, "summary": "", "rules": "",
        "min_players": 7, "max_players": 10, "counters": [],
        "phases": [{"key": "round", "name": "Round", "repeat": 1, "seconds": 86400, "actors": "everyone",
                    "fields": [{"key": "yes", "label": "Yes?", "kind": "yesno", "default": False, "help": ""}]}],
    }


# --- the exported file ---------------------------------------------------------------------------------
def design_file(doc: dict[str, Any]) -> dict[str, Any]:
    """What export writes: ``{"genius_design": 1, **doc}``."""
    return {"genius_design": DESIGN_FORMAT, **doc}


def read_design_file(data: object) -> dict[str, Any]:
    """The design an exported file holds (its JSON text, bytes or parsed object), normalized; DesignError
    with clear problems otherwise."""
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_FILE_BYTES:
            raise DesignError([Problem("File", f"a design file is at most {MAX_FILE_BYTES // 1024} KiB")])
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DesignError([Problem("File", "the file is not UTF-8 text")]) from None
    if isinstance(data, str):
        if len(data) > MAX_FILE_BYTES:
            raise DesignError([Problem("File", f"a design file is at most {MAX_FILE_BYTES // 1024} KiB")])
        try:
            data = json.loads(data, parse_constant=_refuse_constant)
        except RecursionError:
            raise DesignError([Problem("File", "the file nests too deep to be a design")]) from None
        except ValueError as exc:
            first = str(exc).splitlines()[0][:200] if str(exc) else "not JSON"
            raise DesignError([Problem("File", f"not valid JSON ({first})")]) from None
    if not isinstance(data, dict) or "genius_design" not in data:
        raise DesignError([Problem("File", "not a Genius design file (it has no genius_design mark)")])
    if data["genius_design"] != DESIGN_FORMAT or not is_int(data["genius_design"]):
        raise DesignError([Problem("File", f"this site reads design files of format {DESIGN_FORMAT}, "
                                           f"not {shown(data['genius_design'])}")])
    return validate_design({k: v for k, v in data.items() if k != "genius_design"})


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
