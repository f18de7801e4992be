"""Pages as players, spectators and hosts use them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle

pytestmark = pytest.mark.django_db


def test_signing_up_logs_the_player_in(client):
    response = client.post(
        reverse("signup"), {"username": "zoe", "password1": "a-long-pass-42", "password2": "a-long-pass-42"}
    )
    assert response.status_code == 302
    assert client.get(reverse("my-matches")).status_code == 200


def test_signing_up_with_a_short_password_says_what_is_wrong(client):
    response = client.post(reverse("signup"), {"username": "zoe", "password1": "abc", "password2": "abc"})
    assert response.status_code == 400
    assert b"too short" in response.content


def test_home_lists_open_lobbies_and_live_matches(client, rgb_match):
    lobby = lifecycle.create_match(game="rituals-gone-bad", title="Open lobby", seed=3)
    page = client.get(reverse("home")).content.decode()
    assert "Open lobby" in page and rgb_match.title in page
    assert lobby.status == Match.Status.LOBBY


def test_a_player_joins_a_lobby_from_its_page(client, ana):
    lobby = lifecycle.create_match(game="rituals-gone-bad", seed=3)
    client.force_login(ana)
    assert "Take a seat" in client.get(reverse("match", args=[lobby.pk])).content.decode()
    client.post(reverse("match-join", args=[lobby.pk]))
    assert lobby.seats.filter(user=ana).exists()


def test_my_matches_marks_a_move_that_is_owed(client, ana, rgb_match):
    client.force_login(ana)
    page = client.get(reverse("my-matches")).content.decode()
    assert "your move is owed" in page


def test_the_match_page_shows_the_phase_the_countdown_and_the_form(client, ana, rgb_match):
    client.force_login(ana)
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    phase = rgb_match.current_phase
    assert phase.name in page
    assert 'data-deadline="' in page
    assert "Your move is not in yet" in page
    assert "Only you see this" in page


def test_a_spectator_sees_no_form_and_no_private_panel(client, rgb_match):
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "Your move" not in page and "Only you see this" not in page
    assert "a spectator" in page


def form_data(match: Match, name: str) -> dict:
    from games.engines.runner import bot_move
    from genius.matches.services.engines import engine_of

    engine = engine_of(match.game)
    payload = engine.check(match.state, name, bot_move(engine, match.state, 77, engine.phase(match.state), name))
    values = engine.form_initial(match.state, name, payload)
    return {k: v for k, v in values.items() if v is not None}


def test_a_player_submits_through_the_form_and_can_change_it(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), data)
    assert response.status_code == 302
    assert Submission.objects.filter(seat__name="ana", kind="move").count() == 1
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "Your move is in" in page and "you may change it until you lock in or the deadline" in page


def test_a_form_error_is_shown_beside_the_field(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    field = next(iter(k for k in data if k != "phase"))
    data[field] = "nonsense-value"
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), data)
    assert response.status_code == 400
    assert 'class="field-error"' in response.content.decode()
    assert not Submission.objects.filter(seat__name="ana").exists()


def test_a_form_sent_for_a_phase_that_is_over_is_refused(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    lifecycle.resolve_now(rgb_match.pk)
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), data)
    assert response.status_code == 400
    assert "That phase is over" in response.content.decode()


def test_only_the_host_may_export_or_use_the_controls(client, ana, host, rgb_match):
    client.force_login(ana)
    assert client.get(reverse("match-export", args=[rgb_match.pk])).status_code == 404
    assert client.post(reverse("match-control", args=[rgb_match.pk]), {"action": "pause"}).status_code == 404
    client.force_login(host)
    assert client.get(reverse("match-export", args=[rgb_match.pk])).status_code == 200
    client.post(reverse("match-control", args=[rgb_match.pk]), {"action": "pause"})  # only asks to confirm
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.RUNNING
    client.post(reverse("match-control", args=[rgb_match.pk]),
                {"action": "pause", "confirm": "yes", "phase": rgb_match.current_phase.number})
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.PAUSED
    client.post(reverse("match-control", args=[rgb_match.pk]), {"action": "extend", "minutes": "abc"})
    client.post(reverse("match-control", args=[rgb_match.pk]), {"action": "resume"})
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.RUNNING


def test_the_host_page_shows_who_has_submitted_but_not_what(client, host, rgb_match):
    client.force_login(host)
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "Who has submitted" in page and "not yet" in page


def test_admin_actions_and_import_page_work_for_the_host(client, host, rgb_match):
    client.force_login(host)
    url = reverse("admin:games_match_changelist")
    assert client.get(url).status_code == 200
    response = client.post(url, {"action": "resolve_now", "_selected_action": [rgb_match.pk]}, follow=True)
    assert response.status_code == 200 and "Resolve the open phases now?" in response.content.decode()
    assert rgb_match.current_phase.number == 1  # asked to confirm first
    response = client.post(url, {"action": "resolve_now", "_selected_action": [rgb_match.pk], "confirm": "yes",
                                 f"phase-{rgb_match.pk}": 1}, follow=True)
    assert response.status_code == 200
    assert rgb_match.current_phase.number == 2
    assert client.get(reverse("admin:games_match_import")).status_code == 200
    from django.core.files.uploadedfile import SimpleUploadedFile

    bad = SimpleUploadedFile("m.json", b"{nope", content_type="application/json")
    response = client.post(reverse("admin:games_match_import"), {"file": bad, "phase_seconds": 3600})
    assert response.status_code == 400 and "not valid JSON" in response.content.decode()


def test_the_rules_page_of_each_game_is_served(client):
    assert client.get(reverse("rules", args=["rituals-gone-bad"])).status_code == 200
    assert client.get(reverse("rules", args=["chess"])).status_code == 404


def test_the_live_endpoint_gives_the_sequence_and_the_parts(client, rgb_match):
    data = client.get(reverse("match-live", args=[rgb_match.pk])).json()
    assert data["seq"] == Match.objects.get(pk=rgb_match.pk).seq
    assert set(data["parts"]) >= {"status", "board", "announcements"}


def test_the_host_creates_a_lobby_in_the_admin_and_seats_a_player(client, host, ana):
    client.force_login(host)
    response = client.post(
        reverse("admin:games_match_add"),
        {
            "game": "rituals-gone-bad", "title": "Episode 1", "seats_wanted": 7, "seed": "", "config": "{}",
            "phase_seconds": 86400, "turn_seconds": 60, "decision_seconds": 86400, "reminder_lead_seconds": 3600,
            "seats-TOTAL_FORMS": 1, "seats-INITIAL_FORMS": 0, "seats-MIN_NUM_FORMS": 0, "seats-MAX_NUM_FORMS": 1000,
            "seats-0-position": 1, "seats-0-name": "ana", "seats-0-user": ana.pk,
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    match = Match.objects.get(title="Episode 1")
    assert match.status == Match.Status.LOBBY and match.seed > 0
    assert match.seats.get().user == ana


def test_starting_an_unfull_lobby_from_the_admin_says_why(client, host):
    lobby = lifecycle.create_match(game="rituals-gone-bad", title="Half empty", seed=3)
    client.force_login(host)
    response = client.post(
        reverse("admin:games_match_changelist"), {"action": "start", "_selected_action": [lobby.pk]}, follow=True
    )
    assert "0 of 7 seats filled" in response.content.decode()
