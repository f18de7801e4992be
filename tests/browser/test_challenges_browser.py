"""A challenge in two browsers: ana opens ben's page, challenges him to Black and White from the form, ben sees the
alert and the nav's count, accepts in his own browser, both land on the same match page (ana's page goes there by
itself, as on lichess), and ana makes the first move, which ben's page shows without a reload."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from genius.challenges.models import Challenge
from genius.matches.models import Match, Submission
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TIMEOUT = 20000
GAME = "black-and-white"


@override_settings(GENIUS_DUE_POLL_SECONDS=1)
class TestChallengeInBrowsers(BrowserTestCase):
    def test_ana_challenges_ben_he_accepts_both_land_on_the_match_and_ana_moves(self):
        User.objects.create_user("ana", password="ana-password-1")
        User.objects.create_user("ben", password="ben-password-1")
        base = self.live_server_url
        a = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        b = self.browser.new_context(viewport=PHONE).new_page()
        log_in(a, base, "ana")
        log_in(b, base, "ben")

        # Ana: ben's page, its Challenge button, the form with ben filled in; the game's settings in plain units.
        a.goto(f"{base}/players/ben/")
        a.click("#challenge-player")
        a.wait_for_url(re.compile(r"/challenges/new/\?to=ben$"))
        assert a.input_value("input[name=to]") == "ben"
        a.select_option("select[name=game]", GAME)
        assert a.is_visible(f"#settings-{GAME}") and not a.is_visible("#settings-bigfoot-sighting")
        a.select_option("select[name=order]", "challenger")
        a.select_option(f"select[name={GAME}-first]", "you")
        a.fill(f"input[name={GAME}-turn_s]", "600")
        a.fill(f"input[name={GAME}-reserve_s]", "600")
        a.click("#challenge-new button[type=submit]")
        a.wait_for_url(f"{base}/challenges/")
        assert "ben" in a.inner_text("#outgoing") and "Black and White" in a.inner_text("#outgoing")
        challenge = Challenge.objects.get()
        assert challenge.settings == {"first": "you", "turn_s": 600, "reserve_s": 600}

        # Ben, on another page of the site: the alert "ana challenges you to Black and White" and the nav's count.
        b.goto(f"{base}/me/matches/")
        b.wait_for_selector(f'[data-due-key="challenge-{challenge.pk}"]', timeout=TIMEOUT)
        assert "ana challenges you to Black and White" in b.inner_text("[data-due-alerts]")
        assert b.inner_text("[data-challenges-link]") == "Challenges (1)"
        b.click(f'[data-due-key="challenge-{challenge.pk}"] a')
        b.wait_for_url(f"{base}/challenges/")
        b.click(f'[data-challenge="{challenge.pk}"] button:has-text("Accept")')
        b.wait_for_url(re.compile(r"/matches/\d+/$"), timeout=TIMEOUT)
        match = Match.objects.get()
        assert b.url == f"{base}/matches/{match.pk}/"

        # Ana's challenges page saw the answer and went to the same match by itself.
        a.wait_for_url(f"{base}/matches/{match.pk}/", timeout=TIMEOUT)
        for page in (a, b):
            page.evaluate("window.__sameDocument = true")
            page.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)

        # Ana plays first (her choice): one click on a tile sends it and locks it in; ben's page shows it live.
        a.wait_for_selector('#move-form fieldset.pick button[name="tile"][value="7"]', timeout=TIMEOUT).click()
        b.wait_for_selector('#part-board g[data-round="1"][data-player="ana"]:not([data-colour=""])',
                            timeout=TIMEOUT)
        b.wait_for_selector('#move-form fieldset.pick button[name="tile"]', timeout=TIMEOUT)
        assert b.evaluate("window.__sameDocument") is True
        assert Submission.objects.filter(seat__name="ana", phase__match=match, kind=Submission.Kind.MOVE).exists()
