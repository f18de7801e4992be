"""The lower layer that decisions and Death Match items share.

Recording a made decision (its effect and its line in the season's story), announcing a line of the
story, locking a decision with its episode, a decision's own random stream, names in a fixed order, and
whether a bot decides at once.
"""

from __future__ import annotations

import random
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from genius.core.errors import ServiceError
from genius.matches.models import TolEntry
from genius.matches.services.engines import spec_of
from genius.notify import webhooks
from genius.seasons.models import Decision, Episode, Season, SeasonAnnouncement


def announce(season: Season, episode: Episode | None, text: str, now: datetime | None) -> None:
    """A public line of the season's story; posted to the season's webhook after commit."""
    SeasonAnnouncement.objects.create(season=season, episode=episode, text=text, created=now or timezone.now())
    heading = f"**{season.name}" + (f" — episode {episode.number}**" if episode else "**")
    season_id = season.pk
    transaction.on_commit(lambda: webhooks.queue(season_id, f"{heading}\n{text}"))


def name_of(user_id: int | None) -> str:
    if user_id is None:
        return "nobody"
    return get_user_model().objects.get(pk=user_id).get_username()


def by_name(user_ids: list[int]) -> list[int]:
    """User ids in the order of their names (the same draw on every server)."""
    names = dict(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", "username"))
    return sorted(user_ids, key=lambda uid: names.get(uid, ""))


def decision_rng(decision: Decision, purpose: str) -> random.Random:
    """The decision's own stream, seeded by the match seed and the decision's place in the episode."""
    earlier = Decision.objects.filter(episode_id=decision.episode_id, decider_id=decision.decider_id,
                                      kind=decision.kind, pk__lt=decision.pk).count()
    key = f"{decision.match.seed}:season:{decision.kind}:{name_of(decision.decider_id)}:{earlier}:{purpose}"
    return random.Random(key)


def lock_decision(decision_id: int, *, skip_locked: bool = False) -> Decision | None:
    """The decision and its episode, locked (episode first: every episode write takes that lock)."""
    episode_id = Decision.objects.filter(pk=decision_id).values_list("episode_id", flat=True).first()
    if episode_id is None:
        return None
    episode = Episode.objects.select_for_update(skip_locked=skip_locked).filter(pk=episode_id).first()
    if episode is None:
        return None
    rows = Decision.objects.select_for_update(of=("self",)).select_related("match", "episode__season")
    return rows.get(pk=decision_id)


def decider_is_bot(decision: Decision) -> bool:
    """A bot decides at once: seated as a bot in the match (for an item, in the Main Match of the pick)."""
    match = decision.match
    pick = match.dm_pick if decision.kind == Decision.Kind.GIVE_ITEM else None
    if pick is not None:
        match = pick.match
    seat = match.seats.filter(user_id=decision.decider_id).first()
    return seat is not None and seat.is_bot


def item_title(decision: Decision) -> str:
    """The title of the item a ``give_item`` decision hands out ("" for other decisions)."""
    if decision.kind != Decision.Kind.GIVE_ITEM:
        return ""
    try:
        return dict(spec_of(decision.match.game).offers.death_match_items).get(decision.item, decision.item)
    except KeyError:
        return decision.item


def apply_decision(decision: Decision, choice_id: int | None, *, leave: bool, now: datetime, drawn: bool = False) -> None:
    """Record a decision and its effect: a ToL handed out, a ToL spent to leave, or a pick."""
    episode, season = decision.episode, decision.episode.season
    who = name_of(decision.decider_id)
    late = f"{who} made no choice in time: " if drawn else ""
    if leave:
        TolEntry.objects.create(user_id=decision.decider_id, season=season, match=decision.match, amount=-1,
                                reason=f"spent to leave the Death Match of episode {episode.number}")
        text = f"{who} spends a Token of Life and leaves the Death Match."
    elif decision.kind == Decision.Kind.GIVE_ITEM:
        given = f"{item_title(decision)} was given to {name_of(choice_id)} by {who}"
        text = f"{given} (drawn at random: {who} made no choice in time)." if drawn else f"{given}."
    elif decision.kind == Decision.Kind.GIVE_TOL:
        if choice_id is None:
            raise ServiceError("A Token of Life is given to a player: choose one.", "choice")
        TolEntry.objects.create(user_id=choice_id, season=season, match=decision.match, amount=1,
                                reason=f"given by {who} after {decision.match.title}")
        text = (f"{late}a Token of Life was drawn at random for {name_of(choice_id)}." if drawn
                else f"{who} gives a Token of Life to {name_of(choice_id)}.")
    else:
        text = (f"{late}{name_of(choice_id)} was drawn at random as the Death Match opponent." if drawn
                else f"{who} picks {name_of(choice_id)} as the Death Match opponent.")
    decision.status, decision.decided_at = Decision.Status.DECIDED, now
    decision.choice_id, decision.left, decision.by_default = choice_id, leave, drawn
    decision.save()
    announce(season, episode, text, now)


