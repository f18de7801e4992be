"""The admin's submission list stays readable (short columns, payloads cut, the full JSON on the change page),
and its seat rows pass the same checks as ``lifecycle.add_seat``."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from genius.matches.models import Match, Seat, Submission
from genius.matches.services import lifecycle

pytestmark = pytest.mark.django_db

LIST = reverse("admin:games_submission_changelist")
LONG = "x" * 3000 + " ² ٣ @everyone"


def long_submission(match: Match) -> Submission:
    match.title = "A very long match title that would widen every column " * 2
    match.save(update_fields=["title"])
    phase = match.current_phase
    return Submission.objects.create(phase=phase, seat=match.seats.get(name="ana"),
                                     payload={"note": LONG, "list": list(range(50))}, submitted_at=timezone.now())


def test_the_submission_list_cuts_long_payloads_and_titles(client, host, rgb_match):
    long_submission(rgb_match)
    client.force_login(host)
    response = client.get(LIST)
    page = html.unescape(response.content.decode())
    assert response.status_code == 200
    short = '{"note": "' + "x" * 49 + "…"
    assert short in page and LONG not in page and "x" * 60 not in page
    assert f"#{rgb_match.pk} A very long match title…" in page
    assert "A very long match title that would widen every column A very" not in page


def test_the_submission_change_page_shows_the_whole_payload(client, host, rgb_match):
    sub = long_submission(rgb_match)
    client.force_login(host)
    page = html.unescape(client.get(reverse("admin:games_submission_change", args=[sub.pk])).content.decode())
    assert json.dumps({"note": LONG, "list": list(range(50))}, ensure_ascii=False, indent=2) in page


def test_the_submission_list_filters_by_the_match_the_host_page_links_to(client, host, rgb_match):
    long_submission(rgb_match)
    client.force_login(host)
    url = f"{LIST}?phase__match__id__exact={rgb_match.pk}"
    assert f'href="{url}"' in client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    rows = client.get(url).context["cl"].result_count
    assert rows == Submission.objects.filter(phase__match=rgb_match).count() > 0
    for odd in ["²", "٣", "@everyone", "9" * 40]:
        response = client.get(LIST, {"phase__match__id__exact": odd})
        assert response.status_code == 200 and response.context["cl"].result_count == 0


@pytest.mark.parametrize("query", ["cat", "ritual", "²", "@everyone", "x" * 500])
def test_the_submission_list_searches_seats_phases_and_titles(client, host, rgb_match, query):
    client.force_login(host)
    response = client.get(LIST, {"q": query})
    assert response.status_code == 200
    if query in ("cat", "ritual"):
        assert response.context["cl"].result_count > 0


# --- seat rows --------------------------------------------------------------------------------------------


def change_url(match: Match) -> str:
    return reverse("admin:games_match_change", args=[match.pk])


def match_post(match: Match, new_seats: list[dict], changes: dict[int, dict] | None = None) -> dict:
    """The admin's change form of ``match`` as posted: its fields, its seats (some changed) and new seat rows."""
    data = {"season": match.season_id or "", "game": match.game, "title": match.title,
            "seats_wanted": match.seats_wanted, "seed": match.seed, "config": json.dumps(match.config),
            "phase_seconds": match.phase_seconds, "turn_seconds": match.turn_seconds,
            "decision_seconds": match.decision_seconds, "reminder_lead_seconds": match.reminder_lead_seconds,
            "_save": "Save"}
    seats = list(match.seats.order_by("position"))
    rows = [{"id": s.pk, "match": match.pk, "position": s.position, "name": s.name, "user": s.user_id or "",
             **({"is_bot": "on"} if s.is_bot else {}), **(changes or {}).get(s.pk, {})} for s in seats]
    rows += [{"match": match.pk, **row} for row in new_seats]
    data.update({"seats-TOTAL_FORMS": len(rows), "seats-INITIAL_FORMS": len(seats), "seats-MIN_NUM_FORMS": 0,
                 "seats-MAX_NUM_FORMS": 1000})
    for i, row in enumerate(rows):
        data.update({f"seats-{i}-{key}": value for key, value in row.items()})
    return data


def seat_errors(response) -> str:
    """Every error of the seat rows, as the page shows them."""
    formset = response.context["inline_admin_formsets"][0].formset
    return " ".join([str(e) for form in formset.forms for errs in form.errors.values() for e in errs]
                    + [str(e) for e in formset.non_form_errors()])


@pytest.fixture
def lobby(ana) -> Match:
    match = lifecycle.create_match(game="rituals-gone-bad", title="Lobby", seed=3)
    lifecycle.add_seat(match, user=ana)
    for name in ["b1", "b2", "b3", "b4", "b5"]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    return match


def test_an_admin_seat_row_cannot_overfill_a_lobby(client, host, lobby):
    client.force_login(host)
    rows = [{"position": 7, "name": "b6", "is_bot": "on"}, {"position": 8, "name": "b7", "is_bot": "on"}]
    response = client.post(change_url(lobby), match_post(lobby, rows))
    assert response.status_code == 200 and "This match is full (7 seats)." in seat_errors(response)
    assert lobby.seats.count() == 6
    assert client.post(change_url(lobby), match_post(lobby, rows[:1])).status_code == 302
    assert lobby.seats.count() == 7


@pytest.mark.parametrize(("row", "message"), [
    ({"position": 7, "name": "b1"}, "There is already a seat called b1 in this match."),
    ({"position": 7, "name": " b1 "}, "There is already a seat called b1 in this match."),
    ({"position": 7, "name": "   "}, "This field is required."),
    ({"position": 7, "name": "y" * 41}, "at most 40 characters"),
])
def test_an_admin_seat_row_cannot_take_a_name_twice(client, host, lobby, row, message):
    client.force_login(host)
    response = client.post(change_url(lobby), match_post(lobby, [row]))
    assert response.status_code == 200 and message in seat_errors(response)
    assert lobby.seats.count() == 6


def test_an_admin_seat_row_cannot_seat_a_player_twice(client, host, lobby, ana):
    client.force_login(host)
    response = client.post(change_url(lobby), match_post(lobby, [{"position": 7, "name": "ana again", "user": ana.pk}]))
    assert response.status_code == 200 and "ana already has a seat in this match." in seat_errors(response)
    assert lobby.seats.count() == 6


def test_an_admin_seat_row_is_not_added_to_a_started_match(client, host, rgb_match):
    client.force_login(host)
    response = client.post(change_url(rgb_match), match_post(rgb_match, [{"position": 8, "name": "late"}]))
    assert "This match has already started; no more seats can be taken." in seat_errors(response)
    assert not rgb_match.seats.filter(name="late").exists()


def test_a_started_matchs_seats_are_neither_renamed_nor_removed(client, host, rgb_match):
    client.force_login(host)
    cat = rgb_match.seats.get(name="cat")
    response = client.post(change_url(rgb_match), match_post(rgb_match, [], {cat.pk: {"name": "kitty"}}))
    assert "cannot change" in seat_errors(response)
    response = client.post(change_url(rgb_match), match_post(rgb_match, [], {cat.pk: {"DELETE": "on"}}))
    assert "its seats cannot be removed" in seat_errors(response)
    assert Seat.objects.filter(pk=cat.pk, name="cat").exists()


def test_an_imported_seat_can_still_be_claimed_for_a_player_in_the_admin(client, host, rgb_match, make_user):
    client.force_login(host)
    cat = rgb_match.seats.get(name="cat")
    zoe = make_user("zoe")
    response = client.post(change_url(rgb_match), match_post(rgb_match, [], {cat.pk: {"user": zoe.pk}}))
    assert response.status_code == 302, seat_errors(response)
    cat.refresh_from_db()
    assert cat.user_id == zoe.pk
