"""The host marks a board in a ruling in Chromium on a 390 px phone: a click on the drawn board fills the cell box
of the row last focused (the first empty one at first); the ruling published makes the marks."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.matches.models import Match
from tests.browser.helpers import BrowserTestCase, log_in
from tests.custom_game_web.conftest import close_players_phase, start_custom
from tests.custom_game_web.test_boards_web import board_design

pytestmark = pytest.mark.browser


class TestRulingMarksInBrowser(BrowserTestCase):
    def test_a_host_clicks_cells_of_the_drawn_boards_into_rows_and_publishes_the_marks(self):
        User.objects.create_user("host", password="host-password-1", is_staff=True)
        doc = board_design()
        doc["phases"][0]["repeat"] = 2
        match = start_custom(doc=doc)
        close_players_phase(match)
        base = self.live_server_url
        page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        log_in(page, base, "host")
        page.goto(f"{base}/matches/{match.pk}/ruling/")
        grid = "[data-board-copy='0'] [data-mark-picker]"
        page.wait_for_selector(f"{grid} [data-cell='D4']")
        page.click(f"{grid} [data-cell='D4']")
        page.wait_for_function("() => document.getElementById('mark-0-0-cell-box').value === 'D4'")
        page.fill("[name='mark-0-0-piece']", "X")
        page.focus("#mark-0-1-cell-box")  # the next row: a click now fills it
        page.click(f"{grid} [data-cell='C3']")
        page.wait_for_function("() => document.getElementById('mark-0-1-cell-box').value === 'C3'")
        page.select_option("[name='mark-0-1-do']", "clear")
        track = "[data-board-copy='1'] [data-mark-picker]"  # ana's copy of the private track
        page.click(f"{track} [data-cell='5']")
        page.wait_for_function("() => document.getElementById('mark-1-0-cell-box').value === '5'")
        page.fill("[name='mark-1-0-label']", "hi")
        page.click("button[value=preview]")
        page.wait_for_selector("[data-ruling-preview]")
        page.click("[data-publish-now]")
        page.wait_for_url(f"{base}/matches/{match.pk}/")
        boards = Match.objects.get(pk=match.pk).state["boards"]
        assert boards["grid"]["all"]["D4"] == {"piece": "X"} and "C3" not in boards["grid"]["all"]
        assert boards["secret"]["ana"]["5"] == {"label": "hi"}
