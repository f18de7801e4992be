"""A player submits through the form; the phase resolves; a spectator's open page updates live."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser


def start_rgb_match() -> Match:
    ana = User.objects.create_user("ana", password="ana-password-1")
    match = lifecycle.create_match(game="rituals-gone-bad", title="Browser match", seed=42, phase_seconds=3600)
    lifecycle.add_seat(match, user=ana)
    for name in ["bo", "cy", "di", "ed", "flo", "gia"]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


class TestMatchInBrowser(BrowserTestCase):
    def test_player_submits_by_form_and_the_spectator_sees_the_resolution_live(self):
        match = start_rgb_match()
        base = self.live_server_url
        first_phase = match.current_phase

        spectator = self.browser.new_context().new_page()
        spectator.goto(f"{base}/matches/{match.pk}/")
        spectator.evaluate("window.__sameDocument = true")
        spectator.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)
        assert first_phase.name in spectator.inner_text("#part-status")

        player = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # a phone
        log_in(player, base, "ana", "ana-password-1")
        player.goto(f"{base}/matches/{match.pk}/")
        assert "Your move is not in yet" in player.inner_text("#move-form")
        select = player.locator("#move-form select").first
        assert select.input_value() == ""  # nothing is chosen for the player
        select.select_option([v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v][0])
        player.click("#move-form button[type=submit]")
        player.wait_for_selector("text=Your move is in")
        assert Submission.objects.filter(seat__name="ana", phase=first_phase, is_default=False).exists()

        # The deadline passes: the server's own phase clock resolves the phase and pushes the update.
        Phase.objects.filter(pk=first_phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        spectator.wait_for_function(
            "name => !document.querySelector('#part-status').innerText.includes(name)",
            arg=first_phase.name, timeout=20000,
        )
        assert spectator.evaluate("window.__sameDocument") is True  # no reload happened
        second = Match.objects.get(pk=match.pk).current_phase
        assert second.number == 2
        assert second.name in spectator.inner_text("#part-status")
        assert first_phase.name in spectator.inner_text("#part-announcements")
