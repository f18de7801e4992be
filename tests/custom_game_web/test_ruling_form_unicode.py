"""The host's ruling form under hostile text: digits that are not ASCII, lone surrogates, look-alike seat names
and ``@everyone`` get a clear message beside their box (or are kept as text), never a 500, and lose nothing
typed or saved."""

from __future__ import annotations

import re

import pytest
from django.http import QueryDict

from genius.engine_forms.rulings import UNSTORABLE, RulingBoxes
from genius.matches.models import Phase
from genius.matches.services import rulings
from genius.matches.services.engines import engine_of

from .conftest import box, counted, open_phase, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def drafted(ruling_open, client, host):
    """A draft is saved before the hostile posts: none of them may lose it."""
    client.force_login(host)
    client.post(url(ruling_open), counted(ruling_open, {"action": "draft", "announce": "Saved before.", "next": "vote:1"}))
    assert open_phase(ruling_open).ruling_draft["announce"] == "Saved before."
    return ruling_open


def draft_of(match) -> dict:
    return Phase.objects.get(pk=open_phase(match).pk).ruling_draft


@pytest.mark.parametrize("action", ["draft", "preview", "publish"])
@pytest.mark.parametrize("typed", ["²", "３", "٣", "Ⅻ", "1\u200b2"])
def test_a_number_in_other_digits_is_refused_beside_its_box_and_the_draft_is_kept(drafted, client, action, typed):
    data = {"action": action, "announce": "Typed now ²", "seat-1-garnets": typed, "next": "vote:1"}
    response = client.post(url(drafted), counted(drafted, data))
    page = response.content.decode()
    assert response.status_code == 400
    assert 'aria-invalid="true"' in box(page, "seat-1-garnets") and "Garnets of ben" in page
    assert "Typed now ²" in page and f'value="{typed}"' in box(page, "seat-1-garnets")
    assert draft_of(drafted)["announce"] == "Saved before." and open_phase(drafted).kind == "ruling"


@pytest.mark.parametrize("action", ["draft", "preview"])
def test_a_lone_surrogate_sent_as_bytes_is_read_as_a_replacement_never_a_500(drafted, client, action):
    management = "&".join(f"{name}={count}" for name, count in counted(drafted).items())
    body = f"action={action}&next=vote:1&announce=odd%ED%A0%80text&seat-0-private=%ED%B0%80&{management}"
    response = client.post(url(drafted), body, content_type="application/x-www-form-urlencoded")
    assert response.status_code in (200, 302, 400)
    assert open_phase(drafted).kind == "ruling"
    if action == "draft":
        assert "\ufffd" in draft_of(drafted)["announce"]


def test_a_lone_surrogate_in_a_box_is_refused_beside_that_box(ruling_open):
    designed = rulings.ruling_form(ruling_open)
    data = QueryDict(mutable=True)
    data.update(counted(ruling_open, {"announce": "fine", "seat-2-private": "bad \ud800", "next": "vote:1"}))
    form = RulingBoxes(designed, data, engine=engine_of(ruling_open.game), state=ruling_open.state)
    assert not form.is_valid()
    assert form.seats.forms[2].errors["private"] == [UNSTORABLE] and "announce" not in form.errors
    assert form.page()["rows"][2].boxes["private"].errors == [UNSTORABLE]
    assert form.page()["announce"].value == "fine"


@pytest.mark.parametrize("tick", ["actors", "ec", "between", "deciders"])
def test_a_look_alike_seat_name_is_refused_beside_its_ticks(drafted, client, tick):
    look_alike = "\u0430na"  # Cyrillic а, then "na": looks like ana
    next_ = "vote:1" if tick == "actors" else "end"
    data = {"action": "preview", "announce": "Kept ⚑", "next": next_, tick: [look_alike, "ben"], "ec_mode":
            "decide" if tick in ("between", "deciders") else "list"}
    response = client.post(url(drafted), counted(drafted, data))
    page = response.content.decode()
    assert response.status_code == 400
    assert "is not a player of this match" in page and "Kept ⚑" in page
    assert draft_of(drafted)["announce"] == "Saved before."


def test_at_everyone_is_kept_as_text_and_shown_escaped(drafted, client):
    text = "@everyone <b>look</b> @here"
    response = client.post(url(drafted), counted(drafted, {"action": "draft", "announce": text, "seat-1-private": "@everyone",
                                           "next": "vote:1"}), follow=True)
    page = response.content.decode()
    assert response.status_code == 200
    assert draft_of(drafted)["announce"] == text and draft_of(drafted)["private"] == {"ben": "@everyone"}
    assert "&lt;b&gt;look&lt;/b&gt;" in page and "<b>look</b>" not in page
    preview = client.post(url(drafted), counted(drafted, {"action": "preview", "announce": text, "next": "vote:1"}))
    assert preview.status_code == 200 and "@everyone &lt;b&gt;look&lt;/b&gt; @here" in preview.content.decode()


def test_save_draft_answers_in_place_for_htmx_and_keeps_what_was_typed(drafted, client):
    """htmx follows the redirect: the page it gets holds the saved draft in its form and the message."""
    response = client.post(url(drafted), counted(drafted, {"action": "draft", "announce": "In place ²", "next": "vote:1"}),
                           HTTP_HX_REQUEST="true", follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and 'id="ruling-form"' in page and "In place ²" in page
    assert re.search(r"Draft saved at \d\d:\d\d", page)
    refused = client.post(url(drafted), counted(drafted, {"action": "draft", "announce": "Not lost", "seat-0-counter-points": "²",
                                         "next": "vote:1"}), HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "Not lost" in refused.content.decode()
    assert draft_of(drafted)["announce"] == "In place ²"


def test_the_save_draft_button_posts_in_place_and_the_form_works_without_javascript(ruling_open, client, host):
    client.force_login(host)
    page = client.get(url(ruling_open)).content.decode()
    button = re.search(r"<button[^>]*data-save-draft[^>]*>", page).group(0)
    assert 'hx-post="' in button and 'hx-target="#ruling-form"' in button and 'type="submit"' in button
    assert re.search(r'<form id="ruling-form" method="post" action="/matches/\d+/ruling/"', page)


@pytest.mark.parametrize("action", ["draft", "preview", "publish"])
@pytest.mark.parametrize("next_, counts", [
    ("vote:1", {"seat-TOTAL_FORMS": "3"}),
    ("vote:1", {"seat-TOTAL_FORMS": "9" * 40}),
    ("vote:1", {"seat-TOTAL_FORMS": "٧"}),  # 7 in Arabic-Indic digits: not the page's count
    ("vote:1", {"seat-INITIAL_FORMS": "-1"}),
    ("vote:1", {"seat-TOTAL_FORMS": "\ud800"}),
    ("bid:1", {"nf-0-TOTAL_FORMS": "5"}),
    ("end", {"seat-TOTAL_FORMS": ""}),
])
def test_rows_counted_otherwise_than_the_match_are_refused_clearly_and_the_draft_is_kept(drafted, client, action,
                                                                                         next_, counts):
    data = counted(drafted, {"action": action, "announce": "Typed now ²", "seat-1-private": "Kept @everyone",
                             "next": next_, **counts})
    data = {k: v.encode("utf-8", "replace").decode("utf-8") for k, v in data.items()}
    response = client.post(url(drafted), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert "This page was made for another state of the match" in page and "a saved draft is kept" in page
    assert "Typed now ²" in page and "Kept @everyone" in page
    assert re.search(r'name="seat-TOTAL_FORMS" value="7"', page)  # sent again, the page's counts are right
    assert draft_of(drafted)["announce"] == "Saved before." and open_phase(drafted).kind == "ruling"


def test_rows_without_their_management_form_are_refused_clearly_and_the_draft_is_kept(drafted, client):
    response = client.post(url(drafted), {"action": "draft", "announce": "No counts", "seat-0-garnets": "2",
                                          "next": "vote:1"})
    page = response.content.decode()
    assert response.status_code == 400 and "This page was made for another state of the match" in page
    assert 'value="2"' in box(page, "seat-0-garnets") and "No counts" in page
    assert draft_of(drafted)["announce"] == "Saved before."


def test_a_page_sent_back_as_it_was_drawn_saves_its_draft(drafted, client):
    """The page's own hidden counts and boxes, posted back as a browser without JavaScript would."""
    page = client.get(url(drafted)).content.decode()
    sent = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    assert sent["seat-TOTAL_FORMS"] == "7"
    sent.update({"action": "draft", "announce": "From the page", "seat-3-garnets": "-1", "next": "vote:1"})
    assert client.post(url(drafted), sent).status_code == 302
    assert draft_of(drafted)["announce"] == "From the page" and draft_of(drafted)["garnets"] == {"dee": -1}
