"""The host's rulings through the services: drafts, publishing once under the lock, refusals, and a ruling
resolved through the same path as every phase (log, ledger, snapshot, sequence number, next phase)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from genius.core.errors import ServiceError
from genius.matches.models import GarnetEntry, LogEntry, Match, Phase, Snapshot, garnet_balance
from genius.matches.services import lifecycle, rulings

from .conftest import T0, close_players_phase, make_season, open_phase, publish, start_custom

pytestmark = pytest.mark.django_db


def test_the_first_phase_opens_with_its_own_length():
    match = start_custom(phase_seconds=24 * 3600)
    phase = open_phase(match)
    assert phase.kind == "main" and phase.deadline == T0 + timedelta(seconds=3600)  # the design's 1 hour


def test_a_ruling_phase_opens_without_a_deadline_and_is_never_due(custom_match):
    phase = close_players_phase(custom_match)
    assert phase.deadline is None and phase.actors == []
    assert lifecycle.due_phase_ids(T0 + timedelta(days=365)) == []
    assert lifecycle.close_due_phases(T0 + timedelta(days=365)) == 0
    assert open_phase(custom_match).pk == phase.pk


def test_resolve_now_refuses_a_ruling_phase(custom_match):
    close_players_phase(custom_match)
    with pytest.raises(ServiceError, match="publish"):
        lifecycle.resolve_now(custom_match.pk)


def test_a_forced_resolution_never_closes_an_unpublished_ruling(custom_match):
    phase = close_players_phase(custom_match)
    assert lifecycle.resolve_phase(phase.pk, force=True) is False
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.OPEN


def test_publishing_resolves_the_ruling_and_opens_the_next_phase(custom_match, host):
    phase = close_players_phase(custom_match)
    seq = Match.objects.get(pk=custom_match.pk).seq
    form = rulings.ruling_form(custom_match)
    publish(custom_match, {"announce": "Red wins the auction.", "next": form.default_next}, host)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED and phase.ruling["announce"] == "Red wins the auction."
    assert Snapshot.objects.filter(match=custom_match, phase_number=phase.number).exists()
    match = Match.objects.get(pk=custom_match.pk)
    assert match.seq > seq
    nxt = open_phase(match)
    assert nxt.number == phase.number + 1 and nxt.kind == "main"
    assert nxt.deadline is None  # "Vote" waits for the host to close it
    assert LogEntry.objects.filter(match=match, audience="public", phase_number=phase.number,
                                   text="Red wins the auction.").exists()


def test_a_ruling_is_published_once(custom_match, host):
    phase = close_players_phase(custom_match)
    form = rulings.ruling_form(custom_match)
    rulings.publish(custom_match, phase, {"announce": "First.", "next": form.default_next}, host)
    with pytest.raises(ServiceError, match="published already"):
        rulings.publish(custom_match, phase, {"announce": "Second.", "next": form.default_next}, host)
    with pytest.raises(ServiceError, match="published already"):
        rulings.save_draft(custom_match, phase, {"announce": "Late draft."}, host)
    assert Phase.objects.get(pk=phase.pk).ruling["announce"] == "First."
    assert not LogEntry.objects.filter(match=custom_match, text="Second.").exists()


def test_a_players_phase_takes_no_ruling(custom_match, host):
    phase = open_phase(custom_match)
    with pytest.raises(ServiceError, match="not a ruling phase"):
        rulings.publish(custom_match, phase, {"next": "end"}, host)


def test_only_the_host_may_publish_or_save_a_draft(custom_match, make_user, host):
    phase = close_players_phase(custom_match)
    ana = custom_match.seats.get(name="ana").user
    stranger = make_user("stranger")
    for who in (ana, stranger, None):
        with pytest.raises(ServiceError, match="Only the host"):
            rulings.publish(custom_match, phase, {"next": "end"}, who)
        with pytest.raises(ServiceError, match="Only the host"):
            rulings.save_draft(custom_match, phase, {"announce": "x"}, who)
    assert Phase.objects.get(pk=phase.pk).ruling is None


def test_a_draft_is_saved_any_number_of_times_and_never_published(custom_match, host):
    phase = close_players_phase(custom_match)
    for text in ("one", "two", "three"):
        rulings.save_draft(custom_match, phase, {"announce": text}, host)
    phase.refresh_from_db()
    assert phase.ruling_draft == {"announce": "three"} and phase.ruling is None and phase.status == Phase.Status.OPEN
    assert not LogEntry.objects.filter(match=custom_match, text="three").exists()


@pytest.mark.parametrize("draft, words", [
    ("not a ruling", "named parts"),
    ({"secret_key": 1}, "no part called"),
    ({"announce": "a\ud800b"}, "cannot be stored"),
    ({"announce": "a\x00b"}, "cannot be stored"),
    ({"announce": "x" * 300_000}, "too long"),
    ({"announce": object()}, "only text"),
])
def test_a_draft_of_the_wrong_shape_is_refused_and_nothing_is_kept(custom_match, host, draft, words):
    phase = close_players_phase(custom_match)
    with pytest.raises(ServiceError, match=words):
        rulings.save_draft(custom_match, phase, draft, host)
    assert Phase.objects.get(pk=phase.pk).ruling_draft is None


@pytest.mark.parametrize("ruling, field", [
    ({"next": "nowhere"}, "next"),
    ({"next": "end", "counters": {"zed": {"points": 1}}}, "counters"),
    ({"next": "end", "counters": {"ana": {"nope": 1}}}, "counters"),
    ({"next": "end", "private": {"zed": "hi"}}, "private"),
    ({"next": "end", "garnets": {"ana": -99}}, "garnets"),
])
def test_a_bad_ruling_is_refused_naming_its_field_and_changes_nothing(custom_match, host, ruling, field):
    phase = close_players_phase(custom_match)
    before = Match.objects.get(pk=custom_match.pk)
    with pytest.raises(ServiceError) as refused:
        rulings.publish(custom_match, phase, ruling, host)
    assert refused.value.field.startswith(field) and refused.value.message
    after = Match.objects.get(pk=custom_match.pk)
    assert (after.state, after.seq) == (before.state, before.seq)
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.OPEN


def test_a_paused_match_takes_no_ruling_until_resumed(custom_match, host):
    phase = close_players_phase(custom_match)
    lifecycle.pause(custom_match.pk)
    form = rulings.ruling_form(custom_match)
    with pytest.raises(ServiceError, match="paused"):
        rulings.publish(custom_match, phase, {"next": form.default_next}, host)
    lifecycle.resume(custom_match.pk)
    assert Phase.objects.get(pk=phase.pk).deadline is None  # resumed still without a deadline
    rulings.publish(custom_match, phase, {"next": form.default_next}, host)


def test_garnet_changes_are_written_to_the_season_ledger():
    season = make_season(garnets=3)
    match = start_custom(season=season)
    from tests.custom_game_web.conftest import make_users

    users = make_users()
    close_players_phase(match)
    form = rulings.ruling_form(match)
    assert form.garnets["ana"] == 3
    publish(match, {"next": form.default_next, "garnets": {"ana": 2, "ben": -3}}, _host())
    assert garnet_balance(users["ana"].pk, season.pk) == 5
    assert garnet_balance(users["ben"].pk, season.pk) == 0
    rows = GarnetEntry.objects.filter(match=match).order_by("pk")
    assert sorted((r.user.username, r.amount) for r in rows) == [("ana", 2), ("ben", -3)]


def test_a_garnet_spend_the_ledger_cannot_cover_is_refused_beside_its_box():
    season = make_season(garnets=3)
    match = start_custom(season=season)
    from tests.custom_game_web.conftest import make_users

    ben = make_users()["ben"]
    GarnetEntry.objects.create(user=ben, season=season, amount=-2, reason="spent in another match")
    phase = close_players_phase(match)
    form = rulings.ruling_form(match)
    with pytest.raises(ServiceError) as refused:
        rulings.publish(match, phase, {"next": form.default_next, "garnets": {"ben": -3}}, _host())
    assert refused.value.field == "garnets.ben" and "below zero" in refused.value.message
    assert garnet_balance(ben.pk, season.pk) == 1


def test_counter_changes_are_public_or_private_by_the_counters_visibility(custom_match, host):
    phase = close_players_phase(custom_match)
    form = rulings.ruling_form(custom_match)
    publish(custom_match, {"next": form.default_next,
                           "counters": {"ana": {"points": 3, "coins": -2}}}, host)
    lines = LogEntry.objects.filter(match=custom_match, phase_number=phase.number)
    public = " ".join(lines.filter(audience="public").values_list("text", flat=True))
    anas = " ".join(lines.filter(audience="seat", seat__name="ana").values_list("text", flat=True))
    assert "Points" in public and "+3" in public
    assert "Coins" not in public and "Coins" in anas
    after = rulings.ruling_form(custom_match) if open_phase(custom_match).kind == "ruling" else None
    assert after is None  # the next phase is the players'


def _host():
    from django.contrib.auth import get_user_model

    users = get_user_model()
    return users.objects.filter(username="host").first() or users.objects.create_user(
        username="host", password="pw-host-123", is_staff=True, is_superuser=True)
