"""Form fields for typed numbers: the one parser (``games.kit.numbers``) in a Django form.

Django's ``IntegerField`` reads ``'٣'`` as 3 and has no upper bound unless given
one, so a seed of 2**70 reaches the database and fails there. Every form of the
platform reads whole numbers with :class:`WholeNumberField` instead.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from games.kit.numbers import INT64_MAX, INT64_MIN, NumberError, parse_int

#: Wider than any bound, so that an out-of-range number gets the bound's own message.
_READ = 10**30


class WholeNumberField(forms.IntegerField):
    """A whole number in ASCII digits, within ``min_value..max_value`` (a 64-bit integer by default)."""

    def __init__(self, *, min_value: int | None = None, max_value: int | None = None, **kwargs: Any) -> None:
        super().__init__(min_value=INT64_MIN if min_value is None else min_value,
                         max_value=INT64_MAX if max_value is None else max_value, **kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return parse_int(value if isinstance(value, int) else str(value), lo=-_READ, hi=_READ)
        except NumberError:
            raise ValidationError(self.error_messages["invalid"], code="invalid") from None


def id_from(value: Any) -> int | None:
    """A row id typed in a form or a URL's query (ASCII digits, 1 to 2**63 - 1), or None."""
    try:
        return parse_int(value, lo=1, hi=INT64_MAX)
    except NumberError:
        return None


#: ``formfield_overrides`` for a ModelAdmin or an inline: every whole-number column (IntegerField and its
#: subclasses: positive, small, big) is typed through :class:`WholeNumberField`, within the column's own bounds.
WHOLE_NUMBER_OVERRIDES: dict[type[models.Field], dict[str, Any]] = {models.IntegerField: {"form_class": WholeNumberField}}


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's own copy of its choice field ``name``, to set its choices (``form.fields`` types it as a
    plain Field)."""
    field = form.fields[name]
    if not isinstance(field, forms.ChoiceField):
        raise TypeError(f"{type(form).__name__}.{name} is not a choice field")
    return field


def phase_length_fields() -> dict[str, WholeNumberField]:
    """The boxes of a phase's length, hours (a day at first, a week at most) and minutes, both optional."""
    return {"phase_hours": WholeNumberField(min_value=0, max_value=7 * 24, initial=24, required=False,
                                            label="Phase length: hours"),
            "phase_minutes": WholeNumberField(min_value=0, max_value=59, initial=0, required=False,
                                              label="and minutes")}


#: The lobby's and the season's early-close box says this (``genius.matches.services.early_close``).
EARLY_CLOSE_HELP = ("On: a phase ends as soon as every player still to move has locked their move in, so nobody "
                    "waits for the deadline. Turn it off for negotiation games, where players need the whole "
                    "phase to talk and deal: every phase then runs to its deadline. Live turns follow their "
                    "game's own clock either way.")


def early_close_field() -> forms.BooleanField:
    """The box "Close a phase early once everyone has locked in" (on at first; unticked: off)."""
    return forms.BooleanField(required=False, initial=True, label="Close a phase early once everyone has locked in",
                              help_text=EARLY_CLOSE_HELP)
