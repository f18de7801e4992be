"""Death Matches: the games one may be played in, the picks still to play, and the host's one click.

A Death Match seats an EC and the opponent they picked; its loser is eliminated when it finishes
(``results``), and a drawn one is played again.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.engines.seat_roles import SEAT_ROLES_KEY, SeatRole
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import GAME_TITLES, available_games, engine_of, first_death_match_game, spec_of
from genius.seasons.models import Decision, Episode
from genius.seasons.services.items import hand_items_to_givers, items_key
from genius.seasons.services.recording import announce, lock_decision
from genius.seasons.services.standings import players_still_in

#: The Death Match game where it exists (its rules page: Bigfoot Sighting); any two-player game may be chosen.
DEFAULT_DM_GAME = first_death_match_game()


def two_player_games() -> list[tuple[str, str]]:
    """(slug, title) of the installed games a Death Match can be played in."""
    return [(slug, title) for slug, title in available_games()
            if engine_of(slug).min_players <= 2 <= engine_of(slug).max_players]


def default_dm_game() -> str | None:
    games = [slug for slug, _ in two_player_games()]
    return DEFAULT_DM_GAME if DEFAULT_DM_GAME in games else (games[0] if games else None)


def picks_to_play(episode: Episode) -> list[Decision]:
    """The picks whose Death Match is still to be created or finished (a drawn one is played again)."""
    picks = episode.decisions.filter(kind=Decision.Kind.DEATH_MATCH, choice__isnull=False, left=False)
    return [d for d in picks.select_related("decider", "choice") if not _dm_decided(d)]


def _dm_decided(pick: Decision) -> bool:
    return any((m.outcome or {}).get("loser") for m in pick.death_matches.filter(status=Match.Status.FINISHED))


def _give_seat_roles(match: Match, game: str, ec: str, opponent: str) -> None:
    """Tell a game whose spec reads Death Match roles (``games.engines.seat_roles``) which seat is the EC and which
    the opponent they picked; a game without that setting is told nothing."""
    if spec_of(game).config_field(SEAT_ROLES_KEY) is None:
        return
    match.refresh_from_db(fields=["config"])
    match.config = {**(match.config or {}), SEAT_ROLES_KEY: {SeatRole.EC.value: ec, SeatRole.OPPONENT.value: opponent}}
    match.save(update_fields=["config"])


def create_death_match(
    decision_id: int,
    *,
    game: str | None = None,
    seed: int | None = None,
    config: dict | None = None,
    turn_seconds: int | None = None,
    start: bool = False,
    now: datetime | None = None,
) -> Match:
    """The host's one click: the Death Match between an EC and the opponent they picked, seated, in its lobby."""
    with transaction.atomic():
        pick = lock_decision(decision_id)
        if pick is None or pick.kind != Decision.Kind.DEATH_MATCH:
            raise ServiceError("That is not an Elimination Candidate's pick.")
        if pick.status != Decision.Status.DECIDED or pick.choice_id is None:
            raise ServiceError("The EC has not picked an opponent" + (" (they left the Death Match)." if pick.left
                                                                      else " yet."))
        for match in pick.death_matches.all():
            if match.status != Match.Status.FINISHED:
                raise ServiceError(f"The Death Match is already created: {match.title}.")
            if (match.outcome or {}).get("loser"):
                raise ServiceError(f"This Death Match was played: {match.title}.")
        season, episode = pick.episode.season, pick.episode
        still = set(players_still_in(season).values_list("user_id", flat=True))
        if pick.decider_id not in still or pick.choice_id not in still:
            raise ServiceError("One of the two players has been eliminated meanwhile.")
        game = game or default_dm_game()
        if game not in dict(two_player_games()):
            raise ServiceError(f"{GAME_TITLES.get(game or '', game)} is not a two-player game here.", "game")
        main = pick.match
        bots = dict(main.seats.filter(user__isnull=False).values_list("user_id", "is_bot"))
        users = get_user_model().objects.in_bulk([pick.decider_id, pick.choice_id])
        ec, dmo = users[pick.decider_id], users[pick.choice_id]
        again = " (played again)" if pick.death_matches.exists() else ""
        match = lifecycle.create_match(
            game=game, title=f"{season.name} · episode {episode.number} · Death Match: {ec} vs {dmo}{again}",
            season=season, seats_wanted=2, seed=seed, config=config, phase_seconds=main.phase_seconds,
            turn_seconds=turn_seconds or main.turn_seconds, decision_seconds=main.decision_seconds,
            origin=Match.Origin.SEASON,
        )
        match.episode, match.kind, match.dm_pick = episode, "death", pick
        match.reminder_lead_seconds = main.reminder_lead_seconds
        match.save(update_fields=["episode", "kind", "dm_pick", "reminder_lead_seconds"])
        ec_seat = lifecycle.add_seat(match, user=ec, is_bot=bots.get(ec.pk, False))
        dmo_seat = lifecycle.add_seat(match, user=dmo, is_bot=bots.get(dmo.pk, False))
        _give_seat_roles(match, game, ec_seat.name, dmo_seat.name)
        announce(season, episode, f"Death Match{again}: {ec} against {dmo} in {GAME_TITLES.get(game, game)}.",
                 now)
        items = spec_of(game).offers.death_match_items
        if items:
            key = items_key(game)
            if key in (config or {}):
                raise ServiceError("In a season the Death Match items are given by players: leave them out.", key)
            match.start_when_items_given = start
            match.save(update_fields=["start_when_items_given"])
            hand_items_to_givers(match, episode, [ec.pk, dmo.pk], now or timezone.now())
    if start and not items:
        lifecycle.start_match(match.pk, now=now)
    match.refresh_from_db()
    return match


