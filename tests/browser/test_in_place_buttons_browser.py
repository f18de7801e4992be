"""The row buttons answered in place, in Chromium: the designer's move and delete buttons redraw their section and
say what happened without a page load (typing elsewhere on the page is kept), and a declined challenge leaves the
list in place with its message."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.challenges import services as challenges
from genius.challenges.models import Challenge
from genius.designs import editing, services
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

TIMEOUT = 20000


class TestInPlaceButtons(BrowserTestCase):
    def test_the_designers_field_buttons_answer_in_place_and_keep_what_is_typed(self):
        host = User.objects.create_user("host", password="host-password-1", is_staff=True)
        design = services.create(host, "Auction")
        services.edit(design.pk, host, lambda doc: editing.put_field(
            doc, "round", None, {"label": "Suit", "kind": "choice", "options": ["Red", "Blue"]})[0])
        base = self.live_server_url
        page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        log_in(page, base, "host")
        page.goto(f"{base}/designs/{design.pk}/phases/round/")
        page.fill("input[name=name]", "Typed, not saved")
        page.evaluate("window.__stayed = true")  # gone if the page loads again
        page.click('#fields button[aria-label="Move up Suit"]')
        page.wait_for_selector("#messages:has-text('The field is moved.')", timeout=TIMEOUT)
        assert page.evaluate("window.__stayed === true")
        assert page.input_value("input[name=name]") == "Typed, not saved"
        labels = page.locator("#fields article strong").all_inner_texts()
        assert labels[0] == "Suit"
        page.locator("#fields article").first.locator("button:has-text('Delete')").click()
        page.wait_for_selector("#messages:has-text('The field is deleted.')", timeout=TIMEOUT)
        assert page.evaluate("window.__stayed === true")
        assert page.locator("#fields article strong").all_inner_texts() == labels[1:]

    def test_a_declined_challenge_is_answered_in_place(self):
        User.objects.create_user("ana", password="ana-password-1")
        User.objects.create_user("ben", password="ben-password-1")
        made = challenges.create_challenge(User.objects.get(username="ana"), "ben", game="black-and-white")
        base = self.live_server_url
        page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        log_in(page, base, "ben")
        page.goto(f"{base}/challenges/")
        page.evaluate("window.__stayed = true")
        page.click(f'[data-challenge="{made.pk}"] button:has-text("Decline")')
        page.wait_for_selector("#messages:has-text('You declined')", timeout=TIMEOUT)
        assert page.evaluate("window.__stayed === true")
        assert page.locator(f'#incoming [data-challenge="{made.pk}"]').count() == 0
        assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.DECLINED
