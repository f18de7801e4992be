"""The designer's row buttons (delete, move up or down of counters, tables, phases and fields) are one view: a
plain post shows the page again with a message; from the page's own buttons (htmx) the same answer redraws the
row's section and the message in place. A refused change saves nothing and says why; any text posted is
answered clearly, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs import editing, services
from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body

pytestmark = pytest.mark.django_db

AS_HTMX = {"HTTP_HX_REQUEST": "true"}
FUZZ = ["²", "\ud800", "uр", "@everyone", "<b>up</b>", "9" * 40, "", "UP"]


def saved(design: GameDesign) -> dict:
    design.refresh_from_db()
    return design.document


def with_a_second_field(design: GameDesign, host) -> GameDesign:
    services.edit(design.pk, host, lambda doc: editing.put_field(
        doc, "round", None, {"label": "Suit", "kind": "choice", "options": ["Red", "Blue"]})[0])
    return design


def test_each_row_button_posts_in_place_and_still_posts_plainly(host_client, host, design):
    with_a_second_field(design, host)
    page = host_client.get(reverse("design-phase", args=[design.pk, "round"])).content.decode()
    url = reverse("design-field-delete", args=[design.pk, "round", "yes"])
    assert f'action="{url}" hx-post="{url}" hx-select="#fields" hx-target="#fields"' in page
    page = host_client.get(reverse("design", args=[design.pk])).content.decode()
    url = reverse("design-phase-delete", args=[design.pk, "round"])
    assert f'action="{url}" hx-post="{url}" hx-select="#phases"' in page


def test_a_field_moved_in_place_redraws_its_section_with_the_message(host_client, host, design):
    with_a_second_field(design, host)
    keys = [f["key"] for f in saved(design)["phases"][0]["fields"]]
    response = host_client.post(reverse("design-field-move", args=[design.pk, "round", keys[1]]), {"to": "up"},
                                follow=True, **AS_HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and 'id="fields"' in page and "The field is moved." in page
    assert [f["key"] for f in saved(design)["phases"][0]["fields"]] == [keys[1], keys[0]]


def test_a_refused_delete_saves_nothing_and_says_why(host_client, design):
    before = saved(design)
    response = host_client.post(reverse("design-phase-delete", args=[design.pk, "round"]), {"confirmed": "yes"},
                                follow=True, **AS_HTMX)
    assert response.status_code == 200 and "Nothing was changed" in response.content.decode()
    assert saved(design) == before  # a design keeps at least one phase


def test_a_row_that_is_gone_is_a_message(host_client, design):
    response = host_client.post(reverse("design-counter-delete", args=[design.pk, "nope"]), follow=True, **AS_HTMX)
    assert response.status_code == 200 and "gone" in response.content.decode()


def test_someone_elses_design_is_refused_and_unchanged(client, make_user, host, design):
    other = make_user("other", staff=True)
    client.force_login(other)
    before = saved(design)
    response = client.post(reverse("design-phase-move", args=[design.pk, "round"]), {"to": "up"}, **AS_HTMX)
    assert response.status_code in (403, 404) and saved(design) == before


@pytest.mark.parametrize("junk", FUZZ)
def test_any_text_in_to_moves_down_or_stays_never_a_500(host_client, host, design, junk):
    with_a_second_field(design, host)
    keys = [f["key"] for f in saved(design)["phases"][0]["fields"]]
    response = host_client.post(reverse("design-field-move", args=[design.pk, "round", keys[0]]),
                                form_body({"to": junk}), content_type=FORM, follow=True, **AS_HTMX)
    assert response.status_code == 200
    assert [f["key"] for f in saved(design)["phases"][0]["fields"]] == [keys[1], keys[0]]  # not "up": down
