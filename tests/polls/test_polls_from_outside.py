"""Input from outside the match (RULES.md): a phase answered by the season's other players (or the community's
members) who hold no seat in it; only they answer, once each; the rules read the tally; match files keep it."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.engines import matchfile
from genius.communities.models import Community, Membership
from genius.matches.models import LogEntry, Match
from genius.matches.services import lifecycle, matchfiles
from genius.polls.models import OutsideAnswer
from genius.seasons.models import Season, SeasonPlayer
from tests.custom_game_web.conftest import custom_slug

pytestmark = pytest.mark.django_db


def poll_design(who: str = "season") -> dict:
    return {
        "format": 1, "title": "Public vote", "summary": "", "rules": "", "min_players": 3, "max_players": 3,
        "counters": [{"key": "points", "label": "Points", "start": 0, "visibility": "public"}],
        "phases": [
            {"key": "poll", "name": "Who played best?", "repeat": 1, "seconds": 3600, "actors": "everyone",
             "answered_by": who, "close": "rules",
             "rules": 'for p in players:\n    add(p, "points", count(outside, "best", p))\n'
                      'announce("%d answered from outside" % len(outside))',
             "fields": [{"key": "best", "label": "Best player", "kind": "player", "default": None, "help": ""}]},
            {"key": "after", "name": "After", "repeat": 1, "seconds": 3600, "actors": "everyone",
             "fields": [{"key": "ok", "label": "Ok?", "kind": "yesno", "default": False, "help": ""}]},
        ],
    }


@pytest.fixture
def people(make_user):
    return make_people(make_user)


def make_people(make_user) -> dict:
    return {name: make_user(name) for name in ("ana", "ben", "zoe", "yan", "cora", "stranger")}


@pytest.fixture
def polled(people):
    return season_poll(people)


def season_poll(people) -> Match:
    """A running match of the season (ana, ben and a bot seated; zoe and yan play in the season outside it)."""
    community = Community.objects.create(name="Pollers", slug="pollers")
    for name in ("ana", "ben", "zoe", "yan", "cora"):
        Membership.objects.create(community=community, user=people[name])
    season = Season.objects.create(name="Poll season", slug="polls", community=community)
    for name in ("ana", "ben", "zoe", "yan"):
        SeasonPlayer.objects.create(season=season, user=people[name])
    return start(poll_design("season"), season=season, community=community, people=people)


def start(design, *, season, community, people) -> Match:
    match = lifecycle.create_match(game=custom_slug(), title="Polled match", season=season, seed=3,
                                   phase_seconds=3600, config={"design": design}, seats_wanted=3,
                                   community_id=community.pk)
    lifecycle.add_seat(match, user=people["ana"])
    lifecycle.add_seat(match, user=people["ben"])
    lifecycle.add_seat(match, name="cat", is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def answer(client, user, match, best) -> object:
    client.force_login(user)
    return client.post(reverse("poll", args=[match.pk]), {"best": best})


def test_the_seasons_other_players_answer_once_each_and_the_rules_read_the_tally(polled, people, client):
    assert answer(client, people["zoe"], polled, "ana").status_code == 302
    assert answer(client, people["yan"], polled, "ana").status_code == 302
    again = answer(client, people["zoe"], polled, "ben")
    assert "answered this poll" in again.content.decode()
    assert OutsideAnswer.objects.count() == 2
    lifecycle.resolve_now(polled.pk)
    polled.refresh_from_db()
    assert polled.state["counters"]["ana"]["points"] == 2 and polled.state["counters"]["ben"]["points"] == 0
    assert "2 answered from outside" in " ".join(LogEntry.objects.filter(match=polled).values_list("text", flat=True))


@pytest.mark.parametrize("who", ["ana", "ben", "cora", "stranger"])
def test_only_the_eligible_outsiders_see_or_answer_the_poll(polled, people, client, who):
    """Seated players (ana, ben), a community member outside the season (cora) and a stranger get no form."""
    client.force_login(people[who])
    shown = client.get(reverse("poll", args=[polled.pk]))
    assert shown.status_code == 404 and "Best player" not in shown.content.decode()
    assert answer(client, people[who], polled, "ana").status_code == 404
    assert not OutsideAnswer.objects.exists()
    season_page = client.get(reverse("season", args=["polls"])).content.decode()
    assert reverse("poll", args=[polled.pk]) not in season_page


def test_the_season_and_community_pages_list_the_open_poll_for_who_may_answer(polled, people, client):
    client.force_login(people["zoe"])
    link = reverse("poll", args=[polled.pk])
    assert link in client.get(reverse("season", args=["polls"])).content.decode()
    assert link in client.get(reverse("community", args=["pollers"])).content.decode()
    answer(client, people["zoe"], polled, "ben")
    assert link not in client.get(reverse("season", args=["polls"])).content.decode()  # answered: gone


def test_a_signed_out_visitor_gets_no_poll(polled, client):
    assert client.get(reverse("poll", args=[polled.pk])).status_code == 404
    assert client.post(reverse("poll", args=[polled.pk]), {"best": "ana"}).status_code == 404


@pytest.mark.parametrize("best", ["zed", "ANA", "ａｎａ", "@everyone", "ana\u202e", "x" * 5000, "²"])
def test_an_answer_that_is_not_one_of_the_choices_is_refused_clearly(polled, people, client, best):
    response = answer(client, people["zoe"], polled, best)
    assert response.status_code == 400 and "Best player" in response.content.decode()
    assert not OutsideAnswer.objects.exists()


def test_bytes_that_are_not_utf8_get_an_answer_not_a_500(polled, people, client):
    client.force_login(people["zoe"])
    response = client.post(reverse("poll", args=[polled.pk]), b"best=%ED%A0%80%FF",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert not OutsideAnswer.objects.exists()


def test_a_closed_poll_takes_no_more_answers(polled, people, client):
    lifecycle.resolve_now(polled.pk)
    assert answer(client, people["zoe"], polled, "ana").status_code == 404
    assert not OutsideAnswer.objects.exists()


def test_the_match_file_keeps_the_outside_answers_and_replay_reads_them(polled, people, client):
    answer(client, people["zoe"], polled, "ben")
    answer(client, people["yan"], polled, "ben")
    lifecycle.resolve_now(polled.pk)
    polled.refresh_from_db()
    doc = matchfiles.export_match(polled)
    assert doc["phases"][0] == {"@season": {"answers": [{"best": "ben"}, {"best": "ben"}]}}
    assert "zoe" not in json.dumps(doc) and "yan" not in json.dumps(doc)  # what was answered, never who
    replayed = matchfile.replay(matchfile.check_shape(doc))
    assert replayed["players"]["ben"]["counters"]["points"] == 2
    copy = matchfiles.import_match(json.dumps(doc))
    assert copy.state["counters"] == polled.state["counters"]
    assert matchfiles.export_match(copy)["phases"] == doc["phases"]


def test_a_file_whose_outside_answer_breaks_the_form_is_refused(polled):
    lifecycle.resolve_now(polled.pk)
    polled.refresh_from_db()
    doc = matchfiles.export_match(polled)
    doc["phases"][0] = {"@season": {"answers": [{"best": "nobody"}]}}
    with pytest.raises(matchfile.MatchFileError, match="outside answer 1"):
        matchfile.replay(matchfile.check_shape(doc))


def test_a_community_poll_is_answered_by_its_members_outside_the_match(people, client):
    community = Community.objects.create(name="Club", slug="club")
    for name in ("ana", "ben", "cora"):
        Membership.objects.create(community=community, user=people[name])
    match = start(poll_design("community"), season=None, community=community, people=people)
    assert answer(client, people["cora"], match, "ana").status_code == 302
    assert answer(client, people["zoe"], match, "ana").status_code == 404  # not a member
    assert answer(client, people["ana"], match, "ana").status_code == 404  # seated
    lifecycle.resolve_now(match.pk)
    match.refresh_from_db()
    assert match.state["counters"]["ana"]["points"] == 1
