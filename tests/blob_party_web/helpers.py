"""Ways to look at and play a Blob Party match on the web, as a person would."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from django.test import Client
from django.urls import reverse

from games.engines.runner import bot_move
from genius.matches.models import Match
from genius.matches.services.engines import engine_of

SEATS = ["ana", "ben", "cat", "dan", "eli", "fay", "gil"]
BOTS = SEATS[2:]
#: Kingwizards of rounds 1 to 7: ana plans in the pregame and rules round 1, ben plans during round 1.
KINGS = list(SEATS)
#: With these kings and people playing ``human_move``, this seed ends in a tie for the fewest orbs
#: that ana and ben (the prize winners) decide in an EC decision (see test_full_match.py).
SEED = 43
FIXTURES = Path(__file__).parent / "fixtures"


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def match_page(client: Client, match: Match) -> str:
    return client.get(reverse("match", args=[match.pk])).content.decode()


def post_move(client: Client, match: Match, data: dict[str, Any]):
    """Post the move form of the open phase, as the page does."""
    match.refresh_from_db()
    return client.post(reverse("match-submit", args=[match.pk]), {"phase": match.current_phase.number, **data})


def human_move(match: Match, name: str) -> dict[str, Any]:
    """A legal move for a person (a bot's choice from another random stream), as a payload."""
    match.refresh_from_db()
    engine = engine_of(match.game)
    return bot_move(engine, match.state, match.seed + 1, engine.phase(match.state), name)


def form_data(match: Match, name: str, payload: dict[str, Any]) -> dict[str, str]:
    """The form values a person would fill in for ``payload``."""
    engine = engine_of(match.game)
    return {key: value for key, value in engine.form_initial(match.state, name, payload).items() if value != ""}


def field_error(page: str, field: str) -> str:
    """The error shown beside a form field ('' when there is none)."""
    found = re.search(rf'id="e-{re.escape(field)}"[^>]*>([^<]*)<', page)
    return html.unescape(found.group(1)) if found else ""


def options_of(page: str, field: str) -> list[str]:
    """The option values a select offers (not its disabled "Choose…" prompt)."""
    found = re.search(rf'<select id="f-{re.escape(field)}" name="{re.escape(field)}"[^>]*>(.*?)</select>', page, re.S)
    assert found, f"no select {field}"
    return re.findall(r'<option value="([^"]*)"(?![^>]*\bdisabled\b)', found.group(1))


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text()


def ec_pending_doc() -> dict[str, Any]:
    return json.loads(fixture("ec_pending.json"))
