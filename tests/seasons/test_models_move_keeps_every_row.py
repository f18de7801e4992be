"""An existing database carries over the move of the seasons' and notify's models out of the matches app.

The database is taken back to the migration state before the move (the matches app, label ``games``, still
holding Season, SeasonPlayer, Episode, Decision, SeasonAnnouncement, Notice and WebhookDelivery), rows are
written through the models of that state, the migrations run forward, and every row is read back through
the models' new homes (``genius.seasons.models``, ``genius.notify.models``). Runs on the embedded SQLite and,
with ``DATABASE_URL`` set to PostgreSQL, there.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from genius.matches.models import GarnetEntry, Match, Phase, TolEntry
from genius.notify.models import Notice, WebhookDelivery
from genius.seasons.models import Decision, Episode, Season, SeasonAnnouncement, SeasonPlayer

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_THE_MOVE = [("games", "0007_match_community_season_community"), ("notify", "0001_alert_rounds"), ("seasons", None)]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state([t for t in targets if t[1] is not None]).apps


def _leaves():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _rows_written_before_the_move(old) -> dict:
    """One row in every moved table, and the rows of the matches app that point at them."""
    user = old.get_model("auth", "User").objects.create(username="carried", password="!")
    ec = old.get_model("auth", "User").objects.create(username="carried-ec", password="!")
    now = timezone.now()
    season = old.get_model("games", "Season").objects.create(name="Season One", slug="season-one", host=user,
                                                             webhook_url="https://example.org/hook")
    episode = old.get_model("games", "Episode").objects.create(season=season, number=1)
    match = old.get_model("games", "Match").objects.create(
        season=season, episode=episode, game="rituals-gone-bad", title="Main", seed=7, seats_wanted=2)
    player = old.get_model("games", "SeasonPlayer").objects.create(season=season, user=user, eliminated_at=now,
                                                                   eliminated_in=match)
    decision = old.get_model("games", "Decision").objects.create(
        episode=episode, match=match, kind="death_match", decider=ec, status="decided", options=[user.pk],
        choice=user, decided_at=now, note="picked")
    death_match = old.get_model("games", "Match").objects.create(
        season=season, episode=episode, game="rituals-gone-bad", title="DM", seed=8, seats_wanted=2, kind="death",
        dm_pick=decision)
    phase = old.get_model("games", "Phase").objects.create(match=match, number=1, name="Round 1", opened_at=now,
                                                           deadline=now + timedelta(hours=1))
    announcement = old.get_model("games", "SeasonAnnouncement").objects.create(
        season=season, episode=episode, text="carried-ec picks carried.", created=now)
    phase_notice = old.get_model("games", "Notice").objects.create(kind="opened", phase=phase, recipients=["a@b.c"],
                                                                   sent_at=now)
    decision_notice = old.get_model("games", "Notice").objects.create(kind="reminder", decision=decision, sent_at=now)
    delivery = old.get_model("games", "WebhookDelivery").objects.create(
        season=season, match=match, url="https://example.org/hook", content="carried-ec picks carried.",
        next_try_at=now, status="sent", attempts=1)
    garnets = old.get_model("games", "GarnetEntry").objects.create(user=user, season=season, match=match,
                                                                   amount=5, reason="start")
    tol = old.get_model("games", "TolEntry").objects.create(user=user, season=season, match=match, amount=1,
                                                            reason="won")
    return {"season": season.pk, "episode": episode.pk, "match": match.pk, "player": player.pk,
            "decision": decision.pk, "death_match": death_match.pk, "phase": phase.pk,
            "announcement": announcement.pk, "phase_notice": phase_notice.pk, "decision_notice": decision_notice.pk,
            "delivery": delivery.pk, "garnets": garnets.pk, "tol": tol.pk, "user": user.pk, "ec": ec.pk}


def test_every_row_of_the_moved_models_is_read_through_their_new_apps_after_migrating():
    _migrate(BEFORE_THE_MOVE)
    try:
        old = _migrate(BEFORE_THE_MOVE)
        ids = _rows_written_before_the_move(old)
    finally:
        _migrate(_leaves())

    season = Season.objects.get(pk=ids["season"])
    assert (season.name, season.slug, season.host_id, season.webhook_url) == (
        "Season One", "season-one", ids["user"], "https://example.org/hook")
    episode = Episode.objects.get(pk=ids["episode"])
    assert episode.season == season and episode.number == 1 and episode.main_match.pk == ids["match"]
    player = SeasonPlayer.objects.get(pk=ids["player"])
    assert player.season == season and player.user_id == ids["user"] and player.eliminated_in_id == ids["match"]
    decision = Decision.objects.get(pk=ids["decision"])
    assert (decision.episode, decision.match_id, decision.kind, decision.decider_id, decision.choice_id,
            decision.options, decision.note) == (episode, ids["match"], "death_match", ids["ec"], ids["user"],
                                                 [ids["user"]], "picked")
    assert SeasonAnnouncement.objects.get(pk=ids["announcement"]).episode == episode
    assert Notice.objects.get(pk=ids["phase_notice"]).phase_id == ids["phase"]
    assert Notice.objects.get(pk=ids["decision_notice"]).decision == decision
    delivery = WebhookDelivery.objects.get(pk=ids["delivery"])
    assert (delivery.season, delivery.match_id, delivery.status, delivery.attempts) == (season, ids["match"], "sent", 1)

    match = Match.objects.get(pk=ids["match"])
    assert match.season == season and match.episode == episode
    assert Match.objects.get(pk=ids["death_match"]).dm_pick == decision
    assert list(decision.death_matches.values_list("pk", flat=True)) == [ids["death_match"]]
    assert GarnetEntry.objects.get(pk=ids["garnets"]).season == season
    assert TolEntry.objects.get(pk=ids["tol"]).season == season
    assert Phase.objects.get(pk=ids["phase"]).notices.count() == 1
    assert set(season.players.values_list("pk", flat=True)) == {ids["player"]}


def test_the_moved_models_content_types_follow_them_to_their_new_apps():
    moved = {"season": "seasons", "decision": "seasons", "notice": "notify", "webhookdelivery": "notify"}
    _migrate(BEFORE_THE_MOVE)
    try:
        ContentType.objects.filter(model__in=moved).delete()
        old_pks = {name: ContentType.objects.create(app_label="games", model=name).pk for name in moved}
    finally:
        _migrate(_leaves())
    for name, app in moved.items():
        assert ContentType.objects.get(pk=old_pks[name]).app_label == app
