"""Issue 40 done in Chromium: the shipped Black and White design played live by two players, each in their own
browser, with 10-second turns.

1. A host uses the shipped template on /designs/ and opens a lobby of it with the turn clock set to 10 s (the
   lobby's own clock, RULES.md "Turns and clocks"); ana and ben take the seats in their browsers and the host
   starts it. Each tile is typed and locked in from the player's own page; the opponent sees the tile's colour
   and then their own form arrive live, without a reload. The match plays to its end, and its points and
   placement equal the coded Black and White's fed the same tiles (the first player the design drew is the
   coded match's ``first`` setting, as ``BlackAndWhiteAdapter`` of ``games/custom_game/proof.py`` does).
   The lobby gives each player 30 s of reserve, so a slow machine's late click spends reserve rather than
   losing the match; the result does not depend on it.
2. A match with no reserve: the player drawn to lead sends nothing, and at 10 s the turn times out: by the
   design's timeout rule (``loss``) the silent player loses the match at once, as the coded game whose reserve
   runs out concedes for them. Both pages show it live.
3. A match in which one player concedes from the page (after confirming): the other is shown the win.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.custom_game.proof import BlackAndWhiteAdapter, Final
from games.engines import runner
from games.engines.registry import get_engine
from genius.designs import services as designs
from genius.designs.models import GameDesign
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TIMEOUT = 30000
WAIT_SECONDS = 40
#: The tiles each player plays, in order, whether leading or answering: ana wins rounds 1, 3, 4, 5 and 6, ben
#: round 2; after round 6 ana leads 5-1 with 3 rounds left, so the match ends there (whoever was drawn first).
TILES = {"ana": [8, 2, 7, 5, 4, 6], "ben": [0, 3, 1, 4, 2, 5]}


def wait_until(check, what: str, seconds: float = WAIT_SECONDS) -> Any:
    """Poll ``check`` (a database read) until it returns something truthy; fail after ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def open_live(page, url: str) -> None:
    """The match page, marked so that a reload would show (the mark is gone), once its socket is live."""
    page.goto(url)
    page.evaluate("window.__sameDocument = true")
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)


def text_has(page, selector: str, text: str) -> None:
    """Wait until the part says ``text``; on a timeout, fail saying what it says instead."""
    try:
        page.wait_for_function("([s, t]) => (document.querySelector(s) || {}).innerText?.includes(t)",
                               arg=[selector, text], timeout=TIMEOUT)
    except Exception:
        raise AssertionError(f"{selector} never said {text!r}; it says:\n{page.inner_text(selector)}") from None


def open_phase(match: Match) -> Phase:
    return wait_until(lambda: match.phases.filter(status=Phase.Status.OPEN).first(), "an open turn")


def turn_seconds(phase: Phase) -> float:
    """The turn's own clock (its deadline moves once the player waited for is on reserve time)."""
    return ((phase.reserve_from or phase.deadline) - phase.opened_at).total_seconds()


def play(page, phase: Phase, tile: int) -> None:
    """Type the tile in the open turn's form on the player's own page and lock it in (answered in place)."""
    form = f"#move-form:has(input[name=phase][value='{phase.number}'])"
    page.wait_for_selector(f"{form} input[name=tile]", timeout=TIMEOUT)
    page.fill(f"{form} input[name=tile]", str(tile))
    page.click(f"{form} button[name=lock]")
    # The answer is drawn in place before the page is used again (a form drawn by a late answer would be empty).
    page.wait_for_selector("#match:not([data-sending])", state="attached", timeout=TIMEOUT)
    wait_until(lambda: Phase.objects.filter(pk=phase.pk, status=Phase.Status.RESOLVED).exists(),
               f"{phase.name} to resolve")
    sent = Submission.objects.get(phase_id=phase.pk, seat__name=phase.actors[0], kind=Submission.Kind.MOVE)
    assert sent.payload == {"tile": tile} and not sent.is_default, (phase.name, sent.payload)


def colour(tile: int) -> str:
    return "black" if tile % 2 == 0 else "white"


def seat_and_start(host, pages: dict, base: str, match: Match) -> None:
    """ana and ben take the seats from their pages; the host starts the match from theirs."""
    for page in pages.values():
        page.goto(f"{base}/matches/{match.pk}/")
        page.click("button:has-text('Take a seat')")
        page.wait_for_selector("text=You have a seat", timeout=TIMEOUT)
    host.goto(f"{base}/matches/{match.pk}/")
    host.click("button[value=start]")
    wait_until(lambda: Match.objects.filter(pk=match.pk, status=Match.Status.RUNNING).exists(), "the start")


def seated_lobby(design: GameDesign, users: list[User], reserve: int) -> Match:
    """A lobby of the design with 10-second turns and ``reserve`` seconds each, its seats taken (services)."""
    match = designs.open_lobby(design, title="", seats_wanted=2, season=None, phase_seconds=3600,
                               turn_seconds=10, reserve=reserve)
    for user in users:
        lifecycle.join_lobby(match.pk, user)
    return match


def start_live(host, pages: dict, base: str, match: Match) -> Match:
    """The players' pages open on the full lobby; the host starts it from theirs, and the players' pages turn
    to the match live (the first turn's clock runs from the start: no page load stands in its way)."""
    for page in pages.values():
        open_live(page, f"{base}/matches/{match.pk}/")
    host.goto(f"{base}/matches/{match.pk}/")
    host.click("button[value=start]")
    match = wait_until(lambda: Match.objects.filter(pk=match.pk, status=Match.Status.RUNNING).first(), "the start")
    for page in pages.values():
        page.wait_for_selector("#part-status .phase-name", timeout=TIMEOUT)
    return match


def coded_start(match: Match) -> tuple[Any, dict[str, Any]]:
    """The coded Black and White set up as the design's set-up drew it: the same players, seed and first player."""
    coded = get_engine(BlackAndWhiteAdapter.slug)
    state = coded.setup(list(match.state["players"]), {"first": match.state["values"]["first"]},
                        {p: 0 for p in match.state["players"]}, match.seed)
    return coded, state


def site_final(match: Match) -> Final:
    players = match.state["players"]
    return Final(counters={p: {"points": match.state["counters"][p]["points"]} for p in players},
                 garnets={p: 0 for p in players}, placement=dict(match.placement), tol={}, ec=[])


def you_placed(page) -> str:
    page.wait_for_selector("[data-you-placed]", state="visible", timeout=TIMEOUT)
    return page.inner_text("[data-you-placed]")


class TestDesignedBlackAndWhiteInBrowsers(BrowserTestCase):
    def test_two_players_play_ten_second_turns_live_time_out_and_concede_as_the_coded_game_rules(self):
        User.objects.create_user("host", password="host-password-1", is_staff=True)
        users = {name: User.objects.create_user(name, password=f"{name}-password-1") for name in ("ana", "ben")}
        base = self.live_server_url

        # The host: the shipped template, a lobby of two with 10-second turns and 30 s of reserve each.
        host = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        log_in(host, base, "host")
        host.goto(f"{base}/designs/")
        host.click("#shipped-black-and-white button:has-text('Use this template')")
        host.wait_for_selector("h1:has-text('Black and White')", timeout=TIMEOUT)
        design = GameDesign.objects.get(owner__username="host")
        host.click("a[role=button]:has-text('Open a lobby')")
        assert host.input_value("#id_turn_seconds") == "60" and host.input_value("#id_reserve_seconds") == "300"
        host.fill("#id_turn_seconds", "10")
        host.fill("#id_reserve_seconds", "30")
        host.click("button:has-text('Open the lobby')")
        host.wait_for_url(f"{base}/matches/*/")
        match = Match.objects.get()
        assert [p["turn"]["seconds"] for p in match.config["design"]["phases"]] == [10, 10]

        pages = {}
        for name in ("ana", "ben"):
            pages[name] = self.browser.new_context(viewport=PHONE).new_page()
            log_in(pages[name], base, name)
        seat_and_start(host, pages, base, match)
        match.refresh_from_db()
        coded, state = coded_start(match)
        for page in pages.values():
            open_live(page, f"{base}/matches/{match.pk}/")

        # 1. Played to the end by clicks, each tile arriving live on the opponent's page.
        played = {"ana": 0, "ben": 0}
        round_ = 0
        while coded.phase(state) is not None:
            phase = open_phase(match)
            assert turn_seconds(phase) == 10
            spec = coded.phase(state)
            assert spec is not None and list(phase.actors) == list(spec.actors), phase.name
            player = phase.actors[0]
            other = "ben" if player == "ana" else "ana"
            tile = TILES[player][played[player]]
            played[player] += 1
            leading = phase.name.startswith("Lead")
            round_ += leading
            play(pages[player], phase, tile)
            state = runner.play_phase(coded, state, match.seed, {player: {"tile": tile}}).resolution.state
            if leading:  # the opponent sees the tile's colour, then their own turn's form, without a reload
                text_has(pages[other], "#part-announcements", f"Round {round_}: {player} plays first: a {colour(tile)}")
                pages[other].wait_for_selector(f"#move-form input[name=phase][value='{phase.number + 1}']",
                                               state="attached", timeout=TIMEOUT)
            else:
                text_has(pages[other], "#part-announcements", f"{player} answers with a {colour(tile)} tile")
            assert pages[other].evaluate("window.__sameDocument") is True
        assert round_ == 6
        match = wait_until(lambda: Match.objects.filter(pk=match.pk, status=Match.Status.FINISHED).first(),
                           "the match to finish")
        assert site_final(match).differences(BlackAndWhiteAdapter().final(coded, state)) == []
        assert match.placement == {"ana": 1, "ben": 2}
        for name, page in pages.items():
            text_has(page, "#part-announcements", "ana wins round 6")
            assert ("1st" if name == "ana" else "2nd") in you_placed(page)
            assert page.evaluate("window.__sameDocument") is True

        # 2. No reserve: the player drawn to lead sees their form, sends nothing, and the turn times out at 10 s.
        # (The first turn: no click has to beat the clock, however slow the machine.)
        match = start_live(host, pages, base, seated_lobby(design, [users["ana"], users["ben"]], reserve=0))
        coded, state = coded_start(match)
        turn = wait_until(lambda: match.phases.order_by("number").first(), "the first turn")
        silent = turn.actors[0]
        other = "ben" if silent == "ana" else "ana"
        assert turn_seconds(turn) == 10 and list(coded.phase(state).actors) == [silent]
        pages[silent].wait_for_selector(f"#move-form input[name=phase][value='{turn.number}']", state="attached",
                                        timeout=TIMEOUT)
        match = wait_until(lambda: Match.objects.filter(pk=match.pk, status=Match.Status.FINISHED).first(),
                           "the turn to time out", seconds=10 + WAIT_SECONDS)
        assert (Phase.objects.get(pk=turn.pk).resolved_at - turn.opened_at).total_seconds() >= 10
        state = coded.spend_reserve(state, silent, float(state["reserve_s"][silent])).state  # the coded: conceded
        assert site_final(match).differences(BlackAndWhiteAdapter().final(coded, state)) == []
        assert match.placement == {other: 1, silent: 2}
        for page in pages.values():
            text_has(page, "#part-announcements", f"{silent} ran out of time in Lead")
            assert page.evaluate("window.__sameDocument") is True  # shown live
        assert "1st" in you_placed(pages[other]) and "2nd" in you_placed(pages[silent])

        # 3. One concedes (asked to confirm first); the other is shown the win live. (A minute of reserve: the
        # concession, not the clock, ends this one.)
        match = seated_lobby(design, [users["ana"], users["ben"]], reserve=60)
        lifecycle.start_match(match.pk)
        for page in pages.values():
            open_live(page, f"{base}/matches/{match.pk}/")
        phase = open_phase(match)
        leader = phase.actors[0]
        quitter = "ben" if leader == "ana" else "ana"
        play(pages[leader], phase, 8)
        pages[quitter].click("a[data-concede]")
        pages[quitter].wait_for_selector("h1:has-text('Concede this Death Match?')", timeout=TIMEOUT)
        pages[quitter].click("button:has-text('Yes, concede')")
        pages[quitter].wait_for_selector("text=You conceded", timeout=TIMEOUT)
        match = wait_until(lambda: Match.objects.filter(pk=match.pk, status=Match.Status.FINISHED).first(),
                           "the concession")
        assert match.placement == {leader: 1, quitter: 2} and match.outcome["conceded"]["player"] == quitter
        assert "1st" in you_placed(pages[leader])
        text_has(pages[leader], "#part-announcements", f"{quitter} concedes")
        assert pages[leader].evaluate("window.__sameDocument") is True
        assert "2nd" in you_placed(pages[quitter])
