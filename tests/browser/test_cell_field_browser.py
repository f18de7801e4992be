"""The cell field in Chromium on a 390 px phone: a player picks a cell by clicking the drawn board, and again from
the keyboard (arrow keys, Enter); the picked cell goes in the field's text input and is saved as the move."""

from __future__ import annotations

import time

import pytest

from genius.matches.models import Submission
from tests.browser.helpers import BrowserTestCase, log_in
from tests.custom_game_web.conftest import start_custom
from tests.custom_game_web.test_boards_web import board_design

pytestmark = pytest.mark.browser


class TestCellFieldInBrowser(BrowserTestCase):
    def test_a_cell_is_picked_by_clicking_and_by_keyboard_on_a_phone(self):
        match = start_custom(doc=board_design())
        base = self.live_server_url
        page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        log_in(page, base, "ana", "pw-ana-123")
        page.goto(f"{base}/matches/{match.pk}/")
        picker = "#move-form [data-cell-picker]"
        page.wait_for_selector(f"{picker} [data-cell='D4']")
        box = page.locator(picker).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # fits the phone's width
        page.click(f"{picker} [data-cell='D4']")
        page.wait_for_function("() => document.querySelector('#f-at').value === 'D4'")
        assert page.get_attribute(f"{picker} [data-cell='D4']", "aria-pressed") == "true"
        page.click("#move-form button[type=submit]")
        page.wait_for_selector("#move-form >> text=Your move is in")
        assert Submission.objects.get(seat__match=match, seat__name="ana").payload == {"at": "D4"}

        page.wait_for_selector(f"{picker} [data-cell='A1']")
        page.focus(f"{picker} [tabindex='0']")
        page.wait_for_function("() => document.activeElement && document.activeElement.dataset.cell !== undefined")
        start = page.evaluate("() => document.activeElement.dataset.cell")
        assert start == "A1"  # the one cell in the tab order: the first, as nothing is picked on the drawing yet
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        page.wait_for_function(f"() => document.activeElement.dataset.cell !== '{start}'")
        page.keyboard.press("Enter")
        moved = page.evaluate("() => document.activeElement.dataset.cell")
        page.wait_for_function(f"() => document.querySelector('#f-at').value === '{moved}'")
        assert moved == "B2"  # one to the right, one down
        page.click("#move-form button[type=submit]")
        page.wait_for_function(f"() => document.querySelector('#f-at') && document.querySelector('#f-at').value === '{moved}'"
                               " && document.querySelector('#move-form [data-saved]') !== null")
        self._wait_saved(match, moved)

    def _wait_saved(self, match, cell: str) -> None:
        for _ in range(50):
            if Submission.objects.get(seat__match=match, seat__name="ana").payload == {"at": cell}:
                return
            time.sleep(0.1)
        raise AssertionError(f"the move {cell} was not saved")
