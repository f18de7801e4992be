"""The challenge form: whom, which game, who sits first, and the game's settings in plain units.

The settings of each game are the host pages' generated form (``genius.hosting.forms.LobbyForm``, one field per
declared ``ConfigField``), with the two players as its seats, shown as the roles "you" and "opponent", and the
turn length (or phase length) the host pages ask for. Every game's settings are on the page, each under its own
prefix; only the chosen game's are read. No rules live here: ``genius.challenges.services`` checks it all.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.engines.spec import GameSpec
from genius.challenges.models import CHALLENGED, CHALLENGER, Challenge
from genius.challenges.services import NAME_MAX, challengeable_games, shown_name
from genius.engine_forms.config import UNIT_SECONDS
from genius.engine_forms.fields import WholeNumberField, phase_length_fields
from genius.hosting.forms import LobbyForm
from genius.matches.services.engines import spec_of
from genius.matches.services.lifecycle import TURN_KEY

ORDER_CHOICES = [
    (Challenge.Order.RANDOM, "Random"),
    (Challenge.Order.CHALLENGER_FIRST, "You first"),
    (Challenge.Order.CHALLENGED_FIRST, "Your opponent first"),
]


def clean_text(value: Any) -> str:
    """Typed text as the page may show it back: a lone surrogate or a NUL becomes U+FFFD (so it names nobody)."""
    return "".join("\ufffd" if ch == "\x00" or 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in str(value or ""))


class ChallengeForm(forms.Form):
    """Whom to challenge, to which game, and who takes the first seat."""

    to = forms.CharField(max_length=NAME_MAX, label="Player", help_text="Their user name.",
                         widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off",
                                                       "spellcheck": "false"}))
    game = forms.ChoiceField(choices=(), label="Game")
    order = forms.ChoiceField(choices=ORDER_CHOICES, initial=Challenge.Order.RANDOM, label="First seat",
                              help_text="Who takes the first seat (the game's own settings below may say more, "
                                        "such as who plays first).")

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        if data is not None:  # what was typed is shown back: never a character the page cannot carry
            data = data.copy()
            if "to" in data:
                data["to"] = clean_text(data.get("to"))
        super().__init__(data, *args, **kwargs)
        games = challengeable_games()
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = games
        if games:
            self.fields["game"].initial = games[0][0]
        chosen = self.chosen_slug()  # only the chosen game's settings are read (and so bound)
        self.settings_forms = [SettingsForm(spec_of(slug), data if slug == chosen else None, prefix=slug)
                               for slug, _ in games]

    def chosen_slug(self) -> str:
        """The game picked (as sent, or the page's first)."""
        return str(self["game"].value() or self.fields["game"].initial or "")

    def chosen(self) -> SettingsForm | None:
        """The settings form of the game picked, or None for no game of ours."""
        return next((f for f in self.settings_forms if f.spec.slug == self.chosen_slug()), None)

    def to_shown(self) -> str:
        return shown_name(self["to"].value() or "", NAME_MAX)


class SettingsForm(LobbyForm):
    """One game's settings for a challenge: the host pages' generated fields, the two players as its seats
    (the roles "you" and "opponent"), and the turn length (live games without their own) or phase length."""

    def __init__(self, spec: GameSpec, *args: Any, **kwargs: Any) -> None:
        super().__init__(spec, *args, seats=[CHALLENGER, CHALLENGED], places=2, **kwargs)
        del self.fields["bots"]
        for f in self.config_fields:  # an empty number box shows the game's default, in the box's unit
            if f.kind in UNIT_SECONDS and isinstance(f.default, int | float) and not isinstance(f.default, bool):
                self.fields[f.key].widget.attrs["placeholder"] = f"{f.default / UNIT_SECONDS[f.kind]:g}"
        if spec.offers.live_clock:
            if spec.config_field(TURN_KEY) is None:
                self.fields["turn_seconds"] = WholeNumberField(
                    min_value=5, max_value=3600, required=False, label="Turn length (seconds)",
                    help_text="Leave empty for the game's own.")
        else:
            self.fields.update(phase_length_fields())

    def clock(self) -> dict[str, Any]:
        """``turn_seconds`` (None: the game's own) and ``phase_seconds`` from the cleaned form."""
        return {"turn_seconds": self.cleaned_data.get("turn_seconds"),
                "phase_seconds": self.cleaned_data.get("phase_seconds") or 24 * 3600}

    def fields_shown(self) -> list[forms.BoundField]:
        """Every field of the form, clock first."""
        clock = [self[n] for n in ("turn_seconds", "phase_hours", "phase_minutes") if n in self.fields]
        return clock + [self[f.key] for f in self.config_fields]
