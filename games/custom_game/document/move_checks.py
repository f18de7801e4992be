"""The design's parts for checks when a move is sent (RULES.md, "Checks when a move is sent"), checked at save.

- a field's ``min_choices`` / ``max_choices`` (several choices, several players) and a number's
  ``max_from_counter`` (at most what the player holds of that counter);
- a phase's ``check`` (Starlark, at most :data:`MAX_CHECK` characters) and its ``fallback`` answers (what a
  missing move counts as when its default does not pass the check);
- ``check_visible`` on a counter or a named value: the check may read it for every player.

Each part is kept in the normalized design only when set, so a design without them is as it was. Called by
:mod:`.design` (one call a part); the check's own text is checked with the rules (``rules.check_run``).
"""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import Problem
from games.engines.protocol import SubmissionError
from games.kit.numbers import is_int, shown

from .. import answers
from .texts import clean_source

#: The design's keys for checks, as a host writes them (RULES.md names them).
DESIGN_KEYS = ("check", "fallback", "min_choices", "max_choices", "max_from_counter", "check_visible")
#: The longest check, in characters.
MAX_CHECK = 4_000
#: The most picks a several-players field may ask for.
MAX_PICKS = 20


def _flag(doc: dict[str, Any], out: dict[str, Any], where: str, part: str, problems: list[Problem]) -> None:
    value = doc.get("check_visible")
    if value is None or value is False:
        return
    if value is not True:
        problems.append(Problem(where, f"check_visible must be yes or no, not {shown(value)}", part))
        return
    out["check_visible"] = True


def counter_extras(doc: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A counter's ``check_visible``: the checks may read it for every player (a private one too)."""
    _flag(doc, out, where, at + ".check_visible", problems)


def value_extras(doc: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A named value's ``check_visible``: the checks may read it (its own entry only, when it is keyed by player)."""
    _flag(doc, out, where, at + ".check_visible", problems)


def choice_counts(field: dict[str, Any], picked: int) -> str | None:
    """Why ``picked`` picks break the field's ``min_choices`` / ``max_choices`` (None when they do not)."""
    low, high = field.get("min_choices"), field.get("max_choices")
    if low is not None and picked < low:
        return f"pick at least {low} (you picked {picked})"
    if high is not None and picked > high:
        return f"pick at most {high} (you picked {picked})"
    return None


def field_extras(doc: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A field's ``min_choices`` / ``max_choices`` and ``max_from_counter`` (its counter is checked with the
    counters: :func:`cross_problems`)."""
    kind = out.get("kind")
    for name in ("min_choices", "max_choices"):
        value = doc.get(name)
        if value is None:
            continue
        if kind not in ("choices", "players"):
            problems.append(Problem(where, f"{name} is for a field of several choices or several players",
                                    f"{at}{name}"))
            continue
        most = len(out.get("options", [])) if kind == "choices" and "options_from" not in out else MAX_PICKS
        if not is_int(value) or not 0 <= value <= most:
            problems.append(Problem(where, f"{name} must be a whole number from 0 to {most}, not {shown(value)}",
                                    f"{at}{name}"))
            continue
        out[name] = int(value)
    if out.get("min_choices", 0) > out.get("max_choices", MAX_PICKS):
        problems.append(Problem(where, f"min_choices ({out['min_choices']}) is above max_choices "
                                       f"({out['max_choices']})", f"{at}min_choices"))
    if kind == "choices" and ("min_choices" in out or "max_choices" in out) and "options_from" not in out:
        why = choice_counts(out, len(out.get("default") or []))
        if why:
            problems.append(Problem(where, f"the default breaks its own limit: {why}", f"{at}default"))
    counter = doc.get("max_from_counter")
    if counter is None or counter == "":
        return
    if kind != "number":
        problems.append(Problem(where, "max_from_counter is for a number field", f"{at}max_from_counter"))
    elif not isinstance(counter, str):
        problems.append(Problem(where, f"max_from_counter must name a counter, not {shown(counter)}",
                                f"{at}max_from_counter"))
    else:
        out["max_from_counter"] = counter


def phase_extras(found: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A phase's ``check`` and ``fallback`` (``out`` holds its fields already)."""
    since = len(problems)
    check = clean_source(found.get("check"), where, "the check", problems, MAX_CHECK)
    for i in range(since, len(problems)):
        if not problems[i].part:
            problems[i] = Problem(problems[i].where, problems[i].message, at + ".check")
    if check:
        out["check"] = check
    raw = found.get("fallback")
    if raw is None:
        return
    if not isinstance(raw, dict):
        problems.append(Problem(where, f"the fallback must be an object of answers by field, not {shown(raw)}",
                                at + ".fallback"))
        return
    fields = {f["key"]: f for f in out["fields"] if f}
    unknown = [k for k in raw if k not in fields]
    if unknown:
        problems.append(Problem(where, f"the fallback names {shown(unknown[0])}, which is not a field of this phase",
                                at + ".fallback"))
        return
    fallback: dict[str, Any] = {}
    for key, field in fields.items():
        if key not in raw:
            fallback[key] = answers.empty(field) if field.get("default") is None else field["default"]
            continue
        if "options_from" in field:  # its options come from each seat: a fallback can only leave it empty
            field = {**field, "options": []}
        try:
            value = answers.check_answer(field, [], raw[key])  # no seat is known before a match: nobody
        except SubmissionError as exc:
            words = "a fallback cannot name a player" if field["kind"] in ("player", "players") else exc.message
            problems.append(Problem(where, f"the fallback's {field['label']}: {words}", f"{at}.fallback.{key}"))
            continue
        if field["kind"] == "choices":
            why = choice_counts(field, len(value))
            if why:
                problems.append(Problem(where, f"the fallback's {field['label']}: {why}", f"{at}.fallback.{key}"))
        fallback[key] = value
    out["fallback"] = fallback


def cross_problems(phases: list[dict[str, Any]], counters: list[dict[str, Any]], problems: list[Problem]) -> None:
    """Each ``max_from_counter`` names one of the design's counters."""
    keys = [c["key"] for c in counters]
    for i, phase in enumerate(phases):
        for j, field in enumerate(phase.get("fields", [])):
            counter = field.get("max_from_counter") if field else None
            if counter is not None and counter not in keys:
                problems.append(Problem(f"Phase {i + 1} “{phase['name']}”, field “{field['label']}”",
                                        f"max_from_counter: {shown(counter)} is not a counter of this game "
                                        f"(its counters: {', '.join(keys) or 'none'})",
                                        f"phases[{i}].fields[{j}].max_from_counter"))
