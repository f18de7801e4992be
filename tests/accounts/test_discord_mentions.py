"""A player who linked Discord is mentioned (``<@id>``) where a season announcement posted to Discord names them;
nothing else in an announcement ever pings anyone (``@everyone``, ``@here``, a typed ``<@…>``), and Discord is
told to ping exactly the players mentioned."""

from __future__ import annotations

import json

import pytest
from allauth.socialaccount.models import SocialAccount
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.notify.discord import MAX_CONTENT, defuse_mentions, webhook_body
from genius.notify.mentions import MAX_USERS, mention
from genius.seasons.services.recording import announce
from tests.accounts.test_discord_sign_in import NELLY, sign_in_with_discord
from tests.discord_standin import DiscordStandIn
from tests.seasons.helpers import make_season
from tests.seasons.test_webhooks import Receiver
from tests.security.strategies import hostile_text

ANA_ID = NELLY.id


def body(content: str, people: dict[str, str]) -> dict:
    return json.loads(webhook_body(content, people))


def test_a_linked_player_is_mentioned_where_the_text_names_them_and_only_they_may_be_pinged():
    sent = body("ana gives the Token of Life to ben.\nana.b and banana are others; so is xana.", {"ana": "42", "cy": "7"})
    assert sent["content"].splitlines()[0] == "ana (<@42>) gives the Token of Life to ben."
    assert "ana.b and banana are others; so is xana." in sent["content"]
    assert sent["allowed_mentions"] == {"parse": [], "users": ["42"]}


def test_a_name_at_the_end_of_a_sentence_is_still_a_name():
    assert body("The winner is ana.", {"ana": "42"})["content"] == "The winner is ana (<@42>)."


def test_without_a_linked_player_discord_is_told_to_ping_nobody():
    assert body("ana wins", {})["allowed_mentions"] == {"parse": []}


@pytest.mark.parametrize("text", ["@everyone ana", "@here", "<@42> ana", "<@&1> ana", "<!channel>", "@@everyone",
                                  "ana@everyone", "＠everyone", "@\u200beveryone"])
def test_mentions_typed_by_people_stay_inert(text):
    sent = body(text, {"ana": "42"})
    for inert in ("@everyone", "@here", "<@&", "<!channel"):
        assert inert not in sent["content"]
    assert sent["content"].count("<@") == sent["content"].count("(<@42>)")
    assert sent["allowed_mentions"]["parse"] == []


def test_an_id_that_is_not_a_snowflake_is_never_written():
    assert body("ana", {"ana": "everyone"})["content"] == "ana"
    assert body("ana", {"ana": "1> @everyone <@2"})["allowed_mentions"] == {"parse": []}


def test_mentions_never_take_a_message_past_discords_limit():
    text = ("ana " * 450).strip()  # 1,799 characters: room for 8 mentions of 23
    content, users = mention(text, {"ana": "80351110224678912"}, limit=MAX_CONTENT)
    assert len(content) <= MAX_CONTENT and users == ["80351110224678912"] and content.count("<@") == 8


def test_at_most_a_hundred_users_are_pinged():
    people = {f"p{n:03}": str(10**17 + n) for n in range(150)}
    content, users = mention(" ".join(people), people, limit=10**6)
    assert len(users) == MAX_USERS and content.count("<@") == MAX_USERS


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=hostile_text, name=st.sampled_from(["ana", "ben.k", "c-3"]))
def test_fuzzed_announcements_ping_only_the_linked_players(text, name):
    sent = body(text, {name: "42"})
    content = sent["content"]
    assert "@everyone" not in content and "@here" not in content
    assert content.replace("(<@42>)", "").find("<@") == -1
    assert sent["allowed_mentions"]["users" if "users" in sent["allowed_mentions"] else "parse"] in ([], ["42"])
    assert content.replace(" (<@42>)", "") == json.loads(json.dumps(defuse_mentions(text)))  # nothing else changed


@pytest.mark.django_db(transaction=True)
def test_a_player_who_linked_discord_through_the_stand_in_is_mentioned_in_the_season_announcement(settings):
    """End to end: ana links Discord on the site against the stand-in; an announcement of her season, posted to
    the season's Discord webhook (a receiver on 127.0.0.1), mentions her where it names her, and nobody else."""
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.GENIUS_WEBHOOK_BACKOFF_S = 0.01
    cache.clear()
    standin, hook = DiscordStandIn(user=NELLY), Receiver(failures=0)
    try:
        for name, value in standin.settings().items():
            setattr(settings, name, value)
        season = make_season(["ana", "ben", "cy"], webhook_url=hook.url)
        ana = User.objects.get(username="ana")
        client = Client()
        client.force_login(ana)
        assert sign_in_with_discord(client, standin, process="connect").status_code == 302
        assert SocialAccount.objects.get(user=ana, provider="discord").uid == ANA_ID
        with transaction.atomic():
            announce(season, None, "ana gives the Token of Life to ben. @everyone <@1> look", None)
        assert hook.wait_for(1)
        sent = hook.bodies[0]["body"]
        assert f"ana (<@{ANA_ID}>) gives the Token of Life to ben." in sent["content"]
        assert sent["allowed_mentions"] == {"parse": [], "users": [ANA_ID]}
        assert "@everyone" not in sent["content"] and "<@1>" not in sent["content"]
        assert "ben (<@" not in sent["content"]  # ben linked nothing
    finally:
        hook.close()
        standin.stop()
