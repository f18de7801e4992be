"""The set-up clock, clock settings per match and in match files, the reserve in match files, the dealer's
reminders and a loss on time (RULINGS, Bigfoot Sighting: Clock, Set-up clock, Dealer reminders)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from games.engines import matchfile
from genius.matches import announcements as notify_texts
from genius.matches import presenters
from genius.matches.models import LogEntry, Match, Phase, Submission
from genius.matches.services import lifecycle, live_turns, matchfiles, submitting
from genius.matches.services.engines import engine_of
from tests.bigfoot_web.helpers import accepted, bot_payload, new_duel, play_setup

pytestmark = pytest.mark.django_db

FIXTURE = Path(__file__).parents[1] / "bigfoot_sighting" / "fixtures" / "full_match.json"


@pytest.fixture
def duel(ana, ben) -> Match:
    """ana and ben at turn 1 (lumberjacks), 60 s turns, 300 s reserve."""
    return play_setup(new_duel(ana, ben))


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def seat(match: Match, name: str):
    return match.seats.get(name=name)


def reserve(match: Match, name: str) -> float:
    return engine_of(match.game).observer.player_state(fresh(match).state, name)["reserve_s"]


def lines(match: Match, phase: Phase) -> list[str]:
    return list(LogEntry.objects.filter(match=match, phase_number=phase.number).order_by("order")
                .values_list("text", flat=True))


def to_reserve(match: Match) -> tuple[Phase, str, str]:
    """The first actor moves, the second sends nothing: the minute runs out and the second is on reserve."""
    phase = fresh(match).current_phase
    mover, sleeper = phase.actors
    submitting.submit(seat(match, mover), bot_payload(match, mover), now=phase.opened_at)
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    assert phase.reserve_from is not None
    return phase, mover, sleeper


# --- the set-up clock and clock settings ---------------------------------------------------------------------


def test_a_layout_pick_lasts_two_minutes_without_reserve(ana, ben):
    match = new_duel(ana, ben, turn_seconds=30)
    phase = fresh(match).current_phase
    assert phase.kind == "setup" and phase.deadline - phase.opened_at == timedelta(minutes=2)
    assert lifecycle.close_due_phases(now=phase.deadline) == 1  # resolved at once: no reserve time
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED and phase.reserve_from is None
    assert phase.submissions.get().is_default  # the pick was drawn at random
    assert reserve(match, "ana") == reserve(match, "ben") == 300
    second = fresh(match).current_phase
    assert second.name == "layout · second pick" and second.deadline - second.opened_at == timedelta(minutes=2)
    free = engine_of(match.game).legal_moves(fresh(match).state, "ben")["boards"]
    submitting.submit(seat(match, "ben"), {"board": free[0]}, lock=True)
    step = fresh(match).current_phase
    assert step.kind == "setup" and step.name == "extra tree" and step.deadline - step.opened_at == timedelta(minutes=2)


def test_turn_length_and_reserve_are_per_match(client, host, ana, ben):
    client.force_login(host)
    response = client.post(reverse("dm-new"), {
        "first": ana.pk, "second": ben.pk, "turn_seconds": "45", "reserve_seconds": "100", "draw_items": "",
        "title": "", "boards": "", "seed": "3"})
    assert response.status_code == 302
    short = play_setup(accepted(Match.objects.get()))
    usual = play_setup(new_duel(ana, ben))
    assert short.config["turn_s"] == 45 and short.turn_seconds == 45 and short.config["reserve_s"] == 100
    turn = short.current_phase
    assert turn.kind == "turn" and turn.deadline - turn.opened_at == timedelta(seconds=45)
    assert usual.current_phase.deadline - usual.current_phase.opened_at == timedelta(seconds=60)
    assert reserve(short, "ana") == 100 and reserve(usual, "ana") == 300
    lifecycle.close_due_phases(now=turn.deadline)
    turn.refresh_from_db()
    assert turn.deadline == turn.reserve_from + timedelta(seconds=100)  # this match's reserve


def test_a_match_files_clock_settings_are_honoured_on_import_and_in_replay():
    doc = {"game": "bigfoot-sighting", "seed": 5, "players": ["ana", "ben"],
           "config": {"items": {}, "turn_s": 30, "setup_s": 90, "reserve_s": 100},
           "phases": [{"ana": {"board": 1}}, {"ben": {"board": 2}}, {}],
           "reserve_used": {"3": {"ben": 12.5}}}
    result = matchfile.replay(matchfile.check_shape(json.loads(json.dumps(doc))))
    assert result["players"]["ana"]["reserve_s"] == 100 and result["players"]["ben"]["reserve_s"] == 87.5
    assert "ben has used" not in " ".join(result["log"])  # 12.5 s: no 30-second mark crossed
    match = matchfiles.import_match(json.dumps(doc))
    assert match.turn_seconds == 30
    first = match.phases.get(number=1)
    assert first.kind == "setup" and first.deadline - first.opened_at == timedelta(seconds=90)
    turn = match.current_phase
    assert turn.kind == "turn" and turn.deadline - turn.opened_at == timedelta(seconds=30)
    assert reserve(match, "ben") == 87.5 and reserve(match, "ana") == 100


def test_the_reserve_used_is_exported_and_replayed(duel):
    phase, mover, late = to_reserve(duel)
    submitting.submit(seat(duel, late), bot_payload(duel, late), now=phase.reserve_from + timedelta(seconds=42))
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED and reserve(duel, late) == pytest.approx(258)
    doc = json.loads(json.dumps(matchfiles.export_match(fresh(duel))))
    assert doc["reserve_used"] == {str(phase.number): {late: 42.0}}
    assert matchfile.check_shape(doc)["reserve_used"] == {phase.number: {late: 42.0}}
    result = matchfile.replay(matchfile.check_shape(doc))
    assert result["players"][late]["reserve_s"] == reserve(duel, late) == 258
    assert result["players"][mover]["reserve_s"] == reserve(duel, mover) == 300
    imported = matchfiles.import_match(json.dumps(doc))
    assert reserve(imported, late) == 258
    assert matchfiles.export_match(imported)["reserve_used"] == doc["reserve_used"]


def test_old_match_files_without_clock_fields_still_replay():
    doc = json.loads(FIXTURE.read_text())
    assert "reserve_used" not in doc and not {"turn_s", "setup_s", "reserve_s"} & set(doc["config"])
    result = matchfile.replay(matchfile.check_shape(doc))
    assert result["finished"] and all(p["reserve_s"] == 300 for p in result["players"].values())
    match = matchfiles.import_match(FIXTURE.read_text())
    assert match.status == Match.Status.FINISHED and "reserve_used" not in matchfiles.export_match(match)
    # a time loss as older exports wrote it (a concede move) still replays
    doc = {"game": "bigfoot-sighting", "seed": 5, "players": ["ana", "ben"], "config": {"items": {}},
           "phases": [{}, {}, {"ana": {"concede": True}}]}
    assert matchfile.replay(matchfile.check_shape(doc))["outcome"]["loser"] == "ana"


@pytest.mark.parametrize("bad", [{"0": {"ana": 1}}, {"x": {"ana": 1}}, {"1": {"ana": -1}}, {"1": {"ana": "5"}},
                                 {"1": {"cy": 5}}, {"9": {"ana": 5}}, []])
def test_a_bad_reserve_used_is_refused_with_one_line(bad):
    doc = {"game": "bigfoot-sighting", "seed": 5, "players": ["ana", "ben"], "phases": [{}], "reserve_used": bad}
    with pytest.raises(matchfile.MatchFileError, match="reserve_used"):
        matchfile.check_shape(doc)


# --- the dealer's reminders -------------------------------------------------------------------------------------


def test_reminders_are_logged_once_at_30_and_5_seconds_left(duel):
    phase = fresh(duel).current_phase
    assert live_turns.send_reminders(now=phase.deadline - timedelta(seconds=31)) == 0
    assert live_turns.send_reminders(now=phase.deadline - timedelta(seconds=29.5)) == 1
    assert live_turns.send_reminders(now=phase.deadline - timedelta(seconds=20)) == 0  # once
    assert live_turns.send_reminders(now=phase.deadline - timedelta(seconds=4.8)) == 1
    assert live_turns.send_reminders(now=phase.deadline - timedelta(seconds=1)) == 0
    said = [t for t in lines(duel, phase) if "seconds left" in t]
    assert said == ["30 seconds left in turn 1", "5 seconds left in turn 1"]
    assert LogEntry.objects.filter(text="30 seconds left in turn 1").get().audience == LogEntry.Audience.PUBLIC


def test_reminders_show_on_both_players_pages_and_the_spectators(client, duel, ana, ben):
    phase = fresh(duel).current_phase
    now = timezone.now()
    Phase.objects.filter(pk=phase.pk).update(opened_at=now - timedelta(seconds=40), deadline=now + timedelta(seconds=20))
    assert live_turns.send_reminders() == 1
    for user in (ana, ben, None):
        client.logout()
        if user is not None:
            client.force_login(user)
        html = client.get(reverse("match", args=[duel.pk])).content.decode()
        assert 'data-reminder-text="30 seconds left in turn 1"' in html
        assert 'role="alert" aria-live="assertive"' in html and "data-server-now=" in html


def test_a_turn_too_short_for_a_reminder_gets_none(ana, ben):
    match = play_setup(new_duel(ana, ben, turn_seconds=20))
    phase = match.current_phase
    assert live_turns.reminders_due(match, phase, phase.deadline - timedelta(seconds=19)) == []
    assert live_turns.reminders_due(match, phase, phase.deadline - timedelta(seconds=4)) == ["5 seconds left in turn 1"]


def test_a_reminder_every_30_seconds_of_reserve(duel):
    phase, mover, sleeper = to_reserve(duel)
    start = phase.reserve_from
    assert live_turns.send_reminders(now=start + timedelta(seconds=29)) == 0
    assert live_turns.send_reminders(now=start + timedelta(seconds=30.2)) == 1
    assert live_turns.send_reminders(now=start + timedelta(seconds=45)) == 0
    assert live_turns.send_reminders(now=start + timedelta(seconds=61)) == 1
    said = [t for t in lines(duel, phase) if "of reserve time" in t]
    assert said == [f"{sleeper} has used 30 s of reserve time; 4 min 30 s left.",
                    f"{sleeper} has used 1 min of reserve time; 4 min left."]
    # counted over the whole match: 70 s used in this turn, the next reminder is at 90 s in a later one
    submitting.submit(seat(duel, sleeper), bot_payload(duel, sleeper), now=start + timedelta(seconds=70))
    later = fresh(duel).current_phase
    for name in later.actors:
        if name != sleeper:
            submitting.submit(seat(duel, name), bot_payload(duel, name), now=later.opened_at)
    lifecycle.close_due_phases(now=later.deadline)
    later.refresh_from_db()
    if sleeper in later.actors:
        assert live_turns.reminders_due(fresh(duel), later, later.reserve_from + timedelta(seconds=19)) == []
        assert live_turns.reminders_due(fresh(duel), later, later.reserve_from + timedelta(seconds=21)) == [
            f"{sleeper} has used 1 min 30 s of reserve time; 3 min 30 s left."]


# --- a loss on time --------------------------------------------------------------------------------------------


def test_a_loss_on_time_reads_as_a_loss_on_time(client, duel, ana, ben):
    phase, mover, sleeper = to_reserve(duel)
    lifecycle.close_due_phases(now=phase.deadline + timedelta(milliseconds=1))
    match = fresh(duel)
    assert match.status == Match.Status.FINISHED
    assert (match.outcome["winner"], match.outcome["loser"]) == (mover, sleeper)
    assert not Submission.objects.filter(phase__match=match, payload__concede=True).exists()
    verdict = f"{sleeper} ran out of time: {mover} wins the Death Match."
    assert verdict in lines(match, phase)
    assert "concede" not in " ".join(lines(match, phase))
    for user in (ana, ben):
        client.force_login(user)
        html = client.get(reverse("match", args=[match.pk])).content.decode()
        assert f'data-reminder-text="{verdict}"' in html and "you sent:</small> <code>concede" not in html
    assert verdict in presenters.announcements_part(match)
    doc = json.loads(json.dumps(matchfiles.export_match(match)))
    assert doc["reserve_used"][str(phase.number)] == {sleeper: 300.0}
    result = matchfile.replay(matchfile.check_shape(doc))
    assert result["outcome"]["loser"] == sleeper and result["players"][sleeper]["reserve_s"] == 0
    assert verdict in result["log"]


def test_both_players_out_of_time_at_once_leaves_it_to_the_scores(duel):
    phase = fresh(duel).current_phase
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    lifecycle.close_due_phases(now=phase.deadline + timedelta(milliseconds=1))
    match = fresh(duel)
    assert match.status == Match.Status.FINISHED
    assert "Both players ran out of time at once: the scores as they stand decide." in lines(match, phase)
    assert (match.outcome["winner"], match.outcome["loser"]) == ("ben", "ana")  # ben holds +1.5 Points


def test_both_reserves_running_out_at_once_state_one_outcome_once(duel):
    phase = fresh(duel).current_phase
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    lifecycle.close_due_phases(now=phase.deadline + timedelta(milliseconds=1))
    match = fresh(duel)
    said = [t for t in lines(match, phase) if "out of time" in t or "wins the Death Match" in t or "draw" in t]
    assert not [t for t in said if "ran out of time:" in t]  # nobody is first said to lose on time
    assert sum("Both players ran out of time at once" in t for t in said) == 1
    verdicts = [t for t in lines(match, phase) if "wins the Death Match" in t or "is a draw" in t]
    assert len(verdicts) == 1
    doc = json.loads(json.dumps(matchfiles.export_match(match)))
    replayed = matchfile.replay(matchfile.check_shape(doc))
    assert (replayed["outcome"]["winner"], replayed["outcome"]["loser"]) == (match.outcome["winner"],
                                                                             match.outcome["loser"])


def test_reserve_and_turn_reminders_fold_under_their_turn_in_the_log(duel):
    phase, mover, sleeper = to_reserve(duel)
    start = phase.reserve_from
    for seconds in (30.2, 61, 91):
        live_turns.send_reminders(now=start + timedelta(seconds=seconds))
    group = next(g for g in notify_texts.announcements(fresh(duel)) if g["number"] == phase.number)
    assert len(group["reminders"]) == 3 and not [t for t in group["lines"] if "of reserve time" in t]
    assert "of reserve time" not in group["text"]  # the chat text keeps the events, not the clock
    html = presenters.announcements_part(fresh(duel))
    folded = html.split('<details class="clock-reminders">', 1)[1].split("</details>", 1)[0]
    assert "3 clock reminders in turn 1" in folded and f"{sleeper} has used 1 min 30 s of reserve time" in folded


def test_a_player_concedes_a_bigfoot_death_match_mid_turn_and_the_file_replays_it(duel, ben):
    from genius.matches.services import conceding

    phase = fresh(duel).current_phase
    submitting.submit(seat(duel, "ana"), bot_payload(duel, "ana"))  # ana's move is in; ben gives up
    match = conceding.concede(duel.pk, ben)
    assert match.status == Match.Status.FINISHED
    assert (match.outcome["winner"], match.outcome["loser"]) == ("ana", "ben")
    assert match.outcome["conceded"] == {"player": "ben", "phase": phase.number}
    assert "ben concedes: ana wins the Death Match." in lines(match, phase)
    doc = json.loads(json.dumps(matchfiles.export_match(match)))
    replayed = matchfile.replay(matchfile.check_shape(doc))
    assert replayed["outcome"]["loser"] == "ben" and "ben concedes: ana wins the Death Match." in replayed["log"]


def test_the_reminders_of_many_turns_take_the_same_statements_as_of_few(ana, ben):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def statements(count: int) -> int:
        duels = [play_setup(new_duel(ana, ben)) for _ in range(count)]
        now = timezone.now()
        Phase.objects.filter(match__in=duels, status=Phase.Status.OPEN).update(
            opened_at=now - timedelta(seconds=40), deadline=now + timedelta(seconds=20))
        with CaptureQueriesContext(connection) as ctx:
            assert live_turns.send_reminders(now=now) == count
        return len(ctx.captured_queries) - count  # each match's push takes its own sequence number

    assert statements(1) == statements(3)
