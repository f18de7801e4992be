"""Matches of every game with one real player (``ana``) at a phase where she acts."""

from __future__ import annotations

from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of

SIZES = {"rituals-gone-bad": 7, "trail-trouble": 10, "blob-party": 7, "bigfoot-sighting": 2}
BOT_NAMES = ["bo", "cy", "di", "ed", "flo", "gia", "hal", "ivy", "jo", "kai"]


def match_where_she_acts(game: str, ana, *, others: list | None = None, bot_names: list[str] | None = None) -> Match:
    """A running match of ``game``: ana seated first, then ``others`` (users), then bots; advanced until ana acts."""
    match = lifecycle.create_match(game=game, title=f"{game} test", seed=77, phase_seconds=3600, turn_seconds=60)
    lifecycle.add_seat(match, user=ana)
    for user in others or []:
        lifecycle.add_seat(match, user=user)
    names = bot_names or BOT_NAMES
    for name in names[: SIZES[game] - 1 - len(others or [])]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    engine = engine_of(game)
    for _ in range(12):
        match.refresh_from_db()
        spec = engine.phase(match.state)
        if spec is not None and "ana" in spec.actors:
            return match
        lifecycle.resolve_now(match.pk)
    raise AssertionError(f"ana never acts in {game}")
