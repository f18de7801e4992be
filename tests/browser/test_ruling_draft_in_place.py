"""The ruling page in Chromium: "Save draft" answers in place (htmx: no page load, the message shown, what was
typed still in its box, a refusal beside its box), and the parts of what opens next still follow the choice
after the form is swapped."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.matches.models import Phase
from tests.browser.helpers import BrowserTestCase, log_in
from tests.custom_game_web.conftest import close_players_phase, open_phase, start_custom

pytestmark = pytest.mark.browser


class TestRulingDraftInPlace(BrowserTestCase):
    def test_save_draft_answers_in_place_and_keeps_what_was_typed(self):
        User.objects.create_user("host", password="host-password-1", is_staff=True)
        match = start_custom()
        close_players_phase(match)
        base = self.live_server_url
        host = self.browser.new_context().new_page()
        log_in(host, base, "host")
        host.goto(f"{base}/matches/{match.pk}/ruling/")
        host.wait_for_selector("#ruling-form")
        host.evaluate("window.samePage = true")
        host.fill("textarea[name=announce]", "Drafted in place ² @everyone")
        host.evaluate("document.querySelectorAll('details.ruling-player').forEach(d => d.open = true)")
        host.fill("input[name=seat-0-counter-points]", "²")
        host.click("[data-save-draft]")
        host.wait_for_selector("input[name=seat-0-counter-points][aria-invalid=true]")
        assert host.evaluate("window.samePage") is True
        assert host.input_value("textarea[name=announce]") == "Drafted in place ² @everyone"
        assert open_phase(match).ruling_draft is None

        host.evaluate("document.querySelectorAll('details.ruling-player').forEach(d => d.open = true)")
        host.fill("input[name=seat-0-counter-points]", "3")
        host.click("[data-save-draft]")
        host.wait_for_selector("#messages >> text=Draft saved")
        assert host.evaluate("window.samePage") is True
        assert host.input_value("textarea[name=announce]") == "Drafted in place ² @everyone"
        draft = Phase.objects.get(pk=open_phase(match).pk).ruling_draft
        assert draft["announce"] == "Drafted in place ² @everyone" and draft["counters"] == {"ana": {"points": 3}}

        host.select_option("[data-ruling-next]", "end")  # the script still follows the choice after the swap
        host.wait_for_selector("[data-when-next=end]:not([hidden])")
        assert host.is_hidden("[data-when-next=phase]")
