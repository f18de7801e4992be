"""Practice matches: anyone, at any time, plays any registered game against bots, at once.

A practice match is an ordinary match (no season) with the player in the first seat and bots in
the others, started at once with short phases: ``PHASE_SECONDS`` for main phases and decisions,
the game's own live clock (its declared turn length) for live turns. Bots never keep the player
waiting: their moves are locked in, a phase only bots act in closes at once, and a phase closes as soon
as the player locks their move in (``services.solo``). Starts are counted by django-ratelimit (``genius.accounts.brakes``), per account
for a signed-up person, per client address for a visitor or a guest (``GENIUS_PRACTICE_PER_HOUR``,
default 20 an hour); when the cache is down the brake lets the start
through and says so in the log, as the sign-up throttle does. No game is named here.
"""

from __future__ import annotations

from typing import TypeGuard

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction

from genius.accounts import brakes
from genius.accounts.guests import is_guest_account
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import spec_of
from genius.matches.services.solo import TITLE_PREFIX, is_practice  # noqa: F401 - the names callers use

#: A main phase (and a decision) of a practice match lasts this long.
PHASE_SECONDS = 30
#: The bots' seat names, in order (a name the player has is skipped).
BOT_NAMES = ("ada", "bram", "cleo", "dax", "eve", "finn", "gus", "hana", "ivo", "juno", "kai", "lea")
#: The practice brake's group (``genius.accounts.brakes``).
STARTS = "practice-starts"


def turn_seconds_of(game: str) -> int:
    """The game's declared live turn length (its ``turn_s`` setting's default), else a minute."""
    field = spec_of(game).config_field(lifecycle.TURN_KEY)
    default = field.default if field is not None else None
    if isinstance(default, int | float) and not isinstance(default, bool) and default >= 1:
        return int(round(default))
    return 60


def bot_names(count: int, taken: str) -> list[str]:
    """``count`` bot names, none equal to the player's seat name ``taken``."""
    names = [n for n in BOT_NAMES if n != taken]
    number = 0
    while len(names) < count:
        number += 1
        names.append(f"bot{number}")
    return names[:count]


def offers_practice(game: str) -> bool:
    """Whether ``game`` can be practised against bots: not a game whose host rules each phase."""
    return not spec_of(game).offers.host_rulings


def no_practice(game: str) -> str | None:
    """Why ``game`` has no practice against bots (None: it has)."""
    if offers_practice(game):
        return None
    return (f"{spec_of(game).title} is adjudicated by its host at each phase: there is no practice against bots "
            "for it. Ask a host to open a lobby.")


def start_practice(game: str, user: User) -> Match:
    """A running practice match of ``game``: ``user`` in the first seat, bots in the others (the game's
    largest seat count); nothing is kept if it cannot start."""
    try:
        spec = spec_of(game)
    except KeyError:
        raise ServiceError(f"There is no game called {game!r}.", "game") from None
    if (why := no_practice(game)) is not None:
        raise ServiceError(why, "game")
    seats = spec.seat_counts()[-1]
    with transaction.atomic():
        match = lifecycle.create_match(
            game=game, title=f"{TITLE_PREFIX}{spec.title}", origin=Match.Origin.PRACTICE, seats_wanted=seats,
            phase_seconds=PHASE_SECONDS, decision_seconds=PHASE_SECONDS, turn_seconds=turn_seconds_of(game),
            talk_enabled=False,  # only bots to talk to
        )
        seat = lifecycle.add_seat(match, user=user)
        for name in bot_names(seats - 1, seat.name):
            lifecycle.add_seat(match, name=name, is_bot=True)
        return lifecycle.start_match(match.pk)


# --- the brake: starts per client address ------------------------------------------------------------


def _account(user_id: int) -> str:
    """Whom the brake counts for a signed-up person: the account, not the address."""
    return f"user:{user_id}"


def has_account(user: User | AnonymousUser | None) -> TypeGuard[User]:
    """A signed-in person with an account of their own (not a guest made on the fly)."""
    if user is None or not user.is_authenticated:
        return False
    return not is_guest_account(user)


def per_hour() -> int:
    return int(settings.GENIUS_PRACTICE_PER_HOUR)


def practice_refusal(address: str | None, user: User | AnonymousUser | None = None) -> str | None:
    """Why this person may not start a practice match now (None: they may); counts the start when allowed.

    A signed-up person is counted per account: a flood of visitors from their address (a school's NAT)
    never blocks them. Visitors and guests (made on the fly, no sign-up) are counted per address, so a
    flood cannot multiply itself by making new guests.
    """
    account = _account(user.pk) if has_account(user) else None
    started = brakes.refuse_or_count(STARTS, account or address, per_hour())
    if started is not None:
        whom = "one account" if account else "one address"
        return (f"You have started {started} practice matches in the last hour, the most we allow from {whom}. "
                f"Play one of them from My matches, or try again later.")
    return None


def forget_practice(address: str | None = None, user: User | None = None) -> None:
    """Clear this address's (or account's) count (tests, and a host who lifts the brake)."""
    brakes.forget(STARTS, address if user is None else _account(user.pk))
