"""Numbers typed in forms are ASCII digits, range-checked: a Unicode digit is a form error, never a 500.

``'²'.isdigit()`` is true and ``int('²')`` raises; on the debug page that crash showed every
player's coins and garnets. Each test posts what the attack posted, with debug pages off.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.bigfoot_sighting.hexboard import BoardTextError, parse_cell
from games.engines.protocol import SubmissionError
from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from genius.seasons.models import Decision
from tests.bigfoot_web.helpers import new_duel
from tests.seasons.helpers import finished_main_match, give_tol, make_season, user
from tests.security.helpers import match_where_she_acts

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_debug_pages(settings):
    settings.DEBUG = False


def saved_moves(match: Match) -> int:
    return Submission.objects.filter(phase__match=match).count()


def post_move(client: Client, match: Match, data: dict) -> str:
    """Post ``data`` as ana's move: a 400 with a message beside a field, and nothing saved."""
    before = saved_moves(match)
    response = client.post(reverse("match-submit", args=[match.pk]), data)
    assert response.status_code == 400, response.status_code
    assert saved_moves(match) == before
    return response.content.decode()


def test_a_superscript_two_as_a_garnet_mark_is_a_form_error(client, ana):
    match = match_where_she_acts("trail-trouble", ana)
    client.force_login(ana)
    body = post_move(client, match, {"fork_1": "L", "fork_2": "L", "fork_3": "L", "fork_4": "L", "garnet": "²"})
    assert "Forks are numbered 1 to 4; &#x27;²&#x27; is not a fork." in body


@pytest.mark.parametrize("digit", ["٣", "３", "1_0", " 1 2"])
def test_a_garnet_mark_in_other_digits_is_a_form_error(client, ana, digit):
    match = match_where_she_acts("trail-trouble", ana)
    client.force_login(ana)
    post_move(client, match, {"fork_1": "L", "fork_2": "L", "fork_3": "L", "fork_4": "L", "garnet": digit})


def blob_party_where_she_has(ana, field: str) -> Match:
    """A Blob Party match advanced until ana's form has ``field`` (a round: the pregame is the king's plan)."""
    match = match_where_she_acts("blob-party", ana)
    engine = engine_of(match.game)
    for _ in range(4):
        match.refresh_from_db()
        if field in {f.name for f in engine.form_fields(match.state, "ana")}:
            return match
        lifecycle.resolve_now(match.pk)
    raise AssertionError(f"ana never gets a {field} field")


@pytest.mark.parametrize("field", ["battle_bp", "battle_bp_A"])
def test_a_superscript_two_as_battle_bp_is_a_form_error(client, ana, field):
    match = blob_party_where_she_has(ana, field)
    client.force_login(ana)
    data = {"card": "1", "king": "0", "king_A": "0", "king_B": "0", "battle_bp": "0", "battle_bp_A": "0",
            "battle_bp_B": "0", "minigame_bp": "0", field: "²"}
    body = post_move(client, match, data)
    assert "Write a whole number of BP, 0 or more" in body


@pytest.mark.parametrize("field, value", [("card", "W²"), ("card", "²"), ("card", "٣"), ("king", "¹"),
                                          ("minigame_bp", "٣"), ("buy", "５")])
def test_a_card_king_or_bp_in_other_digits_is_a_form_error(client, ana, field, value):
    match = blob_party_where_she_has(ana, "card")
    client.force_login(ana)
    post_move(client, match, {"card": "1", "king": "0", "battle_bp": "0", "minigame_bp": "0", field: value})


def test_a_superscript_two_in_a_look_up_is_a_form_error(client, rgb_match, ana):
    """Ritual 3: ana led ritual 2, so she may look up its pairs by number; ``1²`` is no pair number."""
    engine = engine_of(rgb_match.game)
    for _ in range(8):
        rgb_match.refresh_from_db()
        fields = {f.name: f for f in engine.form_fields(rgb_match.state, "ana")}
        if "lookup" in fields and fields["lookup"].kind == "multichoice":
            break
        if "predict1" in fields:  # ritual 2, which she leads: she predicts each pair
            submitting.submit(rgb_match.seats.get(name="ana"), {"predict": ["cyan", "magenta", "yellow"]})
        lifecycle.resolve_now(rgb_match.pk)
    else:
        raise AssertionError("ana never gets to look up the pairs of the ritual she led")
    client.force_login(ana)
    garnets_before = rgb_match.state["garnets"]["ana"]
    body = post_move(client, rgb_match, {"action": "instant", "lookup": "1²"})
    assert "&#x27;1²&#x27; is not a pair number (1 to 3)." in body
    rgb_match.refresh_from_db()
    assert rgb_match.state["garnets"]["ana"] == garnets_before


def test_a_superscript_two_as_a_board_in_the_bigfoot_move_check_is_refused_cleanly(client, ana, ben):
    duel = new_duel(ana, ben)
    client.force_login(ana)
    response = client.get(reverse("match-hints", args=[duel.pk]), {"board": "²"})
    assert response.status_code == 200
    assert response.json()["check"] == {"ok": False, "field": "board", "error": "Pick a board: 1 or 2 or 3"}


@pytest.mark.parametrize("name", ["c²", "c٣", "c３", "c_4", "c" + "9" * 5000])
def test_a_cell_name_in_other_digits_is_no_cell(name):
    with pytest.raises(BoardTextError, match="is not a cell name|there is no"):
        parse_cell(name)
    assert parse_cell("c4") == parse_cell(" C4 ")


@pytest.fixture
def pick_open():
    season = make_season()
    give_tol(season, "ben")
    finished_main_match(season, {"ec": ["ana"]})
    return Decision.objects.get(decider__username="ana")


@pytest.mark.parametrize("choice", ["²", "٣", "1²", "9" * 5000, str(2**70)])
def test_a_superscript_two_as_a_decision_choice_is_a_form_error(client, pick_open, choice):
    client.force_login(user("ana"))
    response = client.post(reverse("decision", args=[pick_open.pk]), {"choice": choice})
    assert response.status_code == 400
    assert "cannot be named here" in response.content.decode()
    pick_open.refresh_from_db()
    assert pick_open.status == Decision.Status.OPEN and pick_open.choice is None


def test_a_host_button_with_a_unicode_id_is_not_found(client, pick_open, make_user):
    client.force_login(make_user("boss", staff=True))
    season = pick_open.episode.season
    response = client.post(reverse("season-host", args=[season.slug]), {"action": "close_decision", "decision": "١"})
    assert response.status_code == 404
    pick_open.refresh_from_db()
    assert pick_open.status == Decision.Status.OPEN


def dm_form(first, second, **extra) -> dict:
    return {"first": first.pk, "second": second.pk, "turn_seconds": "60", "reserve_seconds": "300",
            "draw_items": "on", "title": "", "boards": "", "seed": "", **extra}


def test_a_seed_of_two_to_the_seventy_is_refused_on_the_death_match_page(client, host, ana, ben):
    client.force_login(host)
    response = client.post(reverse("dm-new"), dm_form(ana, ben, seed=str(2**70)))
    assert response.status_code == 400
    assert "less than or equal to 9223372036854775807" in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize("field, value", [("seed", "٣"), ("turn_seconds", "６０"), ("reserve_seconds", "3²")])
def test_a_number_in_other_digits_is_refused_on_the_death_match_page(client, host, ana, ben, field, value):
    client.force_login(host)
    response = client.post(reverse("dm-new"), dm_form(ana, ben, **{field: value}))
    assert response.status_code == 400 and "Enter a whole number." in response.content.decode()
    assert not Match.objects.exists()


def test_a_seed_of_two_to_the_seventy_is_refused_on_the_season_page(client, make_user):
    season = make_season()
    client.force_login(make_user("boss", staff=True))
    response = client.post(reverse("season-host", args=[season.slug]), {
        "action": "episode", "game": "trail-trouble", "seed": str(2**70), "phase_minutes": "60",
        "decision_minutes": "60", "reminder_minutes": "0", "house_bots": "on",
    })
    assert response.status_code == 400
    assert "less than or equal to 9223372036854775807" in response.content.decode()
    assert not Match.objects.exists()


def test_extending_a_deadline_by_a_huge_or_unicode_number_of_minutes_is_refused(client, host, ana):
    match = match_where_she_acts("bigfoot-sighting", ana)
    deadline = match.current_phase.deadline
    client.force_login(host)
    for minutes in ["²", "٣", str(10**30), "0"]:
        response = client.post(reverse("match-control", args=[match.pk]), {"action": "extend", "minutes": minutes},
                               follow=True)
        assert response.status_code == 200
        assert "Minutes" in response.content.decode()
        assert match.current_phase.deadline == deadline


def test_engines_refuse_a_unicode_digit_as_a_submission_error():
    from games.blob_party.common import as_int
    from games.trail_trouble.engine import check_garnet_forks

    assert as_int("²") is None and as_int("٣") is None and as_int(" -3 ") == -3 and as_int(True) is None
    with pytest.raises(SubmissionError):
        check_garnet_forks(["²"])
    assert check_garnet_forks(["2", 1, " 3 "]) == [1, 2, 3]
