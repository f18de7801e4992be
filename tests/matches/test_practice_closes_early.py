"""A practice match (one person, the rest bots) never waits for its clock: a phase closes as soon as every seat
that acts has locked its move in, through the same resolution path as the clock, exactly once."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from games.engines.runner import bot_move
from genius.matches.models import LogEntry, Match, Phase, Snapshot, Submission
from genius.matches.services import lifecycle, practice, resolution, submitting
from genius.matches.services.engines import engine_of

pytestmark = pytest.mark.django_db
GAME = "rituals-gone-bad"


@pytest.fixture(autouse=True)
def _no_earlier_starts():
    practice.forget_practice("127.0.0.1")
    yield
    practice.forget_practice("127.0.0.1")


def practice_match(client) -> Match:
    response = client.post(reverse("practice", args=[GAME]))
    assert response.status_code == 302
    return Match.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def human_move(match: Match, seat, salt: int = 0) -> dict:
    engine = engine_of(match.game)
    return bot_move(engine, match.state, match.seed + salt, engine.phase(match.state), seat.name)


def test_a_practice_phase_closes_as_soon_as_the_player_locks_in_their_move(client):
    match = practice_match(client)
    human = match.seats.get(is_bot=False)
    phase = match.current_phase
    assert phase.kind == "main" and human.name in phase.actors
    assert all(s.locked for s in Submission.objects.filter(phase=phase, seat__is_bot=True))  # the bots are in
    sub = submitting.submit(human, human_move(match, human), lock=True)
    assert sub.locked
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED and phase.resolved_at < phase.deadline  # not the clock's doing
    assert Match.objects.get(pk=match.pk).current_phase.number == phase.number + 1


def test_a_whole_practice_match_is_played_without_waiting_for_a_deadline(client):
    match = practice_match(client)
    human = match.seats.get(is_bot=False)
    for step in range(40):
        match.refresh_from_db()
        phase = match.current_phase
        if match.status != Match.Status.RUNNING or phase is None:
            break
        if human.name in phase.actors:
            submitting.submit(human, human_move(match, human, step), lock=True)
            assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED
        else:  # only bots act: due at once, closed by the clock's next tick
            assert phase.deadline == phase.opened_at
            assert resolution.close_due_phases(timezone.now()) == 1
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert not match.phases.filter(resolved_at__gte=timezone.now()).exists()


def test_a_practice_move_saved_without_locking_in_can_still_be_changed(client):
    match = practice_match(client)
    human = match.seats.get(is_bot=False)
    phase = match.current_phase
    sub = submitting.submit(human, human_move(match, human))
    assert not sub.locked
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.OPEN
    submitting.submit(human, human_move(match, human, 1), lock=True)  # changed, then locked in: it closes
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED


def test_an_early_close_is_resolved_once_and_the_clock_then_finds_nothing(client):
    match = practice_match(client)
    human = match.seats.get(is_bot=False)
    phase = match.current_phase
    submitting.submit(human, human_move(match, human), lock=True)
    assert resolution.resolve_phase(phase.pk, force=True) is False  # resolved already: nothing happens twice
    assert resolution.resolve_phase(phase.pk, now=phase.deadline) is False
    assert Snapshot.objects.filter(match=match, phase_number=phase.number).count() == 1
    assert LogEntry.objects.filter(match=match, phase_number=phase.number).exists()


def test_a_locked_in_practice_move_cannot_be_replaced(client):
    match = practice_match(client)
    human = match.seats.get(is_bot=False)
    engine = engine_of(match.game)
    # Lock in on a phase that stays open: keep one bot's move unlocked, as if that bot were still thinking.
    phase = match.current_phase
    Submission.objects.filter(phase=phase, seat__is_bot=True).update(locked=False)
    submitting.submit(human, human_move(match, human), lock=True)
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.OPEN
    with pytest.raises(submitting.ServiceError, match="locked in"):
        submitting.submit(human, bot_move(engine, match.state, 99, engine.phase(match.state), human.name))


def test_the_practice_form_offers_lock_in_and_says_the_phase_closes_at_once(client):
    match = practice_match(client)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert 'name="lock" value="1"' in page and "Lock in" in page
    assert "the phase closes as soon as you lock in" in page


def test_a_match_that_is_not_practice_waits_for_every_player_still_to_move(rgb_match, ana):
    seat = rgb_match.seats.get(user=ana)
    phase = rgb_match.current_phase
    assert {"ana", "ben"} <= set(phase.actors)
    sub = submitting.submit(seat, human_move(rgb_match, seat), lock=True)
    assert sub.locked  # final (tests/matches/test_ready_means_ready.py: the phase closes once ben locks in too)
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.OPEN


def test_a_lobby_titled_like_practice_in_a_season_is_not_practice(ana, rgb_match):
    lobby = lifecycle.create_match(game=GAME, title="Practice: ours", season=rgb_match.season)
    assert not practice.is_practice(lobby)
