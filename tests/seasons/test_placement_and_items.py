"""Issue 14: the placement kept with each Main Match and Trail Trouble's starting order taken from it; the
episode form built from each game's settings; Death Match items given by players (RULINGS, "Placement",
"Trail Trouble starting order", "Death Match items are given by players")."""

from __future__ import annotations

import dataclasses
import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils.html import escape as html_escape

from games.engines import matchfile
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.results import results
from genius.matches.services import lifecycle, lobbies, matchfiles
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed
from genius.seasons.models import Decision, SeasonAnnouncement, SeasonPlayer
from genius.seasons.services.death_matches import create_death_match
from genius.seasons.services.decisions import close_due_decisions, decide, option_users
from genius.seasons.services.episodes import create_episode, episode_stage, order_from_placement

from .helpers import NAMES, T0, finished_main_match, make_season, play_to_the_end, user

pytestmark = pytest.mark.django_db

ITEMS = {"plus_1_5": "+1.5 Points", "choose_layout": "Choose Layout", "extra_tree": "Extra Tree",
         "mulligan": "Mulligan"}


@pytest.fixture
def placement_everywhere(monkeypatch):
    """Until every engine states its placement: a game that states none places its players in reverse name
    order (a stand-in measure, never the seat order), as its outcome's ``placement``."""
    for slug in ("rituals-gone-bad", "blob-party", "trail-trouble"):
        cls = type(engine_of(slug))
        original = cls.outcome

        def outcome(self, state, _original=original):
            result = _original(self, state)
            if result is None or result.placement:
                return result
            names = sorted(state["players"], reverse=True)
            return dataclasses.replace(result, placement={n: i for i, n in enumerate(names, start=1)})

        monkeypatch.setattr(cls, "outcome", outcome)


def said(season, words: str) -> list[str]:
    return list(SeasonAnnouncement.objects.filter(season=season, text__contains=words).values_list("text", flat=True))


def picked(season, ec: str = "ana", dmo: str = "cy", **kwargs) -> Decision:
    finished_main_match(season, {"ec": [ec]}, **kwargs)
    pick = Decision.objects.get(episode__season=season, decider__username=ec, status=Decision.Status.OPEN)
    decide(pick.pk, user(ec), choice=dmo, now=T0)
    pick.refresh_from_db()
    return pick


def item_decisions(dm: Match) -> list[Decision]:
    return list(Decision.objects.filter(match=dm, kind=Decision.Kind.GIVE_ITEM).select_related("decider", "choice")
                .order_by("pk"))


# --- placement ----------------------------------------------------------------------------------------------


def test_placement_is_kept_with_the_finished_match(placement_everywhere, client):
    bots = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]
    match = lobbies.create_lobby(game="rituals-gone-bad", seed=11, bots=bots, phase_seconds=60)
    lifecycle.start_match(match.pk, now=T0)
    play_to_the_end(match, T0)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    expected = engine_of(match.game).outcome(match.state).placement
    assert sorted(expected.values()) == list(range(1, 8))
    assert match.placement == expected and match.outcome["placement"] == expected
    # shown on the results part of the match page, best first (equal points read as a tie: genius.matches.results)
    html = client.get(reverse("match", args=[match.pk])).content.decode()
    standing = results(match)
    assert [line.rank for line in standing.lines] == sorted(line.rank for line in standing.lines)
    assert all(line.rank <= expected[line.name] for line in standing.lines) and len(standing.lines) == 7
    assert f"Placement: {html_escape(standing.text)}." in html
    # and in the match file's outcome, as replay gives it
    out = matchfile.replay(matchfile.parse(json.dumps(matchfiles.export_match(match))))
    assert out["outcome"]["placement"] == match.placement


def test_the_season_page_shows_the_main_matchs_placement(client):
    season = make_season()
    match = finished_main_match(season, {})
    Match.objects.filter(pk=match.pk).update(placement={"ben": 2, "ana": 1})
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert "Placement:</strong> 1st: ana; 2nd: ben." in html


# --- Trail Trouble's starting order ---------------------------------------------------------------------------


def test_a_trail_trouble_episode_starts_in_the_previous_placement_order():
    season = make_season()
    played = NAMES[:9]  # jo did not play the previous Main Match
    previous = finished_main_match(season, {}, players=played)
    placement = {name: place for place, name in enumerate(["fay", "ben", "ivy", "ana", "hal", "cy", "eli", "dee",
                                                           "gus"], start=1)}
    Match.objects.filter(pk=previous.pk).update(placement=placement)
    match = create_episode(season.pk, game="trail-trouble", seed=4, now=T0)
    order = match.config["order"]
    assert order == ["fay", "ben", "ivy", "ana", "hal", "cy", "eli", "dee", "gus", "jo"]
    assert order != list(match.seats.values_list("name", flat=True))  # not merely the seat order
    assert said(season, "Starting order, front to back, from the placement of Main Match 1: fay, ben, ivy")
    lifecycle.start_match(match.pk, now=T0)
    match.refresh_from_db()
    engine = engine_of("trail-trouble")
    places = {n: engine.observer.player_state(match.state, n)["place"] for n in order}
    assert sorted(places, key=places.get) == order  # fay at the front of the trail, jo at the back


def test_an_eliminated_player_leaves_the_order_and_the_host_may_type_another():
    season = make_season()
    previous = finished_main_match(season, {})
    Match.objects.filter(pk=previous.pk).update(placement={n: i for i, n in enumerate(NAMES, start=1)})
    SeasonPlayer.objects.filter(user__username="ana").update(eliminated_at=T0)
    match = create_episode(season.pk, game="trail-trouble", seed=4, house_bots=True, now=T0)
    assert match.config["order"] == [*NAMES[1:], "house-bot-1"]
    episode = match.episode
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, finished=T0 + timedelta(days=1))
    assert episode_stage(episode) == "Over"
    typed = list(reversed(NAMES[1:])) + ["house-bot-1"]
    again = create_episode(season.pk, game="trail-trouble", seed=5, house_bots=True,
                           config={"order": typed}, now=T0)
    assert again.config["order"] == typed


def test_the_first_main_match_or_a_game_without_such_an_order_takes_no_order_from_placement():
    season = make_season(NAMES[:7])
    first = create_episode(season.pk, game="trail-trouble", seed=4, house_bots=True, now=T0)
    assert "order" not in first.config
    Match.objects.filter(pk=first.pk).update(status=Match.Status.FINISHED, finished=T0,
                                             placement={n: i for i, n in enumerate(NAMES[:7], start=1)})
    second = create_episode(season.pk, game="rituals-gone-bad", seed=4, now=T0)
    assert not any(isinstance(v, list) and v == NAMES[:7] for v in second.config.values())


# --- the episode form -----------------------------------------------------------------------------------------


def episode_post(**extra) -> dict:
    return {"action": "episode", "phase_minutes": "60", "decision_minutes": "60", "reminder_minutes": "0",
            "house_bots": "on", **extra}


def test_the_episode_form_keeps_what_the_host_typed(client, make_user):
    season = make_season()
    client.force_login(make_user("boss", staff=True))
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert 'name="trail-trouble-forks"' in html and 'name="trail-trouble-order_0"' in html
    assert 'name="blob-party-boards"' in html
    typed = "+1 :coin: / -1 :coin:\nthis is no fork"
    response = client.post(reverse("season-host", args=[season.slug]),
                           episode_post(game="trail-trouble", seed="77", phase_minutes="95",
                                        **{"trail-trouble-forks": typed}))
    assert response.status_code == 400
    html = response.content.decode()
    assert "this is no fork" in html and 'value="95"' in html and 'value="77"' in html
    assert 'class="field-error"' in html and "The episode was not created" in html
    assert not Match.objects.exists()


def test_the_episode_form_passes_the_chosen_games_settings(client, make_user):
    season = make_season()
    client.force_login(make_user("boss", staff=True))
    order = list(reversed(NAMES))
    post = episode_post(game="trail-trouble", seed="5",
                        **{f"trail-trouble-order_{i}": name for i, name in enumerate(order)},
                        **{"blob-party-boards": "never read: not the chosen game"})
    response = client.post(reverse("season-host", args=[season.slug]), post)
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.config == {"order": order} and match.phase_seconds == 3600


def test_a_seat_order_naming_a_player_twice_is_refused_beside_its_field(client, make_user):
    season = make_season()
    client.force_login(make_user("boss", staff=True))
    post = episode_post(game="trail-trouble", **{f"trail-trouble-order_{i}": "ana" for i in range(10)})
    response = client.post(reverse("season-host", args=[season.slug]), post)
    assert response.status_code == 400 and "ana is picked more than once" in response.content.decode()


# --- Death Match items ------------------------------------------------------------------------------------------


def test_each_death_match_item_is_given_by_a_different_non_duelist():
    season = make_season()
    pick = picked(season)
    dm = create_death_match(pick.pk, start=True, now=T0)
    rows = item_decisions(dm)
    givers = [d.decider.username for d in rows]
    assert sorted(d.item for d in rows) == sorted(ITEMS)
    assert len(set(givers)) == 4 and not set(givers) & {"ana", "cy"} and set(givers) <= set(NAMES)
    assert all(d.status == Decision.Status.OPEN and d.deadline == T0 + timedelta(hours=1) for d in rows)
    assert all(sorted(option_users(d), key=str) == [user("ana"), user("cy")] for d in rows)
    assert dm.status == Match.Status.LOBBY  # it waits for the items
    for n, decision in enumerate(rows):
        decide(decision.pk, decision.decider, choice="cy" if n % 2 else "ana", now=T0)
    dm.refresh_from_db()
    assert dm.config["items"] == {d.item: ("cy" if n % 2 else "ana") for n, d in enumerate(rows)}
    assert dm.status == Match.Status.RUNNING  # the host asked to start at once: it starts with the last item
    assert dm.state["items"] == dm.config["items"]


def test_with_fewer_non_duelists_than_items_some_give_two():
    season = make_season(NAMES[:4])
    pick = picked(season)
    dm = create_death_match(pick.pk, now=T0)
    givers = [d.decider.username for d in item_decisions(dm)]
    assert sorted(set(givers)) == ["ben", "dee"] and givers.count("ben") == givers.count("dee") == 2


def test_with_only_the_duelists_left_the_items_are_drawn_and_said():
    season = make_season(NAMES[:2])
    finished_main_match(season, {"ec": ["ana"]})
    pick = Decision.objects.get(decider__username="ana")
    decide(pick.pk, user("ana"), choice="ben", now=T0)
    dm = create_death_match(pick.pk, start=True, now=T0)
    assert not item_decisions(dm) and set(dm.config["items"]) == set(ITEMS)
    assert set(dm.config["items"].values()) <= {"ana", "ben"} and dm.status == Match.Status.RUNNING
    assert said(season, "Nobody but the duelists is still in")


def test_a_silent_giver_gives_to_a_random_duelist():
    season = make_season()
    pick = picked(season)
    dm = create_death_match(pick.pk, seed=9, now=T0)
    rows = item_decisions(dm)
    assert close_due_decisions(T0 + timedelta(minutes=59)) == 0
    assert close_due_decisions(T0 + timedelta(hours=1)) == 4
    given = {d.item: d for d in item_decisions(dm)}
    assert all(d.by_default and d.choice.username in {"ana", "cy"} for d in given.values())
    dm.refresh_from_db()
    assert dm.config["items"] == {k: d.choice.username for k, d in given.items()}
    assert dm.status == Match.Status.LOBBY  # the host did not ask to start at once
    for d in rows:
        assert said(season, f"{ITEMS[d.item]} was given to {given[d.item].choice.username} by {d.decider.username} "
                            f"(drawn at random: {d.decider.username} made no choice in time)")


def test_who_gave_what_to_whom_is_announced(client):
    season = make_season()
    pick = picked(season)
    dm = create_death_match(pick.pk, now=T0)
    rows = {d.item: d for d in item_decisions(dm)}
    layout = rows["choose_layout"]
    giver = layout.decider.username
    assert said(season, f"Choose Layout by {giver}")  # who gives what, when the Death Match is set up
    decide(layout.pk, layout.decider, choice="cy", now=T0 + timedelta(minutes=5))
    assert said(season, f"Choose Layout was given to cy by {giver}.")
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert f"Choose Layout was given to cy by {giver}." in html and f"{giver}: gives Choose Layout" in html
    made = client.get(reverse("decision", args=[layout.pk])).content.decode()
    assert "Choose Layout goes to <strong>cy</strong>" in made
    mulligan = rows["mulligan"]
    client.force_login(mulligan.decider)
    form = client.get(reverse("decision", args=[mulligan.pk])).content.decode()
    assert "Which duelist receives Mulligan?" in form and 'value="ana"' in form and 'value="cy"' in form


def test_a_giver_may_name_only_a_duelist_and_only_once():
    season = make_season()
    pick = picked(season)
    dm = create_death_match(pick.pk, now=T0)
    decision = item_decisions(dm)[0]
    with pytest.raises(ServiceError, match="cannot be named here; the choices are: ana, cy"):
        decide(decision.pk, decision.decider, choice="ben", now=T0)
    decide(decision.pk, decision.decider, choice="ana", now=T0)
    with pytest.raises(PhaseClosed):
        decide(decision.pk, decision.decider, choice="cy", now=T0)


def test_bot_givers_give_at_once_and_the_death_match_plays():
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]}, bots=True)
    pick = Decision.objects.get(decider__username="ana")  # a bot: picked at once
    dm = create_death_match(pick.pk, seed=5, start=True, now=T0)
    duelists = {"ana", pick.choice.username}
    assert all(d.status == Decision.Status.DECIDED and not d.by_default for d in item_decisions(dm))
    assert dm.status == Match.Status.RUNNING and set(dm.config["items"].values()) <= duelists
    assert dm.state["items"] == dm.config["items"]


def test_season_items_cannot_be_set_by_the_host():
    season = make_season()
    pick = picked(season)
    with pytest.raises(ServiceError, match="given by players"):
        create_death_match(pick.pk, config={"items": {"mulligan": "ana"}}, now=T0)


# --- the simulation ------------------------------------------------------------------------------------------------


def test_simulate_season_has_players_give_the_items(placement_everywhere):
    out = io.StringIO()
    call_command("simulate-season", "--games", "rituals-gone-bad,trail-trouble", "--players", "10", "--seed", "3",
                 "--no-progress", stdout=out, stderr=io.StringIO())
    text = out.getvalue()
    dms = list(Match.objects.filter(kind="death").order_by("pk"))
    assert dms and all(m.status == Match.Status.FINISHED for m in dms)
    for dm in dms:
        rows = item_decisions(dm)
        assert len(rows) == 4 and len({d.decider_id for d in rows}) == 4
        duelists = set(dm.seats.values_list("user_id", flat=True))
        assert not duelists & {d.decider_id for d in rows}
        assert dm.config["items"] == {d.item: d.choice.username for d in rows}
        for d in rows:
            assert f"{ITEMS[d.item]} was given to {d.choice.username} by {d.decider.username}" in text
    # the Trail Trouble episode starts in the order of the Rituals Gone Bad episode's placement
    rituals, trail = (Match.objects.get(kind="main", game=g) for g in ("rituals-gone-bad", "trail-trouble"))
    assert rituals.placement
    seats = list(trail.seats.order_by("position").values_list("name", "user_id"))
    assert trail.config["order"] == order_from_placement(rituals, seats, trail.seed)
    played = [n for n, _ in sorted(rituals.placement.items(), key=lambda kv: kv[1])]
    still = [n for n in trail.config["order"] if n in played]
    assert still == [n for n in played if n in still] and trail.config["order"][:len(still)] == still
    assert f"Starting order, front to back, from the placement of {rituals.title}" in text



def test_a_season_death_match_cannot_start_while_its_items_are_being_given():
    """RULINGS: the items are given by players; starting by hand waits for the last one."""
    from genius.core.errors import ServiceError
    from genius.matches.services import lifecycle

    season = make_season()
    dm = create_death_match(picked(season).pk, now=T0)
    with pytest.raises(ServiceError, match="items are still being given"):
        lifecycle.start_match(dm.pk, now=T0)
    dm.refresh_from_db()
    assert dm.status == Match.Status.LOBBY
    for decision in item_decisions(dm):
        decide(decision.pk, decision.decider, choice="ana", now=T0)
    assert lifecycle.start_match(dm.pk, now=T0).status == Match.Status.RUNNING
