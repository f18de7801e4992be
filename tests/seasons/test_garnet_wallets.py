"""A season's garnet wallet is the ledger: every spend is checked against it, locked, when it is made."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from genius.matches.models import GarnetEntry, LogEntry, Match, Submission, garnet_balance
from genius.matches.services import lifecycle
from genius.seasons.models import Season, SeasonPlayer
from tests.blob_party_web.helpers import BOTS, KINGS, SEED, client_for, post_move

pytestmark = pytest.mark.django_db


def season_with_wallet(garnets: int = 3) -> tuple[Season, object, object]:
    """A season of ana (``garnets`` in her wallet) and ben."""
    users = get_user_model()
    ana = users.objects.create_user(username="ana", password="pw-ana-123")
    ben = users.objects.create_user(username="ben", password="pw-ben-123")
    season = Season.objects.create(name="Garnet season", slug="garnets")
    for user in (ana, ben):
        SeasonPlayer.objects.create(season=season, user=user)
    GarnetEntry.objects.create(user=ana, season=season, amount=garnets, reason="starting wallet")
    return season, ana, ben


def blob_party_at_round_1(season: Season, ana, ben, title: str) -> Match:
    """A Blob Party of the season (ana, ben and five bots), played on to round 1, where ana is the Kingwizard."""
    match = lifecycle.create_match(game="blob-party", title=title, season=season, seed=SEED, phase_seconds=3600,
                                   config={"kings": KINGS})
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    for name in BOTS:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    while True:
        match.refresh_from_db()
        if match.current_phase.name == "round 1":
            return match
        lifecycle.resolve_now(match.pk)


def stored_move(match: Match, name: str) -> Submission:
    return Submission.objects.get(phase=match.current_phase, seat__name=name, kind="move")


def test_two_matches_of_one_season_cannot_spend_the_same_garnets(settings):
    season, ana, ben = season_with_wallet(3)
    first = blob_party_at_round_1(season, ana, ben, "first")
    second = blob_party_at_round_1(season, ana, ben, "second")
    client = client_for(ana)
    # Both matches started with a copy of the same 3 garnets: each accepts a purchase of 5 BP for 3.
    assert post_move(client, first, {"buy": "5"}).status_code == 302
    assert post_move(client, second, {"buy": "5"}).status_code == 302
    refused_move = stored_move(second, "ana")
    lifecycle.resolve_now(first.pk)
    left = garnet_balance(ana.pk, season.pk)
    assert left < 3  # 3 spent (a garnet tile may have paid one back)
    lifecycle.resolve_now(second.pk)  # the garnets went in the first match: this purchase is refused
    assert garnet_balance(ana.pk, season.pk) >= 0  # today's code: -3 (or -2)
    spends = GarnetEntry.objects.filter(user=ana, season=season, amount__lt=0)
    assert list(spends.values_list("match__title", "amount")) == [("first", -3)]
    refused_move.refresh_from_db()
    assert refused_move.is_default and "buy" not in refused_move.payload
    host_lines = LogEntry.objects.filter(match=second, audience="host").values_list("text", flat=True)
    assert any(f"ana's stored move was refused (it would spend 3 garnets and the wallet holds {left}" in t
               for t in host_lines), list(host_lines)
    private = LogEntry.objects.filter(match=second, seat__name="ana").values_list("text", flat=True)
    assert any(t.startswith("Your move was refused (it would spend 3 garnets") for t in private)
    assert not any("buys 5 BP" in t for t in private)


def test_a_move_spending_garnets_spent_in_another_match_is_refused_when_it_is_sent(settings):
    season, ana, ben = season_with_wallet(3)
    first = blob_party_at_round_1(season, ana, ben, "first")
    second = blob_party_at_round_1(season, ana, ben, "second")
    client = client_for(ana)
    assert post_move(client, first, {"buy": "5"}).status_code == 302
    lifecycle.resolve_now(first.pk)
    left = garnet_balance(ana.pk, season.pk)
    response = post_move(client, second, {"buy": "5"})
    assert response.status_code == 400
    assert (f"This move would spend 3 garnets and your wallet holds {left} (the others were spent in another "
            "match): nothing was saved.") in response.content.decode()
    assert not Submission.objects.filter(phase=second.current_phase, seat__name="ana").exists()
    # A move that spends nothing is still taken.
    assert post_move(client, second, {"minigame_bp": "3"}).status_code == 302
    assert garnet_balance(ana.pk, season.pk) == left


def test_a_spend_the_wallet_cannot_cover_is_never_written_to_the_ledger():
    from games.engines.protocol import GarnetChange
    from genius.matches.services import ledger

    season, ana, ben = season_with_wallet(2)
    match = lifecycle.create_match(game="blob-party", title="ledger", season=season, seed=SEED)
    lifecycle.add_seat(match, user=ana)
    ledger.record_garnets(match, 1, [GarnetChange("ana", -3, "bought 5 BP")])
    assert garnet_balance(ana.pk, season.pk) == 2
    ledger.record_garnets(match, 1, [GarnetChange("ana", -2, "bought 5 BP"), GarnetChange("ana", 1, "payout")])
    assert garnet_balance(ana.pk, season.pk) == 1
