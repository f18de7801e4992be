"""The host's set-up forms, generated from a game's declared config (``GameSpec.config``).

One Django field per :class:`~games.engines.spec.ConfigField`: ``int`` (bounded), ``minutes`` and
``seconds`` (typed in those units, stored in seconds), ``choice``, ``text`` (a box ``lines`` high),
``seat_order`` (one pick a place among the seats), ``seat``, ``seat_each`` (each choice given to
a seat or nobody), ``bool`` and ``design`` (a choice among the host's designs and the templates, stored
as the design's validated document: ``genius.designs``). Every field left empty
is left out of the config, so the engine draws it from the seed. No rules live here: the values
are read by the engine's ``setup`` through ``genius.matches.services.lobbies``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from games.engines.spec import ConfigField, GameSpec
from genius.communities.fields import community_field, season_field
from genius.designs.forms import KEEP, DesignChoiceField
from genius.designs.services import usable_by
from genius.matches.fields import WholeNumberField

#: Config kinds that name seats: set on the lobby's set-up page, with the seats taken as choices.
SEAT_KINDS = ("seat_order", "seat", "seat_each")
#: A phase is 1 minute to 7 days long.
WEEK_MINUTES = 7 * 24 * 60
UNIT_SECONDS = {"minutes": 60, "seconds": 1}


def names_from_text(text: str) -> list[str]:
    """One name a line, spaces around a name dropped, blank lines skipped."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _textarea(rows: int, placeholder: str = "") -> forms.Textarea:
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


def config_field(field: ConfigField, seats: list[str], places: int, *, user: Any = None,
                 current: Any = None) -> forms.Field:
    """The form field of one declared setting (``user``: the host, whose designs a ``design`` field offers;
    ``current``: the design document the lobby has)."""
    common: dict[str, Any] = {"label": field.label, "help_text": field.help, "required": field.required}
    kind = field.kind
    if kind == "design":
        designs = usable_by(user) if user is not None and user.is_authenticated else []
        return DesignChoiceField(designs=designs, current=current if isinstance(current, dict) else None, **common)
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
    widget = _textarea(max(field.lines, 2)) if field.lines > 1 else forms.TextInput(attrs={"autocomplete": "off"})
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


class LobbyForm(forms.Form):
    """A lobby's set-up: the game's own settings and bot seats; for a new lobby also its title, seats and clock.

    ``seats``: the seats taken (a lobby being set up), or None for a new lobby, whose settings that
    name seats wait for the set-up page.
    """

    def __init__(self, spec: GameSpec, *args: Any, seats: list[str] | None = None, places: int = 0,
                 user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.initial = dict(self.initial)
        self.spec = spec
        self.user = user
        self.editing = seats is not None
        self.seats = list(seats or [])
        if not self.editing:
            self._add_match_fields()
        self.config_fields = [f for f in spec.config if self.editing or f.kind not in SEAT_KINDS]
        self.later = [f for f in spec.config if f not in self.config_fields]
        for f in self.config_fields:
            current = self.initial.get(f.key)
            self.fields[f.key] = config_field(f, self.seats, places, user=user, current=current)
            if f.kind == "design" and isinstance(current, dict):
                self.initial[f.key] = KEEP  # the document stays in the field, offered as "keep"
        self.fields["bots"] = forms.CharField(
            required=False, strip=False, widget=_textarea(3, "bo\ncy"), label="Bot seats",
            help_text="Optional, one name a line: bots play legal moves as soon as a phase opens.",
        )

    def _add_match_fields(self) -> None:
        spec = self.spec
        counts = spec.seat_counts()
        self.fields["title"] = forms.CharField(max_length=120, required=False,
                                               help_text=f"Leave empty for “{spec.title}”.")
        self.fields["seats_wanted"] = forms.TypedChoiceField(
            choices=[(n, str(n)) for n in counts], coerce=int, initial=counts[-1], label="Seats",
        )
        self.fields["community"] = community_field(self.user)
        self.fields["season"] = season_field(self.user)
        if spec.offers.live_clock:  # played live: its clock is the turn's
            self.fields["turn_seconds"] = WholeNumberField(min_value=5, max_value=3600, initial=60,
                                                           label="Turn length (seconds)")
        else:
            self.fields["phase_hours"] = WholeNumberField(min_value=0, max_value=7 * 24, initial=24, required=False,
                                                          label="Phase length: hours")
            self.fields["phase_minutes"] = WholeNumberField(min_value=0, max_value=59, initial=0, required=False,
                                                            label="and minutes")
        self.fields["seed"] = WholeNumberField(required=False, min_value=0, max_value=2**63 - 1,
                                               help_text="Leave empty to draw one.")

    # -- reading ----------------------------------------------------------------------------------
    def match_settings(self) -> list[forms.BoundField]:
        names = ("title", "seats_wanted", "community", "season", "phase_hours", "phase_minutes", "turn_seconds", "seed")
        return [self[n] for n in names if n in self.fields]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["phase_seconds"] = 24 * 3600
        if "phase_hours" in self.fields and "phase_hours" not in self.errors and "phase_minutes" not in self.errors:
            minutes = (data.get("phase_hours") or 0) * 60 + (data.get("phase_minutes") or 0)
            if not 1 <= minutes <= WEEK_MINUTES:
                self.add_error("phase_hours", "A phase lasts from 1 minute to 7 days.")
            data["phase_seconds"] = minutes * 60
        data["bot_names"] = names_from_text(data.get("bots", ""))
        return data

    def config(self) -> dict[str, Any]:
        """The declared settings the host gave (empty ones left out, durations in seconds)."""
        values = {f.key: config_value(f, self.cleaned_data.get(f.key)) for f in self.config_fields}
        return {k: v for k, v in values.items() if v is not None}


def initial_for(spec: GameSpec, config: dict[str, Any]) -> dict[str, Any]:
    """A lobby's stored config as its set-up form shows it."""
    return {f.key: initial_value(f, config.get(f.key)) for f in spec.config if f.key in config}
