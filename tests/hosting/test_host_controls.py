"""The host's match controls: pause and resolve now are confirmed in a second step that says what will happen,
and every action ends with a message that says what happened."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from urllib.parse import quote

import pytest
from django.urls import reverse
from django.utils import timezone

from genius.matches import presenters
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import controls

pytestmark = pytest.mark.django_db


def control_url(match: Match) -> str:
    return reverse("match-control", args=[match.pk])


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def said(response) -> list[str]:
    """The messages shown on the page the host lands on."""
    return [str(m) for m in response.context["messages"]]


def confirm(client, match: Match, action: str, phase: object | None = None, **extra: str):
    number = match.current_phase.number if phase is None else phase
    return client.post(control_url(match), {"action": action, "confirm": "yes", "phase": number, **extra},
                       follow=True)


def test_pause_asks_for_a_confirmation_that_says_how_much_time_is_left(client, host, rgb_match):
    client.force_login(host)
    response = client.get(control_url(rgb_match), {"action": "pause"})
    page = text_of(response)
    assert response.status_code == 200
    assert "Pause RGB test?" in page
    assert re.search(r"has (59 min( \d+ s)?|1 h) left\. The clock stops until you resume", page)
    assert 'name="confirm" value="yes"' in page and f'name="phase" value="{rgb_match.current_phase.number}"' in page
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.RUNNING


def test_a_pause_posted_without_its_confirmation_only_leads_to_the_confirmation(client, host, rgb_match):
    client.force_login(host)
    response = client.post(control_url(rgb_match), {"action": "pause"})
    assert response.status_code == 302 and response["Location"].endswith("?action=pause")
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.RUNNING


def test_a_confirmed_pause_says_how_much_time_was_left(client, host, rgb_match):
    client.force_login(host)
    response = confirm(client, rgb_match, "pause")
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.PAUSED
    name = rgb_match.current_phase.name
    assert [m for m in said(response) if re.fullmatch(rf"Paused with (59 min( \d+ s)?|1 h) left in {name}\.", m)]


def test_resolve_now_asks_for_a_confirmation_that_counts_who_has_not_submitted(client, host, rgb_match):
    phase = rgb_match.current_phase
    seat = rgb_match.seats.get(name="ana")
    Submission.objects.create(phase=phase, seat=seat, payload={}, submitted_at=timezone.now())
    client.force_login(host)
    page = text_of(client.get(control_url(rgb_match), {"action": "resolve"}))
    assert f"Resolve {phase.name} now?" in page
    assert "1 of 7 players has not submitted; they get the default." in page  # the bots moved when it opened
    phase.refresh_from_db()
    assert phase.status == Phase.Status.OPEN


def test_a_confirmed_resolve_says_how_many_moves_and_defaults_and_what_is_open_next(client, host, rgb_match):
    first = rgb_match.current_phase
    client.force_login(host)
    response = confirm(client, rgb_match, "resolve")
    first.refresh_from_db()
    assert first.status == Phase.Status.RESOLVED
    defaults = first.submissions.filter(is_default=True).count()
    moves = first.submissions.filter(is_default=False, kind="move").count()
    rgb_match.refresh_from_db()
    nxt = rgb_match.current_phase
    message = f"{first.name} resolved: {moves} move{'' if moves == 1 else 's'}, {defaults} default"
    found = [m for m in said(response) if m.startswith(message)]
    assert found, said(response)
    assert f"{nxt.name} is open until " in found[0] and found[0].endswith("(your time).")


def test_a_confirmation_for_a_phase_that_closed_meanwhile_does_nothing(client, host, rgb_match):
    phase = rgb_match.current_phase
    client.force_login(host)
    response = confirm(client, rgb_match, "resolve", phase=phase.number + 1)
    assert any("has closed meanwhile; nothing was done" in m for m in said(response))
    phase.refresh_from_db()
    assert phase.status == Phase.Status.OPEN


@pytest.mark.parametrize("number", ["", "²", "٣", "1e3", "%ED%A0%80", "@everyone", str(10**30)])
def test_a_confirmation_with_an_unreadable_phase_number_is_refused_clearly(client, host, rgb_match, number):
    client.force_login(host)
    # sent as a browser sends it: "%ED%A0%80" is a lone surrogate's bytes (not UTF-8), the rest percent-encoded
    raw = number if number.startswith("%") else quote(number)
    response = client.post(control_url(rgb_match), data=f"action=pause&confirm=yes&phase={raw}",
                           content_type="application/x-www-form-urlencoded", follow=True)
    assert response.status_code == 200
    assert any("did not say which phase" in m for m in said(response))
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.RUNNING


@pytest.mark.parametrize("action", ["", "ＰＡＵＳＥ", "pause\u200b", "@everyone", "x" * 500])
def test_an_unknown_action_is_refused_with_a_message(client, host, rgb_match, action):
    client.force_login(host)
    response = client.get(control_url(rgb_match), {"action": action}, follow=True)
    assert response.status_code == 200 and any(m.startswith("Unknown action") for m in said(response))
    rgb_match.refresh_from_db()
    assert rgb_match.status == Match.Status.RUNNING


def test_resume_and_extend_say_when_the_phase_now_closes(client, host, rgb_match):
    client.force_login(host)
    confirm(client, rgb_match, "pause")
    name = rgb_match.current_phase.name
    extended = said(client.post(control_url(rgb_match), {"action": "extend", "minutes": "90"}, follow=True))
    assert [m for m in extended if re.fullmatch(rf"{name} extended by 1 h 30 min: 2 h( 29 min)? left when you "
                                                r"resume\.", m)], extended
    resumed = said(client.post(control_url(rgb_match), {"action": "resume"}, follow=True))
    assert [m for m in resumed if m.startswith(f"Resumed. {name} is open until ") and m.endswith("(your time).")]
    extended = said(client.post(control_url(rgb_match), {"action": "extend", "minutes": "60"}, follow=True))
    assert [m for m in extended if m.startswith(f"{name} extended by 1 h: it closes at ")], extended


def test_the_confirmation_page_is_only_for_the_host(client, ana, rgb_match):
    client.force_login(ana)
    assert client.get(control_url(rgb_match), {"action": "resolve"}).status_code == 404


def test_confirming_a_pause_of_a_paused_match_says_why_not(client, host, rgb_match):
    client.force_login(host)
    confirm(client, rgb_match, "pause")
    response = client.get(control_url(rgb_match), {"action": "pause"}, follow=True)
    assert any("no open phase to pause" in m for m in said(response))


def test_the_match_page_links_pause_and_resolve_to_their_confirmation(client, host, rgb_match):
    client.force_login(host)
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert f'{control_url(rgb_match)}?action=pause' in page and f'{control_url(rgb_match)}?action=resolve' in page


def test_the_host_list_shows_optional_submitters_marked_optional(client, host, rgb_match, monkeypatch):
    monkeypatch.setattr(presenters, "optional_submitters", lambda match, phase: ("zed",))
    page = presenters.host_part(rgb_match)
    assert re.search(r"<li class=\"optional\">zed <small>\(optional[^<]*</small>: <em>none sent</em>", page)
    assert "ana: <em>not yet</em>" in page


def test_durations_are_said_in_plain_units():
    assert controls.duration_text(timedelta(hours=5, minutes=12, seconds=9)) == "5 h 12 min"
    assert controls.duration_text(timedelta(days=2, hours=3)) == "2 d 3 h"
    assert controls.duration_text(timedelta(minutes=4, seconds=30)) == "4 min 30 s"
    assert controls.duration_text(timedelta(hours=1)) == "1 h"
    assert controls.duration_text(timedelta(seconds=-5)) == "0 s"


def test_the_admin_pause_and_resolve_actions_confirm_first_and_say_what_happened(client, host, rgb_match):
    client.force_login(host)
    url = reverse("admin:games_match_changelist")
    page = text_of(client.post(url, {"action": "resolve_now", "_selected_action": [rgb_match.pk]}))
    assert "Resolve the open phases now?" in page and "2 of 7 players have not submitted" in page
    assert rgb_match.current_phase.number == 1
    first = rgb_match.current_phase.name
    stale = said(client.post(url, {"action": "pause", "_selected_action": [rgb_match.pk], "confirm": "yes",
                                   f"phase-{rgb_match.pk}": "٣"}, follow=True))
    assert any("nothing was done" in m for m in stale)
    done = said(client.post(url, {"action": "resolve_now", "_selected_action": [rgb_match.pk], "confirm": "yes",
                                  f"phase-{rgb_match.pk}": 1}, follow=True))
    assert any(m.startswith(f"RGB test: {first} resolved: 5 moves, 2 defaults.") for m in done), done
