"""The host's confirmation of "resolve now" and the admin's submission list, drawn by Chromium: the confirmation
works at phone and desktop widths, and the submission list with long payloads and titles fits 1280 px."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase

pytestmark = pytest.mark.browser


def running_match() -> Match:
    """A running Rituals Gone Bad match with a very long title: one person, six bots, 1-hour phases."""
    ana = User.objects.create_user("ana", password="ana-password-1")
    match = lifecycle.create_match(game="rituals-gone-bad", title="The longest match title anyone would type " * 2,
                                   seed=42, phase_seconds=3600)
    lifecycle.add_seat(match, user=ana)
    for name in ["bo", "cy", "di", "ed", "flo", "gia" * 13]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


def log_in_as_host(page, base: str) -> None:
    if not User.objects.filter(username="boss").exists():
        User.objects.create_superuser("boss", password="boss-password-1")
    page.goto(f"{base}/admin/login/")
    page.fill("input[name=username]", "boss")
    page.fill("input[name=password]", "boss-password-1")
    page.click("input[type=submit]")
    page.wait_for_url(f"{base}/admin/")


def fits(page, selector: str) -> bool:
    """Whether the element's content fits its own width (nothing clipped or scrolled sideways)."""
    return page.evaluate(f"() => {{ const e = document.querySelector({selector!r}); "
                         "return e.scrollWidth <= e.clientWidth + 1; }")


def nothing_overflows(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


class TestHostControlsAndAdminInBrowser(BrowserTestCase):
    def test_the_admin_submission_list_with_long_payloads_fits_1280_px(self):
        match = running_match()
        phase = match.current_phase
        for seat in match.seats.all():
            Submission.objects.update_or_create(
                phase=phase, seat=seat, kind="move",
                defaults={"payload": {"note": "word" * 400 + " ² ٣ @everyone", "picks": list(range(40))},
                          "submitted_at": timezone.now()})
        page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        log_in_as_host(page, self.live_server_url)
        page.goto(f"{self.live_server_url}/admin/games/submission/?phase__match__id__exact={match.pk}")
        assert page.locator("#result_list tbody tr").count() == 7
        page.screenshot(path="/tmp/admin-submissions-1280.png", full_page=True)
        assert nothing_overflows(page)
        assert fits(page, ".results") and fits(page, "#changelist-filter")
        page.click("#result_list tbody tr:first-child th a")
        assert "@everyone" in page.inner_text(".field-payload_json")
        page.screenshot(path="/tmp/admin-submission-change-1280.png", full_page=True)
        assert nothing_overflows(page)
        page.context.close()

    def test_the_host_confirms_resolve_now_on_a_page_that_fits_a_phone(self):
        match = running_match()
        first = match.current_phase
        for width, height in ((390, 844), (1280, 900)):
            page = self.browser.new_context(viewport={"width": width, "height": height}).new_page()
            log_in_as_host(page, self.live_server_url)
            page.goto(f"{self.live_server_url}/matches/{match.pk}/")
            page.click("text=Resolve now…")
            assert "1 of 7 players has not submitted; they get the default." in page.inner_text("main")
            assert nothing_overflows(page), width
            page.screenshot(path=f"/tmp/host-confirm-{width}.png", full_page=True)
            if width == 390:
                page.click("text=Cancel")
                assert Match.objects.get(pk=match.pk).current_phase.pk == first.pk
            else:
                page.click("button[name=confirm]")
                page.wait_for_selector(".messages")
                assert f"{first.name} resolved: 6 moves, 1 default." in page.inner_text(".messages")
                page.screenshot(path="/tmp/host-resolved-1280.png", full_page=True)
            page.context.close()
