"""A custom match played on the site as coded games are: phases the host closes, pause/extend without a
deadline, reminders, live updates (public once, private to one seat), the season's webhook, match files and
the season's Death Matches from the ECs a ruling names."""

from __future__ import annotations

import json
import time
from datetime import timedelta

import pytest
from django.core.management import call_command

from games.engines import matchfile
from genius.core.errors import ServiceError
from genius.live import pushes as live
from genius.live.fanout import audience
from genius.matches import presenters
from genius.matches.models import LogEntry, Match, Phase, Submission
from genius.matches.services import lifecycle, matchfiles, rulings, submitting
from genius.notify import due, webhooks
from genius.notify import emails as notify
from genius.notify.models import WebhookDelivery
from genius.seasons.models import Decision
from genius.seasons.services.death_matches import create_death_match
from genius.seasons.services.decisions import decide, option_users
from genius.seasons.services.episodes import create_episode

from .conftest import PLAYERS, T0, close_players_phase, make_season, open_phase, publish, start_custom


def _to_vote(match, host) -> Phase:
    """Play the bid (defaults) and rule: the vote opens (it has no deadline: the host closes it)."""
    close_players_phase(match)
    publish(match, {"announce": "On to the vote.", "next": "vote:1"}, host)
    return open_phase(match)


@pytest.mark.django_db
def test_an_until_closed_phase_has_no_deadline_and_resolve_now_closes_it(custom_match, host):
    vote = _to_vote(custom_match, host)
    assert vote.kind == "main" and vote.deadline is None
    assert lifecycle.close_due_phases(T0 + timedelta(days=30)) == 0
    seat = custom_match.seats.get(name="ana")
    submitting.submit(seat, {"who": "ben", "sure": True}, now=T0 + timedelta(days=20))  # never too late
    lifecycle.resolve_now(custom_match.pk)
    vote.refresh_from_db()
    assert vote.status == Phase.Status.RESOLVED
    ruling = open_phase(custom_match)
    assert ruling.kind == "ruling"
    form = rulings.ruling_form(custom_match)
    row = dict((p, (answers, default)) for p, answers, default in form.rows)
    assert row["ana"] == (("ben", "yes"), False) or row["ana"][1] is False
    assert row["ben"][1] is True  # sent nothing: the default, marked


@pytest.mark.django_db
def test_pause_resume_and_extend_cope_with_a_phase_without_deadline(custom_match, host):
    vote = _to_vote(custom_match, host)
    lifecycle.pause(custom_match.pk)
    vote.refresh_from_db()
    assert vote.status == Phase.Status.PAUSED and vote.paused_remaining is None
    with pytest.raises(ServiceError, match="no deadline"):
        lifecycle.extend(custom_match.pk, 3600)
    lifecycle.resume(custom_match.pk)
    vote.refresh_from_db()
    assert vote.status == Phase.Status.OPEN and vote.deadline is None
    assert lifecycle.close_due_phases(T0 + timedelta(days=30)) == 0


@pytest.mark.django_db
def test_a_ruling_can_give_the_next_phase_a_length_other_actors_and_another_form(custom_match, host):
    close_players_phase(custom_match)
    form = rulings.ruling_form(custom_match)
    fields = [dict(f) for f in form.next_fields["vote:1"]]
    fields[0]["label"] = "Accuse someone"
    publish(custom_match, {"next": "vote:1", "actors": ["ana", "ben"], "seconds": 600, "fields": fields}, host)
    vote = open_phase(custom_match)
    assert vote.actors == ["ana", "ben"] and vote.deadline is not None
    assert (vote.deadline - vote.opened_at) == timedelta(seconds=600)
    labels = [f["label"] for f in presenters.form_context(custom_match, custom_match.seats.get(name="ana"))["form"].rows]
    assert "Accuse someone" in labels


@pytest.mark.django_db
def test_a_phase_the_host_names_needs_its_actors(custom_match, host):
    _to_vote(custom_match, host)
    lifecycle.resolve_now(custom_match.pk)
    phase = open_phase(custom_match)
    with pytest.raises(ServiceError) as refused:
        rulings.publish(custom_match, phase, {"next": "final:1"}, host)
    assert refused.value.field == "actors"
    rulings.publish(custom_match, phase, {"next": "final:1", "actors": ["cy"]}, host)
    assert open_phase(custom_match).actors == ["cy"]


@pytest.mark.django_db
def test_players_owe_a_move_in_a_phase_without_deadline_and_get_its_email_but_no_reminder(custom_match, host,
                                                                                         mailoutbox):
    vote = _to_vote(custom_match, host)
    ana = custom_match.seats.get(name="ana").user
    items, _live = due.look(ana, T0 + timedelta(days=3))
    assert [(i["kind"], i["deadline"]) for i in items] == [("due", None)]
    Match.objects.filter(pk=custom_match.pk).update(reminder_lead_seconds=600)
    notify.send_phase_emails(T0 + timedelta(days=3))
    opened = [m for m in mailoutbox if vote.name in m.subject]
    assert opened and "until the host closes it" in opened[0].body
    assert notify.send_phase_emails(T0 + timedelta(days=40)) == 0  # no reminder without a deadline
    assert notify.send_alert_emails(T0 + timedelta(days=40)) == 0


@pytest.mark.django_db
def test_a_ruling_phase_owes_nobody_a_move_and_sends_no_email(custom_match, mailoutbox):
    close_players_phase(custom_match)
    ana = custom_match.seats.get(name="ana").user
    assert due.look(ana, T0 + timedelta(hours=2))[0] == []
    before = len(mailoutbox)
    notify.send_phase_emails(T0 + timedelta(hours=2))
    assert not [m for m in mailoutbox[before:] if "ruling" in m.subject]


@pytest.mark.django_db
def test_the_match_page_says_the_host_is_adjudicating_and_shows_the_host_the_link(custom_match, host, client):
    close_players_phase(custom_match)
    page = client.get(f"/matches/{custom_match.pk}/").content.decode()
    assert "The host is adjudicating Bid" in page and "/ruling/" not in page
    client.force_login(custom_match.seats.get(name="ana").user)
    page = client.get(f"/matches/{custom_match.pk}/").content.decode()
    assert "The host is adjudicating Bid" in page and "/ruling/" not in page
    client.force_login(host)
    page = client.get(f"/matches/{custom_match.pk}/").content.decode()
    assert "Adjudicate Bid" in page and f"/matches/{custom_match.pk}/ruling/" in page
    assert "Resolve now…" not in page  # only publishing closes a ruling phase


@pytest.mark.django_db
def test_after_a_ruling_spectators_get_the_announcement_live_and_each_private_message_reaches_one_seat(
        custom_match, host, monkeypatch, django_capture_on_commit_callbacks):
    close_players_phase(custom_match)
    seats = {s.name: s for s in custom_match.seats.all()}
    public, private = [], {}

    async def capture(messages):
        for group, message in messages:
            private[group] = message

    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers({s.pk for s in seats.values()}, False))
    monkeypatch.setattr(live, "_send_all", capture)
    monkeypatch.setattr(live, "_publish", lambda frame: public.append(frame))
    ruling = {"announce": "The vault opens at dawn.", "private": {"ana": "You hold the key."},
              "counters": {"ana": {"coins": 2}, "ben": {"points": 4}}, "next": "vote:1"}
    with django_capture_on_commit_callbacks(execute=True):
        publish(custom_match, ruling, host)
    assert len(public) == 1  # the public view rendered once for every spectator
    spectators = json.loads(public[0].spectator)["parts"]
    shown = "".join(spectators.values())
    assert "The vault opens at dawn." in shown and "ben: Points +4 (now 4)" in shown
    assert "You hold the key." not in shown
    assert "Coins +2" not in shown and "(now 7)" not in shown, shown[shown.find("Coins") - 200:][:500]
    frames = {name: "".join(json.loads(private[live.seat_group(custom_match.pk, s.pk)]["text"])["parts"].values())
              for name, s in seats.items()}
    assert "You hold the key." in frames["ana"] and "Coins +2" in frames["ana"]
    for name in PLAYERS[1:]:
        assert "You hold the key." not in frames[name] and "Coins +2" not in frames[name]


@pytest.mark.django_db(transaction=True)
def test_the_seasons_webhook_gets_the_announcement(host, monkeypatch, settings):
    settings.GENIUS_WEBHOOK_BACKOFF_S = 0.05
    posted = []
    monkeypatch.setattr(webhooks, "post_json", lambda url, content, timeout=10.0, people=None: posted.append((url, content)) or "")
    season = make_season(webhook_url="https://chat.example.org/hook")
    match = start_custom(season=season)
    close_players_phase(match)
    publish(match, {"announce": "Ana wins the auction with 7. @everyone", "next": "vote:1"}, host)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not any("Ana wins the auction" in c for _, c in posted):
        time.sleep(0.05)
    sent = [c for u, c in posted if "Ana wins the auction" in c]
    assert sent and sent[0].startswith(f"**{match.title} — Bid: the host's ruling**")
    assert WebhookDelivery.objects.filter(season=season, content__contains="Ana wins").exists()


def _play_to_the_end(match, host, *, ec: list[str] | None = None, decide: dict | None = None) -> Match:
    """Bid (ana answers), rule; vote (closed by the host), rule; final (cy named), rule: the end."""
    ana = match.seats.get(name="ana")
    submitting.submit(ana, {"suit": "Red", "amount": 7}, now=T0 + timedelta(minutes=5))
    close_players_phase(match)
    garnets = {"ana": 1, "ben": -1} if match.season_id else {"ana": 1}  # season wallets start at 3
    publish(match, {"announce": "Ana bid 7.", "counters": {"ana": {"points": 3}}, "garnets": garnets,
                    "private": {"ana": "You won the secret."}, "reveal": True, "next": "vote:1"}, host)
    lifecycle.resolve_now(match.pk)
    publish(match, {"announce": "Cy is accused.", "next": "final:1", "actors": ["cy"]}, host)
    close_players_phase(match)
    end = {"announce": "The end.", "next": "end", "placement": {"ana": 1}, "tol": {"ana": 1}}
    end.update({"ec_decide": decide} if decide else {"ec": ec or []})
    publish(match, end, host)
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_export_import_and_replay_give_the_same_match(custom_match, host, tmp_path, capsys):
    match = _play_to_the_end(custom_match, host, ec=["cy", "dee"])
    assert match.status == Match.Status.FINISHED
    doc = matchfiles.export_match(match)
    kinds = list(match.phases.order_by("number").values_list("kind", flat=True))
    assert kinds == ["main", "ruling", "main", "ruling", "main", "ruling"]
    assert doc["phases"][1]["announce"] == "Ana bid 7." and doc["phases"][0]["ana"] == {"suit": "Red", "amount": 7}
    assert matchfile.check_shape(json.loads(json.dumps(doc)))
    replayed = matchfile.replay(matchfile.parse(json.dumps(doc)))
    assert replayed["state"] == match.state if "state" in replayed else True
    imported = matchfiles.import_match(json.dumps(doc))
    assert imported.status == Match.Status.FINISHED and imported.state == match.state
    assert imported.outcome == match.outcome
    assert list(imported.phases.filter(kind="ruling").order_by("number").values_list("ruling", flat=True)) == \
        list(match.phases.filter(kind="ruling").order_by("number").values_list("ruling", flat=True))
    assert matchfiles.export_match(imported)["phases"] == doc["phases"]
    path = tmp_path / "custom.json"
    path.write_text(json.dumps(doc))
    call_command("replay", str(path))
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"]["ec"] == ["cy", "dee"]


@pytest.mark.django_db
def test_a_match_file_with_a_bad_ruling_is_refused_and_nothing_is_kept(custom_match, host):
    match = _play_to_the_end(custom_match, host, ec=["cy"])
    doc = matchfiles.export_match(match)
    doc["phases"][1] = {"next": "vote:1", "counters": {"nobody": {"points": 1}}}
    count = Match.objects.count()
    with pytest.raises(ServiceError, match="phase 2"):
        matchfiles.import_match(json.dumps(doc))
    assert Match.objects.count() == count


@pytest.mark.django_db
def test_the_replay_page_steps_through_the_rulings(custom_match, host, client):
    match = _play_to_the_end(custom_match, host, ec=["cy"])
    client.force_login(match.seats.get(name="ben").user)
    page = client.get(f"/matches/{match.pk}/replay/?phase=2").content.decode()
    assert "Ana bid 7." in page and "You won the secret." not in page
    client.force_login(match.seats.get(name="ana").user)
    assert "You won the secret." in client.get(f"/matches/{match.pk}/replay/?phase=2").content.decode()


@pytest.mark.django_db
def test_garnets_and_counters_change_and_the_ledger_follows(host):
    from genius.matches.models import GarnetEntry

    season = make_season(garnets=3)
    match = _play_to_the_end(start_custom(season=season), host, ec=["cy"])
    assert match.state["counters"]["ana"]["points"] == 3
    assert sorted(GarnetEntry.objects.filter(match=match).values_list("user__username", "amount")) == \
        [("ana", 1), ("ben", -1)]


@pytest.mark.django_db
def test_a_custom_main_match_ends_with_ecs_that_the_seasons_death_match_flow_picks_up(host):
    season = make_season()
    main = create_episode(season.pk, game=match_game(), config={"design": _design()}, start=True, now=T0)
    main.refresh_from_db()
    assert main.status == Match.Status.RUNNING and main.kind == "main"
    main = _play_to_the_end(main, host, ec=["cy", "dee"])
    assert sorted(main.outcome["ec"]) == ["cy", "dee"] and main.outcome["placement"]["ana"] == 1
    assert main.outcome["tol"] == {"ana": 1}
    picks = Decision.objects.filter(match=main, kind=Decision.Kind.DEATH_MATCH).order_by("order")
    assert sorted(d.decider.username for d in picks) == ["cy", "dee"]
    first = picks.first()
    assert first.status == Decision.Status.OPEN
    opponent = option_users(first)[0]
    decide(first.pk, first.decider, choice=opponent.pk)  # the match ended now (its ruling was published)
    dm = create_death_match(first.pk)
    assert dm.kind == "death" and dm.dm_pick_id == first.pk
    assert sorted(dm.seats.values_list("name", flat=True)) == sorted([first.decider.username, opponent.username])


@pytest.mark.django_db
def test_an_ec_decision_after_the_match_names_the_ec_and_feeds_the_season(host):
    season = make_season()
    main = create_episode(season.pk, game=match_game(), config={"design": _design()}, start=True, now=T0)
    main = _play_to_the_end(main, host, decide={"between": ["cy", "dee"], "deciders": ["ana", "ben"]})
    assert main.status == Match.Status.RUNNING  # the decision is open
    decision = open_phase(main)
    assert decision.kind == "decision" and sorted(decision.actors) == ["ana", "ben"]
    submitting.submit(main.seats.get(name="ana"), {"ec": "dee"}, now=decision.opened_at + timedelta(minutes=1))
    lifecycle.resolve_phase(decision.pk, now=decision.deadline + timedelta(seconds=1))
    main.refresh_from_db()
    assert main.status == Match.Status.FINISHED and main.outcome["ec"] == ["dee"]
    assert [d.decider.username for d in Decision.objects.filter(match=main, kind=Decision.Kind.DEATH_MATCH)] == ["dee"]
    assert Submission.objects.filter(phase=decision, seat__name="ben", is_default=True).exists()


def match_game() -> str:
    from .conftest import custom_slug

    return custom_slug()


def _design() -> dict:
    from .conftest import design

    return design()


@pytest.mark.django_db
def test_log_lines_keep_their_audiences(custom_match, host):
    _play_to_the_end(custom_match, host, ec=["cy"])
    private = LogEntry.objects.filter(match=custom_match, text__contains="You won the secret.")
    assert [(e.audience, e.seat.name) for e in private] == [("seat", "ana")]


@pytest.mark.django_db
def test_a_custom_match_opened_as_a_lobby_of_a_season_feeds_its_death_matches_with_no_change_to_seasons(host):
    season = make_season()
    match = start_custom(season=season)  # a lobby in the season (the designer's "Open a lobby"), no episode
    assert match.episode_id is None
    match = _play_to_the_end(match, host, ec=["dee"])
    match.refresh_from_db()
    assert match.episode is not None and match.episode.season_id == season.pk
    picks = Decision.objects.filter(match=match, kind=Decision.Kind.DEATH_MATCH)
    assert [d.decider.username for d in picks] == ["dee"] and picks[0].status == Decision.Status.OPEN


@pytest.mark.django_db
def test_resolve_now_on_a_ruling_phase_points_the_host_to_adjudicate(custom_match, client, host):
    close_players_phase(custom_match)
    client.force_login(host)
    response = client.get(f"/matches/{custom_match.pk}/control/?action=resolve", follow=True)
    assert response.status_code == 200 and "use Adjudicate" in response.content.decode()
    assert open_phase(custom_match).kind == "ruling"
