"""The JSON Schema of a design document (draft 2020-12): its shape, checked before the checks (:mod:`.checks`), and
each of its problems in a host's words, naming the part at fault.

The schema is built here from the limits (:mod:`.limits`), so a limit is written once; ``python -m
games.custom_game.document.schema`` prints it, for whoever wants it as a file.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from games.engines.design_problems import Problem
from games.kit.numbers import shown

from .limits import (
    ACTORS,
    BOARD_SHAPES,
    BOARD_VISIBILITIES,
    CLOSES,
    DESIGN_FORMAT,
    FIELD_KINDS,
    KEY_PATTERN,
    MAX_BOARDS,
    MAX_COLUMNS,
    MAX_COUNTERS,
    MAX_EXPRESSION,
    MAX_FIELDS,
    MAX_FORMS,
    MAX_HEX_RADIUS,
    MAX_NUMBER,
    MAX_OPTIONS,
    MAX_PHASES,
    MAX_REPEAT,
    MAX_SEATS,
    MAX_SECONDS,
    MAX_SQUARE_SIDE,
    MAX_TABLE_ROWS,
    MAX_TABLES,
    MAX_TEXT_ANSWER,
    MAX_TRACK,
    MAX_VALUES,
    MIN_HEX_RADIUS,
    MIN_PLAYERS,
    MIN_SECONDS,
    MIN_SQUARE_SIDE,
    MIN_TRACK,
    VISIBILITIES,
)
from .parts import field_where

_TEXT = {"type": ["string", "null"]}
_NAME = {"type": "string", "pattern": f"^{KEY_PATTERN}$"}
_KEY = {"$ref": "#/$defs/key"}
_NUMBER = {"$ref": "#/$defs/number"}
#: A short Starlark expression of a form for each player (``options_from``, a form's ``when``).
_EXPRESSION = {"type": ["string", "null"], "maxLength": MAX_EXPRESSION}


def _items(most: int, properties: dict[str, Any], required: tuple[str, ...] = (), *, types: Any = ("array", "null"),
           least: int | None = None) -> dict[str, Any]:
    """A list of at most ``most`` objects of ``properties`` (``required`` among them)."""
    items: dict[str, Any] = {"type": "object"}
    if required:
        items["required"] = list(required)
    items["properties"] = properties
    out: dict[str, Any] = {"type": types if isinstance(types, str) else list(types)}
    if least is not None:
        out["minItems"] = least
    return {**out, "maxItems": most, "items": items}


#: The schema of a design document.
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://genius.example/design.schema.json",
    "title": "Genius game design document",
    "description": "The shape of a host's design (games/custom_game/document/ checks the rest: texts, keys used once, "
                   "defaults among the options, seats within the players). Unknown properties are left out when the "
                   "design is normalized.",
    "type": "object",
    "properties": {
        "format": {"const": DESIGN_FORMAT},
        "title": _TEXT, "summary": _TEXT, "rules": _TEXT, "setup": _TEXT, "helpers": _TEXT,
        "talk": {"type": ["boolean", "object"],
                 "description": "false: no talk in its matches (\"no press\"); absent or true: the site's talk; "
                                "{\"rooms\": value name, \"everyone\": yes/no}: a channel per room of a kept value"},
        "reserve": {"type": ["integer", "null"], "minimum": 0},
        "min_players": {"type": "integer", "minimum": MIN_PLAYERS},
        "max_players": {"type": "integer", "minimum": MIN_PLAYERS, "maximum": MAX_SEATS},
        "counters": _items(MAX_COUNTERS, {"key": _KEY, "label": _TEXT, "start": _NUMBER,
                                          "visibility": {"enum": list(VISIBILITIES)},
                                          "check_visible": {"type": ["boolean", "null"]}}),
        "tables": _items(MAX_TABLES, {
            "key": _KEY, "label": _TEXT,
            "columns": {"type": "array", "minItems": 1, "maxItems": MAX_COLUMNS, "items": _NAME},
            "rows": {"type": "array", "maxItems": MAX_TABLE_ROWS,
                     "items": {"type": "array", "items": {"type": ["string", "integer", "null"]}}},
        }, ("columns", "rows")),
        "boards": _items(MAX_BOARDS, {
            "key": _KEY, "label": _TEXT, "shape": {"enum": list(BOARD_SHAPES)},
            "size": {"type": "integer", "minimum": MIN_SQUARE_SIDE, "maximum": MAX_SQUARE_SIDE},
            "columns": {"type": "integer", "minimum": MIN_SQUARE_SIDE, "maximum": MAX_SQUARE_SIDE},
            "rows": {"type": "integer", "minimum": MIN_SQUARE_SIDE, "maximum": MAX_SQUARE_SIDE},
            "radius": {"type": "integer", "minimum": MIN_HEX_RADIUS, "maximum": MAX_HEX_RADIUS},
            "length": {"type": "integer", "minimum": MIN_TRACK, "maximum": MAX_TRACK},
            "visibility": {"enum": list(BOARD_VISIBILITIES)},
            "groups": {"type": ["array", "null"], "maxItems": MAX_SEATS,
                       "items": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": MAX_SEATS}}},
        }, ("shape",)),
        "phases": _items(MAX_PHASES, {
            "key": _KEY, "name": _TEXT,
            "repeat": {"type": "integer", "minimum": 1, "maximum": MAX_REPEAT},
            "seconds": {"type": ["integer", "null"], "minimum": MIN_SECONDS, "maximum": MAX_SECONDS},
            "actors": {"enum": list(ACTORS)},
            "seats": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 1, "maximum": MAX_SEATS}},
            "fields": {"type": ["array", "null"], "maxItems": MAX_FIELDS,  # none: actions only (action_only.py)
                       "items": {"$ref": "#/$defs/field"}},
            "close": {"enum": list(CLOSES)},
            "answered_by": {"enum": ["players", "season", "community", None]},
            "timed": {"type": ["object", "null"]},
            "rules": _TEXT,
            "check": _TEXT,
            "fallback": {"type": ["object", "null"]},
            "actions": {"type": ["array", "null"], "items": {"type": "object"}},
            "turn": {"type": ["object", "null"]},
            "trades": {"type": ["object", "null"]},
            "forms": _items(MAX_FORMS, {"when": _EXPRESSION,
                                        "fields": {"type": "array", "minItems": 1, "maxItems": MAX_FIELDS,
                                                   "items": _NAME}}, ("fields",)),
            "values": _items(MAX_VALUES, {"name": _NAME, "formula": _TEXT,
                                          "check_visible": {"type": ["boolean", "null"]}}, ("name",)),
        }, types="array", least=1),
    },
    "required": ["phases"],
    "$defs": {
        "key": {"anyOf": [{"type": "string", "pattern": f"^({KEY_PATTERN})?$"}, {"type": "null"}]},
        "number": {"type": "integer", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER},
        "field": {
            "type": "object",
            "required": ["kind"],
            "properties": {
                "key": _KEY, "label": _TEXT,
                "kind": {"enum": list(FIELD_KINDS)},
                "help": _TEXT,
                "options": {"type": "array", "minItems": 1, "maxItems": MAX_OPTIONS, "items": _TEXT},
                "min": _NUMBER, "max": _NUMBER,
                "max_length": {"type": "integer", "minimum": 1, "maximum": MAX_TEXT_ANSWER},
                "min_choices": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_OPTIONS},
                "max_choices": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_OPTIONS},
                "max_from_counter": {"type": ["string", "null"]},
                "board": {"type": ["string", "null"]},
                "empty_only": {"type": ["boolean", "null"]},
                "options_from": _EXPRESSION,
            },
        },
    },
}


@functools.cache
def _schema_validator() -> Draft202012Validator:
    Draft202012Validator.check_schema(SCHEMA)
    return Draft202012Validator(SCHEMA)


_PART_WORDS = {"boards": "Boards", "format": "Format", "title": "Title", "summary": "Summary", "rules": "Rules",
               "setup": "Set-up rules", "helpers": "Helpers",
               "min_players": "Players", "max_players": "Players", "counters": "Counters", "tables": "Tables",
               "phases": "Phases", "talk": "Talk"}
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
    if len(path) < 2 or not isinstance(path[1], int) or head not in ("phases", "counters", "tables", "boards"):
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


def with_schema(problems: list[Problem], first: list[Problem]) -> list[Problem]:
    """The Python checks' problems, and the schema's (found ``first``) about parts none of them names."""
    return problems + [p for p in first if not any(_overlap(p.part, q.part) for q in problems)]


if __name__ == "__main__":
    print(json.dumps(SCHEMA, indent=2, ensure_ascii=False))
