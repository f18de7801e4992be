"""Seat roles of a Death Match: which seat is the Elimination Candidate (EC) and which the opponent they picked.

A game that lets its rules read the roles declares a ``seat_each`` setting :data:`SEAT_ROLES_KEY` over
:data:`ROLE_CHOICES` (:func:`seat_roles_field`). The site fills it when it seats a season's Death Match from
an EC's pick (the EC's seat, the opponent's seat); a host may fill it on the set-up page of any match. A
match without it has no roles: every seat's role is None.

A role is a :class:`SeatRole`, never a user-chosen string compared with a text: the setting's values are
seat names, its keys one of the roles, read once by :func:`read_seat_roles`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .protocol import ConfigError
from .spec import ConfigField


class SeatRole(StrEnum):
    """A seat's role in a Death Match."""

    EC = "ec"
    OPPONENT = "opponent"


#: The setting's key (a ``seat_each`` field: role → seat name).
SEAT_ROLES_KEY = "seat_roles"
#: (role, label) for the set-up page, in this order.
ROLE_CHOICES: tuple[tuple[str, str], ...] = ((SeatRole.EC.value, "Elimination Candidate"),
                                             (SeatRole.OPPONENT.value, "Opponent (picked by the EC)"))


def seat_roles_field() -> ConfigField:
    """The setting a game declares to read its seats' Death Match roles."""
    return ConfigField(SEAT_ROLES_KEY, "Death Match roles", kind="seat_each", choices=ROLE_CHOICES,
                       help="In a season's Death Match the site fills these: the Elimination Candidate and the "
                            "opponent they picked. Leave them empty in any other match.")


def read_seat_roles(value: Any, players: list[str]) -> dict[str, SeatRole]:
    """``{seat name: role}`` from the setting's value ``{role: seat name}`` (None or ``{}``: no roles);
    ConfigError naming the setting when a role or a seat is unknown, or one seat holds two roles."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ConfigError(SEAT_ROLES_KEY, "the Death Match roles must map each role (ec, opponent) to a seat")
    out: dict[str, SeatRole] = {}
    for key, seat in value.items():
        try:
            role = SeatRole(key) if isinstance(key, str) else None
        except ValueError:
            role = None
        if role is None:
            raise ConfigError(SEAT_ROLES_KEY, f"{key!r} is not a Death Match role (the roles: ec, opponent)")
        if seat is None or seat == "":
            continue
        if not isinstance(seat, str) or seat not in players:
            raise ConfigError(SEAT_ROLES_KEY, f"the {role.value} must be one of the seats, not {seat!r}")
        if seat in out:
            raise ConfigError(SEAT_ROLES_KEY, f"{seat} cannot be both {out[seat].value} and {role.value}")
        out[seat] = role
    return out
