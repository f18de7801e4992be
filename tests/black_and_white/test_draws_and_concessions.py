"""A drawn Death Match is played again at once, and a player may concede (RULINGS, "A drawn Death Match is
played again", "Conceding"), shown on Black and White."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.engines import matchfile
from genius.matches.models import Match
from genius.matches.services import conceding, lifecycle, matchfiles, replays, submitting
from genius.seasons.models import Decision
from genius.seasons.services.death_matches import create_death_match
from genius.seasons.services.decisions import decide
from genius.seasons.services.episodes import episode_stage
from tests.seasons.helpers import finished_main_match, make_season, user

SLUG = "black-and-white"

pytestmark = pytest.mark.django_db


def duel(first, second, **kwargs) -> Match:
    match = lifecycle.create_match(game=SLUG, seed=5, turn_seconds=60, config={"first": first.username}, **kwargs)
    lifecycle.add_seat(match, user=first)
    lifecycle.add_seat(match, user=second)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def play_to_a_draw(match: Match) -> Match:
    """Both play their lowest tile every round: every round is tied, 0–0, a draw."""
    for _ in range(40):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return match
        phase = match.current_phase
        name = phase.actors[0]
        held = match.state["tiles"][name]
        submitting.submit(match.seats.get(name=name), {"tile": min(held)}, lock=True)
    raise AssertionError("the match did not finish")


def test_a_drawn_death_match_is_played_again_at_once_between_the_same_players(client, ana, ben):
    match = play_to_a_draw(duel(ana, ben))
    assert match.outcome["winner"] is None and match.outcome["loser"] is None
    again = replays.played_again_in(match)
    assert again is not None and again.replay_of_id == match.pk and again.status == Match.Status.RUNNING
    assert list(again.seats.order_by("position").values_list("name", "user_id")) == \
        list(match.seats.order_by("position").values_list("name", "user_id"))
    assert again.config == match.config and again.game == SLUG and again.title.endswith("(played again)")
    client.force_login(ana)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "Draw, played again" in page and reverse("match", args=[again.pk]) in page
    assert "plays again the drawn" in client.get(reverse("match", args=[again.pk])).content.decode()
    home = client.get(reverse("home")).content.decode()
    assert "Draw, played again" in home and "Won by ana, ben" not in home


def test_a_replay_that_is_drawn_again_is_played_again_until_someone_wins(ana, ben):
    first = play_to_a_draw(duel(ana, ben))
    second = play_to_a_draw(replays.played_again_in(first))
    third = replays.played_again_in(second)
    assert third.replay_of_id == second.pk and third.title.count("(played again)") == 1
    conceding.concede(third.pk, ben)
    third.refresh_from_db()
    assert third.outcome["winner"] == "ana" and replays.played_again_in(third) is None


def test_a_season_waits_for_the_winner_of_a_drawn_death_match():
    season = make_season(["ana", "ben", "cy"])
    main = finished_main_match(season, {"ec": ["ana"]})
    pick = Decision.objects.get(match=main, kind=Decision.Kind.DEATH_MATCH)
    decide(pick.pk, user("ana"), choice="ben")
    dm = create_death_match(pick.pk, game=SLUG, config={"first": "ana"}, start=True)
    drawn = play_to_a_draw(dm)
    again = replays.played_again_in(drawn)
    assert again.kind == "death" and again.dm_pick_id == pick.pk and again.episode_id == drawn.episode_id
    assert episode_stage(main.episode) == "Death Matches"
    assert not season.players.filter(eliminated_at__isnull=False).exists()
    conceding.concede(again.pk, user("ben"))
    assert season.players.get(user__username="ben").eliminated_in_id == again.pk
    assert episode_stage(main.episode) == "Over"


def test_conceding_asks_first_then_the_opponent_wins_at_once_and_the_log_says_so(client, ana, ben):
    match = duel(ana, ben)
    client.force_login(ben)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert reverse("match-concede", args=[match.pk]) in page and "Concede…" in page
    confirm = client.get(reverse("match-concede", args=[match.pk]))
    assert confirm.status_code == 200 and "Concede this Death Match?" in confirm.content.decode()
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING  # asking is not conceding
    client.post(reverse("match-concede", args=[match.pk]), {"confirm": "yes"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome["winner"] == "ana"
    assert match.outcome["conceded"]["player"] == "ben"
    texts = list(match.log.values_list("text", flat=True))
    assert any("ben concedes" in t for t in texts)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "conceded" in page and "Concede…" not in page


def test_only_a_player_of_a_running_death_match_may_concede(client, ana, ben, make_user):
    match = duel(ana, ben)
    cy = make_user("cy")
    with pytest.raises(lifecycle.ServiceError, match="Only a player"):
        conceding.concede(match.pk, cy)
    client.force_login(cy)
    client.post(reverse("match-concede", args=[match.pk]), {"confirm": "yes"})
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    client.force_login(ana)
    client.post(reverse("match-concede", args=[match.pk]), {"confirm": "no"})
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    conceding.concede(match.pk, ana)
    with pytest.raises(lifecycle.ServiceError, match="over"):
        conceding.concede(match.pk, ben)


def test_a_concession_replays_from_the_match_file_the_same_way(ana, ben):
    match = duel(ana, ben)
    submitting.submit(match.seats.get(name="ana"), {"tile": 3}, lock=True)
    conceding.concede(match.pk, ana)  # on ben's turn: ana is not the one to move
    match.refresh_from_db()
    doc = json.loads(json.dumps(matchfiles.export_match(match)))
    assert doc["concede"] == {"phase": match.outcome["conceded"]["phase"], "player": "ana"}
    out = matchfile.replay(matchfile.check_shape(doc))
    assert out["outcome"]["winner"] == "ben" and out["outcome"]["loser"] == "ana"
    imported = matchfiles.import_match(json.dumps(doc))
    assert imported.outcome["winner"] == "ben"


def test_an_imported_drawn_match_is_history_and_starts_no_new_match(ana, ben):
    drawn = play_to_a_draw(duel(ana, ben))
    imported = matchfiles.import_match(json.dumps(matchfiles.export_match(drawn)))
    assert imported.status == Match.Status.FINISHED and imported.outcome["winner"] is None
    assert replays.played_again_in(imported) is None


@pytest.mark.parametrize("concede", [{"phase": 1, "player": "@everyone"}, {"phase": 1, "player": "\ud800"},
                                     {"phase": 0, "player": "ana"}, {"phase": 9, "player": "ana"},
                                     {"player": "ana"}, {"phase": "1", "player": "ana"}, ["ana"],
                                     {"phase": 1, "player": "ana", "extra": True}])
def test_a_match_file_concession_by_a_stranger_or_of_a_bad_shape_is_refused(concede):
    doc = {"game": SLUG, "seed": 5, "players": ["ana", "ben"], "phases": [{}], "concede": concede}
    with pytest.raises(matchfile.MatchFileError):
        matchfile.check_shape(json.loads(json.dumps(doc)))
