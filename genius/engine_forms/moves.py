"""A phase's move form: the engine's declared fields (``Engine.form_fields``) as a Django form.

The Django fields only carry what was typed (a string each, a list for a multiple choice, ``"true"`` or ``""``
for a switch); the engine is the one judge of values: :meth:`MoveForm.clean` reads them with the engine's
``parse_form`` and checks the move with its ``check``, and a refusal stands beside the field it names. The
services check again, under the phase's lock, before anything is stored; so the services' own refusals (a late
move: "Too late: …", a phase that is over, a paused match) come after the engine's: a move that breaks a rule
is told so first, as a parse error always was.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from django import forms
from django.core.validators import EMPTY_VALUES
from django.utils.datastructures import MultiValueDict
from django.utils.safestring import mark_safe

from games.engines.check_failure import CheckFailed
from games.engines.protocol import Engine, Field, Payload, State, SubmissionError
from genius.engine_forms.checked_once import check_once


def instant_keys(engine: Engine) -> tuple[str, ...]:
    """The payload keys the game answers at once (its spec's ``offers.instant_keys``)."""
    return engine.spec.offers.instant_keys


def is_instant(engine: Engine, name: str) -> bool:
    return any(name == key or name.startswith(f"{key}_") for key in instant_keys(engine))


class Carried(forms.CharField):
    """What was typed in a box or picked in a choice, as it came (the engine reads and judges it)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, strip=False, **kwargs)


class CarriedList(forms.Field):
    """The values ticked in a multiple choice, as they came."""

    widget = forms.CheckboxSelectMultiple

    def to_python(self, value: Any) -> list[str]:
        return carried_list(value)


class CarriedSwitch(forms.Field):
    """A switch: ``"true"`` when on, ``""`` when off."""

    widget = forms.CheckboxInput

    def to_python(self, value: Any) -> str:
        return carried_switch(value)


def carried_list(value: Any) -> list[str]:
    """A multiple choice's ticked values as its widget read them."""
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def carried_switch(value: Any) -> str:
    """A switch as its widget read it: ``"true"`` when on, ``""`` when off."""
    return "true" if value in (True, "on", "true", "1") else ""


#: The switch's and the multiple choice's widgets, which read a post the same way for every form (no state).
_SWITCH, _TICKS = forms.CheckboxInput(), forms.CheckboxSelectMultiple()
_NO_FILES: MultiValueDict = MultiValueDict()


def _django_field(f: Field) -> forms.Field:
    if f.kind == "multichoice":
        return CarriedList(required=False, label=f.label)
    if f.kind == "bool":
        return CarriedSwitch(required=False, label=f.label)
    return Carried(label=f.label)


def declared_fields(engine: Engine, fields: Sequence[Field], instant: bool) -> list[Field]:
    """The fields of the move form (``instant``: of the actions answered at once) among a phase's fields."""
    return [f for f in fields if is_instant(engine, f.name) == instant]


def read_move(engine: Engine, state: State, player: str, values: dict[str, Any], *, instant: bool,
              version: Hashable | None = None) -> Payload:
    """The engine's reading of the typed values, checked (an instant action is checked as it is applied);
    SubmissionError names the field at fault. ``version`` (the match's id and row version) lets the services
    take this check's answer rather than ask again (``checked_once``)."""
    payload = engine.parse_form(state, player, values)
    if not instant:
        check_once(engine, state, player, payload, version)
    return payload


def accepted_move(engine: Engine, state: State | None, player: str, data: Any, fields: Sequence[Field], *,
                  instant: bool = False, version: Hashable | None = None) -> Payload | None:
    """A posted move read and checked without building the form: the payload when the engine accepts it, None
    otherwise (then :class:`MoveForm` reads it again and says why beside the fields). The values are read as the
    form's fields carry them (their widgets, then ``carried_list`` and ``carried_switch``); a box holding a NUL, which the form
    refuses in Django's words, goes to the form."""
    if not state:
        return None
    values: dict[str, Any] = {}
    for f in declared_fields(engine, fields, instant):
        if f.kind == "multichoice":
            values[f.name] = carried_list(_TICKS.value_from_datadict(data, _NO_FILES, f.name))
        elif f.kind == "bool":
            values[f.name] = carried_switch(_SWITCH.value_from_datadict(data, _NO_FILES, f.name))
        else:
            raw = data.get(f.name)
            value = "" if raw in EMPTY_VALUES else str(raw)
            if "\x00" in value:
                return None
            values[f.name] = value
    try:
        return read_move(engine, state, player, values, instant=instant, version=version)
    except (SubmissionError, ValueError, TypeError, KeyError):
        return None


class MoveForm(forms.Form):
    """The move form of ``player`` (or, with ``instant``, the form of the actions answered at once).

    Bound (``data``), it is valid when the engine reads and accepts the move: ``payload`` is then what the
    engine read, for ``genius.matches.services.submitting``. ``checks=False`` leaves the engine's check to
    the services (a form sent for a phase that is over: the services refuse it in their own words).
    """

    def __init__(self, engine: Engine, state: State | None, player: str, data: Any = None, *,
                 initial: dict[str, Any] | None = None, instant: bool = False, checks: bool = True,
                 fields: Sequence[Field] | None = None) -> None:
        super().__init__(data, initial=initial or {})
        self.engine, self.state, self.player = engine, state, player
        self.instant, self.checks = instant, checks
        if fields is None:  # the engine's fields of this state and player, unless the caller has them
            fields = engine.form_fields(state, player) if state else []
        self.declared = declared_fields(engine, fields, instant)
        for f in self.declared:
            self.fields[f.name] = _django_field(f)
        self.notices: list[str] = []
        self.payload: Payload = {}
        #: Why the game's own check of the move failed (the host's words; None: it did not), for the host's alert.
        self.check_problem: str | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.state or not self.checks or self.errors:
            return data
        values = {f.name: data.get(f.name, [] if f.kind == "multichoice" else "") for f in self.declared}
        try:
            self.payload = read_move(self.engine, self.state, self.player, values, instant=self.instant)
        except SubmissionError as exc:
            if isinstance(exc, CheckFailed):
                self.check_problem = exc.problem
            self.refuse(exc.field, exc.message)
        except (ValueError, TypeError, KeyError) as exc:  # an engine's reading that broke: a refusal, never a 500
            self.refuse(None, str(exc) or "That move could not be read.")
        return data

    def refuse(self, field: str | None, message: str) -> None:
        """Put a refusal beside its field (above the fields when it names none of them, or the form is new)."""
        if self.is_bound:
            self.add_error(field if field in self.fields else None, message)
        else:
            self.notices.append(message)

    # -- what the partial template draws (games/parts/form_fields.html) ------------------------------------
    @property
    def rows(self) -> list[dict[str, Any]]:
        errors = self.errors if self.is_bound else {}
        return [_row(f, self[f.name].value(), " ".join(str(e) for e in errors.get(f.name, []))) for f in self.declared]

    @property
    def messages_above(self) -> list[str]:
        """Refusals that name no field of this form."""
        return [*self.notices, *(str(e) for e in (self.non_field_errors() if self.is_bound else []))]

    @property
    def one_click(self) -> bool:
        """Every field is a ``pick``: clicking a choice sends the move (no separate button)."""
        return bool(self.declared) and all(f.kind == "pick" for f in self.declared)


def _row(f: Field, value: Any, error: str) -> dict[str, Any]:
    if f.kind == "multichoice":
        chosen = [str(v) for v in (value or [])] if isinstance(value, list | tuple) else ([str(value)] if value else [])
    elif f.kind == "bool":
        chosen = ["true"] if value in (True, "on", "true", "1", "True") else []
    else:
        chosen = [] if value is None else [str(value)]
    return {
        "name": f.name,
        "label": f.label,
        "kind": f.kind,
        "choices": [{"value": v, "label": lab, "selected": v in chosen} for v, lab in f.choices],
        "value": "" if value is None or isinstance(value, list | tuple | bool) else str(value),
        "checked": f.kind == "bool" and bool(chosen),
        "required": f.required,
        #: A required choice with no answer yet starts on "Choose…", unless one of its choices is the blank.
        "prompt": f.required and value in (None, "") and all(v != "" for v, _ in f.choices),
        "help": f.help,
        "group": f.group,
        "error": error,
        #: A cell field's board to pick on, drawn by the game (its texts escaped there, as its board's are).
        "picture": mark_safe(f.picture) if f.picture else "",  # noqa: S308
    }
