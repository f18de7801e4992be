"""axe-core over the key pages (issue 20, point 16): no serious or critical finding, and headings in order.

axe-core is npm's package, installed from ``tests/browser/node/package-lock.json`` by ``bin/setup``
(``npm ci --prefix tests/browser/node``) and injected into each page by Playwright. The pages: home,
log-in, each game's rules, the designer's list, a match page of each game (as a spectator and as a
player), a finished match, and its replay (as a spectator and as a player); the design pages with the
"Move up" buttons too. Then the live boards of every game with their scripts' controls drawn, as the player
and as a spectator (issue 37: Bigfoot Sighting's candidate boards were controls whose name left out their
visible text): the Death Match games at each stage of their boards, the others before and after two
phases, a designed game while its players move and while its host rules. Each at 1280 and 390 px.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from genius.matches.services import lifecycle
from genius.matches.services.engines import available_games, death_match_games, engine_of
from tests.browser.helpers import BrowserTestCase
from tests.browser.test_host_lobbies_browser import needs_a_saved_design
from tests.browser.test_page_layouts import Visit, site, visits
from tests.custom_game_web.conftest import close_players_phase, start_custom
from tests.matches.test_replays import new_match, play

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


#: The live boards, each after this many phases played: the Death Match games at each stage of their boards
#: (Bigfoot Sighting: the layout pick, the extra tree, a lumberjacks' turn, a Bigfoot turn), the others
#: before their first phase closes and after two.
STAGES = {"bigfoot-sighting": (0, 2, 3, 4), "black-and-white": (0, 1)}
OTHER_STAGES = (0, 2)


def live_boards() -> list[Visit]:
    """The match page of every game with its board drawn, as its player ana and as a spectator: the Death
    Matches as a host starts them (``start_match_between``), the other games with bots, a designed game
    while its players move and while the host rules."""
    users = get_user_model().objects
    ana, ben = (users.create_user(name, password=f"{name}-password-1", email=f"{name}@example.org")
                for name in ("ana", "ben"))
    death = {slug for slug, _ in death_match_games()}
    out = []
    for slug, _ in available_games():
        if needs_a_saved_design(slug):
            continue
        for phases in STAGES.get(slug, OTHER_STAGES):
            if slug in death:
                match = lifecycle.start_match_between([ana, ben], game=slug, title="Death Match: ana vs ben", seed=31)
            else:
                match = new_match(slug, ana, ben)
            match = play(match, phases=phases) if phases else match
            stage = engine_of(slug).phase(match.state)
            name = f"board-{slug}@{phases}:{stage.name if stage else 'over'}"
            out += [Visit(f"{name}-player", reverse("match", args=[match.pk]), "ana"),
                    Visit(f"{name}-spectator", reverse("match", args=[match.pk]))]
    moving = start_custom()  # seven players, ana among them
    ruling = start_custom()
    close_players_phase(ruling)
    for name, match in (("designed-moving", moving), ("designed-ruling", ruling)):
        out += [Visit(f"board-{name}-player", reverse("match", args=[match.pk]), "ana"),
                Visit(f"board-{name}-spectator", reverse("match", args=[match.pk]))]
    return out


def failing(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in FAILING or v["id"] in ALSO_FAILING]


class TestAccessibility(BrowserTestCase):
    def axe_over(self, pages: list[Visit], *, settle_ms: int = 0) -> tuple[list[str], list[str]]:
        """(failing findings, the other findings) of axe over ``pages``, each at every width in :data:`WIDTHS`."""
        script = axe_script()
        base = self.live_server_url
        people = sorted({visit.who for visit in pages if visit.who is not None})
        cookies = {who: session_cookie(who) for who in people}
        problems, notes = [], []
        for width, height in WIDTHS.items():
            tabs = {}
            for who in (None, *people):
                context = self.browser.new_context(viewport={"width": width, "height": height})
                if who is not None:
                    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookies[who], "url": base}])
                tabs[who] = context.new_page()
            for visit in pages:
                tab = tabs[visit.who]
                tab.goto(base + visit.url, wait_until="load")
                if settle_ms:
                    tab.wait_for_timeout(settle_ms)  # the boards' scripts draw their controls
                tab.evaluate(script.read_text(encoding="utf-8"))  # not a <script> tag: the CSP runs no inline script
                found = tab.evaluate(RUN_AXE)
                for v in found:
                    line = f"{visit.name} at {width} px: {v['impact']} {v['id']} ({v['help']}): {' | '.join(v['nodes'])}"
                    (problems if v in failing(found) else notes).append(line)
            for tab in tabs.values():
                tab.context.close()
        return problems, notes

    def test_the_key_pages_have_no_serious_or_critical_axe_findings(self):
        data = site()
        pages = [visit for visit in visits(data) if is_key(visit.name)]
        assert {"home", "login", "designs", "replay-spectator"} <= {p.name for p in pages}
        assert any(p.name.startswith("rules-") for p in pages) and any(p.name.startswith("match-") for p in pages)
        problems, notes = self.axe_over(pages)
        print("\n".join(["axe notes (not failing):", *notes]))
        assert not problems, "\n".join(problems)

    def test_the_live_boards_of_every_game_have_no_serious_or_critical_axe_findings(self):
        pages = live_boards()
        assert {p.name.split("@")[0] for p in pages} >= {f"board-{slug}" for slug, _ in available_games()
                                                         if not needs_a_saved_design(slug)}
        problems, notes = self.axe_over(pages, settle_ms=400)
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
