"""A Trail Trouble match set up from typed forks and played to its end; its export replays to the same result."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.urls import reverse

from games.engines import matchfile
from games.engines.runner import bot_move
from genius.matches.models import LogEntry, Match, Submission, TolEntry, garnet_balance
from genius.matches.services import lifecycle, matchfiles
from genius.matches.services.engines import engine_of

from .helpers import BOTS, host_form, order_form

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def form_of(payload: dict) -> dict:
    """A submission as the match page's form posts it."""
    data = {f"fork_{n}": letter for n, letter in enumerate(payload["paths"], start=1)}
    data["garnet"] = [str(n) for n in payload["garnet"]]
    return data


def set_up_through_the_pages(client, host, ana) -> Match:
    """The host types the forks and creates the lobby with nine bots; ana takes the last seat; the host sets the
    starting order on the lobby's settings page and starts."""
    client.force_login(host)
    order = ["bo", "ana", *BOTS[1:]]
    response = client.post(reverse("host-new-lobby", args=["trail-trouble"]),
                           host_form(action="create", bots="\n".join(BOTS), seed="99"))
    assert response.status_code == 302
    match = Match.objects.get()
    client.force_login(ana)
    client.post(reverse("match-join", args=[match.pk]))
    client.force_login(host)
    response = client.post(reverse("host-lobby-setup", args=[match.pk]),
                           {"forks": host_form()["forks"], **order_form(order), "action": "save"})
    assert response.status_code == 302
    client.post(reverse("match-control", args=[match.pk]), {"action": "start"})
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING and match.state["order"] == order
    return match


def play_to_the_end_through_the_form(client, ana, match: Match) -> Match:
    """Each round ana sends a legal move through the form; the clock closes each round at its deadline."""
    engine = engine_of(match.game)
    client.force_login(ana)
    for _ in range(4):
        match.refresh_from_db()
        phase = match.current_phase
        payload = bot_move(engine, match.state, 1234, engine.phase(match.state), "ana")
        response = client.post(reverse("match-submit", args=[match.pk]), {**form_of(payload), "phase": phase.number})
        assert response.status_code == 302, response.content.decode()[-2000:]
        assert lifecycle.close_due_phases(now=phase.deadline + timedelta(seconds=1)) == 1
    match.refresh_from_db()
    return match


@pytest.fixture
def finished(client, host, ana):
    from genius.matches.models import GarnetEntry

    GarnetEntry.objects.create(user=ana, amount=3, reason="starting wallet")
    match = set_up_through_the_pages(client, host, ana)
    return play_to_the_end_through_the_form(client, ana, match)


def test_a_match_set_up_from_typed_forks_is_played_to_its_end_through_the_web(finished, ana):
    match = finished
    assert match.status == Match.Status.FINISHED and match.current_phase is None
    assert Submission.objects.filter(seat__user=ana, is_default=False).count() == 4
    outcome = match.outcome
    assert len(outcome["tol"]) == 3 and len(outcome["ec"]) == 2 and len(outcome["dm_pick_order"]) == 2
    assert outcome["ec"][0] == match.state["order"][-1]
    assert sorted(TolEntry.objects.filter(match=match).values_list("user__username", flat=True)) == sorted(
        name for name in outcome["tol"] if name == "ana")
    assert garnet_balance(ana.pk, None) == match.state["garnets"]["ana"]
    public = list(LogEntry.objects.filter(match=match, audience="public").values_list("text", flat=True))
    assert public[-1].startswith("Trail Trouble is over. Tokens of Life:")


def test_the_export_replays_to_the_same_result_as_the_live_match(finished, client, host):
    match = finished
    client.force_login(host)
    doc = json.loads(client.get(reverse("match-export", args=[match.pk])).content)
    assert doc["game"] == "trail-trouble" and doc["garnets"] == {"ana": 3} and len(doc["phases"]) == 4
    assert doc["config"]["forks"] == match.config["forks"]
    result = matchfile.replay(matchfile.check_shape(doc))
    engine = engine_of(match.game)
    assert result["finished"] is True and result["phases_played"] == 4
    assert result["players"] == {s.name: engine.observer.player_state(match.state, s.name) for s in match.seats.all()}
    for key in ("tol", "ec", "dm_pick_order", "garnets_earned"):
        assert result["outcome"][key] == match.outcome[key]
    host_log = list(LogEntry.objects.filter(match=match, audience__in=["public", "host", "seat"])
                    .order_by("order").values_list("text", flat=True))
    assert [line for line in result["log"] if line in host_log] == result["log"]


def test_manage_py_replay_of_the_export_prints_the_same_result(finished, tmp_path):
    match = finished
    path = tmp_path / "tt.json"
    path.write_text(json.dumps(matchfiles.export_match(match)))
    out = subprocess.run([sys.executable, "manage.py", "replay", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["outcome"]["ec"] == match.outcome["ec"]
    assert {name: p["place"] for name, p in result["players"].items()} == {
        name: match.state["order"].index(name) + 1 for name in match.state["players"]}


def test_importing_the_export_plays_it_to_the_same_state(finished):
    copy = matchfiles.import_match(json.dumps(matchfiles.export_match(finished)))
    assert copy.status == Match.Status.FINISHED
    assert copy.state == finished.state and copy.outcome == finished.outcome
