"""Trail Trouble in the browser: the host types the forks; a player sends a round with a garnet; the trail moves."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.trail_trouble.forks import format_fork, preview_round
from genius.matches.models import GarnetEntry, Match, Phase, Submission
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

BOTS = ["bo", "cy", "di", "ed", "flo", "gia", "hu", "ike", "jun"]
ROUND = (
    "+1 :coin: / -1 :coin:, +3 :position:\n"
    "If <2 :people:, +2 :position: / +1 :coin:\n"
    "If >3:people:,+2:coin:/-2:coin:,+:garnet:\n"
    "If >2 :peopleahead:, +2 :position: / +2 :coin:"
)
TYPO = ROUND.replace("+2 :position: / +1 :coin:", "+2 :positions: / +1 :coin:")
PHONE = {"width": 390, "height": 844}


def trail(page) -> list[str]:
    """The names on the drawn trail of the board part, front to back."""
    texts = page.eval_on_selector_all("#part-board svg text", "els => els.map(e => e.textContent)")
    names = {"ana", *BOTS}
    return [t for t in texts if t in names]


def running_match_with_ana_at_the_back() -> Match:
    """Ana (2 garnets) in the last place, nine bots ahead of her; 1-hour rounds."""
    ana = User.objects.create_user("ana", password="ana-password-1")
    GarnetEntry.objects.create(user=ana, amount=2, reason="starting wallet")
    forks = [[format_fork(f) for f in preview_round(ROUND)] for _ in range(4)]
    match = lifecycle.create_match(game="trail-trouble", title="Trail in the browser", seed=5, phase_seconds=3600,
                                   config={"forks": forks, "order": [*BOTS, "ana"]})
    lifecycle.add_seat(match, user=ana)
    for name in BOTS:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


class TestTrailTroubleInBrowser(BrowserTestCase):
    def test_the_host_types_the_forks_sees_the_error_beside_the_round_and_creates_the_lobby(self):
        User.objects.create_user("boss", password="boss-password-1", is_staff=True)
        User.objects.create_user("ana", password="ana-password-1")
        base = self.live_server_url
        host = self.browser.new_context(viewport=PHONE).new_page()
        log_in(host, base, "boss", "boss-password-1")
        host.goto(f"{base}/")
        host.click("text=Host a match")
        host.click("text=New Trail Trouble lobby")
        host.wait_for_url(f"{base}/host/trail-trouble/new/")
        host.fill("#id_forks", "\n\n".join([ROUND, TYPO, ROUND, ROUND]))
        host.fill("#id_bots", "\n".join(BOTS))
        host.click("button[value=preview]")
        error = host.inner_text("#setting-forks .host-preview")
        assert "Line 7, column 20: expected ':coin:' or ':position:' after '+2'" in error
        assert host.get_attribute("#id_forks", "aria-invalid") == "true"
        assert not Match.objects.exists()

        host.fill("#id_forks", "\n\n".join([ROUND] * 4))
        host.click("button[value=preview]")
        assert "Everything reads well" in host.inner_text("main")
        preview = host.inner_text("#setting-forks .host-preview")
        assert "Round 2, fork 3: If >3 :people:, +2 :coin: / -2 :coin:, +:garnet:" in preview
        assert "Right (costs 1 coin): pay 1 coin to gain 3 positions" in preview
        host.click("button[value=create]")
        host.wait_for_selector("text=1 seat is free")
        match = Match.objects.get()
        assert host.url == f"{base}/matches/{match.pk}/"

        player = self.browser.new_context(viewport=PHONE).new_page()
        log_in(player, base, "ana", "ana-password-1")
        player.goto(f"{base}/matches/{match.pk}/")
        player.click("text=Take a seat")
        player.wait_for_selector("text=You have a seat")

        host.goto(f"{base}/host/matches/{match.pk}/setup/")
        for place, name in enumerate(["ana", *BOTS]):
            host.select_option(f"select[name=order_{place}]", name)
        host.click("button[value=save]")
        host.wait_for_selector("text=The settings are saved")
        host.click("#match button[value=start]")
        host.wait_for_selector("text=Started.")
        assert Match.objects.get().state["order"] == ["ana", *BOTS]
        player.reload()
        assert "Your move: round 1" in player.inner_text("#move-form")

    def test_a_player_sends_a_round_with_a_garnet_and_the_public_trail_shows_the_new_order(self):
        match = running_match_with_ana_at_the_back()
        base = self.live_server_url
        first = match.current_phase

        spectator = self.browser.new_context().new_page()
        spectator.goto(f"{base}/matches/{match.pk}/")
        spectator.evaluate("window.__sameDocument = true")
        spectator.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)
        assert trail(spectator) == [*BOTS, "ana"]

        player = self.browser.new_context(viewport=PHONE).new_page()  # a phone
        log_in(player, base, "ana", "ana-password-1")
        player.goto(f"{base}/matches/{match.pk}/")
        form = player.inner_text("#move-form")
        assert "Your move is not in yet" in form and "You have 0 coins and 2 garnets now." in form
        assert "Right (costs 1 coin): pay 1 coin to gain 3 positions" in form

        # A garnet on a free path is refused, with the message beside the garnet boxes.
        for number, side in ((1, "L"), (2, "R"), (3, "R"), (4, "R")):  # nothing is chosen before her move is in
            player.select_option(f"#f-fork_{number}", side)
        player.check("#move-form input[name=garnet][value='1']")
        player.click("#move-form button[type=submit]")
        beside = player.inner_text("#e-garnet")
        assert beside == "Fork 1's Left path costs no coins; there is nothing to pay with a garnet."
        assert not Submission.objects.filter(seat__name="ana", phase=first).exists()

        # Right at fork 1 paid with the garnet (she has no coins), Left at fork 2.
        player.select_option("#f-fork_1", "R")
        player.select_option("#f-fork_2", "L")
        assert player.is_checked("#move-form input[name=garnet][value='1']")
        player.click("#move-form button[type=submit]")
        player.wait_for_selector("text=Your move is in")
        sub = Submission.objects.get(seat__name="ana", phase=first)
        assert sub.payload == {"paths": "RLRR", "garnet": [1]} and not sub.is_default

        # The deadline passes: the server's own clock resolves the round and pushes the new trail.
        Phase.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        spectator.wait_for_function(
            "() => document.querySelector('#part-status').innerText.includes('round 2')", timeout=20000
        )
        assert spectator.evaluate("window.__sameDocument") is True  # updated live, no reload
        match.refresh_from_db()
        order = match.state["order"]
        assert order != [*BOTS, "ana"] and order[-1] != "ana"
        assert match.state["rounds"][0]["forks"][0]["results"]["ana"]["how"] == "garnet"
        spectator.wait_for_function(
            "() => document.querySelector('#part-board svg text') && "
            "document.querySelector('#part-board').innerHTML.includes('>R1<')", timeout=10000
        )
        assert trail(spectator) == order
        assert "coin" not in spectator.inner_html("#part-board svg")
        assert "Round 1 of 4 is over" in spectator.inner_text("#part-announcements")
        player.wait_for_function(
            "() => document.querySelector('#part-status').innerText.includes('round 2')", timeout=20000
        )
        assert trail(player) == order
        assert f"{match.state['coins']['ana']} coin" in player.inner_html("#part-board svg")
