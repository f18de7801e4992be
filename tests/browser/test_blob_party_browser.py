"""Blob Party in a browser: a person plays a round through the form on a phone (six bots), the round
resolves at its deadline, and a spectator's open page shows the boards move without reloading."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

BOTS = ["bo", "cy", "di", "ed", "flo", "gia"]


def start_blob_match() -> Match:
    """ana (a person) and six bots; bo plans in the pregame, which is played, so round 1 is open."""
    ana = User.objects.create_user("ana", password="ana-password-1")
    match = lifecycle.create_match(game="blob-party", title="Blob browser match", seed=7, phase_seconds=3600,
                                   config={"kings": ["bo", "cy", "ana", "di", "ed", "flo", "gia"]})
    lifecycle.add_seat(match, user=ana)
    for name in BOTS:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    lifecycle.resolve_now(match.pk)
    return Match.objects.get(pk=match.pk)


class TestBlobPartyInBrowser(BrowserTestCase):
    def test_a_round_sent_by_form_resolves_and_the_spectators_boards_move_live(self):
        match = start_blob_match()
        base = self.live_server_url
        round_one = match.current_phase
        assert round_one.name == "round 1"

        spectator = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        spectator.goto(f"{base}/matches/{match.pk}/")
        spectator.evaluate("window.__sameDocument = true")
        spectator.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)
        assert "Round 1 turn order:" in spectator.text_content("#part-board")

        player = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # a phone
        log_in(player, base, "ana", "ana-password-1")
        player.goto(f"{base}/matches/{match.pk}/")
        form = player.inner_text("#move-form")
        assert "Your move is not in yet" in form and "you move" in form and "You have 100 BP" in form
        assert player.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone

        # Too many BP: the form says so beside the minigame field, in a player's words; nothing is saved.
        player.select_option("#f-card", "3")
        player.fill("#f-battle_bp", "10")
        player.fill("#f-minigame_bp", "150")
        player.click("#move-form button[type=submit]")
        player.wait_for_selector("#e-minigame_bp")
        assert player.inner_text("#e-minigame_bp") == "You have 100 BP; battle and minigame BP together are 160"
        assert not Submission.objects.filter(seat__name="ana").exists()

        player.select_option("#f-card", "3")
        player.select_option("#f-king", "1")
        player.fill("#f-battle_bp", "10")
        player.fill("#f-minigame_bp", "4")
        player.click("#move-form button[type=submit]")
        player.wait_for_selector("text=Your move is in")
        sub = Submission.objects.get(seat__name="ana", phase=round_one)
        assert sub.payload == {"card": 3, "king": 1, "battle_bp": 10, "minigame_bp": 4} and not sub.is_default

        # The deadline passes: the server's own phase clock resolves round 1 and pushes the update.
        Phase.objects.filter(pk=round_one.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        spectator.wait_for_function(
            "() => document.querySelector('#part-board').textContent.includes('Round 2 turn order:')", timeout=20000,
        )
        assert spectator.evaluate("window.__sameDocument") is True  # no reload happened
        match = Match.objects.get(pk=match.pk)
        board = "A" if "A" in match.state["space"]["ana"] else "B"
        space = match.state["space"]["ana"][board]
        boards = spectator.locator("#part-board svg[aria-label^='Board']")
        drawn = boards.nth(0 if board == "A" else 1).text_content()
        assert f"Space {space}: " in drawn and ", ana" in drawn
        news = spectator.inner_text("#part-announcements")
        assert "Round 1 results" in news and f"Board {board}: ana moves 3" in news and "Minigame:" in news
        seen = spectator.content()
        assert "Only you see this" not in seen and "bid 4 BP" not in seen and "gave 1 for the Kingwizard" not in seen

        # The player's own panel follows too: card 3 is gone from their hand.
        player.wait_for_function(
            "() => document.querySelector('#part-private').textContent.includes('1, 2, 4, 5, wild')", timeout=20000,
        )
