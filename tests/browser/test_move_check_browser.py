"""A check when a move is sent, in Chromium on a phone: a bid above the coins the player holds is refused beside
the bid, in the design's words, what was typed is kept, and nothing is stored; a bid within them is saved."""

from __future__ import annotations

import pytest

from genius.matches.models import Submission
from tests.browser.helpers import BrowserTestCase, log_in
from tests.custom_game_web.conftest import design, start_custom

pytestmark = pytest.mark.browser

CHECK = ('if answer["amount"] != None and answer["amount"] > mine["coins"]:\n'
         '    refuse("You hold only %d coins." % mine["coins"], field="amount")')


class TestMoveCheckInBrowser(BrowserTestCase):
    def test_the_refusal_shows_beside_the_field_and_what_was_typed_is_kept(self):
        doc = design()
        doc["phases"][0]["check"] = CHECK
        match = start_custom(doc=doc)
        base = self.live_server_url
        page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        log_in(page, base, "ana", "pw-ana-123")
        page.goto(f"{base}/matches/{match.pk}/")
        page.select_option("#move-form select[name=suit]", "Red")
        page.fill("#move-form input[name=amount]", "9")
        page.click("#move-form button[type=submit]")
        page.wait_for_selector("#move-form >> text=You hold only 5 coins.")
        assert page.input_value("#move-form input[name=amount]") == "9"
        assert page.input_value("#move-form select[name=suit]") == "Red"
        assert not Submission.objects.filter(seat__match=match).exists()
        page.fill("#move-form input[name=amount]", "5")
        page.click("#move-form button[type=submit]")
        page.wait_for_selector("#move-form >> text=Your move is in")
        assert Submission.objects.get(seat__match=match, seat__name="ana").payload == {"suit": "Red", "amount": 5}
