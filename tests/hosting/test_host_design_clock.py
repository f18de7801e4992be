"""The generic host pages offer a design's lobby clock (RULES.md, "Turns and clocks": "A lobby's own clock") as
the design's own lobby page does: the turn length and reserve time of a design with live turns, set in the
lobby's copy of the design only, checked by the same service."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.urls import reverse

from games.engines.registry import get_engine, slugs
from genius.designs import services as designs
from genius.matches.models import Match

pytestmark = pytest.mark.django_db


def design_game() -> str:
    """The game whose config takes a design (found by its spec, as the site finds it)."""
    return next(slug for slug in slugs() if any(f.kind == "design" for f in get_engine(slug).spec.config))


def design_key() -> str:
    return next(f.key for f in get_engine(design_game()).spec.config if f.kind == "design")


def new_form(design_pk: int, **changes: Any) -> dict[str, Any]:
    data = {"title": "", "seats_wanted": "2", "season": "", "phase_hours": "24", "phase_minutes": "0", "seed": "5",
            "bots": "", "action": "create", design_key(): str(design_pk), "turn_seconds": "15",
            "reserve_seconds": "45"}
    return {**data, **changes}


def errors(response) -> dict[str, list[str]]:
    return {k: [str(e) for e in v] for k, v in response.context["form"].errors.items()}


@pytest.fixture
def black_and_white(host):
    return designs.use_shipped(host, "black-and-white")


@pytest.fixture
def plain_design(host):
    """A design of the host's with no live turns, for 2 to 10 players."""
    design = designs.create(host, "Friday game")
    return designs.edit(design.pk, host, lambda doc: {**doc, "min_players": 2})


def test_the_new_lobby_page_of_the_design_game_offers_a_turn_length_and_reserve(client, host):
    client.force_login(host)
    page = html.unescape(client.get(reverse("host-new-lobby", args=[design_game()])).content.decode())
    assert "Turn length (seconds)" in page and "Reserve time (seconds)" in page
    assert "For a design with live turns" in page and "Empty: the design's own." in page


def test_a_game_without_designs_shows_no_reserve(client, host):
    client.force_login(host)
    other = next(slug for slug in slugs() if slug != design_game())
    assert 'name="reserve_seconds"' not in client.get(reverse("host-new-lobby", args=[other])).content.decode()


def test_the_lobby_created_from_the_host_page_carries_its_own_clock_in_its_copy_only(client, host, black_and_white):
    client.force_login(host)
    response = client.post(reverse("host-new-lobby", args=[design_game()]), new_form(black_and_white.pk))
    assert response.status_code == 302, errors(response)
    match = Match.objects.get()
    doc = match.config[design_key()]
    assert [p["turn"]["seconds"] for p in doc["phases"]] == [15, 15] and doc["reserve"] == 45
    assert match.turn_seconds == 15
    black_and_white.refresh_from_db()
    assert [p["turn"]["seconds"] for p in black_and_white.document["phases"]] == [60, 60]


def test_left_empty_the_design_keeps_its_own_clock(client, host, black_and_white):
    client.force_login(host)
    response = client.post(reverse("host-new-lobby", args=[design_game()]),
                           new_form(black_and_white.pk, turn_seconds="", reserve_seconds=""))
    assert response.status_code == 302, errors(response)
    assert Match.objects.get().config[design_key()] == black_and_white.document


def test_a_design_without_live_turns_is_unchanged_by_the_clock(client, host, plain_design):
    client.force_login(host)
    response = client.post(reverse("host-new-lobby", args=[design_game()]), new_form(plain_design.pk))
    assert response.status_code == 302, errors(response)
    assert Match.objects.get().config[design_key()] == plain_design.document


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"turn_seconds": "9"}, "turn_seconds", "greater than or equal to 10"),
    ({"turn_seconds": "²"}, "turn_seconds", "Enter a whole number."),
    ({"reserve_seconds": "-1"}, "reserve_seconds", "greater than or equal to 0"),
    ({"reserve_seconds": "86401"}, "reserve_seconds", "less than or equal to 86400"),
])
def test_a_bad_turn_length_or_reserve_is_refused_beside_its_field_and_nothing_made(client, host, black_and_white,
                                                                                   changes, field, words):
    client.force_login(host)
    response = client.post(reverse("host-new-lobby", args=[design_game()]), new_form(black_and_white.pk, **changes))
    assert response.status_code == 400 and any(words in e for e in errors(response)[field]), errors(response)
    assert not Match.objects.exists()


def test_the_service_both_pages_use_refuses_out_of_bounds_numbers_in_words(black_and_white):
    with pytest.raises(designs.ServiceError, match="A turn lasts from 10 seconds to an hour."):
        designs.lobby_clocked(black_and_white.document, turn_seconds=3601, reserve=None)
    with pytest.raises(designs.ServiceError, match="Reserve time is from 0 seconds to a day."):
        designs.lobby_clocked(black_and_white.document, turn_seconds=None, reserve=-1)


def test_the_lobby_settings_page_shows_and_changes_the_lobbys_clock(client, host, black_and_white):
    client.force_login(host)
    client.post(reverse("host-new-lobby", args=[design_game()]), new_form(black_and_white.pk))
    match = Match.objects.get()
    url = reverse("host-lobby-setup", args=[match.pk])
    page = client.get(url).content.decode()
    assert 'name="turn_seconds" value="15"' in page and 'name="reserve_seconds" value="45"' in page
    response = client.post(url, {design_key(): "current", "bots": "", "turn_seconds": "20", "reserve_seconds": "0",
                                 "action": "save"})
    assert response.status_code == 302, errors(response)
    match.refresh_from_db()
    doc = match.config[design_key()]
    assert [p["turn"]["seconds"] for p in doc["phases"]] == [20, 20] and doc["reserve"] == 0
