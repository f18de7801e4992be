"""The season frame as rules: ToL, ECs' decisions, Death Matches, eliminations, ledgers."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from genius.core.errors import ServiceError
from genius.matches.models import GarnetEntry, Match, TolEntry, garnet_balance, tol_balance
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed
from genius.seasons.models import Decision, SeasonAnnouncement, SeasonPlayer
from genius.seasons.services import results
from genius.seasons.services.death_matches import create_death_match, picks_to_play
from genius.seasons.services.decisions import close_due_decisions, decide
from genius.seasons.services.episodes import create_episode, episode_stage
from genius.seasons.services.results import on_match_finished
from genius.seasons.services.standings import players_still_in, standings

from .helpers import NAMES, T0, finish_death_match, finished_main_match, give_tol, make_season, play_to_the_end, user

pytestmark = pytest.mark.django_db


def open_decision(season, name: str) -> Decision:
    return Decision.objects.get(episode__season=season, decider__username=name, status=Decision.Status.OPEN)


def said(season, words: str) -> bool:
    return SeasonAnnouncement.objects.filter(season=season, text__contains=words).exists()


# --- picking a Death Match opponent ---------------------------------------------------------------------------


def test_tol_holder_cannot_be_picked_as_opponent():
    season = make_season()
    give_tol(season, "ben")
    finished_main_match(season, {"ec": ["ana"]})
    pick = open_decision(season, "ana")
    assert user("ben").pk not in pick.options
    with pytest.raises(ServiceError, match="ben cannot be named"):
        decide(pick.pk, user("ana"), choice="ben", now=T0)
    decide(pick.pk, user("ana"), choice="cy", now=T0)
    pick.refresh_from_db()
    assert pick.choice == user("cy") and said(season, "ana picks cy as the Death Match opponent")


def test_an_ec_cannot_pick_themselves_or_the_other_ec_or_the_first_ecs_pick():
    season = make_season()
    finished_main_match(season, {"ec": ["ana", "ben"], "dm_pick_order": ["ben", "ana"]})
    first = open_decision(season, "ben")
    assert Decision.objects.get(decider__username="ana").status == Decision.Status.WAITING
    assert user("ana").pk not in first.options and user("ben").pk not in first.options
    decide(first.pk, user("ben"), choice="cy", now=T0)
    second = open_decision(season, "ana")
    assert not {user(n).pk for n in ["ana", "ben", "cy"]} & set(second.options)
    for name in ["ana", "ben", "cy"]:
        with pytest.raises(ServiceError, match="cannot be named"):
            decide(second.pk, user("ana"), choice=name, now=T0)


def test_the_ecs_decide_in_the_order_the_game_gives():
    season = make_season()
    finished_main_match(season, {"ec": ["ana", "ben"], "dm_pick_order": ["ben", "ana"]})
    assert [d.decider.username for d in Decision.objects.order_by("order")] == ["ben", "ana"]
    with pytest.raises(ServiceError, match="not open yet"):
        decide(Decision.objects.get(decider__username="ana").pk, user("ana"), choice="cy", now=T0)


def test_without_a_pick_order_the_ecs_decide_in_the_ec_order():
    season = make_season()
    finished_main_match(season, {"ec": ["eli", "dee"]})
    assert [d.decider.username for d in Decision.objects.order_by("order")] == ["eli", "dee"]


def test_when_every_other_player_holds_a_tol_the_ec_picks_among_them_all():
    season = make_season(["ana", "ben", "cy"])
    give_tol(season, "ben")
    give_tol(season, "cy")
    finished_main_match(season, {"ec": ["ana"]})
    pick = open_decision(season, "ana")
    assert set(pick.options) == {user("ben").pk, user("cy").pk}
    decide(pick.pk, user("ana"), choice="ben", now=T0)
    pick.refresh_from_db()
    assert pick.choice == user("ben")
    assert tol_balance(user("ben").pk, season.pk) == 1  # picked anyway, the token is not spent


# --- leaving with a Token of Life ----------------------------------------------------------------------------


def test_ec_with_a_tol_may_leave_the_death_match():
    season = make_season()
    give_tol(season, "ana")
    match = finished_main_match(season, {"ec": ["ana"]})
    pick = open_decision(season, "ana")
    assert pick.can_leave
    decide(pick.pk, user("ana"), leave=True, now=T0)
    pick.refresh_from_db()
    assert pick.left and pick.choice is None
    assert tol_balance(user("ana").pk, season.pk) == 0
    assert TolEntry.objects.filter(user=user("ana"), amount=-1, match=match).exists()
    assert picks_to_play(match.episode) == [] and episode_stage(match.episode) == "Over"
    assert said(season, "ana spends a Token of Life and leaves the Death Match")


def test_an_ec_without_a_tol_cannot_leave():
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]})
    pick = open_decision(season, "ana")
    assert not pick.can_leave
    with pytest.raises(ServiceError, match="holding a Token of Life"):
        decide(pick.pk, user("ana"), leave=True, now=T0)


def test_a_tol_cannot_be_spent_twice_a_balance_never_goes_below_zero():
    season = make_season()
    give_tol(season, "ana")
    finished_main_match(season, {"ec": ["ana"]})
    pick = open_decision(season, "ana")
    TolEntry.objects.create(user=user("ana"), season=season, amount=-1, reason="host's correction")
    with pytest.raises(ServiceError, match="no Token of Life to spend"):
        decide(pick.pk, user("ana"), leave=True, now=T0)
    assert tol_balance(user("ana").pk, season.pk) == 0


# --- Tokens of Life to give ------------------------------------------------------------------------------------


def test_tokens_to_give_are_handed_out_before_the_ecs_decide():
    season = make_season()
    match = finished_main_match(season, {"tol": {"ben": 1}, "tol_to_give": {"ben": 1}, "ec": ["ana"]})
    gift = open_decision(season, "ben")
    assert gift.kind == Decision.Kind.GIVE_TOL and user("ben").pk not in gift.options
    assert Decision.objects.get(decider__username="ana").status == Decision.Status.WAITING
    decide(gift.pk, user("ben"), choice="cy", now=T0)
    assert tol_balance(user("cy").pk, season.pk) == 1
    assert TolEntry.objects.get(user=user("cy")).match == match
    pick = open_decision(season, "ana")
    assert user("cy").pk not in pick.options and user("ben").pk not in pick.options


def test_a_token_may_be_given_to_the_ec_who_may_then_leave():
    season = make_season()
    finished_main_match(season, {"tol": {"ben": 1}, "tol_to_give": {"ben": 1}, "ec": ["ana"]})
    decide(open_decision(season, "ben").pk, user("ben"), choice="ana", now=T0)
    assert open_decision(season, "ana").can_leave


def test_a_player_cannot_give_a_token_to_themselves():
    season = make_season()
    finished_main_match(season, {"tol_to_give": {"ben": 1}, "ec": ["ana"]})
    with pytest.raises(ServiceError, match="ben cannot be named"):
        decide(open_decision(season, "ben").pk, user("ben"), choice="ben", now=T0)


def test_the_kept_tokens_are_credited_once():
    season = make_season()
    finished_main_match(season, {"tol": {"ben": 2, "cy": 1}, "ec": ["ana"]})
    assert tol_balance(user("ben").pk, season.pk) == 2 and tol_balance(user("cy").pk, season.pk) == 1
    assert TolEntry.objects.filter(season=season).count() == 2


# --- deadlines and random defaults ----------------------------------------------------------------------------


def test_a_missing_gift_is_drawn_at_random_and_announced():
    season = make_season()
    finished_main_match(season, {"tol_to_give": {"ben": 1}, "ec": ["ana"]})
    gift = open_decision(season, "ben")
    assert close_due_decisions(T0 + timedelta(minutes=59)) == 0
    assert close_due_decisions(T0 + timedelta(hours=1)) == 1
    gift.refresh_from_db()
    assert gift.by_default and gift.choice_id in gift.options and gift.choice != user("ben")
    assert tol_balance(gift.choice_id, season.pk) == 1
    assert said(season, "ben made no choice in time")


def test_a_missing_pick_is_drawn_at_random_and_never_spends_a_tol():
    season = make_season()
    give_tol(season, "ana")
    finished_main_match(season, {"ec": ["ana"]})
    close_due_decisions(T0 + timedelta(hours=2))
    pick = Decision.objects.get(decider__username="ana")
    assert pick.by_default and not pick.left and pick.choice_id in pick.options
    assert tol_balance(user("ana").pk, season.pk) == 1
    assert said(season, "was drawn at random as the Death Match opponent")


def test_the_random_default_is_the_same_for_the_same_seed():
    drawn = []
    for slug in ["a", "b"]:
        season = make_season(slug=slug)
        finished_main_match(season, {"ec": ["ana"]})
        close_due_decisions(T0 + timedelta(hours=2))
        pick = Decision.objects.get(episode__season=season)
        drawn.append(pick.choice.username)
    assert drawn[0] == drawn[1]


def test_a_decision_after_its_deadline_is_refused():
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]})
    with pytest.raises(PhaseClosed, match="Too late"):
        decide(open_decision(season, "ana").pk, user("ana"), choice="cy", now=T0 + timedelta(hours=1))


def test_only_the_decider_may_decide():
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]})
    with pytest.raises(ServiceError, match="not yours"):
        decide(open_decision(season, "ana").pk, user("ben"), choice="cy", now=T0)


def test_a_decision_is_made_once():
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]})
    pick = open_decision(season, "ana")
    decide(pick.pk, user("ana"), choice="cy", now=T0)
    with pytest.raises(PhaseClosed, match="made already"):
        decide(pick.pk, user("ana"), choice="dee", now=T0)


def test_a_bot_decides_as_soon_as_its_decision_opens():
    season = make_season()
    finished_main_match(season, {"tol_to_give": {"ben": 1}, "ec": ["ana"]}, bots=True)
    assert not Decision.objects.exclude(status=Decision.Status.DECIDED).exists()
    assert not Decision.objects.filter(by_default=True).exists()


# --- Death Matches and elimination ----------------------------------------------------------------------------


def picked(season, ec: str = "ana", dmo: str = "cy") -> Decision:
    finished_main_match(season, {"ec": [ec]})
    pick = open_decision(season, ec)
    decide(pick.pk, user(ec), choice=dmo, now=T0)
    pick.refresh_from_db()
    return pick


def test_the_death_match_is_created_from_the_pick_in_one_click():
    season = make_season()
    pick = picked(season)
    dm = create_death_match(pick.pk)
    assert dm.game == "bigfoot-sighting" and dm.kind == "death" and dm.dm_pick == pick
    assert dm.episode == pick.episode and dm.season == season and dm.status == Match.Status.LOBBY
    assert list(dm.seats.values_list("name", "user__username")) == [("ana", "ana"), ("cy", "cy")]
    with pytest.raises(ServiceError, match="already created"):
        create_death_match(pick.pk)


def test_the_death_match_may_be_any_two_player_game_but_no_other():
    season = make_season()
    pick = picked(season)
    with pytest.raises(ServiceError, match="not a two-player game"):
        create_death_match(pick.pk, game="rituals-gone-bad")


def test_the_loser_of_the_death_match_is_eliminated():
    season = make_season()
    pick = picked(season)
    dm = create_death_match(pick.pk, start=True, now=T0)
    finish_death_match(dm, loser="ana", now=T0 + timedelta(hours=1))
    entry = SeasonPlayer.objects.get(season=season, user=user("ana"))
    assert entry.eliminated_at == T0 + timedelta(hours=1) and entry.eliminated_in == dm
    assert user("ana").pk not in set(players_still_in(season).values_list("user_id", flat=True))
    assert episode_stage(pick.episode) == "Over"
    assert said(season, "ana loses the Death Match against cy and is eliminated")
    standing = {s.entry.user.username: s for s in standings(season)}
    assert not standing["ana"].still_in and standing["cy"].still_in


def test_a_drawn_death_match_eliminates_nobody_and_is_played_again():
    season = make_season()
    pick = picked(season)
    finish_death_match(create_death_match(pick.pk), loser=None)
    assert players_still_in(season).count() == len(NAMES)
    assert picks_to_play(pick.episode) == [pick] and said(season, "is drawn: nobody is eliminated")
    again = create_death_match(pick.pk)
    assert "played again" in again.title
    finish_death_match(again, loser="cy")
    assert not players_still_in(season).filter(user__username="cy").exists()
    with pytest.raises(ServiceError, match="was played"):
        create_death_match(pick.pk)


def test_a_death_match_played_through_the_services_eliminates_its_loser():
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]}, bots=True)
    pick = Decision.objects.get(decider__username="ana")
    dm = create_death_match(pick.pk, seed=5, start=True, now=T0)
    play_to_the_end(dm, T0)
    dm.refresh_from_db()
    loser = dm.outcome["loser"]
    assert loser in {"ana", pick.choice.username}
    assert SeasonPlayer.objects.get(season=season, user__username=loser).eliminated_in == dm


# --- episodes ---------------------------------------------------------------------------------------------------


def test_a_new_episode_waits_until_the_last_is_over():
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]})
    with pytest.raises(ServiceError, match="Episode 1 is not over"):
        create_episode(season.pk, game="trail-trouble")


def test_an_episode_seats_the_players_still_in():
    season = make_season(NAMES[:8])
    SeasonPlayer.objects.filter(user__username="hal").update(eliminated_at=T0)
    match = create_episode(season.pk, game="rituals-gone-bad", seed=3)
    seated = set(match.seats.values_list("user__username", flat=True))
    assert seated == set(NAMES[:7]) and match.kind == "main" and match.episode.number == 1


def test_more_players_than_seats_must_sit_some_out():
    season = make_season(NAMES[:8])
    with pytest.raises(ServiceError, match="Choose 1 who sit out"):
        create_episode(season.pk, game="rituals-gone-bad")
    match = create_episode(season.pk, game="rituals-gone-bad", sit_out=["ana"])
    assert not match.seats.filter(user__username="ana").exists()
    assert said(season, "ana sits out")


def test_empty_seats_are_filled_with_house_bots_only_when_asked():
    season = make_season(NAMES[:6])
    with pytest.raises(ServiceError, match="house bots"):
        create_episode(season.pk, game="rituals-gone-bad")
    match = create_episode(season.pk, game="rituals-gone-bad", house_bots=True)
    bot = match.seats.get(user__isnull=True)
    assert bot.is_bot and bot.name == "house-bot-1"


def test_a_house_bot_ec_has_no_death_match():
    season = make_season(NAMES[:6])
    match = finished_main_match(season, {"ec": ["house-bot-1"]}, players=NAMES[:6])
    assert not Decision.objects.exists()
    assert episode_stage(match.episode) == "Over"
    assert said(season, "house-bot-1 is not a player still in the season")


def test_a_finished_main_match_opens_its_decisions_through_the_lifecycle():
    season = make_season()
    match = create_episode(season.pk, game="trail-trouble", seed=11, bot_players=True, start=True, now=T0)
    play_to_the_end(match, T0)
    match.refresh_from_db()
    outcome = match.outcome
    picks = Decision.objects.filter(match=match, kind=Decision.Kind.DEATH_MATCH).order_by("order")
    assert [d.decider.username for d in picks] == outcome["dm_pick_order"]
    for name in outcome["tol"]:
        assert TolEntry.objects.filter(user__username=name, match=match, amount=1).count() == 1
    assert episode_stage(match.episode) == "Death Matches"


def test_a_failing_season_step_never_fails_the_resolution(monkeypatch, caplog):
    season = make_season()
    match = create_episode(season.pk, game="trail-trouble", seed=11, bot_players=True, start=True, now=T0)

    def broken(match):
        raise RuntimeError("season bug")

    monkeypatch.setattr(results, "_main_match_finished", broken)
    with caplog.at_level(logging.ERROR, logger="genius"):
        play_to_the_end(match, T0)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and not Decision.objects.exists()
    assert "applying match" in caplog.text
    monkeypatch.undo()
    on_match_finished(match)  # the host's "apply again" in the admin
    assert Decision.objects.filter(match=match).exists()


# --- ledgers -------------------------------------------------------------------------------------------------------


def test_garnet_balance_is_the_sum_of_the_ledger():
    season = make_season(NAMES[:7], garnets=2)
    match = create_episode(season.pk, game="rituals-gone-bad", seed=8, bot_players=True, start=True, now=T0)
    play_to_the_end(match, T0)
    match.refresh_from_db()
    engine = engine_of(match.game)
    for seat in match.seats.select_related("user"):
        rows = list(GarnetEntry.objects.filter(user=seat.user, season=season).order_by("created", "pk"))
        balance = garnet_balance(seat.user_id, season.pk)
        assert balance == sum(r.amount for r in rows)
        assert balance == engine.observer.player_state(match.state, seat.name)["garnets"]
        running = 0
        for row in rows:
            running += row.amount
            assert running >= 0, f"{seat.name}'s wallet went below zero at {row.reason}"
    assert GarnetEntry.objects.filter(season=season, match=match).exclude(phase_number=None).exists()


def test_a_tol_balance_is_the_sum_of_the_tol_ledger():
    season = make_season()
    give_tol(season, "ana", 2)
    finished_main_match(season, {"tol": {"ana": 1}, "ec": ["ben"]})
    rows = TolEntry.objects.filter(user=user("ana"), season=season)
    assert tol_balance(user("ana").pk, season.pk) == sum(r.amount for r in rows) == 3
