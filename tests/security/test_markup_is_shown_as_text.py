"""Names, fork text and board text that carry HTML or script are shown as text everywhere, SVG included."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from genius.core.errors import ServiceError
from genius.matches.services import lifecycle, matchfiles
from tests.security.helpers import SIZES, match_where_she_acts

pytestmark = pytest.mark.django_db

EVIL = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "\"><svg onload=alert(3)>",
        "<b>bold</b>", "x' onmouseover='alert(4)", "</title><script>", "&amp;lt;", "<style>*{}</style>",
        "<a href=javascript:alert(5)>", "<iframe>"]


def pages_of(match, ana, host) -> list[str]:
    out = []
    for user in (None, ana, host):
        client = Client()
        if user is not None:
            client.force_login(user)
        out.append(client.get(reverse("match", args=[match.pk])).content.decode())
        out.append(json.dumps(client.get(reverse("match-live", args=[match.pk])).json()["parts"]))
    out.append(Client().get(reverse("home")).content.decode())
    return out


@pytest.mark.parametrize("game", list(SIZES))
def test_seat_names_with_markup_are_escaped_on_every_page_and_board(game, ana, host):
    match = match_where_she_acts(game, ana, bot_names=EVIL)
    lifecycle.resolve_now(match.pk)
    for text in pages_of(match, ana, host):
        for evil in EVIL[: SIZES[game] - 1]:
            if evil == "&amp;lt;":
                continue
            assert evil not in text.replace("\\u003c", "<").replace("\\u003e", ">").replace('\\"', '"')


def test_fork_text_and_board_text_with_markup_are_refused_with_a_clear_message():
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    doc = json.loads((root / "tests/trail_trouble/fixtures/full_match.json").read_text())
    doc["config"]["forks"][0] = ["<script>alert(1)</script>"] * 4
    with pytest.raises(ServiceError, match="not valid.*column"):
        matchfiles.import_match(json.dumps(doc))
    doc = json.loads((root / "tests/bigfoot_sighting/fixtures/full_match.json").read_text())
    doc["config"]["boards"] = ["<svg onload=alert(1)>"] * 3
    with pytest.raises(ServiceError, match="not valid"):
        matchfiles.import_match(json.dumps(doc))


def test_an_error_message_that_quotes_markup_is_escaped_on_the_page(client, host):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(host)
    bad = SimpleUploadedFile("m.json", b'{"game": "<script>alert(1)</script>", "seed": 1, "players": []}')
    page = client.post(reverse("admin:games_match_import"), {"file": bad, "phase_seconds": 60}).content.decode()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page
