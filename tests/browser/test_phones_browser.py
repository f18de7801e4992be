"""Points 12 and 13 of issue 20 at a phone's width (390 px): Bigfoot's move form and Lock in sit within the
first screen, above the two boards; the Bigfoot replay fits the width; Black and White's board text is at
least 12 px; Trail Trouble's form reads in words (no notation), can be read, and preselects nothing while
the page says the move is not in."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.matches.services import lifecycle
from tests.bigfoot_web.helpers import new_duel, play_setup
from tests.browser.helpers import BrowserTestCase, log_in
from tests.matches.test_replays import new_match, play
from tests.trail_trouble_web.helpers import running_match

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

BOX = """(s) => { const e = document.querySelector(s); if (!e) return null; const b = e.getBoundingClientRect();
  return {top: b.top + scrollY, bottom: b.bottom + scrollY, left: b.left, right: b.right, width: b.width}; }"""
SMALLEST_TEXT = """(s) => Math.min(...[...document.querySelectorAll(s + ' text')].filter((t) => t.textContent.trim())
  .map((t) => t.getBoundingClientRect().height > 0 ? parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a : 99))"""


def no_sideways_scroll(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


class TestPhones(BrowserTestCase):
    def people(self):
        return (User.objects.create_user("ana", password="ana-password-1"),
                User.objects.create_user("ben", password="ben-password-1"))

    def test_bigfoots_move_form_and_lock_in_sit_within_the_first_screen_on_a_phone(self):
        ana, ben = self.people()
        match = new_duel(ana, ben, turn_seconds=600)
        base = self.live_server_url
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, base, "ana")
        page.goto(f"{base}/matches/{match.pk}/")
        page.wait_for_selector("#bf-pad")
        lock, board = page.evaluate(BOX, "#move-form button[name=lock]"), page.evaluate(BOX, "#part-board")
        assert lock["bottom"] <= PHONE["height"], lock  # no scrolling to reach Lock in
        assert page.evaluate(BOX, "#part-form")["top"] < board["top"]  # the controls right above the boards
        assert no_sideways_scroll(page)
        play_setup(match)  # a turn: the tall button pad comes below Save and Lock in
        page.goto(f"{base}/matches/{match.pk}/")
        page.wait_for_selector("#bf-pad")
        lock, pad = page.evaluate(BOX, "#move-form button[name=lock]"), page.evaluate(BOX, "#bf-pad")
        assert lock["bottom"] <= PHONE["height"] and lock["bottom"] <= pad["top"], (lock, pad)
        desktop = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        log_in(desktop, base, "ben")
        desktop.goto(f"{base}/matches/{match.pk}/")
        desktop.wait_for_selector("#bf-pad")
        form, board = desktop.evaluate(BOX, "#part-form"), desktop.evaluate(BOX, "#part-board")
        assert form["left"] >= board["right"] - 1  # beside the board on a desktop, as before
        page.context.close()
        desktop.context.close()

    def test_the_bigfoot_replay_fits_a_phone(self):
        ana, ben = self.people()
        match = play(new_match("bigfoot-sighting", ana, ben), phases=4)
        page = self.browser.new_context(viewport=PHONE).new_page()
        for step in ("0", "2", ""):
            page.goto(f"{self.live_server_url}/matches/{match.pk}/replay/?phase={step}")
            board = page.evaluate(BOX, "#replay-board svg")
            assert board and board["right"] <= PHONE["width"] and board["left"] >= 0, board
            assert no_sideways_scroll(page), step
        page.context.close()

    def test_black_and_white_board_text_is_at_least_12_px_on_a_phone(self):
        ana, ben = self.people()
        match = lifecycle.start_match_between(
            [ana, ben], game="black-and-white", title="Death Match: ana vs ben", seed=5, turn_seconds=600,
            config={"first": "ana", "turn_s": 600, "reserve_s": 600})
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, self.live_server_url, "ana")
        for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/?phase=0"):
            page.goto(self.live_server_url + url)
            smallest = page.evaluate(SMALLEST_TEXT, "svg.bw-board")
            assert smallest >= 12, (url, smallest)
            assert no_sideways_scroll(page), url  # the board scrolls inside its own box
            assert page.get_attribute("svg.bw-board >> xpath=..", "tabindex") == "0"  # and is reached by keyboard
        page.context.close()

    def test_trail_troubles_form_reads_in_words_at_390_px_and_preselects_nothing(self):
        ana, _ = self.people()
        match = running_match(ana)
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, self.live_server_url, "ana")
        page.goto(f"{self.live_server_url}/matches/{match.pk}/")
        form = page.inner_text("#move-form")
        assert "Your move is not in yet" in form
        assert ":people:" not in form and ":coin:" not in form and ":position:" not in form and "Written:" not in form
        for number in range(1, 5):
            assert page.input_value(f"#f-fork_{number}") == ""  # "Choose…", not Left
            help_box = page.evaluate(BOX, f"#f-fork_{number} ~ small")
            assert help_box["right"] <= PHONE["width"]  # both paths in words, wrapped to the width
        assert page.is_visible("text=Left (free): gain 1 coin. Right (costs 1 coin): pay 1 coin to gain 3 positions.")
        assert not page.is_checked("#move-form input[name=garnet][value='1']")
        assert no_sideways_scroll(page)
        page.click("#move-form button[type=submit]")  # sent without choosing: a clear message, nothing saved
        page.wait_for_selector("#move-form .field-error, #move-form .msg-error, #move-answer:not([hidden])")
        assert "Choose Left or Right at fork 1" in page.inner_text("#match")
        page.context.close()
