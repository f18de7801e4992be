"""Moves answered in place: the page's move form is posted by htmx and answered with the form part (the same
checks and messages as a plain post: the status, the errors beside their fields, the re-rendered form, the answer
line, the seat's board and private parts once saved); a plain post goes to the match page's own address, so a
refused move is shown there, never at a POST-only URL."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from games.engines.runner import bot_move
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of

pytestmark = pytest.mark.django_db

AS_HTMX = {"HTTP_HX_REQUEST": "true"}


def answer_line(page: str) -> str:
    """The text of the answer line (``#move-answer``) of an in-place answer."""
    line = page[page.index('id="move-answer"'):]
    return html.unescape(line[line.index(">") + 1:line.index("</p>")])


def oob_part(page: str, part: str) -> str:
    """The inner HTML of an out-of-band part (``#part-<part>``) of an in-place answer, or "" when not sent."""
    start = page.find(f'<section id="part-{part}" hx-swap-oob="innerHTML">')
    return page[start:page.index("</section>\n", start)] if start >= 0 else ""


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
    assert f'hx-post="{reverse("match", args=[rgb_match.pk])}" hx-target="#part-form"' in page
    assert reverse("match-submit", args=[rgb_match.pk]) not in page


def test_a_move_posted_to_the_match_page_is_saved_and_the_page_follows(client, ana, rgb_match):
    client.force_login(ana)
    url = reverse("match", args=[rgb_match.pk])
    response = client.post(url, {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number})
    assert response.status_code == 302 and response["Location"] == url + "#move-form"
    assert Submission.objects.filter(seat__name="ana", kind="move").count() == 1


def test_a_refused_plain_post_is_shown_at_the_match_pages_own_address(client, ana, rgb_match):
    client.force_login(ana)
    url = reverse("match", args=[rgb_match.pk])
    response = client.post(url, a_refused_move(rgb_match))
    assert response.status_code == 400 and response.request["PATH_INFO"] == url
    page = response.content.decode()
    assert 'class="field-error"' in page and 'id="move-form"' in page
    assert not Submission.objects.filter(seat__name="ana").exists()


def test_a_move_sent_by_htmx_is_answered_with_the_form_part_and_the_updated_saved_line(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    response = client.post(reverse("match", args=[rgb_match.pk]), data, **AS_HTMX)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "<html" not in page and 'id="move-form"' in page  # a partial: the form part, not the page
    assert answer_line(page).startswith("Saved at ") and 'class="msg msg-success"' in page
    assert f'data-answer-seq="{Match.objects.get(pk=rgb_match.pk).seq}"' in page
    assert f'data-answer-phase="{rgb_match.current_phase.number}"' in page
    assert "Your move is in (saved " in page and "you sent" in oob_part(page, "private")
    assert Submission.objects.filter(seat__name="ana", kind="move").count() == 1


def test_a_refused_move_sent_by_htmx_gets_its_errors_beside_the_fields_and_keeps_what_was_typed(client, ana, rgb_match):
    client.force_login(ana)
    data = a_refused_move(rgb_match)
    field = next(k for k in data if k != "phase")
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), data, **AS_HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert 'class="field-error"' in page and f'name="{field}"' in page
    error = html.unescape(page[page.index('class="field-error"'):]).split(">", 1)[1].split("</small>")[0]
    assert error and answer_line(page) == ""  # said beside its field, not again above
    assert 'aria-invalid="true"' in page
    assert oob_part(page, "private") == "" and oob_part(page, "board") == ""
    assert not Submission.objects.filter(seat__name="ana").exists()


def test_a_form_for_a_phase_that_is_over_comes_back_as_the_form_of_the_phase_now_open(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    lifecycle.resolve_now(rgb_match.pk)
    now_open = Match.objects.get(pk=rgb_match.pk).current_phase
    response = client.post(reverse("match", args=[rgb_match.pk]), data, **AS_HTMX)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "That phase is over" in page and 'class="field-error"' not in page  # above the fresh form
    assert f'data-answer-phase="{now_open.number}"' in page
    assert f'name="phase" value="{now_open.number}"' in page


def test_a_one_click_lock_in_by_htmx_answers_with_the_turn_that_follows(client, ana, duel):
    client.force_login(ana)
    phase = duel.current_phase
    response = client.post(reverse("match", args=[duel.pk]), {"phase": phase.number, "tile": "7", "lock": "1"},
                           **AS_HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED  # ana's one click ended her turn
    assert f'data-answer-phase="{phase.number}"' not in page and 'id="move-form"' not in page  # ben's turn now
    assert answer_line(page) == ""  # "Locked in at …" belonged to the turn that is over
    assert f'data-answer-seq="{Match.objects.get(pk=duel.pk).seq}"' in page


def test_someone_without_a_seat_or_signed_out_is_sent_where_a_plain_post_goes(client, make_user, rgb_match):
    data = {"phase": str(rgb_match.current_phase.number)}
    response = client.post(reverse("match", args=[rgb_match.pk]), data, **AS_HTMX)
    assert response.status_code == 200 and response["HX-Redirect"].startswith(reverse("login"))
    plain = client.post(reverse("match", args=[rgb_match.pk]), data)
    assert plain.status_code == 302 and plain["Location"].startswith(reverse("login"))
    assert f"next=/matches/{rgb_match.pk}/" in plain["Location"]  # back to the page, not to a POST-only URL
    client.force_login(make_user("zed"))
    before = Submission.objects.count()
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), data, **AS_HTMX)
    assert response["HX-Redirect"] == reverse("match", args=[rgb_match.pk])
    assert Submission.objects.count() == before
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "You have no seat in this match." in page


def test_a_plain_post_saved_move_is_told_by_the_move_form_where_the_page_opens(client, ana, rgb_match):
    client.force_login(ana)
    data = {**form_data(rgb_match, "ana"), "phase": rgb_match.current_phase.number}
    response = client.post(reverse("match", args=[rgb_match.pk]), data)
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[rgb_match.pk]) + "#move-form"
    page = client.get(response["Location"]).content.decode()
    # The form's own line, which lasts as long as the move is the one in (no message outlives its phase).
    assert "Your move is in (saved " in page and 'id="move-form"' in page
    assert "Saved at " not in page and "msg-move" not in page
