"""The Content-Security-Policy blocks nothing the site does (issue 37): Chromium reports no violation on the key
pages (home, a running match live over its websocket, a replay, the designer, challenges, the profile, the
admin), and the live page still connects and a move still goes in place."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.communities import services as communities
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser
TIMEOUT = 15000
#: Collects the page's CSP violations (a ``securitypolicyviolation`` event each) from its first script on.
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || ""));
});
"""


class TestContentSecurityPolicyInBrowser(BrowserTestCase):
    def test_the_key_pages_run_under_the_policy_without_a_violation(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ana.is_staff = ana.is_superuser = True
        ana.save()
        communities.create_community(ana, name="Policy club")
        match = lifecycle.create_match(game="rituals-gone-bad", title="Policy match", seed=5, phase_seconds=3600)
        lifecycle.add_seat(match, user=ana)
        for name in ["bo", "cy", "di", "ed", "flo", "gia"]:
            lifecycle.add_seat(match, name=name, is_bot=True)
        lifecycle.start_match(match.pk)

        base = self.live_server_url
        context = self.browser.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script(WATCH_VIOLATIONS)
        console: list[str] = []
        page = context.new_page()
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        log_in(page, base, "ana")
        seen = {}
        for path in ["/", f"/matches/{match.pk}/", "/designs/new/", "/challenges/", "/me/profile/", "/c/",
                     "/admin/", "/admin/communities/invitation/add/", "/accounts/password/change/"]:
            response = page.goto(base + path)
            assert response is not None and response.ok, path
            assert "script-src 'self'" in (response.headers.get("content-security-policy") or ""), path
            if path.startswith("/matches/"):
                page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)  # the websocket
            page.wait_for_load_state("networkidle")
            seen[path] = page.evaluate("window.__cspViolations")
        assert all(found == [] for found in seen.values()), seen
        assert console == []
