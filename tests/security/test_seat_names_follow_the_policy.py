"""Point 20 of issue 20: the names a host types for bots, and the seat names a match file brings, follow
the user-name policy (``names.seat_name_problem``): no role (``public``), no mention (``@host``), no markup.

Seat names show on boards, in logs, live frames and webhook texts, so a bot called ``@everyone`` or
``<b>host</b>`` read as a mention or a role. Only two things differ from a user name: a seat name may
be one or two characters (the hosts' ``bo`` and ``cy``), and an imported file may name a guest who played.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings

from genius.accounts import names
from genius.core.errors import ServiceError
from genius.matches.models import Match, Seat
from genius.matches.services import lobbies, matchfiles
from tests.security.strategies import hostile_text

FIXTURE = Path(__file__).resolve().parents[1] / "bigfoot_sighting" / "fixtures" / "full_match.json"
BAD = [("public", "reads as “public”"), ("@host", "cannot start with @"), ("@everyone", "cannot start with @"),
       ("<b>x</b>", "(U+003C) is not allowed"), ("ｐｕｂｌｉｃ", "reads as “public”"), ("h0st", "reads as “host”"),
       ("ana b", "a space is not allowed"), ("x²", "(U+00B2) is not allowed"), ("x" * 30, "at most 24")]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "says"), BAD)
def test_bot_names_a_host_types_follow_the_user_name_policy(name, says):
    with pytest.raises(ServiceError) as refused:
        lobbies.create_lobby(game="rituals-gone-bad", bots=["bo", name])
    assert refused.value.field == "bots" and says in refused.value.message
    assert refused.value.message.startswith("Bot 2: ")
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_bot_names_that_look_alike_are_refused_as_two_seats_of_one_name():
    with pytest.raises(ServiceError, match="two seats called B0b .it looks like bob"):
        lobbies.create_lobby(game="rituals-gone-bad", bots=["bob", "B0b"])


@pytest.mark.django_db
def test_short_and_plain_bot_names_are_still_seated():
    match = lobbies.create_lobby(game="rituals-gone-bad", bots=["bo", "c", "di.x", "ed_2"])
    assert list(match.seats.values_list("name", flat=True)) == ["bo", "c", "di.x", "ed_2"]


@pytest.mark.django_db
def test_the_host_page_shows_a_bad_bot_name_beside_the_bots_box(client, host):
    client.force_login(host)
    form = {"title": "", "seats_wanted": "7", "season": "", "phase_hours": "1", "phase_minutes": "0",
            "turn_seconds": "60", "seed": "5", "bots": "bo\n@everyone", "action": "create"}
    response = client.post(reverse("host-new-lobby", args=["rituals-gone-bad"]), form)
    assert response.status_code == 400
    assert "cannot start with @" in response.context["form"].errors["bots"][0]
    assert not Match.objects.exists()


def doc_with(players: list[str]) -> str:
    """The fixture's file (seats ``ana`` and ``ben``) with its seats renamed everywhere they are named."""
    text = FIXTURE.read_text()
    for old, new in zip(["ana", "ben"], players, strict=True):
        text = text.replace(json.dumps(old), json.dumps(new))
    return text


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "says"), BAD[:5])
def test_seat_names_in_an_imported_match_file_follow_the_user_name_policy(name, says):
    with pytest.raises(ServiceError) as refused:
        matchfiles.import_match(doc_with(["ana", name]))
    assert refused.value.message.startswith("This match file is not valid: players: seat 2: ")
    assert says in refused.value.message
    assert not Match.objects.exists() and not Seat.objects.exists()


@pytest.mark.django_db
def test_an_imported_file_with_look_alike_seats_is_refused():
    with pytest.raises(ServiceError, match="ANA and ana look alike"):
        matchfiles.import_match(doc_with(["ana", "ANA"]))


@pytest.mark.django_db
def test_an_imported_file_naming_a_guest_who_played_is_still_read():
    match = matchfiles.import_match(doc_with(["ana", "guest-ab12cd"]))
    assert list(match.seats.values_list("name", flat=True)) == ["ana", "guest-ab12cd"]


@given(hostile_text)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_text_is_a_seat_name_only_when_it_is_plain_and_no_role(text):
    problem = names.seat_name_problem(text)
    if problem is None:
        assert 1 <= len(text) <= names.MAX_LENGTH and set(text) <= names.ALLOWED
        assert names.reserved_word(text) is None and not text.startswith("@")
    else:
        problem.encode()  # a sentence that can always be sent (no lone surrogate echoed)
