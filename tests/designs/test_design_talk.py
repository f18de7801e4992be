"""A design's talk (RULES.md, "Talk that follows the game"): set on the basics page (talk, no press, or rooms of a
kept value), checked when saved, and played by the engine as channels that follow the kept value."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.registry import get_engine
from tests.custom_game_web.conftest import custom_slug
from tests.designs.conftest import text_of
from tests.talk.designed_rooms import ROOM_DESIGN

BASICS = {"title": "Rooms", "summary": "", "rules": "", "min_players": "3", "max_players": "7"}


def saved(design) -> dict:
    design.refresh_from_db()
    return design.document


@pytest.mark.django_db
def test_the_basics_page_sets_no_press_rooms_or_talk(host_client, design):
    page = reverse("design-basics", args=[design.pk])
    assert host_client.post(page, {**BASICS, "talk": "off"}).status_code == 302
    assert saved(design)["talk"] is False
    assert host_client.post(page, {**BASICS, "talk": "rooms", "talk_rooms": "rooms"}).status_code == 302
    assert saved(design)["talk"] == {"rooms": "rooms", "everyone": False}
    assert 'value="rooms"' in host_client.get(page).content.decode()
    assert host_client.post(page, {**BASICS, "talk": "on"}).status_code == 302
    assert "talk" not in saved(design)


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Rooms!", "", "ｒｏｏｍｓ", "rooms\u202e", "@everyone", "x" * 40])
def test_a_rooms_value_that_is_not_a_value_name_is_refused_on_the_page(host_client, design, name):
    response = host_client.post(reverse("design-basics", args=[design.pk]),
                                {**BASICS, "talk": "rooms", "talk_rooms": name, "talk_everyone": "on"})
    assert response.status_code == 400 and "kept value" in text_of(response)
    assert "talk" not in saved(design)


def rooms_now(state) -> dict[str, tuple[str, ...]]:
    return {c.key: c.members for c in get_engine(custom_slug()).talk(state) if c.open}


def test_the_rooms_follow_the_kept_value_and_the_everyone_channel_stays_closed():
    engine = get_engine(custom_slug())
    state = engine.setup(["ana", "ben", "cy", "dee"], {"design": ROOM_DESIGN}, {}, 7)
    assert rooms_now(state) == {"room:Red": ("ana", "cy"), "room:Blue": ("ben", "dee")}
    state["values"]["rooms"] = {"Red": ["ben", "ana", "zed"]}  # not seated: left out; seat order kept
    assert rooms_now(state) == {"room:Red": ("ana", "ben")}
    state["values"].pop("rooms")
    talk = engine.talk(state)
    assert talk and [c.key for c in talk] == ["everyone"] and not talk[0].open  # talk on, nobody's room open


room_values = st.one_of(
    st.none(), st.integers(), st.text(), st.lists(st.text(), max_size=3),
    st.dictionaries(st.one_of(st.text(), st.integers()),
                    st.one_of(st.lists(st.one_of(st.text(), st.integers(), st.none()), max_size=5), st.text(),
                              st.none()), max_size=50))


@settings(max_examples=150, deadline=None)
@given(value=room_values)
def test_any_kept_value_gives_rooms_of_seated_players_or_none(value):
    state = get_engine(custom_slug()).setup(["ana", "ben", "cy", "dee"], {"design": ROOM_DESIGN}, {}, 7)
    state["values"]["rooms"] = value
    talk = get_engine(custom_slug()).talk(state)
    assert talk is not None and talk != []
    keys = [c.key for c in talk]
    assert len(keys) == len(set(keys)) and len(keys) <= 41
    for channel in talk:
        assert set(channel.members) <= {"ana", "ben", "cy", "dee"}
        assert len(channel.key) <= 80 and len(channel.name) <= 60
