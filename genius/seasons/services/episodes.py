"""Episodes: starting one and its Main Match, where an episode stands, and the starting order from placement.

A Main Match seats the players still in (minus those who sit out), filled with house bots when asked; a
``seat_order`` setting marked ``from_placement`` defaults to the previous Main Match's placement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from django.db import transaction

from genius.communities.models import Membership
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import lifecycle, lobbies
from genius.matches.services.engines import GAME_TITLES, engine_of, spec_of
from genius.seasons.models import Decision, Episode, Season, SeasonPlayer
from genius.seasons.services.death_matches import picks_to_play
from genius.seasons.services.recording import announce
from genius.seasons.services.standings import MIN_PLAYERS, MIN_PLAYERS_REASON, players_still_in

#: Seats filling a Main Match when fewer players are still in than the game seats.
HOUSE_BOT = "house-bot-{}"


def episode_stage(episode: Episode) -> str:
    """Where an episode stands: "Main Match", "Decisions", "Death Matches" or "Over"."""
    main = episode.main_match
    if main is None or main.status != Match.Status.FINISHED:
        return "Main Match"
    if episode.decisions.exclude(status=Decision.Status.DECIDED).exists():
        return "Decisions"
    if picks_to_play(episode):
        return "Death Matches"
    return "Over"


def _players(count: int) -> str:
    return f"{count} player" if count == 1 else f"{count} players"


def _check_still_members(season: Season, playing: Sequence[SeasonPlayer]) -> None:
    """Only members of the season's community take its seats: a season player removed from the community is
    named, with the way on (nobody is seated while one is left)."""
    if season.community_id is None:
        return
    members = set(Membership.objects.filter(community_id=season.community_id).values_list("user_id", flat=True))
    gone = sorted(p.user.get_username() for p in playing if p.user_id not in members)
    if gone:
        raise ServiceError(f"{', '.join(gone)} {'is' if len(gone) == 1 else 'are'} no longer a member of "
                           f"{season.community}: only its members take its seats. Invite them back, or let them "
                           "sit out this episode.", "sit_out")


def create_episode(
    season_id: int,
    *,
    game: str,
    title: str = "",
    seed: int | None = None,
    config: dict | None = None,
    phase_seconds: int = 24 * 3600,
    turn_seconds: int = 60,
    decision_seconds: int | None = None,
    reminder_lead_seconds: int | None = None,
    sit_out: list[str] | tuple[str, ...] = (),
    house_bots: bool = False,
    bot_players: bool = False,
    start: bool = False,
    now: datetime | None = None,
) -> Match:
    """A new episode and its Main Match, seated with the players still in (minus those who sit out).

    A game seating more than the players left is filled with house bots when
    ``house_bots``; ``bot_players`` seats the season players as bots (simulations).
    """
    with transaction.atomic():
        season = Season.objects.select_for_update().filter(pk=season_id).first()
        if season is None:
            raise ServiceError("There is no such season.")
        last = season.episodes.order_by("-number").first()
        if last is not None and episode_stage(last) != "Over":
            raise ServiceError(f"Episode {last.number} is not over yet ({episode_stage(last).lower()} to finish).")
        try:
            engine = engine_of(game)
        except KeyError:
            raise ServiceError(f"There is no game called {game!r}.", "game") from None
        names = {p.user.get_username(): p for p in players_still_in(season)}
        if len(names) < MIN_PLAYERS:
            waiting = season.invitations.filter(status="waiting").count()
            why = (f"{len(names)} player{'s' if len(names) != 1 else ''} {'is' if len(names) == 1 else 'are'} in it"
                   + (f", {waiting} invited who have not accepted yet" if waiting else ""))
            raise ServiceError(f"An episode needs at least {MIN_PLAYERS} players still in ({why}): "
                               f"{MIN_PLAYERS_REASON}.")
        unknown = [n for n in sit_out if n not in names]
        if unknown:
            raise ServiceError(f"{', '.join(unknown)} is not a player still in this season.", "sit_out")
        playing = [p for n, p in names.items() if n not in sit_out]
        if not bot_players:
            _check_still_members(season, playing)
        seats = engine.max_players
        if len(playing) > seats:
            raise ServiceError(
                f"{GAME_TITLES.get(game, game)} seats {seats}; {_players(len(playing))} would play. "
                f"Choose {len(playing) - seats} who sit out this episode, or another game.", "sit_out"
            )
        if len(playing) < engine.min_players and not house_bots:
            raise ServiceError(
                f"{GAME_TITLES.get(game, game)} needs {engine.min_players} players; {_players(len(playing))} would play. "
                "Fill the empty seats with house bots, or choose another game.", "house_bots"
            )
        seed = lobbies.draw_seed() if seed is None else seed
        random.Random(f"{seed}:seats").shuffle(playing)  # the seat order, fair and replayable
        config = dict(config or {})
        try:
            lobbies.check_config(engine, config, seated=_seat_names(playing, seats), seats_wanted=seats, seed=seed)
        except ServiceError as exc:  # the settings seat fewer than the game's most (e.g. a host's design for 3–10)
            fewer = max(len(playing), engine.min_players)
            if exc.field != "seats_wanted" or fewer == seats:
                raise
            seats = fewer
            lobbies.check_config(engine, config, seated=_seat_names(playing, seats), seats_wanted=seats, seed=seed)
        number = (last.number if last else 0) + 1
        episode = Episode.objects.create(season=season, number=number)
        match = lifecycle.create_match(
            game=game, title=title or f"{season.name} · episode {number}: {GAME_TITLES.get(game, game)}",
            season=season, seats_wanted=seats, seed=seed, config=config, phase_seconds=phase_seconds,
            turn_seconds=turn_seconds, decision_seconds=decision_seconds, origin=Match.Origin.SEASON,
        )
        match.episode, match.kind = episode, "main"
        if reminder_lead_seconds is not None:
            match.reminder_lead_seconds = reminder_lead_seconds
        match.save(update_fields=["episode", "kind", "reminder_lead_seconds"])
        for entry in playing:
            lifecycle.add_seat(match, user=entry.user, is_bot=bot_players)
        for n in range(1, seats - len(playing) + 1):
            lifecycle.add_seat(match, name=HOUSE_BOT.format(n), is_bot=True)
        sitting = f" ({', '.join(sit_out)} sit{'s' if len(sit_out) == 1 else ''} out)" if sit_out else ""
        announce(season, episode, f"Episode {number} begins: {GAME_TITLES.get(game, game)}{sitting}.", now)
        _order_from_placement(match, season, episode, now)
    if start:
        lifecycle.start_match(match.pk, now=now)
        match.refresh_from_db()
    return match


def _seat_names(playing: list[SeasonPlayer], seats: int) -> list[str]:
    """The seats of an episode's Main Match: its players, then house bots up to ``seats``."""
    return [p.user.get_username() for p in playing] + [HOUSE_BOT.format(n) for n in range(1, seats - len(playing) + 1)]


def previous_main_match(season: Season | int, *, before: Match | None = None) -> Match | None:
    """The season's last finished Main Match (before ``before``, when given)."""
    season_id = season if isinstance(season, int) else season.pk
    rows = Match.objects.filter(season_id=season_id, kind="main", status=Match.Status.FINISHED)
    if before is not None:
        rows = rows.exclude(pk=before.pk)
    return rows.order_by("-finished", "-pk").first()


def order_from_placement(previous: Match, seats: Sequence[tuple[str, int | None]], seed: int) -> list[str]:
    """Seat names in the previous Main Match's placement, best placed first (a game's rules: Trail Trouble's
    starting order): ``seats`` are (seat name, user id) of the new match; a seat whose player did not
    play the previous match (or a house bot) comes after those who did, in an order drawn from ``seed``;
    equal places are drawn from it too."""
    by_user = {uid: (previous.placement or {}).get(name)
               for name, uid in previous.seats.filter(user__isnull=False).values_list("name", "user_id")}
    rng = random.Random(f"{seed}:order-from-placement")
    draw = {name: rng.random() for name, _ in sorted(seats)}
    placed = [(by_user[uid], draw[name], name) for name, uid in seats
              if uid is not None and isinstance(by_user.get(uid), int)]
    others = sorted((draw[name], name) for name, uid in seats
                    if uid is None or not isinstance(by_user.get(uid), int))
    return [name for *_, name in sorted(placed)] + [name for _, name in others]


def _order_from_placement(match: Match, season: Season, episode: Episode, now: datetime | None) -> None:
    """A Main Match's ``from_placement`` seat orders the host left empty: the previous Main Match's placement."""
    fields = [f for f in spec_of(match.game).config if f.kind == "seat_order" and f.from_placement
              and not (match.config or {}).get(f.key)]
    previous = previous_main_match(season, before=match) if fields else None
    if previous is None or not previous.placement:
        return
    seats = list(match.seats.order_by("position").values_list("name", "user_id"))
    order = order_from_placement(previous, seats, match.seed)
    match.config = {**(match.config or {}), **{f.key: order for f in fields}}
    match.save(update_fields=["config"])
    announce(season, episode, f"{fields[0].label}, from the placement of {previous.title}: "
             f"{', '.join(order)}.", now)


