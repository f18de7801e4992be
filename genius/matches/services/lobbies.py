"""Lobbies a host sets up: created and changed with their seat count and config checked by the engine.

The host's pages (``genius.hosting``) and the admin's match form both call these, so every lobby
is checked the same way: the seat count is one the game's spec allows, and the config is read by
the engine's own ``setup`` (a ``ConfigError`` comes back naming its field). Config that names
seats (``seat_order``/``seat`` fields) is only checked once every seat is taken; until then the
engine sees stand-in names for the free seats, and ``start_match`` checks it all again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from games.engines.protocol import ConfigError, Engine, EngineError
from genius.accounts.names import canonical, seat_name_problem
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of
from genius.seasons.models import Season

#: The longest seat name a lobby accepts (as ``lifecycle.add_seat``).
NAME_MAX = 40
#: Config kinds whose values name seats: checked only when every seat is taken.
SEAT_KINDS = ("seat_order", "seat", "seat_each")


def engine_for(game: str) -> Engine:
    """The engine of ``game``, or a ServiceError on the ``game`` field."""
    try:
        return engine_of(game)
    except KeyError:
        raise ServiceError(f"There is no game called {game!r}.", "game") from None


def check_seat_count(engine: Engine, seats_wanted: int | None) -> int:
    """The seat count, if the game's spec allows it (the spec's largest when not given)."""
    counts = engine.spec.seat_counts()
    wanted = counts[-1] if seats_wanted is None else seats_wanted
    if wanted not in counts:
        allowed = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
        raise ServiceError(f"{engine.spec.title} is played by {allowed} players, not {wanted}.", "seats_wanted")
    return wanted


def check_bot_names(names: list[str], seated: list[str], free: int) -> list[str]:
    """Bot seat names: each follows the seat-name policy (``seat_name_problem``: no role, mention or
    markup), none taken twice or looking like another seat's, no more than the free seats."""
    names = [n.strip() for n in names if n.strip()]
    for number, name in enumerate(names, start=1):
        if problem := seat_name_problem(name):
            raise ServiceError(f"Bot {number}: {problem}", "bots")
    seen = {canonical(n): n for n in seated}
    for name in names:
        if canonical(name) in seen:
            raise ServiceError(f"There would be two seats called {name}"
                               + ("." if seen[canonical(name)] == name else f" (it looks like {seen[canonical(name)]})."),
                               "bots")
        seen[canonical(name)] = name
    if len(names) > free:
        raise ServiceError(("1 seat is free" if free == 1 else f"{free} seats are free") + f", not {len(names)}.", "bots")
    return names


def stand_ins(seated: list[str], seats_wanted: int) -> list[str]:
    """The seated names, then a stand-in name (never one seated) for each free seat."""
    players = list(seated)
    number = 0
    while len(players) < seats_wanted:
        number += 1
        name = f"seat {number}"
        if name not in players:
            players.append(name)
    return players


def check_config(engine: Engine, config: dict[str, Any], *, seated: list[str], seats_wanted: int, seed: int) -> None:
    """Let the engine read ``config`` for these seats; a ConfigError becomes a ServiceError on its field.

    While seats are free, the fields that name seats are left out (they are checked at the start).
    """
    if not isinstance(config, dict):
        raise ServiceError("The settings must be an object of named entries.", "config")
    full = len(seated) >= seats_wanted
    if not full:
        seat_keys = {f.key for f in engine.spec.config if f.kind in SEAT_KINDS}
        config = {k: v for k, v in config.items() if k not in seat_keys}
    try:
        engine.setup(stand_ins(seated, seats_wanted), dict(config), {}, seed)
    except ConfigError as exc:
        field = "seats_wanted" if exc.key == "players" else exc.key
        raise ServiceError(exc.message, field) from None
    except EngineError as exc:
        raise ServiceError(str(exc), "config") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # an engine should raise ConfigError; a host's odd config is still a clear refusal, never a 500
        raise ServiceError(f"{engine.spec.title} cannot read these settings ({type(exc).__name__}).", "config") from None


def check_lobby(
    game: str, *, seats_wanted: int | None, config: dict[str, Any], seed: int, seated: Sequence[str] = ()
) -> int:
    """Every check a new or changed lobby passes; returns the seat count."""
    engine = engine_for(game)
    wanted = check_seat_count(engine, seats_wanted)
    if len(seated) > wanted:
        raise ServiceError(f"{len(seated)} seats are taken already; the lobby cannot have only {wanted}.",
                           "seats_wanted")
    check_config(engine, config, seated=list(seated), seats_wanted=wanted, seed=seed)
    return wanted


def draw_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def check_new_lobby(
    *, game: str, seats_wanted: int | None, seed: int | None, config: dict[str, Any], bots: Sequence[str] = ()
) -> tuple[int, list[str], int]:
    """Every check of a new lobby, saving nothing: (seat count, bot names, seed, drawn if not given)."""
    engine = engine_for(game)
    wanted = check_seat_count(engine, seats_wanted)
    names = check_bot_names(list(bots), [], wanted)
    seed = draw_seed() if seed is None else seed
    check_lobby(game, seats_wanted=wanted, config=config, seed=seed, seated=names)
    return wanted, names, seed


def create_lobby(
    *,
    game: str,
    title: str = "",
    season: Season | None = None,
    seats_wanted: int | None = None,
    seed: int | None = None,
    config: dict[str, Any] | None = None,
    phase_seconds: int = 24 * 3600,
    turn_seconds: int = 60,
    bots: Sequence[str] = (),
    community_id: int | None = None,
    closes_when_all_locked_in: bool | None = None,
    talk_enabled: bool = True,
) -> Match:
    """A new lobby with its config checked by the engine, and its bot seats; nothing is kept if a check fails.
    It belongs to its season's community, else to ``community_id``. ``closes_when_all_locked_in``: the host's
    choice (None: the season's setting, on outside a season)."""
    config = dict(config or {})
    wanted, names, seed = check_new_lobby(game=game, seats_wanted=seats_wanted, seed=seed, config=config, bots=bots)
    with transaction.atomic():
        match = lifecycle.create_match(
            game=game, title=title.strip(), season=season, seats_wanted=wanted, seed=seed, config=config,
            phase_seconds=phase_seconds, turn_seconds=turn_seconds, community_id=community_id,
            closes_when_all_locked_in=closes_when_all_locked_in, origin=Match.Origin.LOBBY,
            talk_enabled=talk_enabled,
        )
        for name in names:
            lifecycle.add_seat(match, name=name, is_bot=True)
    return match


def check_changed_lobby(match: Match, *, config: dict[str, Any], bots: Sequence[str] = ()) -> tuple[dict, list[str]]:
    """Every check of a lobby's new settings and bot seats, saving nothing: (the whole new config, bot names).

    Keys the game's spec does not declare (e.g. a season's Death Match items) are kept as they are.
    """
    if match.status != Match.Status.LOBBY:
        raise ServiceError("This match has started: its settings can no longer change.")
    engine = engine_for(match.game)
    seated = list(match.seats.order_by("position").values_list("name", flat=True))
    names = check_bot_names(list(bots), seated, match.seats_wanted - len(seated))
    kept = {k: v for k, v in (match.config or {}).items() if engine.spec.config_field(k) is None}
    new_config = {**kept, **config}
    check_lobby(match.game, seats_wanted=match.seats_wanted, config=new_config, seed=match.seed,
                seated=seated + names)
    return new_config, names


def change_lobby(match_id: int, *, config: dict[str, Any], bots: Sequence[str] = (),
                 closes_when_all_locked_in: bool | None = None) -> Match:
    """Replace a lobby's declared settings and add bot seats, under the match's lock; refused once started.
    ``closes_when_all_locked_in``: the host's new choice (None: unchanged)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError("There is no such match.")
        new_config, names = check_changed_lobby(match, config=config, bots=bots)
        match.config = new_config
        if closes_when_all_locked_in is not None:
            match.closes_when_all_locked_in = closes_when_all_locked_in
        match.save(update_fields=["config", "closes_when_all_locked_in"])
        for name in names:
            lifecycle.add_seat(match, name=name, is_bot=True)
    return match
