"""Bigfoot Sighting live in three browsers: two players set up and play turns (clicking, typing, the keyboard,
locking in so that turns resolve at once) while a spectator watches the boards change without a reload."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.matches.models import Match
from tests.bigfoot_web.helpers import new_duel
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def open_live(page, url: str) -> None:
    page.goto(url)
    page.evaluate("window.__sameDocument = true")
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)


def status_has(page, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#part-status').innerText.includes(t)", arg=text,
                           timeout=20000)


def piece_cell(page, board: int, piece: str) -> str:
    return page.get_attribute(f'svg.bigfoot-board g[data-board="{board}"] g[data-piece="{piece}"]', "data-cell")


def targets(page, board: int) -> list[str]:
    return page.eval_on_selector_all(
        f'svg.bigfoot-board g[data-board="{board}"] g[data-cell][data-bf-target]:not([data-piece])',
        "els => els.map(e => e.getAttribute('data-cell'))")


def check_says(page, text: str) -> None:
    page.wait_for_function("t => (document.querySelector('#bf-check') || {}).textContent?.includes(t)", arg=text,
                           timeout=10000)


class TestBigfootInBrowsers(BrowserTestCase):
    def test_two_players_play_turns_live_and_a_spectator_watches_the_boards_change(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        match = new_duel(ana, ben, turn_seconds=600)
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"

        spectator = self.browser.new_context(viewport=PHONE).new_page()
        open_live(spectator, url)
        assert "reserve 5:00" in spectator.inner_text("#bf-clocks")
        assert spectator.query_selector("#part-status [data-deadline]") is not None  # the turn clock
        pages = {}
        for name in ("ana", "ben"):
            page = self.browser.new_context(viewport=PHONE).new_page()
            log_in(page, base, name)
            open_live(page, url)
            pages[name] = page
        a, b = pages["ana"], pages["ben"]

        # Layouts, in turn: ana (Choose Layout) clicks a candidate board; ben's form arrives live.
        a.wait_for_selector("#bf-pad")
        a.wait_for_selector("svg.bigfoot-board [data-candidate][data-bf-pick]", timeout=20000)  # choices loaded
        a.click('svg.bigfoot-board [data-candidate="1"]')
        assert a.eval_on_selector("#f-board", "e => e.value") == "1"
        a.click("#move-form button[name=lock]")
        b.wait_for_selector("#f-board", timeout=20000)
        assert b.evaluate("window.__sameDocument") is True
        b.wait_for_selector("svg.bigfoot-board [data-candidate][data-bf-pick]", timeout=20000)  # choices loaded
        b.click('svg.bigfoot-board [data-candidate="1"]')
        check_says(b, "Board 1 is already taken by ana")
        b.select_option("#f-board", "2")
        b.click("#move-form button[name=lock]")

        # The extra tree: ben clicks a highlighted cell of his board.
        b.wait_for_selector('svg.bigfoot-board g[data-board="2"] [data-bf-target]', timeout=20000)
        b.click('svg.bigfoot-board g[data-board="2"] g[data-cell="c4"]')
        assert b.eval_on_selector("#f-tree", "e => e.value") == "c4"
        b.click("#move-form button[name=lock]")
        status_has(spectator, "turn 1")

        # Turn 1, lumberjacks. ana types an illegal move (refused at once, with the reason), then clicks.
        a.wait_for_selector("#f-move", timeout=20000)
        a.fill("#f-move", "A UL")
        check_says(a, "Lumberjack A on a1 cannot step UL: that is off the board")
        a.fill("#f-move", "")
        a.click('svg.bigfoot-board g[data-board="1"] g[data-piece="E"]')
        first = targets(a, 1)
        assert first, "lumberjack E has somewhere to go"
        a.click(f'svg.bigfoot-board g[data-board="1"] g[data-cell="{first[0]}"]')
        clicked = a.eval_on_selector("#f-move", "e => e.value")
        assert clicked.startswith("E ")
        check_says(a, f"Legal: {clicked}.")
        b.wait_for_selector("#f-move", timeout=20000)
        b.fill("#f-move", "e ur")
        check_says(b, "Legal: E UR.")
        before = piece_cell(spectator, 1, "E")
        a.click("#move-form button[name=lock]")
        b.click("#move-form button[name=lock]")
        status_has(spectator, "turn 2")
        spectator.wait_for_function(
            "c => document.querySelector('svg.bigfoot-board g[data-board=\"1\"] g[data-piece=\"E\"]')"
            ".getAttribute('data-cell') !== c", arg=before, timeout=20000)
        assert spectator.evaluate("window.__sameDocument") is True  # no reload happened

        # Turn 2, Bigfoot: ana from the keyboard (the buttons), ben by clicking two cells of board 1.
        a.wait_for_selector("#bf-pad [data-bf-dir]", timeout=20000)
        for _ in range(2):
            a.focus("#bf-pad [data-bf-dir]:not([aria-disabled])")
            a.keyboard.press("Enter")
            a.wait_for_timeout(100)
        keyed = a.eval_on_selector("#f-move", "e => e.value")
        assert len(keyed.split()) == 2
        check_says(a, f"Legal: {keyed}.")
        b.wait_for_selector('svg.bigfoot-board g[data-board="1"] [data-bf-target]', timeout=20000)
        for _ in range(2):
            b.click(f'svg.bigfoot-board g[data-board="1"] g[data-cell="{targets(b, 1)[0]}"]')
        check_says(b, "Legal:")
        a.click("#move-form button[name=lock]")
        b.click("#move-form button[name=lock]")
        status_has(spectator, "turn 3")
        assert "turn 2 · Bigfoot" in spectator.inner_text("#part-announcements")
        board_2 = spectator.text_content('svg.bigfoot-board g[data-board="2"]')
        assert f"Last move (turn 2, Bigfoot): {keyed}" in board_2
        assert "Last move (turn 2, Bigfoot)" in spectator.text_content('svg.bigfoot-board g[data-board="1"]')
        assert spectator.evaluate("window.__sameDocument") is True

        # Turn 3: a move saved with the Save button is checked again on the server, beside the field.
        a.wait_for_selector("#f-move", timeout=20000)
        a.fill("#f-move", "A UL")
        a.click("#move-form button[type=submit]:not([name])")
        a.wait_for_selector("#e-move")
        assert "cannot step UL" in a.inner_text("#e-move")
        assert Match.objects.get(pk=match.pk).current_phase.name == "turn 3 · lumberjacks"
        assert "reserve 5:00" in spectator.inner_text("#bf-clocks")
