"""Actions and live turns of a design on the site: applied once each, in arrival order, under the match's lock;
pushed after commit to whoever may see them; refused in words (never a 500) when malformed, late or racing the
close; recorded in the match file in order; turns timed by the live clock, with reserve and the design's timeout."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse

from games.engines import matchfile
from genius.core.errors import ServiceError
from genius.live import pushes as live
from genius.matches.models import LogEntry, Match, Phase, Submission
from genius.matches.services import lifecycle, live_turns, matchfiles, submitting
from genius.matches.services.actions import take_action
from genius.matches.services.errors import PhaseClosed
from tests.custom_game.action_designs import CALL_DESIGN, DUEL_DESIGN, design

from .conftest import PLAYERS, T0, open_phase, start_design, start_with_bots, take


def start(doc: dict, names: list[str] = PLAYERS) -> Match:
    return start_design(design(doc), names)


def seat(match: Match, name: str):
    return match.seats.select_related("match").get(name=name)


def act(match: Match, name: str, key: str, number: int | None = None, **fields) -> list[str]:
    return take(match, name, {"action": key, "fields": fields}, number)


@pytest.fixture
def race(db) -> Match:
    return start(CALL_DESIGN)


@pytest.mark.django_db
def test_actions_are_applied_in_the_order_they_arrive_and_recorded_so(race):
    for name, by in (("cy", 2), ("ana", 1), ("ben", 3)):
        act(race, name, "raise", by=by)
    race.refresh_from_db()
    assert race.state["values"]["order"] == ["cy", "ana", "ben"]
    rows = Submission.objects.filter(phase__match=race, kind=Submission.Kind.INSTANT).order_by("pk")
    assert [r.seat.name for r in rows] == ["cy", "ana", "ben"]
    texts = list(LogEntry.objects.filter(match=race).order_by("order").values_list("text", flat=True))
    assert texts.index("cy: Raise (By: 2)") < texts.index("ana: Raise (By: 1)") < texts.index("ben: Raise (By: 3)")


@pytest.mark.django_db
def test_the_first_call_ends_the_phase_at_once_and_a_late_call_is_refused_not_applied_to_the_next(race):
    first = open_phase(race)
    act(race, "ben", "call")
    first.refresh_from_db()
    assert first.status == Phase.Status.RESOLVED
    assert open_phase(race).name == "Race, round 2 of 3"
    with pytest.raises(PhaseClosed, match="Too late: that phase is over"):
        act(race, "ana", "call", number=first.number)
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 0 and race.state["counters"]["ben"]["points"] == 1
    assert Submission.objects.filter(phase__match=race, kind=Submission.Kind.INSTANT).count() == 1


@pytest.mark.django_db
def test_an_action_after_the_deadline_or_while_paused_is_refused(race):
    phase = open_phase(race)
    with pytest.raises(PhaseClosed, match="Too late"):
        take_action(seat(race, "ana"), {"action": "call"}, phase.number, now=phase.deadline + timedelta(seconds=1))
    lifecycle.pause(race.pk)
    with pytest.raises(PhaseClosed, match="paused"):
        act(race, "ana", "call")


@pytest.mark.django_db
@pytest.mark.parametrize(("posted", "status", "words"), [
    ({"payload": '{"action": "fold"}'}, 400, "has no action"),
    ({"payload": "not json ²"}, 400, "must be JSON"),
    ({"payload": '"call"'}, 400, "An action is an object"),
    ({"payload": '{"action": "raise", "fields": {"by": 4}}'}, 400, "At most 3."),
    ({"payload": '{"action": "whisper", "fields": {"word": "\\ud800"}}'}, 400, ""),
    ({"payload": '{"action": "call", "@everyone": 1}'}, 400, "An action is"),
    ({"payload": "[" * 5000}, 400, "at most"),
    ({"payload": "[" * 3999}, 400, "must be JSON"),
    ({"payload": '{"action": "call", "fields": ' * 300 + "{}" + "}" * 300}, 400, ""),
    ({}, 400, "must be JSON"),
    ({"phase": "abc", "payload": '{"action": "call"}'}, 400, "which phase"),
    ({"phase": "999", "payload": '{"action": "call"}'}, 409, "Too late"),
])
def test_a_malformed_or_late_action_posted_gets_its_reason_never_a_500(client, race, posted, status, words):
    client.force_login(race.seats.get(name="ana").user)
    data = {"phase": str(open_phase(race).number), **posted}
    response = client.post(reverse("match-action", args=[race.pk]), data)
    assert response.status_code == status, response.content
    assert words in response.json()["error"]
    race.refresh_from_db()
    assert race.state["counters"]["ana"]["points"] == 0


@pytest.mark.django_db
def test_an_action_posted_by_a_stranger_or_signed_out_is_refused(client, race, make_user):
    url = reverse("match-action", args=[race.pk])
    assert client.post(url, {"phase": "1", "payload": '{"action": "call"}'}).status_code == 403
    client.force_login(make_user("zed"))
    assert client.post(url, {"phase": "1", "payload": '{"action": "call"}'}).status_code == 403


@pytest.mark.django_db
def test_an_action_posted_is_applied_and_answers_its_private_lines(client, race):
    client.force_login(race.seats.get(name="ana").user)
    response = client.post(reverse("match-action", args=[race.pk]),
                           {"phase": str(open_phase(race).number), "payload": '{"action": "whisper", "fields": {"word": "x"}}'})
    assert response.status_code == 200 and response.json() == {"ok": True, "answers": ["ana: Whisper (Word: x)",
                                                                                       "To ana: You whispered."]}


@pytest.mark.django_db(transaction=True)
def test_a_public_action_is_pushed_once_to_spectators_and_a_private_one_to_its_seat_only(
        race, pushes, django_capture_on_commit_callbacks):
    seats = {s.name: s for s in race.seats.all()}
    public, private = pushes(race)
    with django_capture_on_commit_callbacks(execute=True):
        act(race, "ben", "raise", by=2)
    assert len(public) == 1  # the public view rendered once for every spectator
    shown = "".join(json.loads(public[0].spectator)["parts"].values())
    assert "ben: Raise (By: 2)" in shown
    public.clear()
    private.clear()
    with django_capture_on_commit_callbacks(execute=True):
        act(race, "cy", "whisper", word="sésame")
    assert public == []  # spectators hear nothing of a private action
    assert list(private) == [live.seat_group(race.pk, seats["cy"].pk)]
    assert "sésame" in "".join(json.loads(private[live.seat_group(race.pk, seats["cy"].pk)]["text"])["parts"].values())


@pytest.mark.django_db
def test_a_match_with_actions_exported_imports_and_replays_to_the_same_state(race):
    act(race, "cy", "raise", by=2)
    act(race, "ana", "whisper", word="ünï")
    act(race, "ben", "call")
    submitting.submit(seat(race, "ana"), {"guess": 4}, now=T0 + timedelta(seconds=6))
    act(race, "ana", "call")
    phase = open_phase(race)
    lifecycle.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1))
    race.refresh_from_db()
    doc = matchfiles.export_match(race)
    assert doc["actions"] == {"1": [{"player": "cy", "action": "raise", "fields": {"by": 2}},
                                    {"player": "ana", "action": "whisper", "fields": {"word": "ünï"}},
                                    {"player": "ben", "action": "call", "fields": {}}],
                              "2": [{"player": "ana", "action": "call", "fields": {}}]}
    text = json.dumps(doc)
    out = matchfile.replay(matchfile.parse(text))
    assert out["players"]["ben"]["counters"] == race.state["counters"]["ben"]
    again = matchfiles.import_match(text)
    assert again.state["counters"] == race.state["counters"] and again.state["values"] == race.state["values"]
    assert matchfiles.export_match(again)["actions"] == doc["actions"]


# --- live turns -----------------------------------------------------------------------------------------


@pytest.fixture
def duel(db) -> Match:
    return start(DUEL_DESIGN, PLAYERS[:2])


@pytest.mark.django_db
def test_a_designed_turn_lasts_its_own_clock_of_ten_seconds_and_is_one_players(duel):
    phase = open_phase(duel)
    assert phase.kind == "turn" and phase.actors == ["ana"]
    assert phase.deadline - phase.opened_at == timedelta(seconds=10)
    assert live_turns.reminders_due(duel, phase, phase.deadline - timedelta(seconds=4))  # the dealer: 5 s left


@pytest.mark.django_db
def test_a_turn_whose_clock_and_reserve_run_out_is_passed_by_the_designs_timeout(duel):
    phase = open_phase(duel)
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    assert phase.reserve_from is not None and phase.deadline == phase.reserve_from + timedelta(seconds=30)
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    duel.refresh_from_db()
    assert duel.state["history"][-1]["answers"]["ana"] == {"take": None}
    texts = list(LogEntry.objects.filter(match=duel).values_list("text", flat=True))
    assert "ana ran out of time in Turn, round 1 of 6: their turn is passed." in texts
    assert open_phase(duel).actors == ["ben"]


@pytest.mark.django_db
def test_a_move_on_reserve_time_spends_it_and_the_turn_goes_on(duel):
    phase = open_phase(duel)
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    submitting.submit(seat(duel, "ana"), {"take": 3}, now=phase.reserve_from + timedelta(seconds=12))
    duel.refresh_from_db()
    assert duel.state["reserve"]["ana"] == 18.0 and duel.state["counters"]["ana"]["points"] == 3


@pytest.mark.django_db
def test_a_turn_lost_on_time_ends_the_match_when_the_design_says_so(db):
    doc = design(DUEL_DESIGN, reserve=0)
    doc["phases"][0]["turn"]["timeout"] = "loss"
    match = start(doc, PLAYERS[:2])
    phase = open_phase(match)
    lifecycle.close_due_phases(now=phase.deadline)
    lifecycle.close_due_phases(now=phase.deadline + timedelta(seconds=1))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.state["ending"]["placement"] == {"ben": 1, "ana": 2}
    doc = matchfiles.export_match(match)
    assert matchfile.replay(matchfile.parse(json.dumps(doc)))["finished"]


def test_service_errors_are_value_errors_with_words():
    assert issubclass(PhaseClosed, ServiceError)


@pytest.mark.django_db
def test_the_replay_shows_each_phases_actions_in_order_to_those_who_may_see_them(client, race, make_user):
    act(race, "cy", "raise", by=2)
    act(race, "ana", "whisper", word="sésame")
    act(race, "ben", "call")
    url = reverse("match-replay", args=[race.pk]) + "?phase=1"
    client.force_login(make_user("zed"))
    seen = client.get(url).content.decode()
    assert seen.index("cy: Raise (By: 2)") < seen.index("ben: Call")
    assert "sésame" not in seen
    client.force_login(race.seats.get(name="ana").user)
    assert "ana: Whisper (Word: sésame)" in client.get(url).content.decode()
    client.force_login(race.seats.get(name="ben").user)
    assert "sésame" not in client.get(url).content.decode()


@pytest.mark.django_db
def test_bots_take_random_legal_actions_through_the_same_service_at_most_one_a_phase_each():
    from genius.matches.services.bot_actions import take_bot_actions

    match = start_with_bots(design(CALL_DESIGN), title="Bots")
    taken = take_bot_actions(T0 + timedelta(seconds=2))
    assert taken >= 1
    rows = Submission.objects.filter(phase__match=match, kind=Submission.Kind.INSTANT)
    assert rows.count() == taken and all(r.seat.is_bot for r in rows)
    per_phase = [(r.phase_id, r.seat_id) for r in rows]
    assert len(per_phase) == len(set(per_phase))  # one a bot a phase
    first = match.phases.order_by("number").first()
    if first.status == Phase.Status.OPEN:  # no bot called: a second tick adds nothing in this phase
        take_bot_actions(T0 + timedelta(seconds=3))
        assert Submission.objects.filter(phase=first, kind=Submission.Kind.INSTANT).count() == \
            rows.filter(phase=first).count()
