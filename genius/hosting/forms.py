"""The host's set-up forms, generated from a game's declared config (``GameSpec.config``).

One Django field per :class:`~games.engines.spec.ConfigField`, made by the one adapter
(``genius.engine_forms.config``); here a ``design`` setting becomes a choice among the host's designs and the
templates, stored as the design's validated document (``genius.designs``). Every field left empty is left
out of the config, so the engine draws it from the seed. No rules live here: the values are read by the
engine's ``setup`` through ``genius.matches.services.lobbies``.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.engines.spec import ConfigField, GameSpec
from genius.access.fields import community_field, season_field
from genius.designs.forms import KEEP, DesignChoiceField
from genius.designs.services import usable_by
from genius.engine_forms import config as adapter
from genius.engine_forms.config import initial_value, names_from_text, textarea
from genius.engine_forms.fields import WholeNumberField, early_close_field, phase_length_fields
from genius.hosting import design_clock

#: Config kinds that name seats: set on the lobby's set-up page, with the seats taken as choices.
SEAT_KINDS = ("seat_order", "seat", "seat_each")
#: A phase is 1 minute to 7 days long.
WEEK_MINUTES = 7 * 24 * 60


def config_field(field: ConfigField, seats: list[str], places: int, *, user: Any = None,
                 current: Any = None) -> forms.Field:
    """The form field of one declared setting (``genius.engine_forms.config``), a ``design`` setting offering the host's
    designs and the templates (``user``: the host; ``current``: the design document the lobby has)."""
    def design_field(common: dict[str, Any]) -> forms.Field:
        designs = usable_by(user) if user is not None and user.is_authenticated else []
        return DesignChoiceField(designs=designs, current=current if isinstance(current, dict) else None, **common)

    return adapter.config_field(field, seats, places, design_field=design_field)


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
        else:  # a lobby being set up may still change its mind about closing phases early
            self.fields["closes_when_all_locked_in"] = early_close_field()
        self.config_fields = [f for f in spec.config if self.editing or f.kind not in SEAT_KINDS]
        self.later = [f for f in spec.config if f not in self.config_fields]
        key = design_clock.design_key(spec)
        self.fields.update(design_clock.clock_fields(spec, self.initial.get(key) if key else None))
        for f in self.config_fields:
            current = self.initial.get(f.key)
            self.fields[f.key] = config_field(f, self.seats, places, user=user, current=current)
            if f.kind == "design" and isinstance(current, dict):
                self.initial[f.key] = KEEP  # the document stays in the field, offered as "keep"
        self.fields["bots"] = forms.CharField(
            required=False, strip=False, widget=textarea(3, "bo\ncy"), label="Bot seats",
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
            self.fields.update(phase_length_fields())
        self.fields["closes_when_all_locked_in"] = early_close_field()
        self.fields["talk_enabled"] = forms.BooleanField(
            required=False, initial=True, label="Talk on the match page",
            help_text="Off: no press, the players have no talk channels here.",
        )
        self.fields["seed"] = WholeNumberField(required=False, min_value=0, max_value=2**63 - 1,
                                               help_text="Leave empty to draw one.")

    # -- reading ----------------------------------------------------------------------------------
    def match_settings(self) -> list[forms.BoundField]:
        names = ("title", "seats_wanted", "community", "season", "phase_hours", "phase_minutes", "turn_seconds",
                 "reserve_seconds", "closes_when_all_locked_in", "talk_enabled", "seed")
        return [self[n] for n in names if n in self.fields]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
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
        return adapter.config_of(self.config_fields, self.cleaned_data)


def initial_for(spec: GameSpec, config: dict[str, Any]) -> dict[str, Any]:
    """A lobby's stored config as its set-up form shows it."""
    return {f.key: initial_value(f, config.get(f.key)) for f in spec.config if f.key in config}
