"""A lobby of a design with live turns sets its own turn length and reserve time (RULES.md, "Turns and clocks");
a two-seat match of such a design is a Death Match its players may concede."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from genius.designs import clock, services
from genius.matches.models import Match, Phase
from genius.matches.services import conceding, lifecycle

from .conftest import errors_of

pytestmark = pytest.mark.django_db


def lobby_post(**changes) -> dict:
    data = {"title": "", "seats_wanted": "2", "season": "", "phase_hours": "1", "phase_minutes": "0", "bots": "",
            "turn_seconds": "10", "reserve_seconds": "0"}
    return {**data, **changes}


@pytest.fixture
def black_and_white(host):
    return services.use_shipped(host, "black-and-white")


def started(design, users) -> Match:
    match = services.open_lobby(design, title="", seats_wanted=2, season=None, phase_seconds=3600,
                                turn_seconds=10, reserve=0)
    for user in users:
        lifecycle.join_lobby(match.pk, user)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


def test_a_lobby_of_a_design_with_live_turns_offers_the_designs_turn_length_and_reserve(host_client,
                                                                                       black_and_white):
    page = host_client.get(reverse("design-lobby", args=[black_and_white.pk])).content.decode()
    assert "Turn length (seconds)" in page and 'name="turn_seconds" value="60"' in page
    assert "Reserve time (seconds)" in page and 'name="reserve_seconds" value="300"' in page


def test_a_lobby_of_a_design_without_live_turns_has_no_turn_length(host_client, design):
    page = host_client.get(reverse("design-lobby", args=[design.pk])).content.decode()
    assert "Turn length" not in page and "Reserve time" not in page


def test_the_lobbys_turn_length_and_reserve_replace_the_designs_in_its_copy_only(host_client, black_and_white):
    response = host_client.post(reverse("design-lobby", args=[black_and_white.pk]), lobby_post())
    assert response.status_code == 302, errors_of(response)
    match = Match.objects.get()
    doc = next(iter(match.config.values()))
    assert [p["turn"]["seconds"] for p in doc["phases"]] == [10, 10] and doc.get("reserve", 0) == 0
    assert match.turn_seconds == 10
    black_and_white.refresh_from_db()
    assert [p["turn"]["seconds"] for p in black_and_white.document["phases"]] == [60, 60]
    assert black_and_white.document["reserve"] == 300


@pytest.mark.parametrize("changes, message", [
    ({"turn_seconds": "5"}, "Ensure this value is greater than or equal to 10."),
    ({"turn_seconds": "²"}, "Enter a whole number."),
    ({"reserve_seconds": "-1"}, "Ensure this value is greater than or equal to 0."),
    ({"reserve_seconds": "86401"}, "Ensure this value is less than or equal to 86400."),
])
def test_a_bad_turn_length_or_reserve_is_refused_and_nothing_made(host_client, black_and_white, changes, message):
    response = host_client.post(reverse("design-lobby", args=[black_and_white.pk]), lobby_post(**changes))
    assert response.status_code == 400 and message in errors_of(response), errors_of(response)
    assert not Match.objects.exists()


def test_the_service_refuses_a_turn_shorter_than_ten_seconds_in_words(black_and_white):
    with pytest.raises(services.ServiceError, match="A turn lasts from 10 seconds to an hour."):
        services.open_lobby(black_and_white, title="", seats_wanted=2, season=None, phase_seconds=3600,
                            turn_seconds=9)


def test_a_design_without_live_turns_keeps_its_document_whatever_the_clock(design):
    assert clock.with_clock(design.document, turn_seconds=10, reserve=0) is design.document


def test_the_designed_turn_opens_with_the_lobbys_ten_seconds(black_and_white):
    match = started(black_and_white, [User.objects.create_user("ana"), User.objects.create_user("ben")])
    phase = match.phases.get(status=Phase.Status.OPEN)
    assert phase.kind == "turn" and (phase.deadline - phase.opened_at).total_seconds() == 10


def test_a_two_seat_design_with_live_turns_may_be_conceded_and_the_opponent_wins(black_and_white):
    ana, ben = User.objects.create_user("ana"), User.objects.create_user("ben")
    match = started(black_and_white, [ana, ben])
    assert conceding.may_concede(match, ana) and conceding.may_concede(match, ben)
    match = conceding.concede(match.pk, ben)
    assert match.status == Match.Status.FINISHED and match.placement == {"ana": 1, "ben": 2}
    assert match.outcome["conceded"]["player"] == "ben"
    assert any("ben concedes" in t for t in match.log.values_list("text", flat=True))


def test_a_design_without_live_turns_is_not_conceded(host, design):
    services.edit(design.pk, host, lambda doc: {**doc, "min_players": 2})
    design.refresh_from_db()
    ana, ben = User.objects.create_user("ana"), User.objects.create_user("ben")
    match = started(design, [ana, ben])
    assert not conceding.may_concede(match, ana)
    with pytest.raises(services.ServiceError, match="only a Death Match"):
        conceding.concede(match.pk, ana)
