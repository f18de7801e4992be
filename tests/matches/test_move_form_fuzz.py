"""Hostile text in every box of a match's move form, posted plainly and through htmx (any code point, lone
surrogates, look-alike digits, mentions, very long runs): an answer with the error beside its field or above the
form, never a 500; a refused move saves nothing, and a late move is refused in words that say so."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.engine_forms.moves import MoveForm
from genius.matches.models import Match, Phase, Submission
from genius.matches.services.engines import engine_of
from tests.security.strategies import FORM, form_body, form_value

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
AS_HTMX = {"HTTP_HX_REQUEST": "true"}


def names_of(match: Match, player: str) -> list[str]:
    engine = engine_of(match.game)
    return [f.name for f in engine.form_fields(match.state, player)] + ["phase", "lock", "action"]


def test_fuzzed_moves_are_answered_beside_their_fields_never_a_500(ana, rgb_match):
    client = Client()
    client.force_login(ana)
    url = reverse("match", args=[rgb_match.pk])
    names = names_of(rgb_match, "ana")

    @FUZZ
    @given(st.dictionaries(st.sampled_from(names), form_value, max_size=len(names)), st.booleans())
    def post(data, htmx):
        response = client.post(url, form_body(data), content_type=FORM, **(AS_HTMX if htmx else {}))
        assert response.status_code in (200, 302, 400), response.status_code
        if response.status_code == 400:
            page = response.content.decode()
            assert 'class="field-error"' in page or 'class="msg msg-error"' in page
            assert not Submission.objects.filter(seat__name="ana").exists()  # refused: nothing saved

    post()


def test_the_engines_check_runs_in_the_forms_clean_and_names_its_field(rgb_match):
    engine = engine_of(rgb_match.game)
    state = Match.objects.get(pk=rgb_match.pk).state
    name = engine.form_fields(state, "ana")[0].name
    form = MoveForm(engine, state, "ana", {name: "@everyone²"})
    assert not form.is_valid() and form.errors
    assert [row["value"] for row in form.rows if row["name"] == name] == ["@everyone²"]  # what was typed is kept


def test_a_late_move_is_refused_with_a_message_that_says_so_and_saves_nothing(client, ana, rgb_match):
    from tests.matches.test_moves_in_place import form_data

    client.force_login(ana)
    phase = rgb_match.current_phase
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=5))
    data = {**form_data(rgb_match, "ana"), "phase": phase.number}
    for extra in ({}, AS_HTMX):
        response = client.post(reverse("match", args=[rgb_match.pk]), data, **extra)
        assert response.status_code == 400 and "Too late" in response.content.decode()
    assert not Submission.objects.filter(seat__name="ana").exists()
