"""The player's name on the challenge form, fuzzed with full Unicode: a clear "no such player" (or the field's own
limit), never a 500, nothing saved, and no character the page cannot carry echoed back."""

from __future__ import annotations

from urllib.parse import quote_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.challenges import services
from genius.challenges.models import Challenge
from genius.core.errors import ServiceError
from tests.challenges.conftest import DM_GAME

pytestmark = pytest.mark.django_db

NEW = "/challenges/new/"
#: Superscripts and other-script digits, look-alikes of "ben" (Cyrillic е, fullwidth, zero-width), mentions.
HOSTILE = ["²", "٣", "bеn", "ｂｅｎ", "ben\u200b", "b\u0435n", "@everyone", "@here", "<@123>", "ben\x00",
           "\u202eneb", "x" * 151, "ben' OR '1'='1", "%", "_en", "b_n", "🎲", "\ufeffben"]


def post(client, to: str):
    return client.post(NEW, {"to": to, "game": DM_GAME, "order": "random"})


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_is_no_such_player_never_a_500(client, ana, ben, name):
    client.force_login(ana)
    response = post(client, name)
    assert response.status_code == 400
    page = response.content.decode()
    assert "There is no player called" in page or "at most 150" in page
    assert not Challenge.objects.exists()


@pytest.mark.parametrize("encoded", ["%ED%A0%80", "ben%ED%B0%80", "%FF%FE", "%C0%AF"])
def test_a_surrogate_or_broken_utf8_in_the_posted_name_is_no_such_player(client, ana, ben, encoded):
    client.force_login(ana)
    body = f"to={encoded}&game={DM_GAME}&order=random".encode()
    response = client.post(NEW, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and "There is no player called" in response.content.decode()
    assert not Challenge.objects.exists()


@pytest.mark.parametrize("encoded", ["%ED%A0%80", "%40everyone", "%C2%B2", "%00"])
def test_a_hostile_name_in_the_address_prefills_safely(client, ana, encoded):
    client.force_login(ana)
    response = client.get(f"{NEW}?to={encoded}")
    assert response.status_code == 200


@pytest.mark.parametrize("name", ["\ud800", "ben\udfff", "\x00", "a\nb"])
def test_the_service_refuses_a_lone_surrogate_or_control_character_without_a_database_error(ana, ben, name):
    with pytest.raises(ServiceError, match="There is no player called") as exc:
        services.create_challenge(ana, name, game=DM_GAME)
    exc.value.message.encode("utf-8")  # the message itself can be shown


def test_a_look_alike_of_a_real_name_is_not_that_player(ana, ben):
    for name in ("bеn", "ｂｅｎ", "b3n", "beπ"):
        with pytest.raises(ServiceError, match="no player called"):
            services.find_player(name)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(alphabet=st.characters(exclude_categories=()), min_size=1, max_size=40))  # surrogates too
def test_any_unicode_name_is_answered_clearly(client, ana, ben, name):
    client.force_login(ana)
    data = name.encode("utf-8", "surrogatepass")
    body = f"to={quote_from_bytes(data)}&game={DM_GAME}&order=random".encode()
    response = client.post(NEW, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        page = response.content.decode()
        assert any(words in page for words in ("There is no player called", "Type the user name",
                                               "This field is required", "yourself"))
    Challenge.objects.all().delete()
