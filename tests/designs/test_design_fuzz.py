"""Hostile text in every box of the designer's pages (any code point, lone surrogates, look-alike digits,
mentions, very long runs): a clear answer, never a 500, and what is saved is always a valid design."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.custom_game.document.checks import validate_design
from genius.designs import services
from genius.designs.models import GameDesign
from genius.matches.models import Match
from tests.security.strategies import FORM, form_body, form_value, hostile_text, json_texts

FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
OK = (200, 302, 400)

BASICS = ["title", "summary", "rules", "min_players", "max_players"]
COUNTER = ["label", "start", "visibility"]
PHASE = ["name", "repeat", "hours", "minutes", "until_closed", "actors", "seats"]
FIELD = ["label", "kind", "options", "options_from", "min", "max", "max_length", "min_choices", "max_choices",
         "max_from_counter", "default", "help"]
LOBBY = ["title", "seats_wanted", "season", "phase_hours", "phase_minutes", "bots"]

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


def still_valid(design: GameDesign) -> None:
    design.refresh_from_db()
    assert validate_design(design.document) == design.document
    assert design.title == design.document["title"]


@pytest.mark.parametrize("page, names", [
    ("design-basics", BASICS), ("design-counter-new", COUNTER), ("design-phase-new", PHASE),
    ("design-phase", PHASE), ("design-field-new", FIELD), ("design-field", FIELD),
])
def test_fuzzed_edit_pages_never_fail_and_keep_the_design_valid(logged_in, design, page, names):
    args = {"design-basics": [design.pk], "design-counter-new": [design.pk], "design-phase-new": [design.pk],
            "design-phase": [design.pk, "round"], "design-field-new": [design.pk, "round"],
            "design-field": [design.pk, "round", "yes"]}[page]
    url = reverse(page, args=args)

    @FUZZ
    @given(st.dictionaries(st.sampled_from(names), form_value, max_size=len(names)))
    def post(data):
        response = logged_in.post(url, form_body(data), content_type=FORM)
        assert response.status_code in OK, response.status_code
        still_valid(design)

    post()


def test_a_fuzzed_valid_looking_field_is_saved_normalized_or_refused(logged_in, design):
    url = reverse("design-field-new", args=[design.pk, "round"])

    @FUZZ
    @given(hostile_text, st.sampled_from(["choice", "choices", "text", "yesno", "number"]), hostile_text, hostile_text)
    def post(label, kind, options, default):
        data = {"label": label, "kind": kind, "options": options, "min": "0", "max": "9", "default": default}
        response = logged_in.post(url, form_body(data), content_type=FORM)
        assert response.status_code in OK, response.status_code
        still_valid(design)

    post()


def test_fuzzed_moves_deletes_and_new_designs_never_fail(logged_in, design):
    @FUZZ
    @given(form_value, hostile_text)
    def post(to, title):
        for name, args in (("design-phase-move", [design.pk, "round"]), ("design-field-move", [design.pk, "round", "yes"])):
            response = logged_in.post(reverse(name, args=args), form_body({"to": to}), content_type=FORM)
            assert response.status_code == 302
        response = logged_in.post(reverse("design-template", args=[design.pk]), form_body({"share": to}),
                                  content_type=FORM)
        assert response.status_code == 302
        response = logged_in.post(reverse("design-new"), form_body({"title": title}), content_type=FORM)
        assert response.status_code in OK
        for made in GameDesign.objects.all():
            still_valid(made)

    post()


def test_fuzzed_lobby_posts_never_fail_and_make_nothing_unless_accepted(logged_in, design):
    url = reverse("design-lobby", args=[design.pk])

    @FUZZ
    @given(st.dictionaries(st.sampled_from(LOBBY), form_value, max_size=len(LOBBY)))
    def post(data):
        before = Match.objects.count()
        response = logged_in.post(url, form_body(data), content_type=FORM)
        assert response.status_code in OK, response.status_code
        if response.status_code != 302:
            assert Match.objects.count() == before

    post()


def test_fuzzed_design_settings_on_the_host_form_never_fail(logged_in, design):
    found = services.design_game()
    assert found is not None
    url = reverse("host-new-lobby", args=[found[0]])

    @FUZZ
    @given(form_value, st.sampled_from(["7", "10", "2", "20", "²"]))
    def post(choice, seats):
        before = Match.objects.count()
        data = {"design": choice, "seats_wanted": seats, "phase_hours": "1", "action": "create"}
        response = logged_in.post(url, form_body(data), content_type=FORM)
        assert response.status_code in OK, response.status_code
        if response.status_code != 302:
            assert Match.objects.count() == before

    post()


def test_fuzzed_files_are_refused_clearly_or_imported_valid(logged_in):
    url = reverse("design-import")

    @FUZZ
    @given(st.one_of(json_texts.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=200)))
    def post(content):
        response = logged_in.post(url, {"file": SimpleUploadedFile("x.json", content)})
        assert response.status_code in (302, 400), response.status_code
        for made in GameDesign.objects.all():
            still_valid(made)

    post()


def test_a_fuzzed_design_file_wrapped_as_a_design_is_refused_clearly_or_imported_valid(logged_in):
    url = reverse("design-import")

    @FUZZ
    @given(hostile_text, hostile_text, hostile_text)
    def post(title, phase, option):
        document = {"genius_design": 1, "title": title, "min_players": 2, "max_players": 4, "phases": [
            {"name": phase, "fields": [{"label": option, "kind": "choice", "options": [option, option + "x"]}]}]}
        content = json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")
        response = logged_in.post(url, {"file": SimpleUploadedFile("x.json", content)})
        assert response.status_code in (302, 400), response.status_code
        for made in GameDesign.objects.all():
            still_valid(made)

    post()
