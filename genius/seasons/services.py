"""Seasons: episodes, the post-game decisions of a Main Match, Death Matches and eliminations.

The frame (templates/games/season_rules.html, "The frame"; the rulings made here are listed there too):

1. :func:`create_episode` seats the players still in for the episode's Main Match.
2. When the Main Match finishes, :func:`on_match_finished` runs inside its
   resolution (the ``match_finished`` signal): the ToL kept were credited by ``ledger.apply_outcome`` (the one
   place); each ToL to give becomes a ``give_tol`` decision; each EC gets a
   ``death_match`` decision. The ToL are handed out first (together), then the
   ECs decide one at a time in the game's pick order: spend a ToL to leave, or
   pick an opponent among the players still in (never a ToL holder, unless all of them hold one).
3. :func:`decide` records a choice; :func:`close_due_decisions` draws a missing
   one at random from the allowed options at its deadline, and says so.
4. :func:`create_death_match` is the host's one click from a pick; when the
   Death Match finishes its loser is eliminated (a draw is played again). Its
   items (the game's ``offers.death_match_items``) are given by players: each
   goes to a different player still in who is not a duelist, who decides by a
   deadline which duelist receives it (``give_item`` decisions; silent: drawn at
   random); the items are set and the match may start once all are given.
5. A Main Match's placement is kept with the match (``Match.placement``); a
   ``seat_order`` setting marked ``from_placement`` (Trail Trouble's starting
   order) defaults to the previous Main Match's placement (:func:`order_from_placement`).
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, QuerySet
from django.utils import timezone

from games.kit import house_bots
from games.kit.numbers import INT64_MAX, NumberError, parse_int, shown
from genius.matches.models import Match, TolEntry, garnet_balance, tol_balance
from genius.matches.services import lifecycle, lobbies
from genius.matches.services.engines import GAME_TITLES, available_games, engine_of, first_death_match_game, spec_of
from genius.matches.services.errors import PhaseClosed, ServiceError
from genius.notify import sweeps, webhooks
from genius.seasons.models import Decision, Episode, Season, SeasonAnnouncement, SeasonPlayer

log = logging.getLogger("games")

#: The Death Match game where it exists (its rules page: Bigfoot Sighting); any two-player game may be chosen.
DEFAULT_DM_GAME = first_death_match_game()
#: Seats filling a Main Match when fewer players are still in than the game seats.
HOUSE_BOT = "house-bot-{}"


# --- reading --------------------------------------------------------------------------------------------


def players_still_in(season: Season | int) -> QuerySet[SeasonPlayer]:
    """The season's players not eliminated, by name."""
    season_id = season if isinstance(season, int) else season.pk
    rows = SeasonPlayer.objects.filter(season_id=season_id, eliminated_at__isnull=True)
    return rows.select_related("user").order_by("user__username")


def two_player_games() -> list[tuple[str, str]]:
    """(slug, title) of the installed games a Death Match can be played in."""
    return [(slug, title) for slug, title in available_games()
            if engine_of(slug).min_players <= 2 <= engine_of(slug).max_players]


def default_dm_game() -> str | None:
    games = [slug for slug, _ in two_player_games()]
    return DEFAULT_DM_GAME if DEFAULT_DM_GAME in games else (games[0] if games else None)


@dataclass
class Standing:
    """One row of a season's standings (``garnets`` is private: shown to its owner and the host)."""

    entry: SeasonPlayer
    tol: int
    garnets: int

    @property
    def still_in(self) -> bool:
        return self.entry.eliminated_at is None


def standings(season: Season) -> list[Standing]:
    """Players still in (most ToL first, then by name), then the eliminated, latest first."""
    rows = [
        Standing(entry, tol_balance(entry.user_id, season.pk), garnet_balance(entry.user_id, season.pk))
        for entry in season.players.select_related("user", "eliminated_in__episode")
    ]
    still = sorted((r for r in rows if r.still_in), key=lambda r: (-r.tol, r.entry.user.username))
    out = sorted((r for r in rows if not r.still_in), key=lambda r: r.entry.eliminated_at, reverse=True)
    return still + out


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


def picks_to_play(episode: Episode) -> list[Decision]:
    """The picks whose Death Match is still to be created or finished (a drawn one is played again)."""
    picks = episode.decisions.filter(kind=Decision.Kind.DEATH_MATCH, choice__isnull=False, left=False)
    return [d for d in picks.select_related("decider", "choice") if not _dm_decided(d)]


def _dm_decided(pick: Decision) -> bool:
    return any((m.outcome or {}).get("loser") for m in pick.death_matches.filter(status=Match.Status.FINISHED))


def open_decisions(user: AbstractBaseUser, season: Season | None = None) -> QuerySet[Decision]:
    """The decisions ``user`` has to make now."""
    rows = Decision.objects.filter(decider_id=user.pk, status=Decision.Status.OPEN)
    if season is not None:
        rows = rows.filter(episode__season=season)
    return rows.select_related("episode__season", "match")


def option_users(decision: Decision) -> list[AbstractBaseUser]:
    """The users a decision may name, by name."""
    users = get_user_model().objects.filter(pk__in=decision.options)
    return sorted(users, key=lambda u: u.get_username())


# --- episodes -------------------------------------------------------------------------------------------


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
        unknown = [n for n in sit_out if n not in names]
        if unknown:
            raise ServiceError(f"{', '.join(unknown)} is not a player still in this season.", "sit_out")
        playing = [p for n, p in names.items() if n not in sit_out]
        seats = engine.max_players
        if len(playing) > seats:
            raise ServiceError(
                f"{GAME_TITLES.get(game, game)} seats {seats}; {len(playing)} players would play. "
                f"Choose {len(playing) - seats} who sit out this episode, or another game.", "sit_out"
            )
        if len(playing) < engine.min_players and not house_bots:
            raise ServiceError(
                f"{GAME_TITLES.get(game, game)} needs {engine.min_players} players; {len(playing)} would play. "
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
            turn_seconds=turn_seconds, decision_seconds=decision_seconds,
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
        _announce(season, episode, f"Episode {number} begins: {GAME_TITLES.get(game, game)}{sitting}.", now)
        _order_from_placement(match, now)
    if start:
        lifecycle.start_match(match.pk, now=now)
        match.refresh_from_db()
    return match


def _seat_names(playing: list[SeasonPlayer], seats: int) -> list[str]:
    """The seats of an episode's Main Match: its players, then house bots up to ``seats``."""
    return [p.user.get_username() for p in playing] + [HOUSE_BOT.format(n) for n in range(1, seats - len(playing) + 1)]


def _announce(season: Season, episode: Episode | None, text: str, now: datetime | None) -> None:
    """A public line of the season's story; posted to the season's webhook after commit."""
    SeasonAnnouncement.objects.create(season=season, episode=episode, text=text, created=now or timezone.now())
    heading = f"**{season.name}" + (f" — episode {episode.number}**" if episode else "**")
    season_id = season.pk
    transaction.on_commit(lambda: webhooks.queue(season_id, f"{heading}\n{text}"))


def previous_main_match(season: Season | int, *, before: Match | None = None) -> Match | None:
    """The season's last finished Main Match (before ``before``, when given)."""
    season_id = season if isinstance(season, int) else season.pk
    rows = Match.objects.filter(season_id=season_id, kind="main", status=Match.Status.FINISHED)
    if before is not None:
        rows = rows.exclude(pk=before.pk)
    return rows.order_by("-finished", "-pk").first()


def order_from_placement(previous: Match, seats: list[tuple[str, int | None]], seed: int) -> list[str]:
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


def _order_from_placement(match: Match, now: datetime | None) -> None:
    """A Main Match's ``from_placement`` seat orders the host left empty: the previous Main Match's placement."""
    fields = [f for f in spec_of(match.game).config if f.kind == "seat_order" and f.from_placement
              and not (match.config or {}).get(f.key)]
    previous = previous_main_match(match.season_id, before=match) if fields else None
    if previous is None or not previous.placement:
        return
    seats = list(match.seats.order_by("position").values_list("name", "user_id"))
    order = order_from_placement(previous, seats, match.seed)
    match.config = {**(match.config or {}), **{f.key: order for f in fields}}
    match.save(update_fields=["config"])
    _announce(match.season, match.episode, f"{fields[0].label}, from the placement of {previous.title}: "
              f"{', '.join(order)}.", now)


# --- when a match ends ------------------------------------------------------------------------------------


def match_finished_receiver(sender: type[Match], match: Match, **kwargs: object) -> None:
    """``genius.matches.signals.match_finished``, connected in ``SeasonsConfig.ready``."""
    on_match_finished(match)


def on_match_finished(match: Match) -> None:
    """Apply a finished season match to its season; never fails the resolution that finished it."""
    if match.season_id is None:
        return
    try:
        with transaction.atomic():
            if match.kind == "death":
                _death_match_finished(match)
            else:
                _main_match_finished(match)
    except Exception:  # the match result stands; the host re-applies it from the admin
        log.exception("applying match %s to its season failed", match.pk)


def _season_users(match: Match) -> dict[str, int]:
    """Seat name → user id, for the seats of players still in the match's season."""
    still = set(players_still_in(match.season_id).values_list("user_id", flat=True))
    return {name: uid for name, uid in match.seats.filter(user__isnull=False).values_list("name", "user_id")
            if uid in still}


def _main_match_finished(match: Match) -> None:
    outcome = match.outcome or {}
    if Decision.objects.filter(match=match).exists():
        return  # applied already
    season = Season.objects.get(pk=match.season_id)
    now = match.finished or timezone.now()
    if match.episode_id is None:
        if not (outcome.get("ec") or outcome.get("tol") or outcome.get("tol_to_give")):
            return
        number = (season.episodes.aggregate(n=Max("number"))["n"] or 0) + 1
        match.episode = Episode.objects.create(season=season, number=number)
        match.save(update_fields=["episode"])
    episode = match.episode
    users = _season_users(match)
    tol = ", ".join(f"{n}" + (f" ×{c}" if c > 1 else "") for n, c in (outcome.get("tol") or {}).items() if c)
    ecs = list(outcome.get("ec") or [])
    summary = f"{match.title} is over. Tokens of Life: {tol or 'none'}. Elimination Candidate"
    _announce(season, episode, f"{summary}{'s' if len(ecs) > 1 else ''}: {', '.join(ecs) or 'none'}."
              f"{house_bots.note(match.state or {})}", now)
    for name, count in (outcome.get("tol_to_give") or {}).items():
        if name not in users:
            _announce(season, episode, f"{name} has a Token of Life to give but is not a player still in.", now)
            continue
        for _ in range(count):
            Decision.objects.create(episode=episode, match=match, kind=Decision.Kind.GIVE_TOL, order=0,
                                    decider_id=users[name])
    order = [n for n in outcome.get("dm_pick_order") or [] if n in ecs] + [
        n for n in ecs if n not in (outcome.get("dm_pick_order") or [])]
    for position, name in enumerate(order, start=1):
        if name not in users:
            _announce(season, episode, f"{name} is not a player still in the season: no Death Match for {name}.", now)
            continue
        Decision.objects.create(episode=episode, match=match, kind=Decision.Kind.DEATH_MATCH, order=position,
                                decider_id=users[name])
    _advance(episode, now)


def _death_match_finished(match: Match) -> None:
    pick = match.dm_pick
    if pick is None:
        return
    outcome = match.outcome or {}
    season = Season.objects.get(pk=match.season_id)
    now = match.finished or timezone.now()
    Decision.objects.filter(match=match, kind=Decision.Kind.GIVE_ITEM).exclude(status=Decision.Status.DECIDED).update(
        status=Decision.Status.DECIDED, decided_at=now, note="the Death Match was played before this item was given")
    users = dict(match.seats.filter(user__isnull=False).values_list("name", "user_id"))
    loser, winner = outcome.get("loser"), outcome.get("winner")
    if loser and loser in users:
        SeasonPlayer.objects.filter(season=season, user_id=users[loser], eliminated_at__isnull=True).update(
            eliminated_at=now, eliminated_in=match)
        _announce(season, match.episode, f"{loser} loses the Death Match against {winner} "
                  f"and is eliminated from the season.", now)
    elif not loser:  # the new match that plays it again is started once this is applied (replays)
        names = " and ".join(match.seats.values_list("name", flat=True))
        _announce(season, match.episode, f"The Death Match between {names} is drawn: nobody is eliminated; "
                  "it is played again at once, as a new match, until one of them wins.", now)


# --- decisions ----------------------------------------------------------------------------------------------


def _advance(episode: Episode, now: datetime) -> None:
    """Open the next decisions once the earlier ones are made (ToL handed out first, then each EC in turn).

    Death Match items (``give_item``) open with their Death Match and are no part of this order.
    """
    while True:
        rows = list(episode.decisions.exclude(kind=Decision.Kind.GIVE_ITEM))
        if any(d.status == Decision.Status.OPEN for d in rows):
            return
        waiting = [d for d in rows if d.status == Decision.Status.WAITING]
        if not waiting:
            return
        first = min(d.order for d in waiting)
        for decision in [d for d in waiting if d.order == first]:
            _open(decision, now)


def _eligible_opponents(episode: Episode, ec_id: int) -> list[int]:
    """Who an EC may pick: players still in, not a ToL holder, not an EC of this episode, not picked already.

    When every one of them holds a Token of Life, the protection gives way (so every EC plays a Death
    Match): the EC picks among them all, and nobody's token is spent.
    """
    decisions = episode.decisions.filter(kind=Decision.Kind.DEATH_MATCH)
    taken = set(decisions.values_list("decider_id", flat=True)) | set(
        decisions.filter(choice__isnull=False).values_list("choice_id", flat=True))
    ids = [p.user_id for p in players_still_in(episode.season_id) if p.user_id != ec_id and p.user_id not in taken]
    unprotected = [uid for uid in ids if tol_balance(uid, episode.season_id) < 1]
    return unprotected or ids


def _recipients(episode: Episode, giver_id: int) -> list[int]:
    return [p.user_id for p in players_still_in(episode.season_id) if p.user_id != giver_id]


def _name(user_id: int | None) -> str:
    if user_id is None:
        return "nobody"
    return get_user_model().objects.get(pk=user_id).get_username()


def _open(decision: Decision, now: datetime) -> None:
    """Open a decision with its options (or settle it at once when there is nothing to choose)."""
    episode, match = decision.episode, decision.match
    season = episode.season
    who = _name(decision.decider_id)
    if decision.kind == Decision.Kind.GIVE_TOL:
        decision.options = _recipients(episode, decision.decider_id)
    else:
        decision.options = _eligible_opponents(episode, decision.decider_id)
        decision.can_leave = tol_balance(decision.decider_id, season.pk) >= 1
    if not decision.options:
        why = ("nobody else is still in" if decision.kind == Decision.Kind.GIVE_TOL
               else "every other player is already in a Death Match")
        decision.status, decision.decided_at, decision.note = Decision.Status.DECIDED, now, why[:200]
        decision.save()
        text = (f"{who} has a Token of Life to give but no one to give it to ({why})."
                if decision.kind == Decision.Kind.GIVE_TOL else f"{who} has no one to pick ({why}): no Death Match.")
        _announce(season, episode, text, now)
        return
    decision.status, decision.opened_at = Decision.Status.OPEN, now
    decision.deadline = now + timedelta(seconds=match.decision_seconds)
    decision.save()
    if _decider_is_bot(decision):
        rng = _rng(decision, "bot")
        leave = decision.can_leave and rng.random() < 0.5
        _apply(decision, None if leave else rng.choice(_by_name(decision.options)), leave=leave, now=now)
    else:
        what = ("hand out a Token of Life" if decision.kind == Decision.Kind.GIVE_TOL
                else "leave the Death Match with a Token of Life or pick an opponent" if decision.can_leave
                else "pick a Death Match opponent")
        _announce(season, episode, f"{who} is to {what}.", now)


def _rng(decision: Decision, purpose: str) -> random.Random:
    """The decision's own stream, seeded by the match seed and the decision's place in the episode."""
    earlier = Decision.objects.filter(episode_id=decision.episode_id, decider_id=decision.decider_id,
                                      kind=decision.kind, pk__lt=decision.pk).count()
    key = f"{decision.match.seed}:season:{decision.kind}:{_name(decision.decider_id)}:{earlier}:{purpose}"
    return random.Random(key)


def _by_name(user_ids: list[int]) -> list[int]:
    """User ids in the order of their names (the same draw on every server)."""
    names = dict(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", "username"))
    return sorted(user_ids, key=lambda uid: names.get(uid, ""))


def _apply(decision: Decision, choice_id: int | None, *, leave: bool, now: datetime, drawn: bool = False) -> None:
    """Record a decision and its effect: a ToL handed out, a ToL spent to leave, or a pick."""
    episode, season = decision.episode, decision.episode.season
    who = _name(decision.decider_id)
    late = f"{who} made no choice in time: " if drawn else ""
    if leave:
        TolEntry.objects.create(user_id=decision.decider_id, season=season, match=decision.match, amount=-1,
                                reason=f"spent to leave the Death Match of episode {episode.number}")
        text = f"{who} spends a Token of Life and leaves the Death Match."
    elif decision.kind == Decision.Kind.GIVE_ITEM:
        given = f"{item_title(decision)} was given to {_name(choice_id)} by {who}"
        text = f"{given} (drawn at random: {who} made no choice in time)." if drawn else f"{given}."
    elif decision.kind == Decision.Kind.GIVE_TOL:
        TolEntry.objects.create(user_id=choice_id, season=season, match=decision.match, amount=1,
                                reason=f"given by {who} after {decision.match.title}")
        text = (f"{late}a Token of Life was drawn at random for {_name(choice_id)}." if drawn
                else f"{who} gives a Token of Life to {_name(choice_id)}.")
    else:
        text = (f"{late}{_name(choice_id)} was drawn at random as the Death Match opponent." if drawn
                else f"{who} picks {_name(choice_id)} as the Death Match opponent.")
    decision.status, decision.decided_at = Decision.Status.DECIDED, now
    decision.choice_id, decision.left, decision.by_default = choice_id, leave, drawn
    decision.save()
    _announce(season, episode, text, now)


def _resolve_choice(decision: Decision, choice: str | int | None) -> int:
    """The user id a decider named (by name or id), or a ServiceError."""
    if choice in (None, ""):
        raise ServiceError("Choose a player.", "choice")
    users = {u.get_username(): u.pk for u in option_users(decision)}
    if isinstance(choice, str) and choice in users:
        return users[choice]
    try:
        uid = parse_int(choice, field="choice", lo=1, hi=INT64_MAX)
    except NumberError:
        uid = None
    if uid is not None and uid in decision.options:
        return uid
    allowed = ", ".join(users) or "nobody"
    named = choice if isinstance(choice, str) and len(choice) <= 40 and choice.isprintable() else shown(choice)
    raise ServiceError(f"{named} cannot be named here; the choices are: {allowed}.", "choice")


def _lock(decision_id: int, *, skip_locked: bool = False) -> Decision | None:
    """The decision and its episode, locked (episode first: every episode write takes that lock)."""
    episode_id = Decision.objects.filter(pk=decision_id).values_list("episode_id", flat=True).first()
    if episode_id is None:
        return None
    episode = Episode.objects.select_for_update(skip_locked=skip_locked).filter(pk=episode_id).first()
    if episode is None:
        return None
    rows = Decision.objects.select_for_update(of=("self",)).select_related("match", "episode__season")
    return rows.get(pk=decision_id)


def decide(decision_id: int, user: AbstractBaseUser, *, choice: str | int | None = None, leave: bool = False,
           now: datetime | None = None) -> Decision:
    """A decider's choice: a player to hand a ToL to or to pick, or (an EC with a ToL) leaving the DM."""
    now = now or timezone.now()
    with transaction.atomic():
        decision = _lock(decision_id)
        if decision is None:
            raise ServiceError("There is no such decision.")
        if decision.decider_id != user.pk:
            raise ServiceError("This decision is not yours to make.")
        if decision.status == Decision.Status.WAITING:
            raise ServiceError("This decision is not open yet: an earlier one is still being made.")
        if decision.status == Decision.Status.DECIDED:
            raise PhaseClosed("This decision has been made already.")
        if decision.deadline is not None and now >= decision.deadline:
            raise PhaseClosed(f"Too late: the deadline passed at {timezone.localtime(decision.deadline):%H:%M:%S %Z}; "
                              "the choice is drawn at random.")
        if leave:
            if decision.kind != Decision.Kind.DEATH_MATCH or not decision.can_leave:
                raise ServiceError("Only an Elimination Candidate holding a Token of Life may leave.", "leave")
            if tol_balance(decision.decider_id, decision.episode.season_id) < 1:
                raise ServiceError("You hold no Token of Life to spend.", "leave")
            _apply(decision, None, leave=True, now=now)
        else:
            choice_id = _resolve_choice(decision, choice)
            if choice_id not in _still_allowed(decision):
                raise ServiceError(f"{_name(choice_id)} can no longer be named (eliminated, or now holds a "
                                   "Token of Life).", "choice")
            _apply(decision, choice_id, leave=False, now=now)
        _after(decision, now)
        return decision


def _still_allowed(decision: Decision) -> list[int]:
    """Who a decision may name now: a ToL's recipients, an EC's eligible opponents, or an item's two duelists."""
    if decision.kind == Decision.Kind.GIVE_TOL:
        return _recipients(decision.episode, decision.decider_id)
    if decision.kind == Decision.Kind.GIVE_ITEM:
        return list(decision.options)
    return _eligible_opponents(decision.episode, decision.decider_id)


def _after(decision: Decision, now: datetime) -> None:
    """What a made decision opens: the next decisions of the episode, or (the last item given) its Death Match."""
    if decision.kind == Decision.Kind.GIVE_ITEM:
        _items_given(decision.match, now)
    else:
        _advance(decision.episode, now)


def _draw(decision: Decision, now: datetime) -> None:
    """The default of a missing decision: drawn at random from the allowed options (never leaving)."""
    options = _still_allowed(decision)
    options = _by_name(list(set(options) & set(decision.options)) or options)
    if not options:
        decision.status, decision.decided_at, decision.by_default = Decision.Status.DECIDED, now, True
        decision.note = "no one could be named at the deadline"
        decision.save()
        _announce(decision.episode.season, decision.episode,
                  f"{_name(decision.decider_id)} made no choice in time, and no one can be named now.", now)
        return
    _apply(decision, _rng(decision, "default").choice(options), leave=False, now=now, drawn=True)


def close_due_decisions(now: datetime | None = None) -> int:
    """Draw every decision whose deadline has passed (the clock's tick); returns how many."""
    now = now or timezone.now()
    done = 0
    due = Decision.objects.filter(status=Decision.Status.OPEN, deadline__lte=now).order_by("deadline")
    for decision_id in list(due.values_list("pk", flat=True)[:200]):
        try:
            with transaction.atomic():
                decision = _lock(decision_id, skip_locked=True)
                if decision is None or decision.status != Decision.Status.OPEN or decision.deadline > now:
                    continue
                _draw(decision, now)
                _after(decision, now)
                done += 1
        except Exception:  # one broken decision must not stop the clock
            log.exception("closing decision %s failed", decision_id)
    return done


def close_decision_now(decision_id: int, now: datetime | None = None) -> None:
    """The host closes an open decision at once: drawn at random, as at its deadline."""
    now = now or timezone.now()
    with transaction.atomic():
        decision = _lock(decision_id)
        if decision is None or decision.status != Decision.Status.OPEN:
            raise ServiceError("Only an open decision can be closed.")
        _draw(decision, now)
        _after(decision, now)


def sweep(now: datetime | None = None) -> None:
    """One tick of the season clock: due decisions, reminder emails, webhook retries. Never raises."""
    try:
        close_due_decisions(now)
    except Exception:
        log.exception("closing due season decisions failed")
    sweeps.sweep(now)


# --- Death Matches -------------------------------------------------------------------------------------------


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
        pick = _lock(decision_id)
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
        )
        match.episode, match.kind, match.dm_pick = episode, "death", pick
        match.reminder_lead_seconds = main.reminder_lead_seconds
        match.save(update_fields=["episode", "kind", "dm_pick", "reminder_lead_seconds"])
        lifecycle.add_seat(match, user=ec, is_bot=bots.get(ec.pk, False))
        lifecycle.add_seat(match, user=dmo, is_bot=bots.get(dmo.pk, False))
        _announce(season, episode, f"Death Match{again}: {ec} against {dmo} in {GAME_TITLES.get(game, game)}.",
                  now)
        items = spec_of(game).offers.death_match_items
        if items:
            key = _items_key(game)
            if key in (config or {}):
                raise ServiceError("In a season the Death Match items are given by players: leave them out.", key)
            match.start_when_items_given = start
            match.save(update_fields=["start_when_items_given"])
            _hand_items_to_givers(match, [ec.pk, dmo.pk], now or timezone.now())
    if start and not items:
        lifecycle.start_match(match.pk, now=now)
    match.refresh_from_db()
    return match


# --- Death Match items, given by players ------------------------------------------------------------------------


def _items_key(game: str) -> str:
    """The config key of the game's Death Match items: its ``seat_each`` field over the items (else ``items``)."""
    spec = spec_of(game)
    keys = {k for k, _ in spec.offers.death_match_items}
    field = next((f for f in spec.config if f.kind == "seat_each" and {k for k, _ in f.choices} == keys), None)
    return field.key if field is not None else "items"


def item_title(decision: Decision) -> str:
    """The title of the item a ``give_item`` decision hands out ("" for other decisions)."""
    if decision.kind != Decision.Kind.GIVE_ITEM:
        return ""
    try:
        return dict(spec_of(decision.match.game).offers.death_match_items).get(decision.item, decision.item)
    except KeyError:
        return decision.item


def item_givers(season_id: int, duelists: list[int], count: int, seed: int) -> list[int]:
    """Who gives each of ``count`` items: players still in who are not duelists, each a different one (drawn
    from ``seed``); with fewer such players than items, some give two. Empty when nobody else is still in."""
    pool = sorted(p.user_id for p in players_still_in(season_id) if p.user_id not in duelists)
    pool = _by_name(pool)
    if not pool:
        return []
    rng = random.Random(f"{seed}:item-givers")
    givers: list[int] = []
    while len(givers) < count:
        givers += rng.sample(pool, min(len(pool), count - len(givers)))
    return givers


def _hand_items_to_givers(match: Match, duelists: list[int], now: datetime) -> None:
    """Each item of a season's Death Match to a giver, whose decision opens now (a bot's is made at once)."""
    season, episode = match.season, match.episode
    items = list(spec_of(match.game).offers.death_match_items)
    givers = item_givers(season.pk, duelists, len(items), match.seed)
    duelists = _by_name(duelists)
    if not givers:  # only the duelists are still in: nobody can give, so each item is drawn (as for a silent giver)
        rng = random.Random(f"{match.seed}:items-without-givers")
        given = {key: rng.choice(duelists) for key, _ in items}
        _announce(season, episode, "Nobody but the duelists is still in: the Death Match items are drawn. "
                  + " ".join(f"{title} goes to {_name(given[key])}." for key, title in items), now)
        _set_items(match, given, now)
        return
    rows = [Decision.objects.create(episode=episode, match=match, kind=Decision.Kind.GIVE_ITEM, order=0,
                                    decider_id=giver, item=key, options=duelists, status=Decision.Status.OPEN,
                                    opened_at=now, deadline=now + timedelta(seconds=match.decision_seconds))
            for (key, _), giver in zip(items, givers, strict=True)]
    who = "; ".join(f"{title} by {_name(giver)}" for (_, title), giver in zip(items, givers, strict=True))
    names = " or ".join(_name(uid) for uid in duelists)
    _announce(season, episode, f"The Death Match items are given by players, each to {names}: {who}.", now)
    for decision in rows:
        if _decider_is_bot(decision):
            _apply(decision, _rng(decision, "bot").choice(duelists), leave=False, now=now)
    _items_given(match, now)


def _decider_is_bot(decision: Decision) -> bool:
    """A bot decides at once: seated as a bot in the match (for an item, in the Main Match of the pick)."""
    match = decision.match
    if decision.kind == Decision.Kind.GIVE_ITEM and match.dm_pick_id is not None:
        match = match.dm_pick.match
    seat = match.seats.filter(user_id=decision.decider_id).first()
    return seat is not None and seat.is_bot


def _items_given(match: Match, now: datetime) -> None:
    """Once every item of a Death Match is given: its config names the holders (and it starts if asked to)."""
    rows = list(Decision.objects.filter(match=match, kind=Decision.Kind.GIVE_ITEM))
    if not rows or any(d.status != Decision.Status.DECIDED for d in rows):
        return
    _set_items(match, {d.item: d.choice_id for d in rows if d.choice_id is not None}, now)


def _set_items(match: Match, given: dict[str, int], now: datetime) -> None:
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.status != Match.Status.LOBBY:
        _announce(match.season, match.episode, f"{match.title} had started before its items were all given: "
                  "the items it started with stand.", now)
        return
    seats = dict(match.seats.filter(user__isnull=False).values_list("user_id", "name"))
    match.config = {**(match.config or {}), _items_key(match.game): {k: seats[uid] for k, uid in given.items()
                                                                       if uid in seats}}
    match.save(update_fields=["config"])
    if match.start_when_items_given:
        try:
            lifecycle.start_match(match.pk, now=now)
        except ServiceError as exc:
            _announce(match.season, match.episode, f"{match.title} could not start: {exc.message}", now)
