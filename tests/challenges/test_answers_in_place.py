"""Challenge answers from the list's own buttons (htmx): declined or cancelled, the lists and the message are
redrawn in place; accepted, the whole page goes to the match; a refusal is a message, never a 500. The same
buttons work without a script (plain posts, tested in ``test_challenge_pages``)."""

from __future__ import annotations

import pytest

from genius.challenges import services
from genius.challenges.models import Challenge
from genius.matches.models import Match
from tests.challenges.conftest import DM_GAME
from tests.security.strategies import FORM, form_body

pytestmark = pytest.mark.django_db

AS_HTMX = {"HTTP_HX_REQUEST": "true"}
FUZZ = ["²", "\ud800", "аna", "@everyone", "<b>x</b>", "9" * 40, "", " "]


def pending(challenger, to: str = "ben") -> Challenge:
    return services.create_challenge(challenger, to, game=DM_GAME)


def test_the_list_buttons_post_in_place_and_still_post_plainly(client, ana, ben):
    made = pending(ana)
    client.force_login(ben)
    page = client.get("/challenges/").content.decode()
    for action in ("accept", "decline"):
        url = f"/challenges/{made.pk}/{action}/"
        assert f'action="{url}" hx-post="{url}" hx-select="#challenge-lists"' in page
    assert 'id="challenge-lists"' in page and 'id="messages"' in page


def test_declining_in_place_redraws_the_lists_with_the_message(client, ana, ben):
    made = pending(ana)
    client.force_login(ben)
    response = client.post(f"/challenges/{made.pk}/decline/", follow=True, **AS_HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and 'id="challenge-lists"' in page
    assert "You declined ana&#x27;s challenge." in page
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.DECLINED


def test_accepting_in_place_sends_the_whole_page_to_the_match(client, ana, ben):
    made = pending(ana)
    client.force_login(ben)
    response = client.post(f"/challenges/{made.pk}/accept/", **AS_HTMX)
    match = Match.objects.get()
    assert response["HX-Redirect"] == f"/matches/{match.pk}/" and match.status == Match.Status.RUNNING


def test_someone_elses_challenge_answered_in_place_is_a_message_and_changes_nothing(client, ana, ben, cat):
    made = pending(ana)
    client.force_login(cat)
    for action in ("accept", "decline", "cancel"):
        response = client.post(f"/challenges/{made.pk}/{action}/", follow=True, **AS_HTMX)
        assert response.status_code == 200 and 'id="challenge-lists"' in response.content.decode()
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.PENDING and not Match.objects.exists()


@pytest.mark.parametrize("junk", FUZZ)
def test_any_text_posted_with_an_answer_is_ignored_never_a_500(client, ana, ben, junk):
    made = pending(ana)
    client.force_login(ben)
    response = client.post(f"/challenges/{made.pk}/decline/", form_body({"to": junk, "action": junk}),
                           content_type=FORM, follow=True, **AS_HTMX)
    assert response.status_code == 200
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.DECLINED
