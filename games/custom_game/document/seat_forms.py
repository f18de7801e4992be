"""The design's parts for a form for each player (RULES.md, "A form for each player"), checked at save.

- a choice or several-choices field's ``options_from``: a short Starlark expression worked out for each seat
  when the phase opens (the cards in its hand, the players it may target, the doors of its room), in place of
  the field's own ``options``;
- a phase's ``forms``: several forms in one phase, each a list of the phase's field keys and, but for the last,
  a ``when`` expression that says which seats answer it (the first form whose ``when`` holds for a seat is its
  form; a seat with none waits).

Each part is kept in the normalized design only when set, so a design without them is as it was. The
expressions' own text is checked with the checks' (``rules.check_run.check_problems``, from :mod:`..tools`):
they read what a check reads, without ``answer``.
"""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import shown

from .limits import MAX_EXPRESSION, MAX_FORMS
from .texts import clean_source

#: The design's keys for a form for each player, as a host writes them (RULES.md names them).
DESIGN_KEYS = ("options_from", "forms", "when")


def _expression(value: Any, where: str, what: str, part: str, problems: list[Problem]) -> str:
    """An expression's text (at most :data:`MAX_EXPRESSION` characters), its problems tagged with ``part``."""
    since = len(problems)
    text = clean_source(value, where, what, problems, MAX_EXPRESSION)
    for i in range(since, len(problems)):
        if not problems[i].part:
            problems[i] = Problem(problems[i].where, problems[i].message, part)
    if value is not None and not isinstance(value, str) and len(problems) == since:
        problems.append(Problem(where, f"{what} must be a text, not {shown(value)}", part))
    return text


def options_from(doc: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> bool:
    """A choice field's ``options_from`` (True when it is set: the field then has no options of its own, and
    its default can only be no answer)."""
    raw = doc.get("options_from")
    if raw is None or raw == "":
        return False
    source = _expression(raw, where, "options_from", at + "options_from", problems)
    if not source:
        if isinstance(raw, str):
            problems.append(Problem(where, "options_from must be an expression such as "
                                           "values[\"hands\"][me]", at + "options_from"))
        return True
    out["options_from"] = source
    if doc.get("options") not in (None, []):
        problems.append(Problem(where, "a field whose options come from options_from has no options of its own",
                                at + "options"))
    default = doc.get("default")
    if default not in (None, []):
        problems.append(Problem(where, "a field whose options come from options_from can only default to "
                                       "no answer", at + "default"))
    out["default"] = [] if out["kind"] == "choices" else None
    return True


def only_for_choices(doc: dict[str, Any], kind: str, where: str, at: str, problems: list[Problem]) -> None:
    """A problem when a field that is not a choice names ``options_from``."""
    if kind not in ("choice", "choices") and doc.get("options_from") not in (None, ""):
        problems.append(Problem(where, "options_from is for a choice or several-choices field", at + "options_from"))


def _form(raw: Any, number: int, keys: list[str], used: dict[str, int], where: str, at: str,
          problems: list[Problem]) -> dict[str, Any] | None:
    part = f"{at}.forms[{number - 1}]"
    if not isinstance(raw, dict):
        problems.append(Problem(where, f"form {number} must be an object such as {{\"when\": …, \"fields\": "
                                       f"[…]}}, not {shown(raw)}", part))
        return None
    unknown = sorted(str(k) for k in raw if k not in ("when", "fields"))
    if unknown:
        problems.append(Problem(where, f"form {number} has no setting {shown(unknown[0])} (a form has when and "
                                       "fields)", part))
    fields = raw.get("fields")
    if not isinstance(fields, list) or not fields:
        problems.append(Problem(where, f"form {number} needs at least one field key", part + ".fields"))
        fields = []
    out: dict[str, Any] = {"fields": []}
    for key in fields:
        if not isinstance(key, str) or key not in keys:
            problems.append(Problem(where, f"form {number} names {shown(key)}, which is not a field of this phase "
                                           f"(its fields: {', '.join(keys)})", part + ".fields"))
        elif key in used:
            problems.append(Problem(where, f"the field {shown(key)} is in form {used[key]} and form {number}: a "
                                           "field belongs to one form", part + ".fields"))
        else:
            used[key] = number
            out["fields"].append(key)
    when = _expression(raw.get("when"), where, f"the when of form {number}", part + ".when", problems)
    if when:
        out["when"] = when
    return out


def phase_forms(found: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A phase's ``forms`` (``out`` holds its fields already): each field in exactly one form, and only the last
    form without a ``when`` (a form after one without a ``when`` would never be anyone's)."""
    raw = found.get("forms")
    if raw is None or raw == []:
        return
    if not isinstance(raw, list):
        problems.append(Problem(where, f"forms must be a list of forms, not {shown(raw)}", at + ".forms"))
        return
    if len(raw) > MAX_FORMS:
        problems.append(Problem(where, f"a phase has at most {MAX_FORMS} forms (this one has {len(raw)})",
                                at + ".forms"))
        raw = raw[:MAX_FORMS]
    keys = [f["key"] for f in out["fields"] if f]
    used: dict[str, int] = {}
    forms = [_form(item, n, keys, used, where, at, problems) for n, item in enumerate(raw, start=1)]
    if any(f is None for f in forms):
        return
    left = [k for k in keys if k not in used]
    if left:
        problems.append(Problem(where, f"the field {shown(left[0])} is in no form: each field of the phase "
                                       "belongs to one form", at + ".forms"))
    for n, form in enumerate(forms[:-1], start=1):
        if form is not None and "when" not in form:
            problems.append(Problem(where, f"form {n} has no when, so the forms after it would be nobody's: only "
                                           "the last form may leave when out", f"{at}.forms[{n - 1}].when"))
    out["forms"] = [f for f in forms if f is not None]


def expressions(phase: dict[str, Any]) -> list[tuple[str, str, str]]:
    """A normalized phase's expressions: (text, what it is, its part under the phase)."""
    out = [(f["options_from"], f"field “{f['label']}”, options_from", f"fields[{j}].options_from")
           for j, f in enumerate(phase.get("fields", [])) if f and f.get("options_from")]
    out += [(form["when"], f"form {n + 1}, when", f"forms[{n}].when")
            for n, form in enumerate(phase.get("forms", [])) if form.get("when")]
    return out
