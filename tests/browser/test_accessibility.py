"""axe-core over the key pages (issue 20, point 16): no serious or critical finding, and headings in order.

axe-core is npm's package, installed from ``tests/browser/node/package-lock.json`` by ``bin/setup``
(``npm ci --prefix tests/browser/node``) and injected into each page by Playwright. The pages: home,
log-in, each game's rules, the designer's list, a match page of each game (as a spectator and as a
player), a finished match, and its replay (as a spectator and as a player); the design pages with the
"Move up" buttons too. Each at 1280 and 390 px.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from tests.browser.helpers import BrowserTestCase
from tests.browser.test_page_layouts import site, visits

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "node" / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts that fail the run; the rest are printed.
FAILING = ("serious", "critical")
#: Besides those: headings that skip a level fail too (axe calls them moderate).
ALSO_FAILING = ("heading-order",)
KEY_PAGES = ("home", "login", "designs", "design", "design-phase", "finished-match", "replay-spectator",
             "replay-player")
#: Each page at a desktop's width and a phone's (where the text boards scroll sideways).
WIDTHS = {1280: 900, 390: 844}
KEY_PREFIXES = ("rules-", "match-", "custom-match-player")

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"],
    rules: {"label-content-name-mismatch": {enabled: true}}});  // off by default (experimental)
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " :: " + (n.failureSummary || "").split("\\n").slice(1, 2).join(""))}));
}"""


def axe_script() -> Path:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run bin/setup (npm ci --prefix tests/browser/node) to install axe-core")
    return AXE


def session_cookie(username: str) -> str:
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def is_key(name: str) -> bool:
    return name in KEY_PAGES or (name.startswith(KEY_PREFIXES) and not name.endswith("-host"))


def failing(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in FAILING or v["id"] in ALSO_FAILING]


class TestAccessibility(BrowserTestCase):
    def test_the_key_pages_have_no_serious_or_critical_axe_findings(self):
        script = axe_script()
        data = site()
        base = self.live_server_url
        pages = [visit for visit in visits(data) if is_key(visit.name)]
        assert {"home", "login", "designs", "replay-spectator"} <= {p.name for p in pages}
        assert any(p.name.startswith("rules-") for p in pages) and any(p.name.startswith("match-") for p in pages)
        cookies = {who: session_cookie(who) for who in ("ana", "host")}
        problems, notes = [], []
        for width, height in WIDTHS.items():
            tabs = {}
            for who in (None, "ana", "host"):
                context = self.browser.new_context(viewport={"width": width, "height": height})
                if who is not None:
                    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookies[who], "url": base}])
                tabs[who] = context.new_page()
            for visit in pages:
                tab = tabs[visit.who]
                tab.goto(base + visit.url, wait_until="load")
                tab.evaluate(script.read_text(encoding="utf-8"))  # not a <script> tag: the CSP runs no inline script
                found = tab.evaluate(RUN_AXE)
                for v in found:
                    line = f"{visit.name} at {width} px: {v['impact']} {v['id']} ({v['help']}): {' | '.join(v['nodes'])}"
                    (problems if v in failing(found) else notes).append(line)
            for tab in tabs.values():
                tab.context.close()
        print("\n".join(["axe notes (not failing):", *notes]))
        assert not problems, "\n".join(problems)

    def test_the_axe_run_sees_a_serious_problem_when_there_is_one(self):
        script = axe_script()
        tab = self.browser.new_page()
        tab.goto(self.live_server_url + "/")
        tab.evaluate("""() => document.querySelector("main").insertAdjacentHTML("beforeend",
            '<button></button><img src="/static/none.png"><div role="button" tabindex="0"><a href="/">in</a></div>')""")
        tab.evaluate(script.read_text(encoding="utf-8"))  # not a <script> tag: the CSP runs no inline script
        found = failing(tab.evaluate(RUN_AXE))
        assert {"button-name", "image-alt"} <= {v["id"] for v in found}, found
        tab.close()
