"""Results speak to the player: "You placed 6th of 7", what each prize means, "Play again", a guest's
"Sign up to keep your matches"; a match outside a season explains its season words; the practice banner
goes once the match ends; Black and White's unplayed tiles are said once, plainly, never as an alert."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from games.engines.runner import bot_move
from genius.matches import results
from genius.matches.models import Match
from genius.matches.services import matchfiles, practice, resolution, submitting
from genius.matches.services.engines import engine_of
from genius.seasons.models import Season

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
BW_FILE = ROOT / "tests" / "black_and_white" / "fixtures" / "full_match.json"


@pytest.fixture(autouse=True)
def _no_earlier_starts():
    practice.forget_practice("127.0.0.1")
    yield
    practice.forget_practice("127.0.0.1")


def finished_practice(client, game: str = "rituals-gone-bad") -> Match:
    """A practice match played to its end by the form's service, every move locked in."""
    response = client.post(reverse("practice", args=[game]))
    match = Match.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))
    human = match.seats.get(is_bot=False)
    engine = engine_of(game)
    for step in range(60):
        match.refresh_from_db()
        phase = match.current_phase
        if match.status == Match.Status.FINISHED or phase is None:
            break
        if human.name in phase.actors:
            submitting.submit(human, bot_move(engine, match.state, step, engine.phase(match.state), human.name), lock=True)
        else:
            resolution.close_due_phases(timezone.now())
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


@pytest.mark.parametrize("n, text", [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
                                     (13, "13th"), (21, "21st"), (22, "22nd"), (103, "103rd"), (111, "111th")])
def test_places_are_said_as_ordinals(n, text):
    assert results.ordinal(n) == text


def test_a_player_reads_where_they_placed_of_how_many(client):
    match = finished_practice(client)
    seat = match.seats.get(is_bot=False)
    line = next(line for line in results.results(match).lines if line.name == seat.name)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    verb = "tied for" if line.tied else "placed"
    assert f"You {verb} {results.ordinal(line.rank)} of 7" in html and line.you in html.replace("&#x27;", "'")
    assert re.search(r" of 7 \(-?[0-9.]+ points?\)", line.you)


def test_a_finished_practice_offers_play_again_and_a_guest_is_offered_to_sign_up(client):
    match = finished_practice(client)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert f'action="{reverse("practice", args=[match.game])}"' in html and ">Play again</button>" in html
    assert "Sign up to keep your matches" in html
    again = client.post(reverse("practice", args=[match.game]))
    assert again.status_code == 302 and again["Location"] != reverse("match", args=[match.pk])


def test_a_signed_up_player_is_not_asked_to_sign_up(client, ana):
    client.force_login(ana)
    match = finished_practice(client)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    assert ("You placed" in html or "You tied for" in html) and "Sign up to keep your matches" not in html


def test_a_match_outside_a_season_explains_its_season_words(client):
    match = finished_practice(client)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    if match.outcome.get("ec"):
        assert "This match is not part of a season, so nothing is kept. In a season, this end would give" in html
        assert "Elimination Candidate" in html and "Death Match whose loser leaves the season" in html
    if match.outcome.get("tol"):
        assert "a ToL keeps its holder out of a Death Match" in html
    assert match.outcome.get("ec") or match.outcome.get("tol"), "Rituals Gone Bad names an EC"


def test_a_season_match_says_what_its_prizes_mean(client, rgb_match):
    Match.objects.filter(pk=rgb_match.pk).update(status=Match.Status.FINISHED, outcome={"ec": ["ana"], "tol": {"ben": 1}},
                                                 placement={"ben": 1, "ana": 7})
    html = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "is kept for the season" in html and "its loser leaves the season" in html
    assert "not part of a season" not in html
    assert isinstance(rgb_match.season, Season)


def test_the_practice_banner_is_marked_to_go_once_the_match_ends(client):
    response = client.post(reverse("practice", args=["rituals-gone-bad"]), follow=True)
    html = response.content.decode()
    assert re.search(r'class="msg msg-practice-start[^"]*"[^>]*>Your practice match has started', html)
    assert "genius/results.js" in html  # it removes the banner when the match ends live
    script = (ROOT / "static" / "genius" / "results.js").read_text()
    assert ".msg-practice-start" in script and "data-match-over" in script


def test_black_and_whites_unplayed_tiles_are_said_once_plainly_and_never_as_an_alert(client, host):
    match = matchfiles.import_match(BW_FILE.read_text())
    assert match.status == Match.Status.FINISHED
    client.force_login(host)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    shown = re.sub(r'data-copy="[^"]*"', "", html)  # the copy button keeps the log's text for the clipboard
    assert shown.count("Tiles still in hand when the match ended, never played:") == 1
    assert "Tiles never played" not in html
    assert 'data-reminder-text="ana wins the Death Match' in html  # the alert region says the verdict, not the tiles
    assert 'class="verdict">ana wins the Death Match' in html
