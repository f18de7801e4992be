"""A game's declared settings (``GameSpec.config``) as Django form fields: the one adapter the host pages, the
challenge form and the seasons' episode settings share.

One field per :class:`~games.engines.spec.ConfigField`: ``int`` (bounded), ``minutes`` and ``seconds`` (typed in
those units, stored in seconds), ``choice``, ``text`` (a box ``lines`` high), ``seat_order`` (one pick a place
among the seats), ``seat``, ``seat_each`` (each choice given to a seat or nobody), ``bool``, and ``design`` (made
by the caller, who knows whose designs to offer). The engine checks the values (its ``setup``); a field only reads
them, and every setting left empty is left out of the config (:func:`config_of`), so the engine draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from games.engines.spec import ConfigField
from genius.engine_forms.fields import WholeNumberField

UNIT_SECONDS = {"minutes": 60, "seconds": 1}


def names_from_text(text: str) -> list[str]:
    """One name a line, spaces around a name dropped, blank lines skipped."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def textarea(rows: int, placeholder: str = "") -> forms.Textarea:
    return forms.Textarea(attrs={"rows": rows, "spellcheck": "false", "autocapitalize": "off",
                                 "autocomplete": "off", "placeholder": placeholder})


class SplitOrder(forms.MultiWidget):
    """Decompresses a stored order (a list of names) into one pick a place, each labelled."""

    template_name = "hosting/picks.html"

    def decompress(self, value: Any) -> list[Any]:
        return list(value) if isinstance(value, list) else []


class SeatOrderField(forms.MultiValueField):
    """The seats in an order the host picks: one choice among the seats a place; all places or none."""

    def __init__(self, *, seats: list[str], places: int, **kwargs: Any) -> None:
        choices = [("", "—"), *[(s, s) for s in seats]]
        fields = [forms.ChoiceField(choices=choices, required=False) for _ in range(places)]
        widget = SplitOrder([forms.Select(choices=choices, attrs={"title": f"{n}."})
                             for n in range(1, places + 1)])
        super().__init__(fields, widget=widget, require_all_fields=False, required=False, **kwargs)
        self.places = places

    def compress(self, data_list: list[str]) -> list[str] | None:
        picked = [p for p in (data_list or []) if p]
        if not picked:
            return None
        if len(picked) < self.places:
            raise ValidationError(f"Pick a seat for each of the {self.places} places, or none to draw the order.")
        twice = [p for p in dict.fromkeys(picked) if picked.count(p) > 1]
        if twice:
            raise ValidationError(f"{twice[0]} is picked more than once; each seat comes once.")
        return picked


class SplitEach(forms.MultiWidget):
    """Decompresses a stored mapping (choice key → seat) into one pick a choice, in the spec's order, each labelled."""

    template_name = "hosting/picks.html"

    def __init__(self, widgets: list[forms.Widget], keys: list[str]) -> None:
        super().__init__(widgets)
        self.keys = keys

    def decompress(self, value: Any) -> list[Any]:
        return [value.get(k, "") for k in self.keys] if isinstance(value, dict) else []


class SeatEachField(forms.MultiValueField):
    """Each of the spec's choices (e.g. Death Match items) given to one seat, or to nobody."""

    def __init__(self, *, seats: list[str], keys: list[tuple[str, str]], **kwargs: Any) -> None:
        choices = [("", "nobody"), *[(s, s) for s in seats]]
        fields = [forms.ChoiceField(choices=choices, required=False, label=label) for _, label in keys]
        widget = SplitEach([forms.Select(choices=choices, attrs={"title": label}) for _, label in keys],
                           [k for k, _ in keys])
        super().__init__(fields, widget=widget, require_all_fields=False, required=False, **kwargs)
        self.keys = [k for k, _ in keys]

    def compress(self, data_list: list[str]) -> dict[str, str] | None:
        given = {k: v for k, v in zip(self.keys, data_list or [], strict=False) if v}
        return given or None


def config_field(field: ConfigField, seats: list[str], places: int, *,
                 design_field: Callable[[dict[str, Any]], forms.Field] | None = None) -> forms.Field:
    """The form field of one declared setting (``design_field``: makes the field of a ``design`` setting from
    its label, help and required; without it, a text box)."""
    common: dict[str, Any] = {"label": field.label, "help_text": field.help, "required": field.required}
    kind = field.kind
    if kind == "design" and design_field is not None:
        return design_field(common)
    if kind in ("int", "minutes", "seconds"):
        unit = "" if kind == "int" else f" ({kind})"
        return WholeNumberField(min_value=field.lo, max_value=field.hi, **{**common, "label": field.label + unit})
    if kind == "choice":
        empty = [] if field.required else [("", "— drawn or the game's default —")]
        return forms.ChoiceField(choices=[*empty, *field.choices], **common)
    if kind == "bool":
        return forms.NullBooleanField(widget=forms.NullBooleanSelect, **{**common, "required": False})
    if kind == "seat":
        empty = [] if field.required else [("", "nobody")]
        return forms.ChoiceField(choices=[*empty, *[(s, s) for s in seats]], **common)
    if kind == "seat_each":
        return SeatEachField(seats=seats, keys=list(field.choices), label=field.label, help_text=field.help)
    if kind == "seat_order":
        return SeatOrderField(seats=seats, places=places, label=field.label, help_text=field.help)
    widget = textarea(max(field.lines, 2)) if field.lines > 1 else forms.TextInput(attrs={"autocomplete": "off"})
    return forms.CharField(strip=False, widget=widget, **common)


def config_value(field: ConfigField, value: Any) -> Any:
    """A cleaned form value as the config stores it (None: left out)."""
    if value in (None, "", [], {}):
        return None
    if field.kind in UNIT_SECONDS:
        return value * UNIT_SECONDS[field.kind]
    if field.kind == "text" and not str(value).strip():
        return None
    return value


def initial_value(field: ConfigField, value: Any) -> Any:
    """A stored config value as its form field shows it."""
    if value is None:
        return None
    if field.kind in UNIT_SECONDS and isinstance(value, int) and not isinstance(value, bool):
        return value // UNIT_SECONDS[field.kind]
    if field.kind == "text":
        return as_text(value)
    return value


def as_text(value: Any) -> str:
    """Config stored as data (from a match file, a season or the admin) in a text box: lists one item a
    line, blocks of several lines split by a blank line, mappings ``key: items``."""
    if isinstance(value, dict):
        return "\n".join(f"{k}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in value.items())
    if isinstance(value, list):
        rows = [as_text(v) for v in value]
        return ("\n\n" if any("\n" in row for row in rows) else "\n").join(rows)
    return str(value)


def config_of(fields: Iterable[ConfigField], cleaned: dict[str, Any]) -> dict[str, Any]:
    """The settings given in a cleaned form (empty ones left out, durations in seconds)."""
    values = {f.key: config_value(f, cleaned.get(f.key)) for f in fields}
    return {k: v for k, v in values.items() if v is not None}
