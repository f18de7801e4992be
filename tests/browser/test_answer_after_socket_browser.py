"""A move's in-place answer that arrives after the socket already drew the next turn's form keeps what the player
started typing in it (static/genius/live.js, ``htmx:beforeSwap``).

The shipped Black and White design: the answering player wins the round with a higher tile, so their lock-in ends
the turn and the next turn (the next lead) is theirs too. Their page's htmx answer is held back (Playwright's
``page.route``) until the seat's socket frame has drawn the new form and a tile is typed in it; the answer, let
through then, says its line and leaves the typed tile where it is, and that tile is the one locked in.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User

from genius.designs import services as designs
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TIMEOUT = 30000


def wait_until(check, what: str, seconds: float = 30) -> Any:
    """Poll ``check`` (a database read) until it returns something truthy; fail after ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def open_phase(match: Match, after: int = 0) -> Phase:
    return wait_until(lambda: match.phases.filter(status=Phase.Status.OPEN, number__gt=after).first(),
                      "an open turn")


def form_of(phase_number: int) -> str:
    return f"#move-form:has(input[name=phase][value='{phase_number}'])"


def answered(page) -> None:
    page.wait_for_selector("#match:not([data-sending])", state="attached", timeout=TIMEOUT)


def lock_in(page, phase: Phase, tile: int) -> None:
    page.wait_for_selector(f"{form_of(phase.number)} input[name=tile]", timeout=TIMEOUT)
    page.fill(f"{form_of(phase.number)} input[name=tile]", str(tile))
    page.click(f"{form_of(phase.number)} button[name=lock]")


class TestAnswerAfterSocket(BrowserTestCase):
    def test_a_late_answer_keeps_the_tile_typed_in_the_form_the_socket_drew(self):
        host = User.objects.create_user("host", password="host-password-1", is_staff=True)
        users = [User.objects.create_user(name, password=f"{name}-password-1") for name in ("ana", "ben")]
        design = designs.use_shipped(host, "black-and-white")
        match = designs.open_lobby(design, title="", seats_wanted=2, season=None, phase_seconds=3600,
                                   turn_seconds=600, reserve=600)
        for user in users:
            lifecycle.join_lobby(match.pk, user)
        lifecycle.start_match(match.pk)
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"
        pages = {}
        for user in users:
            page = self.browser.new_context(viewport=PHONE).new_page()
            log_in(page, base, user.username)
            page.goto(url)
            page.evaluate("window.__sameDocument = true")
            page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)
            pages[user.username] = page

        # The leader plays the lowest tile.
        lead = open_phase(match)
        leader = lead.actors[0]
        answerer = "ben" if leader == "ana" else "ana"
        lock_in(pages[leader], lead, 0)
        answered(pages[leader])

        # The answerer's move is sent and saved, but its answer is held until the test lets it through.
        answer = open_phase(match, after=lead.number)
        assert list(answer.actors) == [answerer]
        page = pages[answerer]
        held: list[tuple[Any, Any]] = []

        def hold(route) -> None:
            if route.request.method == "POST":
                held.append((route, route.fetch()))  # the server saves the move now; the page waits for it
            else:
                route.continue_()

        page.route(url, hold)
        lock_in(page, answer, 1)  # higher than the lead's 0: the answerer wins the round and leads the next
        # The socket frame draws the next lead's form before the answer is back (waiting in the page lets the held
        # request through to the server); the player starts typing in it.
        page.wait_for_function("n => document.getElementById('match').getAttribute('data-phase') !== n"
                               " && document.querySelector('#move-form input[name=tile]')",
                               arg=str(answer.number), timeout=TIMEOUT)
        next_lead = open_phase(match, after=answer.number)
        assert list(next_lead.actors) == [answerer]
        page.fill(f"{form_of(next_lead.number)} input[name=tile]", "7")
        for _ in range(300):  # the held answer reaches the handler (Playwright's events run while the page is waited on)
            if held:
                break
            page.wait_for_timeout(50)
        assert len(held) == 1 and page.get_attribute("#match", "data-sending") is not None

        route, response = held[0]
        assert response.status == 200
        route.fulfill(response=response)
        answered(page)
        page.unroute(url)
        assert page.input_value(f"{form_of(next_lead.number)} input[name=tile]") == "7"

        # The typed tile is the one locked in.
        page.click(f"{form_of(next_lead.number)} button[name=lock]")
        answered(page)
        wait_until(lambda: Phase.objects.filter(pk=next_lead.pk, status=Phase.Status.RESOLVED).exists(),
                   "the lead to resolve")
        sent = Submission.objects.get(phase_id=next_lead.pk, seat__name=answerer, kind=Submission.Kind.MOVE)
        assert sent.payload == {"tile": 7} and not sent.is_default
        assert page.evaluate("window.__sameDocument") is True
