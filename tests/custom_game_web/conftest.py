"""Custom games on the site: a three-phase design, a season of seven players, a running match of it.

The site finds the custom game as any game: by its spec (the game whose config has a ``design`` field);
these tests do the same and never write its slug.
"""

from __future__ import annotations

import copy
import json
import re
from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from games.engines.registry import get_engine, slugs
from genius.live import pushes as live
from genius.live.fanout import audience
from genius.matches.models import GarnetEntry, Match, Phase
from genius.matches.services import lifecycle, rulings, submitting
from genius.matches.services.actions import take_action
from genius.seasons.models import Season, SeasonPlayer
from tests.confirmed_emails import confirm

PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]
T0 = datetime(2030, 1, 1, 12, 0, tzinfo=timezone.get_current_timezone())

#: Three phases: a timed choice and bid, a vote the host closes, a final note by the players the host names.
DESIGN = {
    "format": 1,
    "title": "Auction of Secrets",
    "summary": "Bid, vote, confess.",
    "rules": "# Auction of Secrets\n\nBid for secrets, then vote.",
    "min_players": 3,
    "max_players": 10,
    "counters": [
        {"key": "points", "label": "Points", "start": 0, "visibility": "public"},
        {"key": "coins", "label": "Coins", "start": 5, "visibility": "private"},
    ],
    "phases": [
        {"key": "bid", "name": "Bid", "repeat": 1, "seconds": 3600, "actors": "everyone",
         "fields": [
             {"key": "suit", "label": "Suit", "kind": "choice", "options": ["Red", "Blue"], "default": None, "help": ""},
             {"key": "amount", "label": "Your bid", "kind": "number", "min": 0, "max": 10, "default": 0, "help": ""},
         ]},
        {"key": "vote", "name": "Vote", "repeat": 1, "seconds": None, "actors": "everyone",
         "fields": [
             {"key": "who", "label": "Accuse", "kind": "player", "default": None, "help": ""},
             {"key": "sure", "label": "Sure?", "kind": "yesno", "default": False, "help": ""},
         ]},
        {"key": "final", "name": "Final", "repeat": 1, "seconds": 7200, "actors": "named",
         "fields": [
             {"key": "note", "label": "Last words", "kind": "text", "max_length": 280, "default": "", "help": ""},
         ]},
    ],
}


def custom_slug() -> str:
    """The game whose spec takes a host's design (found as the site finds it)."""
    found = [slug for slug in slugs() if any(f.kind == "design" for f in get_engine(slug).spec.config)]
    assert len(found) == 1, found
    return found[0]


def design() -> dict:
    return copy.deepcopy(DESIGN)


def make_users(names=PLAYERS):
    users = get_user_model()
    return {name: users.objects.filter(username=name).first()
            or confirm(users.objects.create_user(username=name, email=f"{name}@example.org", password=f"pw-{name}-123"))
            for name in names}


def make_season(*, garnets: int = 3, webhook_url: str = "", slug: str = "custom") -> Season:
    season = Season.objects.create(name="Custom season", slug=slug, webhook_url=webhook_url)
    for user in make_users().values():
        SeasonPlayer.objects.create(season=season, user=user)
        if garnets:
            GarnetEntry.objects.create(user=user, season=season, amount=garnets, reason="starting wallet")
    return season


def start_custom(*, season: Season | None = None, doc: dict | None = None, now: datetime = T0,
                 phase_seconds: int = 24 * 3600) -> Match:
    """A running custom match of the seven players (in a season when given)."""
    users = make_users()
    match = lifecycle.create_match(game=custom_slug(), title="Auction night", season=season, seats_wanted=len(PLAYERS),
                                   seed=777, config={"design": doc or design()}, phase_seconds=phase_seconds)
    for name in PLAYERS:
        lifecycle.add_seat(match, user=users[name])
    lifecycle.start_match(match.pk, now=now)
    match.refresh_from_db()
    return match


def start_design(doc: dict, names: list[str], *, title: str = "Live night", bots: int = 0,
                 seed: int = 99) -> Match:
    """A running match of a design ``doc`` (a whole document) between the users ``names`` and ``bots`` bots
    (``bot0``…; hour-long phases, started at T0): the matches the actions and trades tests play."""
    users = make_users(names)
    match = lifecycle.create_match(game=custom_slug(), title=title, seats_wanted=len(names) + bots, seed=seed,
                                   config={"design": doc}, phase_seconds=3600)
    for name in names:
        lifecycle.add_seat(match, user=users[name])
    for n in range(bots):
        lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
    lifecycle.start_match(match.pk, now=T0)
    match.refresh_from_db()
    return match


def start_with_bots(doc: dict, *, title: str = "Bots", bots: int = 5) -> Match:
    """A running match of a design ``doc`` between ana and ``bots`` bots (seed 3, hour-long phases)."""
    return start_design(doc, ["ana"], title=title, bots=bots, seed=3)


def take(match: Match, name: str, payload: dict, number: int | None = None) -> list[str]:
    """``name`` takes an action (or a trade) in the open phase (or the phase ``number``), five seconds in."""
    seat = match.seats.select_related("match").get(name=name)
    return take_action(seat, payload, number or open_phase(match).number, now=T0 + timedelta(seconds=5))


def post_action(client, match: Match, name: str, payload: dict | str) -> tuple[int, dict]:
    """``name`` posts ``payload`` (an object, or a text sent as it is) to the action endpoint: (status, JSON)."""
    client.force_login(match.seats.get(name=name).user)
    text = payload if isinstance(payload, str) else json.dumps(payload)
    response = client.post(reverse("match-action", args=[match.pk]),
                           {"phase": str(open_phase(match).number), "payload": text})
    return response.status_code, response.json()


@pytest.fixture
def pushes(monkeypatch):
    """What is pushed after commit, caught: call it with the match (its seats all watching) to get ``(public,
    private)``, the public frames and the messages by seat group."""
    def watch(match: Match) -> tuple[list, dict]:
        seat_ids = set(match.seats.values_list("pk", flat=True))
        public: list = []
        private: dict = {}

        async def capture(messages):
            for group, message in messages:
                private[group] = message

        monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers(seat_ids, False))
        monkeypatch.setattr(live, "_send_all", capture)
        monkeypatch.setattr(live, "_publish", lambda frame: public.append(frame))
        return public, private
    return watch


def open_phase(match: Match) -> Phase:
    match.refresh_from_db()
    return match.phases.exclude(status=Phase.Status.RESOLVED).order_by("-number").first()


def close_players_phase(match: Match, now: datetime = T0) -> Phase:
    """Close the open players' phase (its deadline, or "resolve now" when the host closes it); the ruling opens."""
    phase = open_phase(match)
    assert phase.kind != "ruling"
    if phase.deadline is None:
        lifecycle.resolve_now(match.pk)
    else:
        lifecycle.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1))
    ruling = open_phase(match)
    assert ruling.kind == "ruling", ruling
    return ruling


def publish(match: Match, ruling: dict, host) -> Phase:
    match.refresh_from_db()
    phase = open_phase(match)
    return rulings.publish(match, phase, ruling, host)


@pytest.fixture
def custom_match(db):
    return start_custom()


def url(match) -> str:
    """The host's adjudication page of ``match``."""
    return f"/matches/{match.pk}/ruling/"


@pytest.fixture
def ruling_open(custom_match):
    """ana bid Red 7; the others sent nothing: the host's ruling on Bid is open."""
    submitting.submit(custom_match.seats.get(name="ana"), {"suit": "Red", "amount": 7}, now=T0 + timedelta(minutes=1))
    close_players_phase(custom_match)
    return custom_match


def box(page: str, name: str) -> str:
    """The tag of the input (or textarea) named ``name``."""
    found = re.search(rf'<(?:input|textarea|select)[^>]*name="{re.escape(name)}"[^>]*>', page)
    assert found, name
    return found.group(0)


def counted(match, data: dict | None = None) -> dict:
    """``data`` with the management forms the ruling page sends: its rows (one a seat, one a field of each next
    phase's form) counted as the match's ruling form counts them."""
    designed = rulings.ruling_form(match)
    counts = {"seat": len(designed.players)}
    for j, (value, _) in enumerate(designed.next_options):
        counts[f"nf-{j}"] = len(designed.next_fields.get(value) or [])
    management = {f"{prefix}-{part}": str(count) for prefix, count in counts.items()
                  for part in ("TOTAL_FORMS", "INITIAL_FORMS")}
    return {**management, **(data or {})}
