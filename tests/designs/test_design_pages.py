"""The designer's pages: who may use them, building a design box by box, and every bad design refused
with a clear message next to its box, nothing saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs import services
from genius.designs.models import GameDesign

from .conftest import box_errors, errors_of, text_of

pytestmark = pytest.mark.django_db


def url(name: str, *args) -> str:
    return reverse(name, args=args)


def saved(design: GameDesign) -> dict:
    design.refresh_from_db()
    return design.document


def field_post(**changes) -> dict:
    data = {"label": "Suit", "kind": "choice", "options": "Red\nBlue", "min": "", "max": "", "max_length": "",
            "default": "", "help": ""}
    return {**data, **changes}


def phase_post(**changes) -> dict:
    data = {"name": "Vote", "repeat": "3", "hours": "2", "minutes": "30", "actors": "everyone"}
    return {**data, **changes}


# --- who may use them -------------------------------------------------------------------------------------


def test_the_designer_pages_are_for_hosts_only(client, ana, design):
    pages = [url("designs"), url("design-new"), url("design-import"), url("design", design.pk),
             url("design-basics", design.pk), url("design-phase", design.pk, "round"), url("design-lobby", design.pk)]
    for page in pages:
        assert client.get(page).status_code == 302  # signed out: to log in
    client.force_login(ana)
    for page in pages:
        response = client.get(page)
        assert response.status_code == 403 and "Only hosts" in text_of(response)
    assert client.post(url("design-new"), {"title": "Mine"}).status_code == 403
    assert client.post(url("design-copy", design.pk)).status_code == 403
    assert GameDesign.objects.count() == 1


def test_a_host_sees_their_designs_and_the_templates_of_others_but_not_their_private_designs(
        client, host, make_user, design):
    other = make_user("other", staff=True)
    shared = services.create(other, "Shared one")
    services.set_template(shared.pk, other, True)
    private = services.create(other, "Private one")
    client.force_login(host)
    page = text_of(client.get(url("designs")))
    assert "Auction of Secrets" in page and "Shared one" in page and "Private one" not in page
    assert client.get(url("design", shared.pk)).status_code == 200
    assert client.get(url("design", private.pk)).status_code == 404
    assert client.get(url("design-export", private.pk)).status_code == 404
    assert client.post(url("design-copy", private.pk)).status_code == 404


def test_only_the_owner_edits_a_template_and_anyone_may_copy_it(client, host, make_user, design):
    services.set_template(design.pk, host, True)
    other = make_user("other", staff=True)
    client.force_login(other)
    before = saved(design)
    for page in (url("design-basics", design.pk), url("design-phase-new", design.pk), url("design-counter-new", design.pk),
                 url("design-field-new", design.pk, "round")):
        assert client.get(page).status_code == 403
        assert client.post(page, {"title": "Hijack", "name": "x", "label": "x"}).status_code == 403
    assert client.post(url("design-delete", design.pk)).status_code == 403
    assert client.post(url("design-template", design.pk), {"share": "0"}).status_code == 403
    assert saved(design) == before and GameDesign.objects.get(pk=design.pk).is_template
    response = client.post(url("design-copy", design.pk))
    copy = GameDesign.objects.exclude(pk=design.pk).get()
    assert response.status_code == 302 and copy.owner == other and not copy.is_template
    assert copy.title == "Copy of Auction of Secrets" and copy.document["phases"] == design.document["phases"]
    assert client.get(url("design-basics", copy.pk)).status_code == 200


# --- building a design ------------------------------------------------------------------------------------


def test_a_new_design_starts_from_the_blank_one(host_client):
    response = host_client.post(url("design-new"), {"title": "  Auction  "})
    design = GameDesign.objects.get()
    assert response.status_code == 302 and response["Location"] == url("design", design.pk)
    assert design.title == "Auction" and len(design.document["phases"]) == 1
    page = text_of(host_client.get(url("design", design.pk)))
    assert "Round" in page and "3–10 players" in page


def test_the_basics_are_saved_and_the_rules_shown_as_markdown_with_html_escaped(host_client, design):
    rules = "## How to win\n\nBid **high**. <script>alert(1)</script> [x](javascript:alert(1))"
    response = host_client.post(url("design-basics", design.pk), {
        "title": "Auction ²", "summary": "Bid secretly", "rules": rules, "min_players": "3", "max_players": "7"})
    assert response.status_code == 302
    doc = saved(design)
    assert (doc["title"], doc["min_players"], doc["max_players"]) == ("Auction ²", 3, 7)
    page = host_client.get(url("design", design.pk)).content.decode()
    assert "<strong>high</strong>" in page and "<h2" in page
    assert "<script>alert" not in page and "&lt;script&gt;" in page and "javascript:" not in page


def test_a_counter_is_added_changed_and_deleted(host_client, design):
    response = host_client.post(url("design-counter-new", design.pk),
                                {"label": "Points ✨", "start": "5", "visibility": "private"})
    assert response.status_code == 302
    assert saved(design)["counters"] == [{"key": "points", "label": "Points ✨", "start": 5, "visibility": "private"}]
    host_client.post(url("design-counter", design.pk, "points"), {"label": "Score", "start": "-2", "visibility": "public"})
    assert saved(design)["counters"] == [{"key": "points", "label": "Score", "start": -2, "visibility": "public"}]
    host_client.post(url("design-counter-delete", design.pk, "points"))
    assert saved(design)["counters"] == []


def test_a_phase_is_added_with_a_first_field_then_changed_moved_and_deleted(host_client, design):
    response = host_client.post(url("design-phase-new", design.pk), phase_post())
    assert response.status_code == 302 and response["Location"] == url("design-phase", design.pk, "vote")
    vote = saved(design)["phases"][1]
    assert (vote["name"], vote["repeat"], vote["seconds"], vote["actors"]) == ("Vote", 3, 9000, "everyone")
    assert len(vote["fields"]) == 1
    host_client.post(url("design-phase", design.pk, "vote"),
                     phase_post(until_closed="on", actors="seats", seats=["3", "1"]))
    vote = saved(design)["phases"][1]
    assert vote["seconds"] is None and vote["actors"] == "seats" and vote["seats"] == [1, 3]
    assert "until the host closes it" in text_of(host_client.get(url("design", design.pk)))
    host_client.post(url("design-phase-move", design.pk, "vote"), {"to": "up"})
    assert [p["key"] for p in saved(design)["phases"]] == ["vote", "round"]
    host_client.post(url("design-phase-move", design.pk, "vote"), {"to": "up"})  # at the top it stays
    assert [p["key"] for p in saved(design)["phases"]] == ["vote", "round"]
    host_client.post(url("design-phase-move", design.pk, "vote"), {"to": "down"})
    host_client.post(url("design-phase-delete", design.pk, "vote"), {"confirmed": "yes"})
    assert [p["key"] for p in saved(design)["phases"]] == ["round"]


@pytest.mark.parametrize("kind, extra, expected", [
    ("choice", {"options": "Red\n\nBlue\n", "default": "Blue"}, {"options": ["Red", "Blue"], "default": "Blue"}),
    ("choices", {"options": "a\nb\nc", "default": "c\na"}, {"options": ["a", "b", "c"], "default": ["a", "c"]}),
    ("number", {"min": "-3", "max": "10", "default": "0"}, {"min": -3, "max": 10, "default": 0}),
    ("number", {"min": "0", "max": "10", "default": ""}, {"min": 0, "max": 10, "default": None}),
    ("text", {"max_length": "50", "default": "nothing"}, {"max_length": 50, "default": "nothing"}),
    ("player", {}, {"default": None}),
    ("players", {}, {"default": []}),
    ("yesno", {"default": "yes"}, {"default": True}),
])
def test_each_kind_of_field_is_saved_with_its_own_parts(host_client, design, kind, extra, expected):
    response = host_client.post(url("design-field-new", design.pk, "round"),
                                field_post(**{"label": "Question", "kind": kind, "options": "", **extra}))
    assert response.status_code == 302, errors_of(response)
    field = saved(design)["phases"][0]["fields"][1]
    assert field["key"] == "question" and field["kind"] == kind
    assert {k: field[k] for k in expected} == expected


def test_fields_are_changed_moved_and_deleted_but_never_the_last_one(host_client, design):
    host_client.post(url("design-field-new", design.pk, "round"), field_post())
    host_client.post(url("design-field", design.pk, "round", "suit"), field_post(label="Colour", options="Green"))
    fields = saved(design)["phases"][0]["fields"]
    assert [f["key"] for f in fields] == ["yes", "suit"] and fields[1]["label"] == "Colour"
    host_client.post(url("design-field-move", design.pk, "round", "suit"), {"to": "up"})
    assert [f["key"] for f in saved(design)["phases"][0]["fields"]] == ["suit", "yes"]
    host_client.post(url("design-field-delete", design.pk, "round", "yes"))
    response = host_client.post(url("design-field-delete", design.pk, "round", "suit"), follow=True)
    assert [f["key"] for f in saved(design)["phases"][0]["fields"]] == ["suit"]
    assert any("a phase needs at least one field" in e for e in errors_of(response))


# --- bad designs: a clear message next to its box, nothing saved --------------------------------------------


@pytest.mark.parametrize("post, box, message", [
    (field_post(options=""), "options", "A choice needs at least one option"),
    (field_post(kind="choices", options="  \n"), "options", "A choice needs at least one option"),
    (field_post(options="Red\nred"), "options", "Options must differ"),
    (field_post(kind="number", options="", min="5", max="2"), "min", "The lowest number (5) is above the highest (2)"),
    (field_post(kind="number", options="", min="", max="2"), "min", "The lowest number must be a whole number"),
    (field_post(kind="number", options="", min="0", max="9", default="٣"), "default", "not a whole number"),
    (field_post(default="Green"), "default", "is not one of the options"),
    (field_post(label="   "), "label", "The label is empty"),
    (field_post(kind="text", options="", max_length="5000"), "max_length", "The longest answer must be between 1 and 2000"),
])
def test_a_bad_field_is_refused_with_its_message_beside_its_box(host_client, design, post, box, message):
    before = saved(design)
    response = host_client.post(url("design-field-new", design.pk, "round"), post)
    assert response.status_code == 400
    assert any(message in e for e in box_errors(response, box)), (box_errors(response, box), errors_of(response))
    assert "Nothing was saved" in text_of(response)
    assert saved(design) == before


def test_a_bad_change_of_an_existing_field_keeps_what_was_typed_and_the_saved_field(host_client, design):
    host_client.post(url("design-field-new", design.pk, "round"), field_post())
    before = saved(design)
    response = host_client.post(url("design-field", design.pk, "round", "suit"), field_post(options="", label="Kept"))
    assert response.status_code == 400 and 'value="Kept"' in response.content.decode()
    assert saved(design) == before


@pytest.mark.parametrize("post, box, message", [
    (phase_post(name=""), "name", "The name is empty"),
    (phase_post(repeat="51"), "repeat", "The number of rounds must be between 1 and 50"),
    (phase_post(hours="0", minutes="0"), "hours", "A phase lasts from 1 minute to 30 days"),
    (phase_post(hours="721"), "hours", "A phase lasts from 1 minute to 30 days"),
    (phase_post(actors="seats"), "seats", "Choose at least one seat"),
])
def test_a_bad_phase_is_refused_with_its_message_beside_its_box(host_client, design, post, box, message):
    before = saved(design)
    response = host_client.post(url("design-phase-new", design.pk), post)
    assert response.status_code == 400
    assert any(message in e for e in box_errors(response, box)), (box_errors(response, box), errors_of(response))
    assert saved(design) == before


def test_the_first_phase_cannot_wait_for_the_host_to_name_its_players(host_client, design):
    response = host_client.post(url("design-phase", design.pk, "round"), phase_post(name="Round", actors="named"))
    assert response.status_code == 400
    assert any("The first phase cannot wait for the host to name its players" in e
               for e in box_errors(response, "actors"))


def test_a_seat_number_above_the_most_players_is_refused(host_client, design):
    host_client.post(url("design-phase", design.pk, "round"), phase_post(name="Round", actors="seats", seats=["9"]))
    before = saved(design)
    response = host_client.post(url("design-basics", design.pk), {
        "title": "Auction", "summary": "", "rules": "", "min_players": "3", "max_players": "5"})
    assert response.status_code == 400
    assert any("a seat number must be between 1 and 5" in e for e in errors_of(response)), errors_of(response)
    assert saved(design) == before


@pytest.mark.parametrize("post, box, message", [
    ({"min_players": "1", "max_players": "5"}, "min_players", "At least 2 players"),
    ({"min_players": "6", "max_players": "4"}, "min_players", "Min players above max"),
    ({"min_players": "2", "max_players": "21"}, "max_players", "At most 20 players"),
    ({"min_players": "²", "max_players": "4"}, "min_players", "Enter a whole number"),
    ({"title": "", "min_players": "2", "max_players": "4"}, "title", "The title is empty"),
    ({"title": "x" * 81, "min_players": "2", "max_players": "4"}, "title", "The title is at most 80 characters"),
    ({"title": "a\x01b", "min_players": "2", "max_players": "4"}, "title", "control character"),
])
def test_bad_basics_are_refused_beside_their_box(host_client, design, post, box, message):
    before = saved(design)
    response = host_client.post(url("design-basics", design.pk), {"title": "T", "summary": "", "rules": "", **post})
    assert response.status_code == 400
    assert any(message in e for e in box_errors(response, box)), (box_errors(response, box), errors_of(response))
    assert saved(design) == before


def test_a_bad_counter_is_refused_beside_its_box(host_client, design):
    response = host_client.post(url("design-counter-new", design.pk),
                                {"label": "", "start": "0", "visibility": "public"})
    assert response.status_code == 400 and any("The label is empty" in e for e in box_errors(response, "label"))
    response = host_client.post(url("design-counter-new", design.pk),
                                {"label": "Coins", "start": str(10**10), "visibility": "public"})
    assert response.status_code == 400 and any("The start value must be between" in e
                                               for e in box_errors(response, "start"))
    assert saved(design)["counters"] == []


def test_deleting_the_only_phase_is_refused_with_a_message(host_client, design):
    response = host_client.post(url("design-phase-delete", design.pk, "round"), {"confirmed": "yes"}, follow=True)
    assert any("a design needs at least one phase" in e for e in errors_of(response)), errors_of(response)
    assert len(saved(design)["phases"]) == 1


def test_unknown_parts_of_a_design_send_the_host_back_to_it(host_client, design):
    for page in (url("design-phase", design.pk, "nope"), url("design-field", design.pk, "round", "nope"),
                 url("design-field-new", design.pk, "nope"), url("design-counter", design.pk, "nope")):
        assert host_client.get(page).status_code == 302
    response = host_client.post(url("design-field-delete", design.pk, "round", "nope"), follow=True)
    assert response.status_code == 200 and "gone" in text_of(response)
    assert host_client.get(url("design", 999999)).status_code == 404


# --- templates and deleting -------------------------------------------------------------------------------


def test_save_as_template_shares_it_and_stop_sharing_takes_it_back(client, host, make_user, design):
    client.force_login(host)
    client.post(url("design-template", design.pk), {"share": "1"})
    assert GameDesign.objects.get(pk=design.pk).is_template
    other = make_user("other", staff=True)
    client.force_login(other)
    assert "Auction of Secrets" in text_of(client.get(url("designs")))
    client.force_login(host)
    client.post(url("design-template", design.pk), {"share": "0"})
    client.force_login(other)
    assert "Auction of Secrets" not in text_of(client.get(url("designs")))


def test_the_owner_deletes_a_design(host_client, design):
    response = host_client.post(url("design-delete", design.pk))
    assert response.status_code == 302 and not GameDesign.objects.exists()


def test_the_host_pages_link_to_the_game_designs(host_client):
    assert url("designs") in host_client.get(url("host-index")).content.decode()
    assert url("designs") in host_client.get(reverse("home")).content.decode()
