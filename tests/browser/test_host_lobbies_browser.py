"""A host creates a lobby of every registered game from the host pages: the generated form, seats within the
game's range, the clock in plain units (hours and minutes, or seconds a live turn), and lands on the new lobby."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from games.engines.registry import get_engine, slugs
from genius.matches.models import Match
from tests.browser.helpers import BrowserTestCase

pytestmark = pytest.mark.browser

SIZES = ({"width": 1280, "height": 900}, {"width": 390, "height": 844})


def needs_a_saved_design(slug: str) -> bool:
    """A game whose lobby cannot be made without a saved game design."""
    return any(f.kind == "design" and f.required for f in get_engine(slug).spec.config)


def saved_design(host) -> list[int] | None:
    """A design of ``host``'s for the games that need one, and the seat counts it allows; None when no design
    helper is installed."""
    try:
        from genius.designs import services
    except ImportError:
        return None
    return list(services.seat_counts(services.create(host, "Host test design").document))


class TestHostLobbiesInBrowser(BrowserTestCase):
    def test_a_host_creates_a_lobby_of_every_game_from_the_host_pages_and_lands_on_it(self):
        host = get_user_model().objects.create_user("host", password="host-password-1", is_staff=True,
                                                    is_superuser=True)
        client = Client()
        client.force_login(host)
        base = self.live_server_url
        designed = saved_design(host)
        games = [slug for slug in slugs() if designed is not None or not needs_a_saved_design(slug)]
        assert games
        made = []
        for n, slug in enumerate(games):
            spec = get_engine(slug).spec
            context = self.browser.new_context(viewport=SIZES[n % 2])
            context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                                  "value": client.cookies[settings.SESSION_COOKIE_NAME].value, "url": base}])
            page = context.new_page()
            page.goto(f"{base}/host/")
            page.click(f'a[href="/host/{slug}/new/"]')
            page.wait_for_url(f"**/host/{slug}/new/")
            options = page.eval_on_selector_all("#id_seats_wanted option", "os => os.map(o => Number(o.value))")
            assert options and set(options) <= set(spec.seat_counts()), (slug, options)  # only counts the game allows
            allowed = designed if needs_a_saved_design(slug) and designed else options
            seats = [n for n in options if n in allowed][len(allowed) // 2]
            for f in spec.config:
                if f.kind == "design" and f.required:  # the design saved above
                    values = page.eval_on_selector_all(f"#id_{f.key} option", "os => os.map(o => o.value)")
                    page.select_option(f"#id_{f.key}", next(v for v in values if v))
            page.fill("#id_title", f"Host test: {spec.title} · ²٣ @everyone")
            page.select_option("#id_seats_wanted", str(seats))
            if spec.offers.live_clock:
                page.fill("#id_turn_seconds", "90")
            else:
                page.fill("#id_phase_hours", "2")
                page.fill("#id_phase_minutes", "30")
            assert "{" not in page.inner_text("#host-lobby")  # no raw JSON to type
            page.click("button[value=create]")
            try:
                page.wait_for_url(re.compile(r".*/matches/\d+/$"), timeout=15000)
            except Exception:
                raise AssertionError(f"{slug}: no lobby made: {page.inner_text('main')[:1500]}") from None
            match = Match.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))
            assert (match.game, match.status, match.seats_wanted) == (slug, Match.Status.LOBBY, seats)
            if spec.offers.live_clock:
                assert match.turn_seconds == 90
            else:
                assert match.phase_seconds == 2 * 3600 + 30 * 60
            assert f"Host test: {spec.title} · ²٣ @everyone" in page.inner_text("main")
            assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1"), slug
            made.append(slug)
            context.close()
        assert made == games
