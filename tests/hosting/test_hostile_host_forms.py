"""Hostile posts to the generated host pages: a clear refusal, never a 500, nothing kept unless accepted."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.matches.models import Match
from genius.matches.services import lifecycle
from tests.security.strategies import FORM, form_body, form_value

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
FIELDS = ["action", "title", "seats_wanted", "season", "seed", "phase_hours", "phase_minutes", "turn_seconds", "bots",
          "laps", "think", "grace", "mode", "notes", "fast", "first", "order_0", "order_1", "items_0", "items_1"]


@pytest.mark.django_db
def test_fuzzed_new_lobby_posts_of_a_game_with_every_kind_of_setting_never_fail(host, fake_game):
    client = Client()
    client.force_login(host)
    url = reverse("host-new-lobby", args=[fake_game])

    @FUZZ
    @given(st.dictionaries(st.sampled_from(FIELDS), form_value, max_size=6))
    def post(data):
        before = Match.objects.count()
        response = client.post(url, form_body({"action": "create", **data}), content_type=FORM)
        assert response.status_code in (200, 302, 400), response.status_code
        if response.status_code != 302:
            assert Match.objects.count() == before

    post()


@pytest.mark.django_db
def test_fuzzed_lobby_settings_posts_never_fail(host, fake_game):
    client = Client()
    client.force_login(host)
    match = lifecycle.create_match(game=fake_game, seats_wanted=2, seed=1)
    lifecycle.add_seat(match, name="bo", is_bot=True)
    url = reverse("host-lobby-setup", args=[match.pk])

    @FUZZ
    @given(st.dictionaries(st.sampled_from(FIELDS), form_value, max_size=6))
    def post(data):
        response = client.post(url, form_body({"action": "save", **data}), content_type=FORM)
        assert response.status_code in (200, 302, 400), response.status_code

    post()
