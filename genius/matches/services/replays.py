"""A drawn Death Match is played again (templates/games/season_rules.html, "A drawn Death Match is played again").

At once, as a new match between the same two players with the same settings and item holders, in a
season or not, until one of them wins. The new match links back to the drawn one (``Match.replay_of``;
the drawn one reaches it as ``played_again_in``). In a season the new match keeps the drawn one's
episode and EC pick, so the season waits for its winner.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from django.utils import timezone

from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import spec_of

#: The title's mark of a match that plays a drawn one again.
AGAIN = " (played again)"
#: Set while a match is played from its record (an imported match file or season archive): a drawn match
#: there is history, whose replay (if any) is in the record too, so none is started.
_RECORDED: ContextVar[bool] = ContextVar("genius_recorded_play", default=False)


@contextmanager
def from_the_record() -> Iterator[None]:
    """Play matches from their record: a draw there starts no new match."""
    token = _RECORDED.set(True)
    try:
        yield
    finally:
        _RECORDED.reset(token)


def is_death_match(match: Match) -> bool:
    """A season's Death Match, or a two-seat match of a game whose spec offers Death Matches."""
    if match.kind == "death":
        return True
    try:
        return spec_of(match.game).offers.death_match and match.seats_wanted == 2
    except KeyError:
        return False


def is_drawn(match: Match) -> bool:
    """A finished Death Match that nobody won."""
    if match.status != Match.Status.FINISHED or not match.outcome or not is_death_match(match):
        return False  # a match with no stored outcome states no draw
    if match.outcome.get("winner") or match.outcome.get("loser"):
        return False
    firsts = [name for name, place in (match.placement or {}).items() if place == 1]
    return len(firsts) != 1


def played_again_in(match: Match) -> Match | None:
    """The match that plays this drawn one again, if any."""
    return Match.objects.filter(replay_of=match).first()


def replay_seed(match: Match) -> int:
    """The new match's seed, drawn from the drawn match's (the same season plays the same way)."""
    return random.Random(f"{match.seed}:played-again").randrange(1, 2**31)


def play_again_if_drawn(match: Match, now: datetime) -> Match | None:
    """The new match playing a drawn Death Match again, started at once (None when it was not drawn)."""
    if _RECORDED.get() or not is_drawn(match) or Match.objects.filter(replay_of=match).exists():
        return None
    base = match.title.removesuffix(AGAIN)
    title = (base[: 120 - len(AGAIN)] + AGAIN)
    again = lifecycle.create_match(
        game=match.game, title=title, season=match.season, seats_wanted=match.seats_wanted,
        seed=replay_seed(match), config=dict(match.config or {}), phase_seconds=match.phase_seconds,
        turn_seconds=match.turn_seconds, decision_seconds=match.decision_seconds, community_id=match.community_id,
        origin=Match.Origin(match.origin),
    )
    again.episode_id, again.kind, again.dm_pick_id, again.replay_of = match.episode_id, match.kind, \
        match.dm_pick_id, match
    again.reminder_lead_seconds = match.reminder_lead_seconds
    again.save(update_fields=["episode", "kind", "dm_pick", "replay_of", "reminder_lead_seconds"])
    for seat in match.seats.order_by("position"):
        again.seats.create(position=seat.position, name=seat.name, user_id=seat.user_id, is_bot=seat.is_bot)
    return lifecycle.start_match(again.pk, now=now)


def on_match_finished(sender: type[Match], match: Match, now: datetime | None = None, **kwargs: object) -> None:
    """``match_finished``, connected in ``MatchesConfig.ready``: a drawn Death Match is played again at once."""
    play_again_if_drawn(match, now or timezone.now())
