"""Black and White live in three browsers: a host's Death Match between ana and ben, played by clicking tiles (one
click sends the tile and locks it in), while the opponent and a spectator see each tile's colour arrive without a
reload, never its number, and every page shows each round's result."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.black_and_white.tiles import colour
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TIMEOUT = 20000
#: The tiles each player clicks, round by round: round 1 ana 7 (white) against ben 2 (black), ana wins and plays
#: first again in round 2: ana 4 (black) against ben 5 (white), ben wins.
ANA_TILES, BEN_TILES = (7, 4), (2, 5)


def open_live(page, url: str) -> None:
    page.goto(url)
    page.evaluate("window.__sameDocument = true")
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)


def text_has(page, selector: str, text: str) -> None:
    page.wait_for_function("([s, t]) => (document.querySelector(s) || {}).innerText?.includes(t)",
                           arg=[selector, text], timeout=TIMEOUT)


def play(page, number: int) -> None:
    """Click tile ``number``: one click sends it and locks it in, answered in place (no page load)."""
    tile_button(page, number).click()
    page.wait_for_selector("#match:not([data-sending])", state="attached", timeout=TIMEOUT)
    assert page.evaluate("window.__sameDocument") is True


def tile_button(page, number: int):
    """The pick button of tile ``number`` in the move form, once the form is there."""
    return page.wait_for_selector(f'#move-form fieldset.pick button[name="tile"][value="{number}"]', timeout=TIMEOUT)


def played(page, round_: int, player: str):
    """The board's cell of ``player``'s tile in ``round_``, once the tile is down (it has a colour)."""
    return page.wait_for_selector(f'#part-board g[data-round="{round_}"][data-player="{player}"]:not([data-colour=""])',
                                  timeout=TIMEOUT)


def shown_numbers(page) -> list[str]:
    """The numbers written on played tiles of the board (those the viewer may see)."""
    return page.eval_on_selector_all("#part-board g[data-round][data-player] text", "els => els.map(e => e.textContent)")


def assert_hidden(page, round_: int, player: str, number: int) -> None:
    """The tile is on the board in its colour, with its number neither written nor named."""
    cell = played(page, round_, player)
    assert cell.get_attribute("data-colour") == colour(number)
    assert cell.query_selector("text") is None
    assert f"{colour(number)} (number hidden)" in cell.text_content()
    assert f"{colour(number)} {number}" not in page.inner_text("body")


class TestBlackAndWhiteInBrowsers(BrowserTestCase):
    def test_tiles_are_clicked_the_opponent_sees_colours_live_and_nobody_else_sees_a_number(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        match = lifecycle.start_match_between(
            [ana, ben], game="black-and-white", title="Death Match: ana vs ben", seed=5, turn_seconds=600,
            config={"first": "ana", "turn_s": 600, "reserve_s": 600})
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"

        spectator = self.browser.new_context(viewport=PHONE).new_page()
        open_live(spectator, url)
        pages = {}
        for name in ("ana", "ben"):
            page = self.browser.new_context(viewport=PHONE).new_page()
            log_in(page, base, name)
            open_live(page, url)
            pages[name] = page
        a, b = pages["ana"], pages["ben"]
        assert spectator.query_selector("#move-form") is None and b.query_selector("#move-form") is None
        text_has(spectator, "#part-status", "round 1 · ")

        # Round 1: ana clicks her 7; one click sends and locks it in, so ben's turn opens on his page at once.
        play(a, ANA_TILES[0])
        tile_button(b, BEN_TILES[0])
        assert b.evaluate("window.__sameDocument") is True  # ben's page updated without a reload
        for page in (b, spectator):
            assert_hidden(page, 1, "ana", ANA_TILES[0])
        assert f"ana played a {colour(ANA_TILES[0])} tile" in b.inner_text("#move-form")
        assert played(a, 1, "ana").text_content().strip().startswith(
            f"Round 1: ana, first, {colour(ANA_TILES[0])} {ANA_TILES[0]}")  # her own number she sees
        assert a.query_selector("#move-form") is None

        play(b, BEN_TILES[0])
        for page in (a, b, spectator):
            text_has(page, "#part-announcements", "ana wins round 1")
            text_has(page, "#part-status", "round 2 · ")
        assert_hidden(b, 1, "ana", ANA_TILES[0])
        assert_hidden(a, 1, "ben", BEN_TILES[0])
        assert shown_numbers(spectator) == []
        assert spectator.evaluate("window.__sameDocument") is True and a.evaluate("window.__sameDocument") is True

        # Round 2: ana, the winner, plays first again; ben answers; ben wins the round.
        play(a, ANA_TILES[1])
        tile_button(b, BEN_TILES[1])
        assert b.evaluate("window.__sameDocument") is True
        assert_hidden(b, 2, "ana", ANA_TILES[1])
        assert_hidden(spectator, 2, "ana", ANA_TILES[1])
        play(b, BEN_TILES[1])
        for page in (a, b, spectator):
            text_has(page, "#part-announcements", "ben wins round 2")
            text_has(page, "#part-status", "round 3 · ")
        assert shown_numbers(spectator) == []
        assert spectator.query_selector("#move-form") is None
        assert spectator.evaluate("window.__sameDocument") is True
        for number in (*ANA_TILES, *BEN_TILES):
            assert f"{colour(number)} {number}" not in spectator.inner_text("body")
