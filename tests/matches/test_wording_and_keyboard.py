"""Point 15 of issue 20: the wording a newcomer reads, one sentence at a time and in plain grammar.

The browser half (focus after a one-click tile, the replay's address, the favicon) is in
``tests/browser/test_wording_and_phones_browser.py``.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from genius.accounts.forms import SignUpForm
from genius.matches import presenters
from genius.matches.models import LogEntry, Match
from genius.matches.services import live_turns
from genius.matches.templatetags.genius import payload_labelled
from tests.matches.test_replays import new_match, play

pytestmark = pytest.mark.django_db

FIXTURE = Path(__file__).resolve().parents[1] / "bigfoot_sighting" / "fixtures" / "full_match.json"


def open_phase(match: Match):
    return match.phases.filter(status="open").order_by("-number").first()


def test_two_players_on_reserve_time_now_play_and_one_now_plays(ana, ben):
    for actors, says in ((["ana", "ben"], "ana and ben now play on reserve time."), (["ana"], "ana now plays on reserve time.")):
        match = new_match("black-and-white", ana, ben)
        phase = open_phase(match)
        phase.actors = actors
        phase.kind = "turn"
        phase.deadline = timezone.now()
        phase.save()
        assert live_turns.on_turn_deadline(match, phase, timezone.now() + timedelta(seconds=1))
        lines = list(LogEntry.objects.filter(match=match).values_list("text", flat=True))
        assert any(says in line for line in lines), lines
        assert not any("ana and ben now plays" in line for line in lines)


def test_one_point_is_one_point_in_the_end_of_match_payout():
    from games.rituals_gone_bad import resolving

    source = Path(resolving.__file__).read_text()
    assert "payout: {state['points'][player]} points" not in source
    assert resolving.plural(1, "point") == "1 point" and resolving.plural(2, "point") == "2 points"


def test_a_history_shows_each_moves_field_labels_not_its_keys(ana, ben):
    match = play(new_match("rituals-gone-bad", ana, ben), phases=2)
    history = presenters.private_history(match, match.seats.get(name="ana"))
    moves = [(entry["labels"], sub.payload) for entry in history for sub in entry["moves"]]
    assert moves and all(labels for labels, _ in moves)
    page = presenters.private_part(match, match.seats.get(name="ana"))
    assert "Your book for ritual 1: " in page
    assert not re.search(r"<code>book: ", page)


def test_a_payload_without_labels_reads_as_before():
    assert payload_labelled({"book": "red", "default": True}, {}) == "book: red"
    assert payload_labelled({"book": "red", "lookup_pairs": [1]}, {"book": "Your book"}) == "Your book: red · lookup pairs: 1"


def test_an_imported_match_is_named_once_in_the_message(client, host):
    client.force_login(host)
    upload = SimpleUploadedFile("m.json", FIXTURE.read_bytes(), content_type="application/json")
    response = client.post(reverse("admin:games_match_import"),
                           {"file": upload, "phase_seconds": 3600, "title": "Imported copy of 15"}, follow=True)
    page = response.content.decode()
    assert "Imported copy of 15" in page and "Imported Imported" not in page
    assert "“Imported copy of 15”" in page


def test_the_sign_up_hints_are_separate_sentences(client):
    form = SignUpForm()
    for name in ("username", "password1", "password2", "time_zone"):
        hint = str(form.fields[name].help_text)
        assert "<" not in hint and not re.search(r"[.!?][A-Z]", hint), (name, hint)
    assert "150 characters" not in form.fields["username"].help_text  # Django's rule, not the site's
    page = client.get(reverse("signup")).content.decode()
    assert "personal information. Your password must contain" in page
    assert "are kept for guests." in page


def test_a_page_names_its_time_zone_one_way(client, ana):
    """The server writes times with its own name of the zone (``CET``); the page's script keeps them when it
    shows the same zone, instead of writing the browser's name (``GMT+1``) beside the server's."""
    me = (Path(__file__).resolve().parents[2] / "static" / "genius" / "me.js").read_text()
    live = (Path(__file__).resolve().parents[2] / "static" / "genius" / "live.js").read_text()
    assert 'var pageZone = html.getAttribute("data-tz");' in me and "sameZone = zone === pageZone;" in me
    assert "|| sameZone) return;" in me and "geniusTime.sameZone" in live
    json.dumps(me)  # plain text
