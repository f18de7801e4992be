"""The talk's rules: who may post and read where, closed channels, the brake, defused mentions, escaped text,
reports to the host, no press, and the host reading everything."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from genius.matches.presenters import Viewer, viewer_for
from genius.talk import channels, posting
from genius.talk.models import Channel, Message, Report
from genius.talk.reading import readable_messages
from tests.talk.conftest import seat_viewer

pytestmark = pytest.mark.django_db


def say(match, user, key, text, **kwargs):
    return posting.post(match, viewer_for(match, user), key, text, user=user, **kwargs)


def page(client, match, user=None) -> str:
    if user is not None:
        client.force_login(user)
    response = client.get(reverse("match", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_player_cannot_post_to_another_rooms_channel(roomed, ana, client):
    with pytest.raises(posting.TalkRefused, match="not a channel of yours"):
        say(roomed, ana, "room:blue", "hello blue")
    client.force_login(ana)
    response = client.post(reverse("talk-post", args=[roomed.pk]), {"channel": "room:blue", "text": "hi"},
                           headers={"X-Talk": "1"})
    assert response.status_code == 400 and "not a channel of yours" in response.json()["error"]
    # the same words for a channel that does not exist: a room's name is not given away
    with pytest.raises(posting.TalkRefused, match="not a channel of yours"):
        say(roomed, ana, "room:green", "anyone?")
    assert not Message.objects.filter(channel__key="room:blue").exists()
    say(roomed, ana, "room:red", "hello red")  # their own room takes it
    assert Message.objects.get(channel__key="room:red").text == "hello red"


def test_a_player_cannot_read_another_rooms_channel_on_the_page_or_the_talk_replay(roomed, ana, ben, client):
    say(roomed, ben, "room:blue", "blue secret plan")
    say(roomed, ana, "room:red", "red open plan")
    shown = page(client, roomed, ana)
    assert "blue secret plan" not in shown and "Blue room" not in shown and "red open plan" in shown
    transcript = client.get(reverse("talk-transcript", args=[roomed.pk])).content.decode()
    assert "blue secret plan" not in transcript and "red open plan" in transcript
    for phase in (0, 1, 5):
        replay = client.get(reverse("talk-transcript", args=[roomed.pk]), {"phase": phase}).content.decode()
        assert "blue secret plan" not in replay
    assert not readable_messages(roomed, seat_viewer(roomed, ana)).filter(channel__key="room:blue").exists()
    client.force_login(ana)
    blue = Message.objects.get(channel__key="room:blue")
    assert client.get(reverse("talk-report", args=[roomed.pk, blue.pk])).status_code == 404


def test_a_player_keeps_reading_what_was_said_while_they_were_in_a_room_and_not_after(roomed, ana, ben):
    blue = Channel.objects.get(match=roomed, key="room:blue")
    channels.set_members(roomed, "room:blue", [*blue.members.all(), roomed.seats.get(user=ana)])
    say(roomed, ben, "room:blue", "while ana was here")
    channels.set_members(roomed, "room:blue", list(roomed.seats.filter(name__in=["ben", "dan"])))
    say(roomed, ben, "room:blue", "after ana left")
    read = [m.text for m in readable_messages(roomed, seat_viewer(roomed, ana))]
    assert "while ana was here" in read and "after ana left" not in read


def test_a_closed_channel_refuses_posts(roomed, ana, client):
    say(roomed, ana, "room:red", "before it closed")
    channels.close_channel(roomed, "room:red")
    with pytest.raises(posting.TalkRefused, match="closed"):
        say(roomed, ana, "room:red", "after it closed")
    client.force_login(ana)
    response = client.post(reverse("talk-post", args=[roomed.pk]), {"channel": "room:red", "text": "still?"},
                           follow=True)
    assert response.status_code == 200 and "is closed now" in response.content.decode()
    assert "before it closed" in response.content.decode()  # what was said stays
    assert list(Message.objects.values_list("text", flat=True)) == ["before it closed"]


def test_the_rules_open_and_close_channels_as_the_game_goes(roomed, ana, monkeypatch):
    from genius.matches.services.engines import engine_of
    from tests.talk.conftest import rooms

    monkeypatch.setattr(engine_of(roomed.game), "talk",
                        lambda state: [c if c.key != "room:red" else c.__class__(c.key, c.kind, c.members, False, c.name)
                                       for c in rooms(state)])
    channels.sync(roomed)
    with pytest.raises(posting.TalkRefused, match="closed"):
        say(roomed, ana, "room:red", "x")
    monkeypatch.setattr(engine_of(roomed.game), "talk", rooms)
    channels.sync(roomed)
    say(roomed, ana, "room:red", "open again")


def test_flooding_is_braked(roomed, ana, ben):
    now = timezone.now()
    for n in range(posting.BRAKE_COUNT):
        say(roomed, ana, "everyone", f"message {n}", now=now + timedelta(seconds=n))
    with pytest.raises(posting.TalkRefused, match="Slow down"):
        say(roomed, ana, "everyone", "one too many", now=now + timedelta(seconds=5))
    say(roomed, ben, "everyone", "ben is not braked by ana", now=now + timedelta(seconds=5))
    say(roomed, ana, "everyone", "later again", now=now + timedelta(seconds=posting.BRAKE_SECONDS + 1))
    with pytest.raises(posting.TalkRefused, match="at most 1,000 characters"):
        say(roomed, ben, "everyone", "x" * 1001, now=now + timedelta(seconds=30))


@pytest.mark.parametrize("text", ["@everyone come", "@here now", "<@123456> hi", "\uff20everyone", "\ufe6bhere",
                                  "\uff1c@42>", "<@&99> role"])
def test_mentions_are_defused_including_lookalikes(roomed, ana, text):
    message = say(roomed, ana, "everyone", text)
    for sign in ("@", "<", "\uff20", "\ufe6b", "\uff1c"):
        at = 0
        while (at := message.text.find(sign, at)) != -1:
            assert message.text[at + 1] == "\u200b", (text, message.text)
            at += 1
    assert message.text.replace("\u200b", "") == text


def test_the_webhook_defusing_is_the_same(roomed):
    from genius.notify.discord import defuse_mentions
    from genius.talk.text import clean

    assert clean("\uff20everyone @here") == defuse_mentions("\uff20everyone @here")


def test_text_is_escaped(roomed, ana, ben, client):
    say(roomed, ana, "everyone", '<script>alert("x")</script><img src=x onerror=alert(1)>')
    shown = page(client, roomed, ben)
    assert "<script>alert" not in shown and "<img src=x" not in shown
    assert "&lt;" in shown and "alert(&quot;x&quot;)" in shown


def test_a_reported_message_reaches_the_host(roomed, ana, ben, host, client):
    message = say(roomed, ben, "everyone", "rude words")
    client.force_login(ana)
    form = client.get(reverse("talk-report", args=[roomed.pk, message.pk]))
    assert form.status_code == 200 and "rude words" in form.content.decode()
    response = client.post(reverse("talk-report", args=[roomed.pk, message.pk]), {"reason": "not nice"})
    assert response.status_code == 302
    report = Report.objects.get()
    assert (report.message, report.reporter.name, report.reason) == (message, "ana", "not nice")
    shown = page(client, roomed, host)
    assert "Reported messages" in shown and "not nice" in shown and "rude words" in shown
    client.post(reverse("talk-report-seen", args=[roomed.pk, report.pk]))
    assert Report.objects.get().seen
    # a player cannot mark it, nor report as a spectator
    client.force_login(ben)
    assert client.post(reverse("talk-report-seen", args=[roomed.pk, report.pk])).status_code == 404
    client.logout()
    assert client.get(reverse("talk-report", args=[roomed.pk, message.pk])).status_code == 404


def test_the_host_reads_every_channel(roomed, ana, ben, host, client):
    say(roomed, ana, "room:red", "red words")
    say(roomed, ben, "room:blue", "blue words")
    say(roomed, ben, "host:ben", "ben asks the host")
    shown = page(client, roomed, host)
    for text in ("red words", "blue words", "ben asks the host", "Red room", "Blue room"):
        assert text in shown
    host_viewer = viewer_for(roomed, host)
    assert host_viewer.kind == "host"
    assert readable_messages(roomed, host_viewer).count() == 3
    posting.post(roomed, host_viewer, "room:blue", "the host speaks", user=host)
    assert Message.objects.get(text="the host speaks").by_host
    assert "ben asks the host" not in page(client, roomed, ana)


def test_spectators_read_no_talk_during_the_match_and_the_everyone_channel_after(roomed, ana, client):
    from genius.matches.models import Match

    say(roomed, ana, "everyone", "public words")
    say(roomed, ana, "room:red", "room words")
    client.logout()
    assert "public words" not in page(client, roomed)
    with pytest.raises(posting.TalkRefused, match="Only the players"):
        posting.post(roomed, viewer_for(roomed, None), "everyone", "hi")
    Match.objects.filter(pk=roomed.pk).update(status=Match.Status.FINISHED)
    roomed.refresh_from_db()
    channels.sync(roomed)
    shown = page(client, roomed)
    assert "public words" in shown and "room words" not in shown
    assert not Channel.objects.filter(match=roomed, is_open=True).exists()
    with pytest.raises(posting.TalkRefused, match="closed"):
        say(roomed, ana, "everyone", "after the end")


def test_no_press_lobby_has_no_talk(host, ana, client):
    from genius.matches.models import Match
    from genius.matches.services import lifecycle

    client.force_login(host)
    response = client.post(reverse("host-new-lobby", args=["rituals-gone-bad"]), {
        "action": "create", "seats_wanted": 7, "phase_hours": 24, "phase_minutes": 0, "title": "Quiet",
        "community": "", "bots": "cat\ndan\neli\nfay\ngil\nhal"})
    match = Match.objects.filter(title="Quiet").first()
    assert match is not None, response.content.decode()[:3000]
    assert match.talk_enabled is False
    lifecycle.add_seat(match, user=ana)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    channels.sync(match)
    assert not Channel.objects.filter(match=match).exists()
    with pytest.raises(posting.TalkRefused, match="no talk"):
        say(match, ana, "everyone", "hello?")
    assert "No talk in this match" in page(client, match, ana)


def test_a_design_that_says_no_talk_has_no_talk(rgb_match, monkeypatch, ana):
    from genius.matches.services.engines import engine_of

    monkeypatch.setattr(engine_of(rgb_match.game), "talk", lambda state: [])
    assert not channels.talk_on(rgb_match)
    with pytest.raises(posting.TalkRefused, match="no talk"):
        say(rgb_match, ana, "everyone", "hello?")


def test_the_default_is_one_everyone_channel_and_a_host_channel_per_player(rgb_match, ana, ben):
    channels.sync(rgb_match)
    keys = set(Channel.objects.filter(match=rgb_match).values_list("key", flat=True))
    assert keys == {"everyone", "host:ana", "host:ben"}
    assert Channel.objects.get(match=rgb_match, key="everyone").members.count() == 7
    with pytest.raises(posting.TalkRefused):
        say(rgb_match, ana, "host:ben", "reading ben's host channel")


def test_a_practice_match_has_no_talk(ana):
    from genius.matches.services import practice

    match = practice.start_practice("rituals-gone-bad", ana)
    assert match.talk_enabled is False
    assert not channels.talk_on(match)


@pytest.mark.parametrize("talk", [False, True, None])
def test_a_design_that_says_talk_false_is_played_without_talk(talk):
    from genius.designs.documents import blank_design
    from genius.matches.services.engines import engine_of

    design = blank_design("Quiet game")
    if talk is not None:
        design["talk"] = talk
    engine = engine_of("custom-game")
    players = [f"p{n}" for n in range(7)]
    state = engine.setup(players, {"design": design}, {}, 1)
    assert engine.talk(state) == ([] if talk is False else None)


def test_the_match_page_shows_the_newest_messages_and_the_talk_page_all(roomed, ana, client, monkeypatch):
    from genius.talk.templatetags import talk as talk_tags

    monkeypatch.setattr(talk_tags, "ON_THE_PAGE", 3)
    now = timezone.now()
    for n in range(5):
        say(roomed, ana, "everyone", f"number-{n}-said", now=now + timedelta(seconds=10 * n))
    shown = page(client, roomed, ana)
    assert "number-1-said" not in shown and all(f"number-{n}-said" in shown for n in (2, 3, 4))
    whole = client.get(reverse("talk-transcript", args=[roomed.pk])).content.decode()
    assert all(f"number-{n}-said" in whole for n in range(5))


def test_a_pair_opened_through_the_service_stays_until_the_match_ends(roomed, ana, ben):
    from genius.matches.models import Match

    pair = list(roomed.seats.filter(user__in=[ana, ben]))
    channels.open_channel(roomed, "pair:ana-ben", pair, Channel.Kind.PAIR, "ana and ben")
    channels.sync(roomed)  # the rules do not name it: it is the service's, left open
    say(roomed, ana, "pair:ana-ben", "just us")
    with pytest.raises(posting.TalkRefused, match="not a channel of yours"):
        posting.post(roomed, Viewer("player", roomed.seats.get(name="cat")), "pair:ana-ben", "me too")
    with pytest.raises(ValueError):
        channels.open_channel(roomed, "odd", pair, "shout")
    Match.objects.filter(pk=roomed.pk).update(status=Match.Status.FINISHED)
    roomed.refresh_from_db()
    channels.sync(roomed)
    assert not Channel.objects.get(match=roomed, key="pair:ana-ben").is_open
