"""A phase of actions only on the site (RULES.md, "Actions"): its players see no move form (the page says to take
its actions), no move is stored for anyone (no bot's move, no default at the close, no "sent nothing" line for
the host), its close rules run with empty answers, and the match file and the replay cope."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse

from games.engines import matchfile
from genius.core.errors import ServiceError
from genius.matches.models import LogEntry, Match, Phase, Submission
from genius.matches.services import lifecycle, matchfiles, submitting
from genius.matches.services.actions import take_action
from tests.custom_game.action_designs import design
from tests.custom_game.action_only_designs import CLAIMS_DESIGN

from .conftest import T0, make_users, open_phase, start_design

NAMES = ["ana", "ben", "cy"]


def start(bots: int = 0) -> Match:
    return start_design(design(CLAIMS_DESIGN), NAMES, title="Claims night", bots=bots, seed=5)


def claim(match: Match, name: str) -> list[str]:
    seat = match.seats.select_related("match").get(name=name)
    return take_action(seat, {"action": "claim"}, open_phase(match).number, now=T0 + timedelta(seconds=5))


@pytest.mark.django_db
def test_the_match_page_shows_no_move_form_and_says_to_take_the_phases_actions(client):
    match = start()
    client.force_login(match.seats.get(name="ana").user)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "data-actions-only" in page and "<strong>actions</strong>" in page
    assert "Save, I may change it" not in page and 'hx-target="#part-form"' not in page  # no move form
    assert "Lock in" not in page and "Your move is not in yet" not in page
    assert 'name="act" value="do-claim"' in page


@pytest.mark.django_db
def test_a_plain_move_posted_anyway_is_answered_in_words_never_a_500(client):
    match = start()
    client.force_login(match.seats.get(name="ana").user)
    response = client.post(reverse("match-submit", args=[match.pk]),
                           {"phase": str(open_phase(match).number), "lock": "1", "@everyone": "²"})
    assert response.status_code == 400
    assert "This phase takes no move: what you do in it are its actions." in response.content.decode()
    with pytest.raises(ServiceError, match="takes no move"):
        submitting.submit(match.seats.select_related("match").get(name="ben"), {}, lock=True)
    assert not Submission.objects.filter(phase__match=match, kind=Submission.Kind.MOVE).exists()


@pytest.mark.django_db
def test_no_move_is_stored_for_bots_nor_defaults_at_the_close_and_the_close_reads_empty_answers():
    match = start(bots=2)
    first = open_phase(match)
    assert not Submission.objects.filter(phase=first, kind=Submission.Kind.MOVE).exists()  # no bot's move
    claim(match, "ana")
    lifecycle.resolve_phase(first.pk, now=first.deadline + timedelta(seconds=1))
    first.refresh_from_db()
    assert first.status == Phase.Status.RESOLVED
    assert not Submission.objects.filter(phase=first, kind=Submission.Kind.MOVE).exists()  # no default stored
    texts = list(LogEntry.objects.filter(match=match).values_list("text", flat=True))
    assert "Answers given: ana 0, ben 0, cy 0, bot0 0, bot1 0." in texts
    assert not [t for t in texts if "sent nothing" in t]


@pytest.mark.django_db
def test_a_match_of_actions_only_exports_replays_and_shows_its_replay(client):
    match = start()
    for name in NAMES:  # the last claim ends the round
        claim(match, name)
    match.refresh_from_db()
    assert open_phase(match).name == "Claim, round 2 of 3"
    claim(match, "ben")
    second = open_phase(match)
    lifecycle.resolve_phase(second.pk, now=second.deadline + timedelta(seconds=1))  # at its deadline
    match.refresh_from_db()
    doc = matchfiles.export_match(match)
    assert doc["actions"]["1"] == [{"player": p, "action": "claim"} for p in NAMES]
    text = json.dumps(doc)
    out = matchfile.replay(matchfile.parse(text))
    assert out["players"]["ben"]["counters"] == match.state["counters"]["ben"]
    again = matchfiles.import_match(text)
    assert again.state["counters"] == match.state["counters"]
    client.force_login(match.seats.get(name="cy").user)
    replay = client.get(reverse("match-replay", args=[match.pk]) + "?phase=1")
    assert replay.status_code == 200 and "ana: Claim" in replay.content.decode()


@pytest.mark.django_db
def test_no_move_is_listed_as_owed_by_its_players():
    from genius.notify import due

    match = start()
    assert due.owed(match.seats.get(name="ana").user, now=T0 + timedelta(seconds=5)) == []


@pytest.mark.django_db
def test_a_design_of_actions_only_is_imported_shown_edited_and_opened_as_a_lobby(client):
    from genius.designs import services as designs

    host = make_users()["ana"]
    host.is_staff = True
    host.save()
    made = designs.import_file(host, json.dumps({"genius_design": 1, "format": 1, **design(CLAIMS_DESIGN)}).encode())
    assert made.document["phases"][0]["fields"] == []
    client.force_login(host)
    for url in (reverse("design", args=[made.pk]), reverse("design-phase", args=[made.pk, "claim"]),
                reverse("design-lobby", args=[made.pk])):
        assert client.get(url).status_code == 200, url
    response = client.post(reverse("design-lobby", args=[made.pk]),
                           {"title": "", "seats_wanted": "3", "season": "", "phase_hours": "1", "phase_minutes": "0",
                            "bots": ""})
    assert response.status_code == 302
    assert Match.objects.get(title="Claims").config["design"]["phases"][0]["fields"] == []
