"""What a player's own panel shows: counters by their labels, private ones marked, the wallet and the host's words."""

from __future__ import annotations

from games.custom_game.engine import ENGINE
from tests.custom_game.helpers import at_first_ruling, rule, start


def test_a_players_panel_reads_as_labels_with_private_counters_marked() -> None:
    panel = ENGINE.observer.panel(start(garnets={"ana": 2}), "ana")
    assert panel == {"Points": 0, "Coins (only you and the host)": 5, "Garnets": 2}


def test_the_hosts_private_message_shows_in_that_players_panel_only() -> None:
    state = rule(at_first_ruling(), {"private": {"ana": "The vault is empty."}}).resolution.state
    assert ENGINE.observer.panel(state, "ana")["From the host"].endswith("The vault is empty.")
    assert "From the host" not in ENGINE.observer.panel(state, "ben")
