"""Death Match items, given by players.

Each item of a season's Death Match (the game's ``offers.death_match_items``) goes to a different player
still in who is not a duelist; each decides by a deadline which duelist receives it (a ``give_item``
decision; silent: drawn at random). Once all are given the match's config names the holders.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import spec_of
from genius.seasons.models import Decision, Episode
from genius.seasons.services.recording import announce, apply_decision, by_name, decider_is_bot, decision_rng, name_of
from genius.seasons.services.standings import players_still_in


def items_key(game: str) -> str:
    """The config key of the game's Death Match items: its ``seat_each`` field over the items (else ``items``)."""
    spec = spec_of(game)
    keys = {k for k, _ in spec.offers.death_match_items}
    field = next((f for f in spec.config if f.kind == "seat_each" and {k for k, _ in f.choices} == keys), None)
    return field.key if field is not None else "items"


def item_givers(season_id: int, duelists: list[int], count: int, seed: int) -> list[int]:
    """Who gives each of ``count`` items: players still in who are not duelists, each a different one (drawn
    from ``seed``); with fewer such players than items, some give two. Empty when nobody else is still in."""
    pool = sorted(p.user_id for p in players_still_in(season_id) if p.user_id not in duelists)
    pool = by_name(pool)
    if not pool:
        return []
    rng = random.Random(f"{seed}:item-givers")
    givers: list[int] = []
    while len(givers) < count:
        givers += rng.sample(pool, min(len(pool), count - len(givers)))
    return givers


def hand_items_to_givers(match: Match, episode: Episode, duelists: list[int], now: datetime) -> None:
    """Each item of a season's Death Match (of ``episode``) to a giver, whose decision opens now (a bot's is
    made at once)."""
    season = episode.season
    items = list(spec_of(match.game).offers.death_match_items)
    givers = item_givers(season.pk, duelists, len(items), match.seed)
    duelists = by_name(duelists)
    if not givers:  # only the duelists are still in: nobody can give, so each item is drawn (as for a silent giver)
        rng = random.Random(f"{match.seed}:items-without-givers")
        given = {key: rng.choice(duelists) for key, _ in items}
        announce(season, episode, "Nobody but the duelists is still in: the Death Match items are drawn. "
                 + " ".join(f"{title} goes to {name_of(given[key])}." for key, title in items), now)
        _set_items(match, episode, given, now)
        return
    rows = [Decision.objects.create(episode=episode, match=match, kind=Decision.Kind.GIVE_ITEM, order=0,
                                    decider_id=giver, item=key, options=duelists, status=Decision.Status.OPEN,
                                    opened_at=now, deadline=now + timedelta(seconds=match.decision_seconds))
            for (key, _), giver in zip(items, givers, strict=True)]
    who = "; ".join(f"{title} by {name_of(giver)}" for (_, title), giver in zip(items, givers, strict=True))
    names = " or ".join(name_of(uid) for uid in duelists)
    announce(season, episode, f"The Death Match items are given by players, each to {names}: {who}.", now)
    for decision in rows:
        if decider_is_bot(decision):
            apply_decision(decision, decision_rng(decision, "bot").choice(duelists), leave=False, now=now)
    items_given(match, episode, now)


def items_given(match: Match, episode: Episode, now: datetime) -> None:
    """Once every item of a Death Match is given: its config names the holders (and it starts if asked to)."""
    rows = list(Decision.objects.filter(match=match, kind=Decision.Kind.GIVE_ITEM))
    if not rows or any(d.status != Decision.Status.DECIDED for d in rows):
        return
    _set_items(match, episode, {d.item: d.choice_id for d in rows if d.choice_id is not None}, now)


def _set_items(match: Match, episode: Episode, given: dict[str, int], now: datetime) -> None:
    """The holders of a Death Match's items into its config, while it waits in its lobby."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.status != Match.Status.LOBBY:
        announce(episode.season, episode, f"{match.title} had started before its items were all given: "
                 "the items it started with stand.", now)
        return
    seats = dict(match.seats.filter(user__isnull=False).values_list("user_id", "name"))
    match.config = {**(match.config or {}), items_key(match.game): {k: seats[uid] for k, uid in given.items()
                                                                       if uid in seats}}
    match.save(update_fields=["config"])
    if match.start_when_items_given:
        try:
            lifecycle.start_match(match.pk, now=now)
        except ServiceError as exc:
            announce(episode.season, episode, f"{match.title} could not start: {exc.message}", now)


