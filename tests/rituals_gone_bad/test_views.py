"""Views: spectators and other players never see a player's private values; the host sees everything."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engines.protocol import HOST, SPECTATOR, Seat, State
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, PlayedMatch, mentions_colour, random_match

PRIVATE_KEYS = ("books", "counts", "monsters", "predictions", "correct", "looked_up", "garnets", "votes")


@pytest.fixture(scope="module")
def matches() -> list[PlayedMatch]:
    return [random_match(seed) for seed in range(12)]


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def without(view: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in keys}


def every_state(matches: list[PlayedMatch]) -> list[State]:
    return [state for m in matches for state in m.states]


def test_spectators_see_no_book_prediction_count_or_wallet(matches: list[PlayedMatch]) -> None:
    for state in every_state(matches):
        view = ENGINE.observer.view(state, SPECTATOR)
        text = json.dumps(view)
        assert not mentions_colour(text)
        assert not keys_in(view) & set(PRIVATE_KEYS)
        assert "you" not in view and "host" not in view
        if not ENGINE.finished(state):
            assert view["points"] is None
        assert not mentions_colour(ENGINE.observer.board_text(state, SPECTATOR))


def test_a_player_sees_the_public_view_plus_only_their_own_section(matches: list[PlayedMatch]) -> None:
    for state in every_state(matches):
        public = without(ENGINE.observer.view(state, SPECTATOR), "viewer")
        for player in PLAYERS:
            view = ENGINE.observer.view(state, Seat(player))
            assert without(view, "viewer", "you") == public
            assert view["you"]["name"] == player
            assert view["you"]["garnets"] == state["garnets"][player]


def test_a_player_sees_only_their_own_books_predictions_and_counts(matches: list[PlayedMatch]) -> None:
    for state in every_state(matches)[::5]:
        for player in PLAYERS:
            for mine, record in zip(ENGINE.observer.view(state, Seat(player))["you"]["history"], state["rituals"], strict=True):
                if record["pairs"] is None:
                    assert set(mine) == {"number", "role"}
                    continue
                if record["leader"] == player:
                    assert mine["counts"] == record["counts"] and "book" not in mine
                else:
                    assert mine["book"] == record["books"][player] and "counts" not in mine
                if record["predictions"] is not None:
                    guesses = record["predictions"][player]
                    assert mine["predict"] == (guesses if record["leader"] == player else guesses[0])
                    bought = record["looked_up"].get(player, [])
                    assert [answer["slot"] for answer in mine["lookups"]] == bought
                    assert all(a["correct"] == record["correct"][player][a["slot"] - 1] for a in mine["lookups"])


def test_a_players_own_score_stays_hidden_until_the_match_ends(matches: list[PlayedMatch]) -> None:
    for state in every_state(matches):
        for player in PLAYERS:
            points = ENGINE.observer.view(state, Seat(player))["you"]["points"]
            assert points == (state["points"][player] if ENGINE.finished(state) else None)


def test_a_players_wallet_never_shows_in_another_view() -> None:
    state = ENGINE.setup(list(PLAYERS), {}, {"cy": 4242}, 5)
    for viewer in [SPECTATOR, *(Seat(p) for p in PLAYERS if p != "cy")]:
        assert "4242" not in json.dumps(ENGINE.observer.view(state, viewer))
        assert "4242" not in ENGINE.observer.board_text(state, viewer)
    assert "4242" in json.dumps(ENGINE.observer.view(state, Seat("cy")))
    assert "4242" in json.dumps(ENGINE.observer.view(state, HOST))


def test_the_host_sees_everything(matches: list[PlayedMatch]) -> None:
    state = matches[0].final
    view = ENGINE.observer.view(state, HOST)
    assert view["host"]["rituals"] == state["rituals"]
    assert view["host"]["points"] == state["points"]
    assert view["host"]["garnets"] == state["garnets"]
    middle = matches[0].states[len(matches[0].states) // 2]
    assert ENGINE.observer.view(middle, HOST)["host"]["points"] == middle["points"]


def test_views_are_json_and_copies_of_the_state(matches: list[PlayedMatch]) -> None:
    state = matches[1].states[6]
    before = json.dumps(state, sort_keys=True)
    for viewer in [SPECTATOR, HOST, *map(Seat, PLAYERS)]:
        view = ENGINE.observer.view(state, viewer)
        assert json.loads(json.dumps(view)) == view
        view["players"].append("zed")
        view["rituals"][0]["leader"] = "zed"
    assert json.dumps(state, sort_keys=True) == before


def test_private_log_lines_go_to_their_owner_only(matches: list[PlayedMatch]) -> None:
    for m in matches:
        for line in m.log:
            if isinstance(line.audience, Seat):
                assert line.audience.name in PLAYERS
                others = [p for p in PLAYERS if p != line.audience.name]
                assert not line.text.startswith(tuple(f"{p} " for p in others))


def test_the_board_text_shows_the_leader_order_pairs_and_totals(matches: list[PlayedMatch]) -> None:
    state = matches[2].final
    text = ENGINE.observer.board_text(state, SPECTATOR)
    assert "Leader order: 1 " in text
    assert "Ritual 7 (leader" in text and "Final points:" in text
    assert ENGINE.observer.board_text(state, HOST).startswith(text)
