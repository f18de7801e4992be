"""The admin's match form checks a lobby as the host pages do: seat counts and config, through the engine."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.matches.models import Match

pytestmark = pytest.mark.django_db

ADD = reverse("admin:games_match_add")


def admin_post(**changes) -> dict:
    data = {"season": "", "game": "rituals-gone-bad", "title": "From the admin", "seats_wanted": "7", "seed": "",
            "config": "{}", "phase_seconds": "86400", "turn_seconds": "60", "decision_seconds": "86400",
            "reminder_lead_seconds": "10800", "seats-TOTAL_FORMS": "0", "seats-INITIAL_FORMS": "0",
            "seats-MIN_NUM_FORMS": "0", "seats-MAX_NUM_FORMS": "1000", "_save": "Save"}
    return {**data, **changes}


def test_the_admin_match_form_checks_seat_counts(client, host):
    client.force_login(host)
    response = client.post(ADD, admin_post(seats_wanted="5"))
    assert response.status_code == 200
    assert "Rituals Gone Bad is played by 7 players, not 5." in response.context["adminform"].form.errors["seats_wanted"]
    assert not Match.objects.exists()
    assert client.post(ADD, admin_post()).status_code == 302
    match = Match.objects.get()
    assert match.seats_wanted == 7 and match.seed > 0 and match.config == {}


def test_the_admin_match_form_lets_the_game_read_its_config(client, host):
    client.force_login(host)
    response = client.post(ADD, admin_post(game="trail-trouble", seats_wanted="10", config='{"forks": "nonsense"}'))
    errors = response.context["adminform"].form.errors["config"]
    assert response.status_code == 200 and errors[0].startswith("forks: give 16 fork lines")
    response = client.post(ADD, admin_post(config='{"colour": "red"}'))
    assert "colour" in response.context["adminform"].form.errors["config"][0]
    response = client.post(ADD, admin_post(config="[1, 2"))
    assert response.context["adminform"].form.errors["config"]
    assert not Match.objects.exists()


def test_the_admin_leaves_the_seat_names_of_a_lobby_not_yet_full_for_the_start(client, host):
    client.force_login(host)
    response = client.post(ADD, admin_post(config='{"leaders": ["zed"]}'))
    assert response.status_code == 302  # who leads is checked against the seats when the match starts
    assert Match.objects.get().config == {"leaders": ["zed"]}


@pytest.mark.parametrize("typed", ["٣", "７", "²", "1e1", "𝟕", "3\u0663"])
def test_the_admin_reads_whole_numbers_in_ascii_digits_only(client, host, typed):
    client.force_login(host)
    response = client.post(ADD, admin_post(turn_seconds=typed, reminder_lead_seconds=typed))
    errors = response.context["adminform"].form.errors
    assert response.status_code == 200 and "turn_seconds" in errors and "reminder_lead_seconds" in errors
    assert not Match.objects.exists()
