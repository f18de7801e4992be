"""A spectator steps through a finished match with the replay's buttons and the arrow keys, at phone and
desktop widths: each step shows that phase's board and log, and nothing is clipped."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.matches.models import Match, Snapshot
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase

pytestmark = pytest.mark.browser


def finished_rgb_match() -> Match:
    """A Rituals Gone Bad match of one person and six bots, every phase closed at once to the end."""
    ana = User.objects.create_user("ana", password="ana-password-1")
    match = lifecycle.create_match(game="rituals-gone-bad", title="Replay match", seed=42, phase_seconds=3600)
    lifecycle.add_seat(match, user=ana)
    for name in ["bo", "cy", "di", "ed", "flo", "gia"]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    for _ in range(40):
        if Match.objects.get(pk=match.pk).status != Match.Status.RUNNING:
            break
        lifecycle.resolve_now(match.pk)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    return match


def step_name(page) -> str:
    return page.inner_text("[data-replay-step]").strip()


def nothing_overflows(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


class TestReplayInBrowser(BrowserTestCase):
    def test_a_spectator_steps_through_a_finished_match_with_the_buttons_and_the_arrow_keys(self):
        match = finished_rgb_match()
        numbers = list(Snapshot.objects.filter(match=match).order_by("phase_number")
                       .values_list("phase_number", flat=True))
        names = {0: "Start", **dict(match.phases.values_list("number", "name"))}
        base = self.live_server_url
        for width, height in ((390, 844), (1280, 900)):
            page = self.browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.goto(f"{base}/matches/{match.pk}/")
            page.click("[data-replay-link]")
            page.wait_for_selector("[data-replay-step]")
            assert step_name(page) == "Start"
            assert "a spectator" in page.inner_text("hgroup")
            assert nothing_overflows(page), width
            seen = [step_name(page)]
            for number in numbers[1:4]:
                page.click('[data-replay="next"]')
                page.wait_for_url(f"**/replay/?phase={number}")
                seen.append(step_name(page))
                assert page.is_visible("#replay-board .board svg")  # the board drawn, not its source
                assert names[number] in page.inner_text(".replay-log")  # the log up to this phase
                assert "Only you saw this" not in page.content()
            assert seen == [names[n] for n in numbers[:4]]
            page.click('[data-replay="prev"]')
            page.wait_for_url(f"**/replay/?phase={numbers[2]}")
            page.click('[data-replay="last"]')
            page.wait_for_url(f"**/replay/?phase={numbers[-1]}")
            assert page.query_selector('a[data-replay="next"]') is None
            assert "This is how the match ended" in page.inner_text("#replay")
            page.keyboard.press("ArrowLeft")
            page.wait_for_url(f"**/replay/?phase={numbers[-2]}")
            page.keyboard.press("Home")
            page.wait_for_url(f"**/replay/?phase={numbers[0]}")
            page.keyboard.press("ArrowRight")
            page.wait_for_url(f"**/replay/?phase={numbers[1]}")
            assert nothing_overflows(page), width
            page.screenshot(path=f"/tmp/replay-{width}.png", full_page=True)
            page.context.close()

    def test_a_rules_page_opens_on_its_contents_and_nothing_overflows_on_a_phone(self):
        for width, height in ((390, 844), (1280, 900)):
            page = self.browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.goto(f"{self.live_server_url}/rules/trail-trouble/")
            assert page.is_visible(".rules-toc a[href='#the-trail']")
            page.click(".rules-toc a[href='#rulings-made-here']")
            page.wait_for_url("**#rulings-made-here")
            assert nothing_overflows(page), width
            page.screenshot(path=f"/tmp/rules-{width}.png")
            page.context.close()
