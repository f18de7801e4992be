"""Timed content per player (RULES.md, "Timed challenges"): each player's clock starts when they open the challenge;
its questions come from the host's table and nobody sees them before starting; the answer window is enforced on
the server; the rules read the answers given in time and each player's drawn rows; match files keep the answers."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.custom_game.document.checks import validate_design
from games.engines import matchfile
from games.engines.design_problems import DesignError
from genius.core.errors import ServiceError
from genius.matches import presenters
from genius.matches.models import Match
from genius.matches.services import lifecycle, matchfiles, submitting
from genius.seasons.models import Season
from genius.timed import services
from genius.timed.models import TimedStart
from tests.custom_game_web.conftest import custom_slug

pytestmark = pytest.mark.django_db

QUESTIONS = {"QZ-alpha: what is 2+2?": "ANS-four", "QZ-beta: the capital of France?": "ANS-paris",
             "QZ-gamma: three times three?": "ANS-nine", "QZ-delta: the first letter?": "ANS-a"}


def quiz_design(**timed) -> dict:
    return {
        "format": 1, "title": "Quiz", "summary": "", "rules": "", "min_players": 3, "max_players": 3,
        "counters": [{"key": "points", "label": "Points", "start": 0, "visibility": "public"}],
        "tables": [{"key": "puzzles", "label": "Puzzles", "columns": ["question", "answer"],
                    "rows": [[q, a] for q, a in QUESTIONS.items()]}],
        "phases": [
            {"key": "quiz", "name": "Quiz", "repeat": 1, "seconds": 3600, "actors": "everyone", "close": "rules",
             "timed": {"table": "puzzles", "show": ["question"], "draw": 1, "seconds": 60, **timed},
             "rules": 'for p in actors:\n    if answers[p]["reply"] == challenges[p][0]["answer"]:\n'
                      '        add(p, "points", 1)',
             "fields": [{"key": "reply", "label": "Your answer", "kind": "text", "max_length": 100, "default": "",
                         "help": ""}]},
            {"key": "after", "name": "After", "repeat": 1, "seconds": 3600, "actors": "everyone",
             "fields": [{"key": "ok", "label": "Ok?", "kind": "yesno", "default": False, "help": ""}]},
        ],
    }


@pytest.fixture
def quiz(ana, ben) -> Match:
    season = Season.objects.create(name="Quiz season", slug="quiz")
    match = lifecycle.create_match(game=custom_slug(), title="Quiz match", season=season, seed=11,
                                   phase_seconds=3600, config={"design": quiz_design()}, seats_wanted=3)
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    lifecycle.add_seat(match, name="cat", is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def seat_of(match, user):
    return match.seats.get(user=user)


def question_of(match, user) -> str:
    from genius.matches.services.engines import engine_of

    return engine_of(match.game).timed_content(match.state, seat_of(match, user).name).questions[0][0][1]


def everything_shown(match, user) -> str:
    """What ``user`` can read of the match: its page, its rules, its challenge page, the replay, a socket resync."""
    client = Client()
    client.force_login(user)
    urls = [reverse("match", args=[match.pk]), reverse("timed-challenge", args=[match.pk]),
            reverse("match-replay", args=[match.pk]) + "?phase=0", reverse("match-rules", args=[match.pk])]
    shown = [client.get(url).content.decode() for url in urls]
    shown.append(json.dumps(presenters.parts_for(match, presenters.viewer_for(match, user))))
    return "\n".join(shown)


def test_no_player_sees_the_questions_before_starting_and_each_sees_only_their_own(quiz, ana, ben):
    for user in (ana, ben):
        shown = everything_shown(quiz, user)
        assert not any(q in shown or a in shown for q, a in QUESTIONS.items())
        assert "QZ-" not in shown and "ANS-" not in shown
    services.start(quiz, seat_of(quiz, ana))
    anas, bens = everything_shown(quiz, ana), everything_shown(quiz, ben)
    mine = question_of(quiz, ana)
    assert mine in anas
    assert not any(q in anas for q in QUESTIONS if q != mine)  # only the drawn row, only its shown column
    assert "ANS-" not in anas  # never the answer column
    assert "QZ-" not in bens and "ANS-" not in bens  # ben has not started: nothing of ana's, nothing of his


def test_the_match_page_links_a_player_to_their_challenge_and_not_a_spectator(quiz, ana, client):
    link = reverse("timed-challenge", args=[quiz.pk])
    assert link not in client.get(reverse("match", args=[quiz.pk])).content.decode()
    assert client.get(link).status_code == 404
    client.force_login(ana)
    assert link in client.get(reverse("match", args=[quiz.pk])).content.decode()


def test_the_answer_window_is_enforced_on_the_server(quiz, ana):
    seat, t0 = seat_of(quiz, ana), timezone.now()
    with pytest.raises(services.TimedRefused, match="Start the challenge first"):
        services.answer(quiz, seat, {"reply": "early"}, now=t0)
    services.start(quiz, seat, now=t0)
    services.start(quiz, seat, now=t0 + timedelta(seconds=30))  # starting again does not restart the clock
    services.answer(quiz, seat, {"reply": "in time"}, now=t0 + timedelta(seconds=59))
    with pytest.raises(services.TimedRefused, match="Too late"):
        services.answer(quiz, seat, {"reply": "late"}, now=t0 + timedelta(seconds=60))
    assert TimedStart.objects.get(seat=seat).answers == {"reply": "in time"}


def test_the_window_never_outlasts_the_phase(quiz, ana):
    deadline = quiz.current_phase.deadline
    row = services.start(quiz, seat_of(quiz, ana), now=deadline - timedelta(seconds=10))
    assert row.ends_at == deadline


def test_a_seat_cannot_answer_the_challenge_through_the_move_form(quiz, ana):
    with pytest.raises(ServiceError):
        submitting.submit(seat_of(quiz, ana), {"reply": "around the clock"})


def test_the_rules_read_the_answers_given_in_time_and_each_players_drawn_rows(quiz, ana, ben):
    t0 = timezone.now()
    for user in (ana, ben):
        services.start(quiz, seat_of(quiz, user), now=t0)
    services.answer(quiz, seat_of(quiz, ana), {"reply": QUESTIONS[question_of(quiz, ana)]}, now=t0)
    with pytest.raises(services.TimedRefused):
        services.answer(quiz, seat_of(quiz, ben), {"reply": QUESTIONS[question_of(quiz, ben)]},
                        now=t0 + timedelta(seconds=61))
    lifecycle.resolve_now(quiz.pk)
    quiz.refresh_from_db()
    assert quiz.state["counters"]["ana"]["points"] == 1 and quiz.state["counters"]["ben"]["points"] == 0


def test_the_challenge_page_starts_shows_and_takes_answers(quiz, ana, client):
    client.force_login(ana)
    page = reverse("timed-challenge", args=[quiz.pk])
    assert "60 seconds" in client.get(page).content.decode()
    assert client.post(page, {"action": "start"}).status_code == 302
    assert question_of(quiz, ana) in client.get(page).content.decode()
    assert client.post(page, {"action": "answer", "reply": "four ²"}).status_code == 302
    assert TimedStart.objects.get().answers == {"reply": "four ²"}


@pytest.mark.parametrize("reply", ["x" * 101, "@everyone\u202e", "\u0000", "ｆｏｕｒ"])
def test_any_answer_is_refused_clearly_or_kept_safely(quiz, ana, client, reply):
    client.force_login(ana)
    page = reverse("timed-challenge", args=[quiz.pk])
    client.post(page, {"action": "start"})
    response = client.post(page, {"action": "answer", "reply": reply})
    assert response.status_code in (302, 400)
    kept = TimedStart.objects.get().answers
    assert kept is None or (isinstance(kept["reply"], str) and len(kept["reply"]) <= 100)


def test_the_match_file_keeps_the_answers_given_in_time(quiz, ana):
    seat = seat_of(quiz, ana)
    services.start(quiz, seat)
    services.answer(quiz, seat, {"reply": QUESTIONS[question_of(quiz, ana)]})
    lifecycle.resolve_now(quiz.pk)
    quiz.refresh_from_db()
    doc = matchfiles.export_match(quiz)
    assert doc["phases"][0] == {"@timed": {"answers": {"ana": {"reply": QUESTIONS[question_of_file(doc)]}}}}
    replayed = matchfile.replay(matchfile.check_shape(doc))
    assert replayed["players"]["ana"]["counters"]["points"] == 1
    copy = matchfiles.import_match(json.dumps(doc))
    assert copy.state["counters"] == quiz.state["counters"]
    assert matchfiles.export_match(copy)["phases"] == doc["phases"]


def question_of_file(doc) -> str:
    from games.engines.registry import get_engine

    engine = get_engine(doc["game"])
    state = engine.setup(doc["players"], doc["config"], {}, doc["seed"])
    return engine.timed_content(state, "ana").questions[0][0][1]


@pytest.mark.parametrize(("timed", "says"), [
    ({"table": "riddles"}, "not one of the design's tables"),
    ({"show": ["clue"]}, "not a column"),
    ({"seconds": 2}, "5 to 86400 seconds"),
    ({"draw": 9}, "has 4 rows"),
    ({"show": []}, "names the columns"),
])
def test_a_timed_challenge_names_a_table_its_columns_and_a_window(timed, says):
    with pytest.raises(DesignError, match=says):
        validate_design(quiz_design(**timed))
