"""Ready means ready, in the browser (issue 37): two players of a match with hour-long phases press "Save, I may
change it" (the phase stays open), then "Lock in"; once the last of them locks in, the phase closes at once and
both pages move on without a reload."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.engines.registry import get_engine
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle
from genius.testing.live_moves import fill_move, legal_payload
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

TIMEOUT = 15000


def start_match() -> Match:
    match = lifecycle.create_match(game="rituals-gone-bad", title="Ready match", seed=42, phase_seconds=3600)
    for name in ("ana", "ben"):
        lifecycle.add_seat(match, user=User.objects.create_user(name, password=f"{name}-password-1"))
    for name in ("cy", "di", "ed", "flo", "gia"):
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


class TestReadyMeansReady(BrowserTestCase):
    def test_the_last_lock_in_closes_the_phase_and_every_page_moves_on(self):
        match = start_match()
        phase = match.current_phase
        assert {"ana", "ben"} <= set(phase.actors)
        engine = get_engine(match.game)
        spec = engine.phase(match.started_state)
        base = self.live_server_url
        pages = {}
        for name in ("ana", "ben"):
            page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            log_in(page, base, name)
            page.goto(f"{base}/matches/{match.pk}/")
            page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)
            page.evaluate("window.__sameDocument = true")
            pages[name] = page
        ana, ben = pages["ana"], pages["ben"]
        buttons = ana.locator("#move-form form button[type=submit]").all_inner_texts()
        assert [b.strip() for b in buttons] == ["Save, I may change it", "Lock in"]
        assert "Closes early once everyone has locked in" in ana.inner_text("#part-status")

        fill_move(ana, engine, match, "ana", legal_payload(engine, match, spec, "ana", 1))
        ana.get_by_role("button", name="Save, I may change it").click()
        ana.wait_for_selector("#move-form [data-saved]", timeout=TIMEOUT)
        assert "you may change it until you lock in or the deadline" in ana.inner_text("#move-form")
        ana.get_by_role("button", name="Lock in").click()
        ana.wait_for_selector("#move-form [data-saved]:has-text('it is final')", timeout=TIMEOUT)
        assert Phase.objects.get(pk=phase.pk).status == Phase.Status.OPEN  # ben is still to move

        fill_move(ben, engine, match, "ben", legal_payload(engine, match, spec, "ben", 2))
        ben.get_by_role("button", name="Lock in").click()
        for page in (ana, ben):  # the phase closed at once: both pages show the next phase, no reload
            page.wait_for_function("name => !document.querySelector('#part-status').innerText.includes(name)",
                                   arg=phase.name, timeout=TIMEOUT)
            assert page.evaluate("window.__sameDocument") is True
        closed = Phase.objects.get(pk=phase.pk)
        assert closed.status == Phase.Status.RESOLVED and closed.resolved_at < closed.deadline
