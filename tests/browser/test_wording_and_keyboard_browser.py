"""Point 15 of issue 20 in the browser: focus stays on the board after a one-click tile move, the replay's
address follows its step (``?phase=N``, so a step can be shared), a favicon, and one name for a time zone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.accounts.models import Profile
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in
from tests.browser.test_black_and_white_browser import PHONE, open_live
from tests.browser.test_replay_browser import finished_rgb_match

pytestmark = pytest.mark.browser

# A socket frame redrawing the board takes the focus off it for one animation frame (live.js, releaseFocus):
# the focus is waited for on the board, not read once, so a frame arriving after the answer cannot race the check.
ON_THE_BOARD = """() => { const a = document.activeElement;
  return !!a && a !== document.body && !!a.closest('[data-part="board"]'); }"""


class TestWordingAndKeyboard(BrowserTestCase):
    def test_focus_stays_on_the_board_after_a_one_click_tile_move(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        match = lifecycle.start_match_between(
            [ana, ben], game="black-and-white", title="Death Match: ana vs ben", seed=5, turn_seconds=600,
            config={"first": "ana", "turn_s": 600, "reserve_s": 600})
        base = self.live_server_url
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, base, "ana")
        open_live(page, f"{base}/matches/{match.pk}/")
        button = page.wait_for_selector('#move-form fieldset.pick button[name="tile"][value="7"]')
        button.focus()
        page.keyboard.press("Enter")  # a keyboard player sends the tile
        page.wait_for_selector("#match:not([data-sending])", state="attached")
        page.wait_for_function(ON_THE_BOARD, timeout=10000)
        page.context.close()

    def test_the_replay_address_follows_its_step(self):
        match = finished_rgb_match()
        base = self.live_server_url
        page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{base}/matches/{match.pk}/replay/")  # no step named: the last one is shown
        last = page.get_attribute("#replay", "data-phase")
        page.wait_for_function("(n) => new URL(location.href).searchParams.get('phase') === n", arg=last)
        page.goto(f"{base}/matches/{match.pk}/replay/?phase=2")
        page.keyboard.press("ArrowRight")
        page.wait_for_url("**/replay/?phase=3")
        shared = page.url
        other = self.browser.new_context().new_page()
        other.goto(shared)
        assert other.get_attribute("#replay", "data-phase") == "3"
        other.context.close()
        page.context.close()

    def test_every_page_has_a_favicon(self):
        page = self.browser.new_page()
        page.goto(self.live_server_url + "/")
        href = page.get_attribute("link[rel=icon]", "href")
        assert href and href.endswith(".svg")
        response = page.request.get(self.live_server_url + href)
        assert response.status == 200 and "<svg" in response.text()
        page.close()

    def test_a_page_names_its_time_zone_one_way(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        Profile.objects.create(user=ana, time_zone="Europe/Paris")
        match = lifecycle.create_match(game="rituals-gone-bad", title="Zones", seed=4, phase_seconds=3600)
        lifecycle.add_seat(match, user=ana)
        for name in ["bo", "cy", "di", "ed", "flo", "gia"]:
            lifecycle.add_seat(match, name=name, is_bot=True)
        lifecycle.start_match(match.pk)
        base = self.live_server_url
        page = self.browser.new_context(timezone_id="Europe/Paris").new_page()
        log_in(page, base, "ana")
        page.goto(f"{base}/matches/{match.pk}/")
        page.wait_for_timeout(1200)  # the countdown has ticked and the times are written
        names = page.evaluate("""() => [...document.querySelectorAll('time')].flatMap((t) =>
            [t.textContent, t.title]).join(' ')""")
        assert "CET" in names or "CEST" in names, names
        assert "GMT+1" not in names and "GMT+2" not in names, names
        page.context.close()
