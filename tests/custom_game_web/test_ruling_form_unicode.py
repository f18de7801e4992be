"""The host's ruling form under hostile text: digits that are not ASCII, lone surrogates, look-alike seat names
and ``@everyone`` get a clear message beside their box (or are kept as text), never a 500, and lose nothing
typed or saved."""

from __future__ import annotations

import re

import pytest
from django.http import QueryDict

from genius.forms.rulings import UNSTORABLE, RulingBoxes
from genius.matches.models import Phase
from genius.matches.services import rulings
from genius.matches.services.engines import engine_of

from .conftest import box, open_phase, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def drafted(ruling_open, client, host):
    """A draft is saved before the hostile posts: none of them may lose it."""
    client.force_login(host)
    client.post(url(ruling_open), {"action": "draft", "announce": "Saved before.", "next": "vote:1"})
    assert open_phase(ruling_open).ruling_draft["announce"] == "Saved before."
    return ruling_open


def draft_of(match) -> dict:
    return Phase.objects.get(pk=open_phase(match).pk).ruling_draft


@pytest.mark.parametrize("action", ["draft", "preview", "publish"])
@pytest.mark.parametrize("typed", ["²", "３", "٣", "Ⅻ", "1\u200b2"])
def test_a_number_in_other_digits_is_refused_beside_its_box_and_the_draft_is_kept(drafted, client, action, typed):
    data = {"action": action, "announce": "Typed now ²", "garnets-1": typed, "next": "vote:1"}
    response = client.post(url(drafted), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert 'aria-invalid="true"' in box(page, "garnets-1") and "Garnets of ben" in page
    assert "Typed now ²" in page and f'value="{typed}"' in box(page, "garnets-1")
    assert draft_of(drafted)["announce"] == "Saved before." and open_phase(drafted).kind == "ruling"


@pytest.mark.parametrize("action", ["draft", "preview"])
def test_a_lone_surrogate_sent_as_bytes_is_read_as_a_replacement_never_a_500(drafted, client, action):
    body = f"action={action}&next=vote:1&announce=odd%ED%A0%80text&private-0=%ED%B0%80"
    response = client.post(url(drafted), body, content_type="application/x-www-form-urlencoded")
    assert response.status_code in (200, 302, 400)
    assert open_phase(drafted).kind == "ruling"
    if action == "draft":
        assert "\ufffd" in draft_of(drafted)["announce"]


def test_a_lone_surrogate_in_a_box_is_refused_beside_that_box(ruling_open):
    designed = rulings.ruling_form(ruling_open)
    data = QueryDict(mutable=True)
    data.update({"announce": "fine", "private-2": "bad \ud800", "next": "vote:1"})
    form = RulingBoxes(designed, data, engine=engine_of(ruling_open.game), state=ruling_open.state)
    assert not form.is_valid()
    assert form.errors["private-2"] == [UNSTORABLE] and "announce" not in form.errors
    assert form.page()["rows"][2].private.error == UNSTORABLE
    assert form.page()["announce"].value == "fine"


@pytest.mark.parametrize("tick", ["actors", "ec", "between", "deciders"])
def test_a_look_alike_seat_name_is_refused_beside_its_ticks(drafted, client, tick):
    look_alike = "\u0430na"  # Cyrillic а, then "na": looks like ana
    next_ = "vote:1" if tick == "actors" else "end"
    data = {"action": "preview", "announce": "Kept ⚑", "next": next_, tick: [look_alike, "ben"], "ec_mode":
            "decide" if tick in ("between", "deciders") else "list"}
    response = client.post(url(drafted), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert "is not a player of this match" in page and "Kept ⚑" in page
    assert draft_of(drafted)["announce"] == "Saved before."


def test_at_everyone_is_kept_as_text_and_shown_escaped(drafted, client):
    text = "@everyone <b>look</b> @here"
    response = client.post(url(drafted), {"action": "draft", "announce": text, "private-1": "@everyone",
                                           "next": "vote:1"}, follow=True)
    page = response.content.decode()
    assert response.status_code == 200
    assert draft_of(drafted)["announce"] == text and draft_of(drafted)["private"] == {"ben": "@everyone"}
    assert "&lt;b&gt;look&lt;/b&gt;" in page and "<b>look</b>" not in page
    preview = client.post(url(drafted), {"action": "preview", "announce": text, "next": "vote:1"})
    assert preview.status_code == 200 and "@everyone &lt;b&gt;look&lt;/b&gt; @here" in preview.content.decode()


def test_save_draft_answers_in_place_for_htmx_and_keeps_what_was_typed(drafted, client):
    """htmx follows the redirect: the page it gets holds the saved draft in its form and the message."""
    response = client.post(url(drafted), {"action": "draft", "announce": "In place ²", "next": "vote:1"},
                           HTTP_HX_REQUEST="true", follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and 'id="ruling-form"' in page and "In place ²" in page
    assert re.search(r"Draft saved at \d\d:\d\d", page)
    refused = client.post(url(drafted), {"action": "draft", "announce": "Not lost", "counter-0-points": "²",
                                         "next": "vote:1"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "Not lost" in refused.content.decode()
    assert draft_of(drafted)["announce"] == "In place ²"


def test_the_save_draft_button_posts_in_place_and_the_form_works_without_javascript(ruling_open, client, host):
    client.force_login(host)
    page = client.get(url(ruling_open)).content.decode()
    button = re.search(r"<button[^>]*data-save-draft[^>]*>", page).group(0)
    assert 'hx-post="' in button and 'hx-target="#ruling-form"' in button and 'type="submit"' in button
    assert re.search(r'<form id="ruling-form" method="post" action="/matches/\d+/ruling/"', page)
