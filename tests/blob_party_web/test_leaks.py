"""BP stays private: another player's and a spectator's pages, live JSON and websocket frames never
show a player's BP, battle BP, minigame bids, 0/1 votes, purchases or which traps are theirs."""

from __future__ import annotations

import html
import json

import pytest
from asgiref.sync import async_to_sync
from django.test import Client
from django.urls import reverse

from genius.matches.models import LogEntry, Match
from genius.matches.services import lifecycle
from tests.matches.test_leaks import assert_no_secret as assert_none_shown
from tests.matches.test_leaks import frames_during_resolution
from tests.matches.test_leaks import secrets_of as platform_secrets_of
from tests.matches.test_leaks import visible_pages as pages

from .helpers import client_for, match_page, post_move

pytestmark = pytest.mark.django_db(transaction=True)


def play_three_rounds(match: Match, ana) -> None:
    """ana plans the pregame, rules round 1 and plays round 2 with telling amounts; round 3 stays open with her move in."""
    client = client_for(ana)
    assert post_move(client, match, {"group_A_1": "ben", "group_B_1": "cat", "trap_A": "3"}).status_code == 302
    lifecycle.resolve_now(match.pk)
    assert post_move(client, match, {"king_A": "1", "king_B": "0", "battle_bp_A": "23", "battle_bp_B": "11",
                                     "minigame_bp": "37", "buy": "7"}).status_code == 302
    lifecycle.resolve_now(match.pk)
    assert post_move(client, match, {"card": "W4", "king": "1", "battle_bp": "9", "minigame_bp": "21"}).status_code == 302
    lifecycle.resolve_now(match.pk)
    assert post_move(client, match, {"card": "2", "king": "1", "battle_bp": "2", "minigame_bp": "3"}).status_code == 302
    match.refresh_from_db()


def secrets_of(match: Match, name: str) -> list[str]:
    """What only ``name`` (and the host) may read: private log lines, submissions, panel values."""
    panel = [f"<dt>BP</dt><dd>{match.state['bp'][name]}</dd>", f"<dt>Garnets</dt><dd>{match.state['garnets'][name]}</dd>",
             f"trap of {name}", "bid 37 BP", "bid 21 BP", "unique bid, 37 BP", "unique bid, 21 BP"]
    return platform_secrets_of(match, name) + panel


def test_another_player_and_a_spectator_never_see_a_players_bp_bids_votes_or_purchases(bp_match, ana, ben):
    play_three_rounds(bp_match, ana)
    secrets = secrets_of(bp_match, "ana")
    assert any("buys 7 BP" in s for s in secrets) and any("gave 1 for the Kingwizard" in s for s in secrets)
    host_lines = list(LogEntry.objects.filter(match=bp_match, audience="host").values_list("text", flat=True))
    own = set(secrets_of(bp_match, "ben"))
    texts = pages(client_for(ben), bp_match) + pages(Client(), bp_match)
    texts += async_to_sync(frames_during_resolution)(bp_match.pk, ben)
    texts += async_to_sync(frames_during_resolution)(bp_match.pk, None)
    assert_none_shown(texts, [s for s in secrets if s not in own] + host_lines)


def test_the_spectators_live_json_holds_only_the_public_parts(bp_match, ana):
    play_three_rounds(bp_match, ana)
    live = Client().get(reverse("match-live", args=[bp_match.pk])).json()
    assert set(live["parts"]) == {"status", "board", "announcements"}
    board = live["parts"]["board"]
    assert "Orbs and stars of everyone" in board and "MY TRAP" not in board and "your trap" not in board
    assert "Only you see this" not in json.dumps(live)


def test_the_player_sees_their_own_bp_votes_and_purchases(bp_match, ana):
    play_three_rounds(bp_match, ana)
    page = match_page(client_for(ana), bp_match)
    mine = LogEntry.objects.filter(match=bp_match, seat__name="ana").values_list("text", flat=True)
    assert mine and all(html.escape(line) in page for line in mine)
    assert f"<dt>BP</dt><dd>{bp_match.state['bp']['ana']}</dd>" in page
    assert "<dt>Cards left</dt><dd>1, 2, 3, 4, 5</dd>" in page  # the wild card went in round 2
