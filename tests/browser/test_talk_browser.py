"""Talk in two browsers: ana says something in the everyone channel from her page; talk.js sends it as a frame over
the page's open websocket (no HTTP post, no page load), and it appears on ben's open page live, escaped and
inert. A refusal (a channel closed meanwhile, the flood brake) comes back over the socket and is shown beside
the box. With no socket to send on, the form posts in the background instead, and the message still arrives."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User

from genius.matches.services import lifecycle
from genius.matches.services.engines import death_match_games
from genius.talk import channels
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

TIMEOUT = 15000
FORM = '[data-talk-channel="everyone"] form'
REFUSAL = f"{FORM} [data-talk-refusal]"


def talk_frames(sent: list) -> list[dict]:
    """The talk frames a page sent over its websocket."""
    frames = []
    for payload in sent:
        try:
            frame = json.loads(payload)
        except (TypeError, ValueError):
            continue
        if isinstance(frame, dict) and frame.get("type") == "talk":
            frames.append(frame)
    return frames


def say(page, text: str) -> None:
    """Type ``text`` in the everyone channel's box and send it; wait until the form is given back."""
    page.fill(f"{FORM} textarea", text)
    page.click(f"{FORM} button")
    page.wait_for_selector(f"{FORM}:not([data-talk-sending]) button:not([disabled])", timeout=TIMEOUT)


def said_on(page, text: str) -> None:
    page.wait_for_selector(f'[data-talk-channel="everyone"] .talk-message .talk-text:has-text("{text}")',
                           timeout=TIMEOUT)


class TestTalkBrowser(BrowserTestCase):
    def test_a_message_goes_over_the_socket_and_appears_live_on_the_other_page(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        game = death_match_games()[0][0]
        match = lifecycle.start_match_between([ana, ben], game=game, title="Talk: ana vs ben", seed=5,
                                              turn_seconds=600)
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"
        pages = {}
        errors: list[str] = []
        sent: list = []
        posts: list[str] = []
        for name in ("ana", "ben"):
            page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            log_in(page, base, name)
            if name == "ana":
                page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(payload)))
                page.on("request", lambda req: posts.append(req.url) if req.method == "POST" else None)
            page.goto(url)
            page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)
            pages[name] = page
        ana_page, ben_page = pages["ana"], pages["ben"]
        ana_page.evaluate("window.__sameDocument = true")

        # Said over the socket: one talk frame, no HTTP post; ben's page shows it live, escaped and inert.
        say(ana_page, "<b>hi</b> @everyone")
        ben_page.wait_for_selector('[data-talk-channel="everyone"] .talk-message', timeout=TIMEOUT)
        said = ben_page.inner_text('[data-talk-channel="everyone"] .talk-message .talk-text')
        assert said.replace("\u200b", "") == "<b>hi</b> @everyone" and "\u200b" in said
        assert ben_page.query_selector('[data-talk-channel="everyone"] .talk-text b') is None
        ana_page.wait_for_selector('[data-talk-channel="everyone"] .talk-message', timeout=TIMEOUT)
        assert [(f["channel"], f["text"]) for f in talk_frames(sent)] == [("everyone", "<b>hi</b> @everyone")]
        assert posts == [] and ana_page.input_value(f"{FORM} textarea") == ""
        assert ana_page.evaluate("window.__sameDocument") is True  # no page load
        assert ana_page.is_hidden(REFUSAL)

        # The channel closes meanwhile (the page still shows its box): the refusal comes back beside the box.
        channels.close_channel(match, "everyone")
        say(ana_page, "still there?")
        ana_page.wait_for_selector(f"{REFUSAL}:has-text('is closed now')", timeout=TIMEOUT)
        assert ana_page.input_value(f"{FORM} textarea") == "still there?"  # what was typed is kept
        assert len(talk_frames(sent)) == 2 and posts == []
        channels.open_channel(match, "everyone", list(match.seats.all()))

        # No socket to send on: the form posts in the background, and ben still reads it live.
        ana_page.evaluate("window.__live = window.geniusLive; window.geniusLive = undefined")
        say(ana_page, "by post")
        said_on(ben_page, "by post")
        assert len(talk_frames(sent)) == 2 and len(posts) == 1 and posts[0].endswith("/talk/say/")
        assert ana_page.is_hidden(REFUSAL)  # the earlier refusal is gone once a message is said
        ana_page.evaluate("window.geniusLive = window.__live")

        # The flood brake: past five messages in ten seconds the next is refused, over the socket, beside the box.
        for n in range(6):
            say(ana_page, f"again {n}")
            if ana_page.is_visible(REFUSAL):
                break
        ana_page.wait_for_selector(f"{REFUSAL}:has-text('Slow down')", timeout=TIMEOUT)
        said_on(ben_page, "again 0")
        assert len(posts) == 1 and len(talk_frames(sent)) >= 3
        assert ana_page.evaluate("window.__sameDocument") is True
        assert not errors, errors
