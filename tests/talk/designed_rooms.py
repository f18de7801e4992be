"""A designed room game: four players, two rooms kept by the set-up rules (ana and cy in Red, ben and dee in Blue),
talk only within your room; at the close of the first round the rules swap them (ana and ben in Red, cy and dee
in Blue)."""

from __future__ import annotations

from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.seasons.models import Season
from tests.custom_game_web.conftest import custom_slug

ROOM_DESIGN = {
    "format": 1, "title": "Rooms", "summary": "Talk in your room.", "rules": "Talk only within your room.",
    "min_players": 4, "max_players": 4, "counters": [],
    "setup": 'keep("rooms", {"Red": [players[0], players[2]], "Blue": [players[1], players[3]]})',
    "talk": {"rooms": "rooms", "everyone": False},
    "phases": [{
        "key": "talk", "name": "Talk", "repeat": 3, "seconds": 3600, "actors": "everyone", "close": "rules",
        "rules": 'keep("rooms", {"Red": [players[0], players[1]], "Blue": [players[2], players[3]]})',
        "fields": [{"key": "ok", "label": "Done?", "kind": "yesno", "default": False, "help": ""}],
    }],
}


def room_match(ana, ben, cy, dee) -> Match:
    """The room game running, ana, ben, cy and dee seated in that order."""
    season = Season.objects.create(name="Room season", slug="rooms")
    match = lifecycle.create_match(game=custom_slug(), title="Room game", season=season, seed=7,
                                   phase_seconds=3600, config={"design": ROOM_DESIGN}, seats_wanted=4)
    for user in (ana, ben, cy, dee):
        lifecycle.add_seat(match, user=user)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match
