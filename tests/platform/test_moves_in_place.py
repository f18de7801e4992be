"""Moves answered in place: the page's script sends the move form by a fetch and gets JSON with the same checks
and messages as a plain post (the status, the field errors, the re-rendered form part); a plain post goes to the
match page's own address, so a refused move is shown there, never at a POST-only URL."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engines.runner import bot_move
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of

pytestmark = pytest.mark.django_db

AS_FETCH = {"HTTP_ACCEPT": "application/json", "HTTP_X_REQUESTED_WITH": "fetch"}


def form_data(match: Match, name: str) -> dict:
    engine = engine_of(match.game)
    payload = engine.check(match.state, name, bot_move(engine, match.state, 77, engine.phase(match.state), name))
    values = engine.form_initial(match.state, name, payload)
    return {k: v for k, v in values.items() if v is not None}


def a_refused_move(match: Match) -> dict:
    data = {**form_data(match, "ana"), "phase": match.current_phase.number}
    data[next(k for k in data if k != "phase")] = "nonsense-value"
    return data


@pytest.fixture
def duel(ana, ben) -> Match:
    """A live Death Match of a game with one-click moves: ana plays first, 10-minute turns."""
    match = lifecycle.create_match(game="black-and-white", seed=5, turn_seconds=600, config={"first": "ana"})
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def test_the_move_form_posts_to_the_match_page_itself(client, ana, rgb_match):
    client.force_login(ana)
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert f'action="{reverse("match", args=[rgb_match.pk])}" data-in-place' in page
    assert reverse("match-submit", args=[rgb_match.pk]) not in page


def test_a_move_posted_to_the_match_page_is_saved_and_the_page_follows(client, ana, rgb_match):
    client.force_login(ana)
    url = reverse("match", args=[rgb_match.pk])
    response = client.post(url, {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number})
    assert response.status_code == 302 and response["Location"] == url
    assert Submission.objects.filter(seat__name="ana", kind="move").count() == 1


def test_a_refused_plain_post_is_shown_at_the_match_pages_own_address(client, ana, rgb_match):
    client.force_login(ana)
    url = reverse("match", args=[rgb_match.pk])
    response = client.post(url, a_refused_move(rgb_match))
    assert response.status_code == 400 and response.request["PATH_INFO"] == url
    page = response.content.decode()
    assert 'class="field-error"' in page and 'id="move-form"' in page
    assert not Submission.objects.filter(seat__name="ana").exists()


def test_a_move_sent_by_fetch_is_answered_with_json_and_the_updated_saved_line(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    response = client.post(reverse("match", args=[rgb_match.pk]), data, **AS_FETCH)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    answer = response.json()
    assert answer["ok"] is True and answer["status"] == "saved" and answer["message"].startswith("Saved at ")
    assert answer["seq"] == Match.objects.get(pk=rgb_match.pk).seq
    assert answer["parts"]["phase"] == str(rgb_match.current_phase.number)
    assert "Your move is in (saved " in answer["parts"]["form"] and "you sent" in answer["parts"]["private"]
    assert Submission.objects.filter(seat__name="ana", kind="move").count() == 1


def test_a_refused_move_sent_by_fetch_gets_its_errors_beside_the_fields_and_keeps_what_was_typed(client, ana, rgb_match):
    client.force_login(ana)
    data = a_refused_move(rgb_match)
    field = next(k for k in data if k != "phase")
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), data, HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    answer = response.json()
    assert answer["ok"] is False and answer["status"] == "refused" and answer["error"]
    assert set(answer["errors"].values()) == {answer["error"]}
    form = answer["parts"]["form"]
    assert 'class="field-error"' in form and answer["error"].split("'")[0] in form
    assert f'name="{field}"' in form
    assert not Submission.objects.filter(seat__name="ana").exists()


def test_a_form_for_a_phase_that_is_over_comes_back_as_the_form_of_the_phase_now_open(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    lifecycle.resolve_now(rgb_match.pk)
    now_open = Match.objects.get(pk=rgb_match.pk).current_phase
    response = client.post(reverse("match", args=[rgb_match.pk]), data, **AS_FETCH)
    assert response.status_code == 400
    answer = response.json()
    assert answer["errors"] == {"__all__": answer["error"]} and "That phase is over" in answer["error"]
    assert answer["parts"]["phase"] == str(now_open.number)
    assert f'name="phase" value="{now_open.number}"' in answer["parts"]["form"]


def test_a_one_click_lock_in_by_fetch_answers_with_the_turn_that_follows(client, ana, duel):
    client.force_login(ana)
    phase = duel.current_phase
    response = client.post(reverse("match", args=[duel.pk]), {"phase": phase.number, "tile": "7", "lock": "1"},
                           **AS_FETCH)
    answer = response.json()
    assert response.status_code == 200 and answer["status"] == "locked" and answer["message"].startswith("Locked in at ")
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED  # ana's one click ended her turn
    assert answer["parts"]["phase"] != str(phase.number) and answer["parts"]["form"].strip() == ""  # ben's turn now
    assert answer["seq"] == Match.objects.get(pk=duel.pk).seq


def test_someone_without_a_seat_or_signed_out_gets_a_json_refusal_never_a_page(client, make_user, rgb_match):
    data = {"phase": str(rgb_match.current_phase.number)}
    response = client.post(reverse("match", args=[rgb_match.pk]), data, **AS_FETCH)
    assert response.status_code == 401 and response.json()["ok"] is False
    plain = client.post(reverse("match", args=[rgb_match.pk]), data)
    assert plain.status_code == 302 and plain["Location"].startswith(reverse("login"))
    assert f"next=/matches/{rgb_match.pk}/" in plain["Location"]  # back to the page, not to a POST-only URL
    client.force_login(make_user("zed"))
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), data, **AS_FETCH)
    assert response.status_code == 403 and response.json() == {"ok": False, "error": "You have no seat in this match."}


def test_a_saved_line_from_a_plain_post_is_marked_so_a_live_page_drops_it_when_the_phase_changes(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    response = client.post(reverse("match", args=[rgb_match.pk]), data, follow=True)
    page = response.content.decode()
    assert 'class="msg msg-move success"' in page and "Saved at " in page
