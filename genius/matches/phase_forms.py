"""The form of a phase, built from the engine's fields; the engine does all the checking."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict

from games.engines.protocol import Engine, Field, State


@dataclass
class PhaseForm:
    """Fields with their current values and errors, ready for the template."""

    fields: list[dict[str, Any]]
    errors: dict[str, str] = field(default_factory=dict)
    non_field_error: str = ""

    @property
    def has_errors(self) -> bool:
        return bool(self.errors or self.non_field_error)

    @property
    def one_click(self) -> bool:
        """Every field is a ``pick``: clicking a choice sends the move (no separate button)."""
        return bool(self.fields) and all(row["kind"] == "pick" for row in self.fields)


def instant_keys(engine: Engine) -> tuple[str, ...]:
    """The payload keys the game answers at once (its spec's ``offers.instant_keys``)."""
    return engine.spec.offers.instant_keys


def is_instant(engine: Engine, name: str) -> bool:
    return any(name == key or name.startswith(f"{key}_") for key in instant_keys(engine))


def build(
    engine: Engine,
    state: State,
    player: str,
    values: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    instant: bool = False,
) -> PhaseForm:
    """The move form (or, with ``instant``, the instant-action form) for ``player``."""
    errors = dict(errors or {})
    values = values or {}
    rows = []
    for f in engine.form_fields(state, player):
        if is_instant(engine, f.name) != instant:
            continue
        rows.append(_row(f, values.get(f.name), errors.pop(f.name, "")))
    return PhaseForm(rows, {r["name"]: r["error"] for r in rows if r["error"]}, " ".join(errors.values()))


def _row(f: Field, value: Any, error: str) -> dict[str, Any]:
    if f.kind == "multichoice":
        chosen = [str(v) for v in (value or [])] if isinstance(value, list | tuple) else ([str(value)] if value else [])
    else:
        chosen = [] if value is None else [str(value).lower() if f.kind == "bool" else str(value)]
    return {
        "name": f.name,
        "label": f.label,
        "kind": f.kind,
        "choices": [{"value": v, "label": lab, "selected": v in chosen} for v, lab in f.choices],
        "value": "" if value is None or isinstance(value, list | tuple) else str(value),
        "checked": f.kind == "bool" and chosen[:1] in (["true"], ["on"], ["1"]),
        "required": f.required,
        #: A required choice with no answer yet starts on "Choose…", unless one of its choices is the blank.
        "prompt": f.required and value in (None, "") and all(v != "" for v, _ in f.choices),
        "help": f.help,
        "group": f.group,
        "error": error,
    }


def posted(engine: Engine, state: State, player: str, post: QueryDict, instant: bool = False) -> dict[str, Any]:
    """The posted values of the form's fields: a string each, a list for multiple choices."""
    data: dict[str, Any] = {}
    for f in engine.form_fields(state, player):
        if is_instant(engine, f.name) != instant:
            continue
        if f.kind == "multichoice":
            data[f.name] = post.getlist(f.name)
        elif f.kind == "bool":
            data[f.name] = "true" if post.get(f.name) in ("on", "true", "1") else ""
        else:
            data[f.name] = post.get(f.name, "")
    return data
