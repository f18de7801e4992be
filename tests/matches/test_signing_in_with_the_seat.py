"""A move signs its player in with the seat's row (one query reads the seat, its match and its holder): Django's
checks of the session still hold, and whatever they refuse is left to Django, which signs the request out."""

from __future__ import annotations

import pytest
from django.contrib.auth import HASH_SESSION_KEY
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engines.protocol import Field
from games.engines.registry import get_engine
from games.engines.runner import bot_move
from genius.accounts import signed_in
from genius.matches import move_fields as move_fields_module
from genius.matches.models import Submission
from genius.matches.move_fields import move_fields

pytestmark = pytest.mark.django_db


def posted_move(match, name: str) -> dict[str, str]:
    """The match form's fields for a legal move of ``name`` in the open phase."""
    engine = get_engine(match.game)
    spec = engine.phase(match.state)
    payload = bot_move(engine, match.state, match.seed, spec, name)
    fields = {"phase": str(spec.number)}
    for key, value in payload.items():
        fields[key] = ",".join(map(str, value)) if isinstance(value, list) else str(value)
    return fields


def signed_in_page(client, user, match) -> None:
    """``user`` signed in with the match page open once (the session keeps the viewer's zone from then on)."""
    client.force_login(user)
    assert client.get(reverse("match", args=[match.pk])).status_code == 200


def test_a_move_reads_its_player_with_the_seat_and_makes_no_query_of_its_own_for_the_user(client, ana, rgb_match):
    signed_in_page(client, ana, rgb_match)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("match-submit", args=[rgb_match.pk]), posted_move(rgb_match, "ana"))
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[rgb_match.pk]) + "#move-form"
    assert Submission.objects.filter(seat__match=rgb_match, seat__name="ana", kind=Submission.Kind.MOVE).exists()
    users_read = [q["sql"] for q in queries.captured_queries if 'FROM "auth_user"' in q["sql"]]
    assert users_read == [], users_read
    assert any('JOIN "auth_user"' in q["sql"] for q in queries.captured_queries), "the seat read brings the user"


def test_a_password_changed_since_signing_in_signs_the_move_out(client, ana, rgb_match):
    signed_in_page(client, ana, rgb_match)
    ana.set_password("a whole new secret ²")
    ana.save()
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), posted_move(rgb_match, "ana"))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert not Submission.objects.filter(seat__match=rgb_match, seat__name="ana", kind=Submission.Kind.MOVE).exists()
    assert HASH_SESSION_KEY not in client.session, "Django flushed the session"


def test_a_deactivated_player_cannot_send_a_move(client, ana, rgb_match):
    signed_in_page(client, ana, rgb_match)
    ana.is_active = False
    ana.save()
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), posted_move(rgb_match, "ana"))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert not Submission.objects.filter(seat__match=rgb_match, seat__name="ana", kind=Submission.Kind.MOVE).exists()


def test_a_session_signed_under_the_previous_secret_still_sends_the_move(client, ana, rgb_match):
    with override_settings(SECRET_KEY="the-previous-secret-of-this-site-0123456789-abcdefghij"):
        signed_in_page(client, ana, rgb_match)
    with override_settings(SECRET_KEY="the-new-secret-of-this-site-0123456789-abcdefghijklm",
                           SECRET_KEY_FALLBACKS=["the-previous-secret-of-this-site-0123456789-abcdefghij"]):
        response = client.post(reverse("match-submit", args=[rgb_match.pk]), posted_move(rgb_match, "ana"))
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[rgb_match.pk]) + "#move-form"
    assert Submission.objects.filter(seat__match=rgb_match, seat__name="ana", kind=Submission.Kind.MOVE).exists()


def test_a_user_row_for_someone_else_than_the_session_names_is_refused(rf, ana, ben):
    request = rf.get("/")
    request.session = {"_auth_user_id": str(ana.pk)}  # type: ignore[assignment]
    assert signed_in.session_user_id(request) == ana.pk
    assert not signed_in.sign_in_with(request, ben)
    request.session = {"_auth_user_id": "not a number @everyone"}  # type: ignore[assignment]
    assert signed_in.session_user_id(request) is None


def test_move_fields_are_worked_out_once_per_state_version_and_player(monkeypatch):
    monkeypatch.setattr(move_fields_module, "_FIELDS", type(move_fields_module._FIELDS)(8))
    calls = []

    class Counting:
        def form_fields(self, state, player):
            calls.append((state["n"], player))
            return [Field(f"f{state['n']}", "Pick", "text")]

    engine = Counting()
    assert move_fields(engine, {"n": 1}, "ana", (7, "v1")) == (Field("f1", "Pick", "text"),)
    assert move_fields(engine, {"n": 1}, "ana", (7, "v1")) == (Field("f1", "Pick", "text"),)
    assert move_fields(engine, {"n": 1}, "ben", (7, "v1"))
    assert move_fields(engine, {"n": 2}, "ana", (7, "v2")) == (Field("f2", "Pick", "text"),)
    assert move_fields(engine, {"n": 2}, "ana", None)  # no version: always worked out
    assert calls == [(1, "ana"), (1, "ben"), (2, "ana"), (2, "ana")]
