"""A whole Blob Party match, from the pregame to the EC decision, played by two people through the
match page (five bots), ends the same way when its exported match file is replayed."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.engines import matchfile
from genius.matches.models import LogEntry, Match, Submission, garnet_balance, tol_balance
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of

from .helpers import client_for, form_data, human_move, post_move

pytestmark = pytest.mark.django_db


def play_through_the_web(match: Match, clients: dict) -> list[tuple[str, tuple[str, ...]]]:
    """Each person fills in the form of every phase they act in; the clock closes each phase at its deadline.

    Returns the phases played: (name, actors).
    """
    engine = engine_of(match.game)
    played = []
    for _ in range(12):
        match.refresh_from_db()
        phase = match.current_phase
        if phase is None:
            break
        for name, client in clients.items():
            if name not in phase.actors:
                continue
            payload = human_move(match, name)
            response = post_move(client, match, form_data(match, name, payload))
            assert response.status_code == 302, response.content.decode()[-2000:]
            stored = Submission.objects.get(phase=phase, seat__name=name, kind="move").payload
            assert stored == engine.check(match.state, name, payload)
        played.append((phase.name, tuple(phase.actors)))
        assert lifecycle.close_due_phases(now=phase.deadline + timedelta(seconds=1)) == 1
    match.refresh_from_db()
    return played


@pytest.fixture
def finished_match(bp_match, ana, ben):
    played = play_through_the_web(bp_match, {"ana": client_for(ana), "ben": client_for(ben)})
    return bp_match, played


def test_a_match_is_played_through_the_web_and_its_awards_go_to_the_season_players_only(finished_match):
    match, played = finished_match
    names = [name for name, _ in played]
    assert names[:8] == ["pregame"] + [f"round {n}" for n in range(1, 8)]
    assert names[8:] in ([], ["EC decision"])  # a decision only when the season players tie for fewest orbs
    assert played[0][1] == ("ana",)  # round 1's Kingwizard plans in the pregame
    assert match.status == Match.Status.FINISHED
    # RULINGS: the five house bots play, but the season's awards are decided between ana and ben
    assert match.outcome["ec"] and set(match.outcome["ec"]) <= {"ana", "ben"}
    assert set(match.outcome["tol"]) <= {"ana", "ben"} and match.outcome["pending"] is None
    assert not Submission.objects.filter(seat__user__isnull=False, is_default=True).exists()


def test_the_exported_match_file_replays_to_the_same_result(finished_match, tmp_path):
    match, played = finished_match
    engine = engine_of(match.game)
    doc = json.loads(lifecycle_export(match))
    assert doc["game"] == "blob-party" and doc["config"] == {"kings": match.state["kings"]}
    assert doc["garnets"] == {"ana": 5} and len(doc["phases"]) == len(played)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)
    result = json.loads(out.getvalue())
    assert result["finished"] is True and result["phases_played"] == len(played) and result["next_phase"] is None
    assert result["players"] == {s.name: engine.observer.player_state(match.state, s.name) for s in match.seats.all()}
    for key in ("tol", "tol_to_give", "ec", "pending", "garnets_earned"):
        assert result["outcome"][key] == match.outcome[key], key
    public = list(LogEntry.objects.filter(match=match, audience="public").values_list("text", flat=True))
    assert public and all(line in result["log"] for line in public)
    assert matchfile.replay(matchfile.parse(json.dumps(doc)), until=4)["next_phase"]["name"] == "round 4"


def lifecycle_export(match: Match) -> str:
    """The match file as a host downloads it from the match page."""
    from django.contrib.auth.models import User
    from django.test import Client

    host = User.objects.create_user("host-bp", password="host-bp-pass-1", is_staff=True)
    client = Client()
    client.force_login(host)
    response = client.get(reverse("match-export", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_wallets_and_tokens_follow_the_match(finished_match, ana, ben):
    match, _ = finished_match
    for user in (ana, ben):
        name = user.username
        assert garnet_balance(user.pk, match.season_id) == match.state["garnets"][name]
        assert tol_balance(user.pk, match.season_id) == match.outcome["tol"].get(name, 0)


def test_the_finished_page_shows_the_result_and_every_rounds_announcement(finished_match, client):
    match, _ = finished_match
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Result:" in page and f"Elimination Candidate: {match.outcome['ec'][0]}" in page
    for number in range(1, 8):
        assert f"Round {number} results (Kingwizard {match.state['kings'][number - 1]})." in page
    assert "The match is over." in page and "Garnet payout:" in page
