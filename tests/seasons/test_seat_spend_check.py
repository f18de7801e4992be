"""The one check of a spend taken at once (an action, an instant move) against the seat's season wallet."""

from __future__ import annotations

import pytest

from games.engines.protocol import GarnetChange
from genius.matches.services import ledger
from tests.seasons.helpers import make_season, user

pytestmark = pytest.mark.django_db


def test_a_spend_the_season_wallet_covers_passes_with_the_balances_held():
    season = make_season(["ana", "ben"], garnets=3)
    ana = user("ana")
    held = ledger.check_seat_spend(season.pk, [GarnetChange("ana", -2, "a buy")], "ana", ana.pk)
    assert held == {(season.pk, ana.pk): 3}


def test_a_spend_beyond_the_season_wallet_is_refused_in_the_players_words():
    season = make_season(["ana", "ben"], garnets=1)
    with pytest.raises(ledger.WalletShort) as short:
        ledger.check_seat_spend(season.pk, [GarnetChange("ana", -3, "a buy")], "ana", user("ana").pk)
    assert short.value.words("This action") == "This action needs 3 garnets in your wallet; it holds 1."


def test_a_gain_or_a_seat_without_a_user_reads_no_wallet():
    season = make_season(["ana"], garnets=0)
    assert ledger.check_seat_spend(season.pk, [GarnetChange("ana", 2, "won")], "ana", user("ana").pk) is None
    assert ledger.check_seat_spend(season.pk, [GarnetChange("bot", -2, "a buy")], "bot", None) is None
