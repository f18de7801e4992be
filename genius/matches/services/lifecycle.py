"""A match's life: lobby, start, pause, resume, extend, resolve now.

Closing phases (resolving them, alone or in batches, exactly once under their locks, and opening
the next) is ``resolution.py``; its names are imported here for the callers.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engines import house_bots
from games.engines.protocol import PUBLIC, EngineError, LogLine, Resolution
from games.engines.spec import GameSpec
from genius.communities.models import Membership
from genius.core.errors import ServiceError
from genius.matches.events import bump
from genius.matches.models import Match, Phase, Seat, Snapshot, garnet_balance
from genius.matches.services.engines import engine_of
from genius.matches.services.logs import write_log
from genius.matches.services.resolution import (  # noqa: F401 - resolving phases, under the names its callers use
    close_due_phases,
    due_phase_ids,
    open_next,
    resolve_phase,
)
from genius.seasons.models import Decision, Season, SeasonPlayer

log = logging.getLogger(__name__)


# --- setting up -------------------------------------------------------------------


def create_match(
    *,
    game: str,
    title: str = "",
    season: Season | None = None,
    seats_wanted: int | None = None,
    seed: int | None = None,
    config: dict | None = None,
    phase_seconds: int = 24 * 3600,
    turn_seconds: int = 60,
    decision_seconds: int | None = None,
    community_id: int | None = None,
    closes_when_all_locked_in: bool | None = None,
    origin: Match.Origin = Match.Origin.LOBBY,
    talk_enabled: bool = True,
) -> Match:
    """A new match in its lobby. A season's match belongs to the season's community; otherwise to
    ``community_id`` (None: no community, so no host: practice, challenges). ``closes_when_all_locked_in``
    (``services.early_close``): None takes the season's setting (on outside a season). ``origin``: what sort of
    match it is (``Match.Origin``; every path that makes a match other than a lobby names its own)."""
    try:
        engine = engine_of(game)
    except KeyError:
        raise ServiceError(f"There is no game called {game!r}.", "game") from None
    wanted = seats_wanted or engine.max_players
    if not engine.min_players <= wanted <= engine.max_players:
        raise ServiceError(
            f"{engine.title} is for {engine.min_players}–{engine.max_players} players, not {wanted}.", "seats_wanted"
        )
    config, turn_seconds = _turn_length_in_config(engine.spec, dict(config or {}), turn_seconds)
    return Match.objects.create(
        game=game,
        title=title or f"{engine.title}",
        origin=origin,
        season=season,
        community_id=season.community_id if season is not None else community_id,
        seats_wanted=wanted,
        seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**31),
        config=config,
        phase_seconds=phase_seconds,
        turn_seconds=turn_seconds,
        decision_seconds=decision_seconds or phase_seconds,
        closes_when_all_locked_in=(closes_when_all_locked_in if closes_when_all_locked_in is not None
                                   else season is None or season.closes_when_all_locked_in),
        talk_enabled=talk_enabled,
    )


#: A game whose config declares this key times its own turns (``Engine.clock_seconds``): the match's turn
#: length is kept there too, so that the game, the pages and the match file agree.
TURN_KEY = "turn_s"


def _turn_length_in_config(spec: GameSpec, config: dict, turn_seconds: int) -> tuple[dict, int]:
    """The match's turn length written into the config (when the game declares ``turn_s``, the config leaves
    it out and it is not the game's default), or read from it (a match file's or the host's setting wins)."""
    field = spec.config_field(TURN_KEY)
    if field is None:
        return config, turn_seconds
    value = config.get(TURN_KEY)
    if value is None or value == "":
        config.pop(TURN_KEY, None)
        if field.default is None or float(turn_seconds) != float(field.default):
            config[TURN_KEY] = turn_seconds
    elif not isinstance(value, bool) and isinstance(value, int | float) and value >= 1:
        turn_seconds = max(1, int(round(value)))
    return config, turn_seconds


def add_seat(match: Match, *, user: User | None = None, name: str = "", is_bot: bool = False) -> Seat:
    """Seat a player (or a bot) in a match that has not started."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        return _add_seat(match, user=user, name=name, is_bot=is_bot)


def check_seat(status: str, seats_wanted: int, taken: Sequence[tuple[str, int | None]], *, name: str,
               user_id: int | None, user_label: str = "") -> str:
    """The checks a new seat passes (``add_seat``'s, and the admin's seat rows'); returns its name, stripped.

    ``taken``: the (name, user id) of the seats already there; ``user_label``: who the user is, for the
    message (empty: "you", a player joining).
    """
    if status != Match.Status.LOBBY:
        raise ServiceError("This match has already started; no more seats can be taken.")
    if len(taken) >= seats_wanted:
        raise ServiceError(f"This match is full ({seats_wanted} seats).")
    name = name.strip()
    if not name:
        raise ServiceError("A seat needs a name.", "name")
    if len(name) > 40:
        raise ServiceError("A seat name is at most 40 characters.", "name")
    if user_id is not None and any(seated == user_id for _, seated in taken):
        raise ServiceError(f"{user_label} already has a seat in this match." if user_label
                           else "You already have a seat in this match.", "user")
    if any(other == name for other, _ in taken):
        raise ServiceError(f"There is already a seat called {name} in this match.", "name")
    return name


def _add_seat(match: Match, *, user: User | None, name: str, is_bot: bool) -> Seat:
    taken = list(match.seats.values_list("name", "user_id"))
    name = check_seat(match.status, match.seats_wanted, taken, name=name or (user.get_username() if user else ""),
                      user_id=user.pk if user is not None else None)
    position = (match.seats.order_by("-position").values_list("position", flat=True).first() or 0) + 1
    try:
        with transaction.atomic():
            seat = Seat.objects.create(match=match, position=position, name=name, user=user, is_bot=is_bot)
    except IntegrityError:
        raise ServiceError("That seat was just taken; try again.") from None
    bump(match.pk)
    return seat


def join_lobby(match_id: int, user: User) -> Seat:
    """A signed-in player takes a seat in an open lobby."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError("There is no such match.")
        _check_season_member(match, user)
        _check_community_member(match, user)
        return _add_seat(match, user=user, name=user.get_username(), is_bot=False)


def _check_community_member(match: Match, user: User) -> None:
    """A community's lobby seats only its members (someone removed from it loses its lobbies), a season's
    lobby as every other: a season player removed from the community takes none of its seats."""
    if match.community_id is None:
        return
    if not Membership.objects.filter(community_id=match.community_id, user_id=user.pk).exists():
        if match.season_id is not None:
            raise ServiceError("This match belongs to a season of a community you are not a member of (any more): "
                               "only its members take its seats.")
        raise ServiceError("This lobby belongs to a community: only its members can take a seat. Ask to join it "
                           "on its page.")


def _check_season_member(match: Match, user: User) -> None:
    """A season's lobby seats only its players still in (not outsiders, not the eliminated)."""
    if match.season_id is None:
        return
    entry = SeasonPlayer.objects.filter(season_id=match.season_id, user_id=user.pk).first()
    if entry is None:
        raise ServiceError("This match belongs to a season: only the season's players can take a seat.")
    if entry.eliminated_at is not None:
        raise ServiceError("You have been eliminated from this season: only players still in can take a seat.")


def start_match_between(
    users: list[User],
    *,
    game: str,
    title: str,
    season: Season | None = None,
    seed: int | None = None,
    config: dict | None = None,
    turn_seconds: int = 60,
    now: datetime | None = None,
    community_id: int | None = None,
    origin: Match.Origin = Match.Origin.LOBBY,
) -> Match:
    """A running match of ``game`` for these players, seated in order; nothing is kept when it cannot start."""
    with transaction.atomic():
        match = create_match(game=game, title=title, season=season, seats_wanted=len(users), seed=seed,
                             config=config, turn_seconds=turn_seconds, community_id=community_id, origin=origin)
        for user in users:
            add_seat(match, user=user)
        return start_match(match.pk, now=now)


def house_bot_seats(match: Match, seats: list[Seat]) -> list[str]:
    """The seats of a season's match filled by house bots (bots without an account): they hold no place in
    the season (templates/games/season_rules.html, "Seats of the Main Match"). Outside a season no seat holds one, so none is named;
    nor in a match of bots only (no season player would be ranked)."""
    if match.season_id is None:
        return []
    bots = [s.name for s in seats if s.is_bot and s.user_id is None]
    return bots if len(bots) < len(seats) else []  # nobody of the season plays: every seat is ranked


def start_match(match_id: int, *, now: datetime | None = None) -> Match:
    """Start a full lobby: build the first state and open the first phase."""
    now = now or timezone.now()
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.LOBBY:
            raise ServiceError("Only a match in its lobby can be started.")
        seats = list(match.seats.order_by("position"))
        if len(seats) != match.seats_wanted:
            raise ServiceError(f"The lobby has {len(seats)} of {match.seats_wanted} seats filled.")
        asked = [s for s in seats if s.answer != Seat.Answer.TAKEN]  # seats the host gave wait for a yes
        if asked:
            declined = [s.name for s in asked if s.answer == Seat.Answer.DECLINED]
            waiting = [s.name for s in asked if s.answer == Seat.Answer.WAITING]
            why = "; ".join(filter(None, [f"{', '.join(declined)} declined to play" if declined else "",
                                          f"{', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} not "
                                          "accepted yet" if waiting else ""]))
            raise ServiceError(f"The match cannot start: {why}. It starts by itself when every player has "
                               "accepted.")
        giving = match.season_decisions.filter(kind=Decision.Kind.GIVE_ITEM)
        if giving.exclude(status=Decision.Status.DECIDED).exists():  # season_rules.html: items are given by players
            raise ServiceError(f"The Death Match's items are still being given ({giving.filter(status=Decision.Status.DECIDED).count()} "
                               f"of {giving.count()} decided); it can start once the last one is given or its deadline passes.")
        engine = engine_of(match.game)
        garnets = {s.name: garnet_balance(s.user_id, match.season_id) if s.user_id else 0 for s in seats}
        try:
            state = engine.setup([s.name for s in seats], dict(match.config), garnets, match.seed)
            state = house_bots.seat(state, house_bot_seats(match, seats))
        except EngineError as exc:
            raise ServiceError(f"The match cannot start: {exc}", "config") from None
        match.state = state
        match.status = Match.Status.RUNNING
        match.started = now
        match.save(update_fields=["state", "status", "started"])
        Snapshot.objects.create(match=match, phase_number=0, state=state)
        bump(match.pk)
        open_next([(match, state, None)], now)
        return match


# --- host controls ------------------------------------------------------------------------


def _locked_open_phase(match_id: int) -> tuple[Match, Phase]:
    phase = (
        Phase.objects.select_for_update()
        .filter(match_id=match_id)
        .exclude(status=Phase.Status.RESOLVED)
        .order_by("-number")
        .first()
    )
    match = Match.objects.select_for_update().get(pk=match_id)
    if phase is None:
        raise ServiceError("This match has no open phase.")
    return match, phase


def pause(match_id: int, *, now: datetime | None = None) -> None:
    """Stop the clock: the time left is kept and no deadline passes while paused."""
    now = now or timezone.now()
    with transaction.atomic():
        match, phase = _locked_open_phase(match_id)
        if match.status != Match.Status.RUNNING:
            raise ServiceError("Only a running match can be paused.")
        # A phase without a deadline (the host closes it) keeps none: nothing to stop.
        phase.paused_remaining = None if phase.deadline is None else max(phase.deadline - now, timedelta(0))
        phase.status = Phase.Status.PAUSED
        phase.save(update_fields=["paused_remaining", "status"])
        match.status = Match.Status.PAUSED
        match.save(update_fields=["status"])
        _host_note(match, phase, "The host paused the match.")


def resume(match_id: int, *, now: datetime | None = None) -> None:
    """Restart the clock with the time that was left."""
    now = now or timezone.now()
    with transaction.atomic():
        match, phase = _locked_open_phase(match_id)
        if match.status != Match.Status.PAUSED:
            raise ServiceError("Only a paused match can be resumed.")
        # paused_remaining is None only for a phase that had no deadline (pause keeps the time left otherwise)
        phase.deadline = None if phase.paused_remaining is None else now + phase.paused_remaining
        phase.paused_remaining = None
        phase.status = Phase.Status.OPEN
        phase.save(update_fields=["deadline", "paused_remaining", "status"])
        match.status = Match.Status.RUNNING
        match.save(update_fields=["status"])
        _host_note(match, phase, "The host resumed the match.")


def extend(match_id: int, seconds: int) -> None:
    """Move the open phase's deadline later by ``seconds``."""
    if not 0 < seconds <= 7 * 24 * 3600:
        raise ServiceError("An extension is between 1 second and 7 days.", "seconds")
    with transaction.atomic():
        match, phase = _locked_open_phase(match_id)
        if phase.status == Phase.Status.PAUSED and (phase.deadline is not None or phase.paused_remaining is not None):
            phase.paused_remaining = (phase.paused_remaining or timedelta(0)) + timedelta(seconds=seconds)
        elif phase.status != Phase.Status.PAUSED and phase.deadline is not None:
            phase.deadline = phase.deadline + timedelta(seconds=seconds)
        else:
            raise ServiceError(f"{phase.name} has no deadline to extend: it stays open until the host closes it.")
        phase.save(update_fields=["deadline", "paused_remaining"])
        _host_note(match, phase, f"The host extended the deadline by {hours_minutes_text(seconds)}.")


def resolve_now(match_id: int) -> None:
    """Close the open phase at once, whatever its deadline."""
    phase = Phase.objects.filter(match_id=match_id, status=Phase.Status.OPEN).order_by("-number").first()
    if phase is None:
        raise ServiceError("This match has no open phase to resolve (is it paused or finished?).")
    if phase.kind == "ruling":
        raise ServiceError(f"{phase.name} closes when you publish your ruling (Adjudicate), not with resolve now.")
    if not resolve_phase(phase.pk, force=True):
        raise ServiceError("The phase was resolved meanwhile; nothing more to do.")


def _host_note(match: Match, phase: Phase, text: str) -> None:
    write_log(match, phase, Resolution(state={}, log=[LogLine(text, PUBLIC)]))
    bump(match.pk)


def hours_minutes_text(seconds: int) -> str:
    """A length the host set, in hours and minutes: 5400 → ``1 h 30 min`` (under a minute: ``45 s``)."""
    hours, rest = divmod(seconds, 3600)
    minutes = rest // 60
    parts = ([f"{hours} h"] if hours else []) + ([f"{minutes} min"] if minutes else [])
    return " ".join(parts) or f"{seconds} s"
