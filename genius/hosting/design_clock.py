"""A design's lobby clock on the generic host pages: the turn length and reserve time the design's own lobby page
offers (``genius.designs.forms.lobby_clock_fields``), for a game whose config takes a design.

The host picks the design in the same form, so both fields are optional: empty keeps the design's own clock,
and a design without live turns ignores them. The lobby's copy of the design gets them through the designs'
service (``genius.designs.services.lobby_clocked``), which checks the numbers for both pages.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.engines.spec import GameSpec
from genius.designs import clock
from genius.designs.forms import lobby_clock_fields
from genius.designs.services import lobby_clocked

#: The form's names of the two fields (the service's refusals name them too).
NAMES = ("turn_seconds", "reserve_seconds")


def design_key(spec: GameSpec) -> str | None:
    """The config key of the game's ``design`` setting, if it has one."""
    return next((f.key for f in spec.config if f.kind == "design"), None)


def clock_fields(spec: GameSpec, current: Any = None) -> dict[str, forms.Field]:
    """The two optional fields for a game that plays designs (none for a game with its own live clock, whose turn
    field is the match's); ``current``: the design document a lobby has (its clock is the starting value)."""
    if design_key(spec) is None or spec.offers.live_clock:
        return {}
    live = isinstance(current, dict) and clock.has_live_turns(current)
    if live:
        fields = lobby_clock_fields(clock.turn_seconds_of(current) or 60, clock.reserve_of(current))
    else:
        fields = lobby_clock_fields(60, 0)
        fields["turn_seconds"].help_text = ("For a design with live turns: each live turn's clock, for this lobby. "
                                            "Empty: the design's own.")
        fields["reserve_seconds"].help_text = ("For a design with live turns: each player's time beyond the turns' "
                                               "clocks, for the whole match (0: none). Empty: the design's own.")
        for field in fields.values():
            field.initial = None
    for field in fields.values():
        field.required = False
    return fields


def clocked_config(spec: GameSpec, config: dict[str, Any], data: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """``config`` with its design's lobby clock set from the form's ``data`` (ServiceError when a number is out of
    bounds), and the design's turn length (the match's turn clock; None: no design or no live turns)."""
    key = design_key(spec)
    document = config.get(key) if key is not None else None
    if key is None or not isinstance(document, dict):
        return config, None
    document = lobby_clocked(document, turn_seconds=data.get("turn_seconds"), reserve=data.get("reserve_seconds"))
    return {**config, key: document}, clock.turn_seconds_of(document)
