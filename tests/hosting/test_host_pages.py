"""The host pages, generated from each game's declared spec: index, new lobby, a lobby's settings."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.urls import reverse

from games.engines.registry import get_engine, slugs
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import lifecycle, lobbies

pytestmark = pytest.mark.django_db

INDEX = reverse("host-index")


def new_url(slug: str) -> str:
    return reverse("host-new-lobby", args=[slug])


def setup_url(match: Match) -> str:
    return reverse("host-lobby-setup", args=[match.pk])


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def design_for(host, players: int):
    """A game design of ``host`` for up to ``players`` (a required ``design`` setting chooses it)."""
    from genius.designs import services as designs

    design = designs.create(host, "Friday game")
    return designs.edit(design.pk, host, lambda doc: {**doc, "min_players": 2, "max_players": players})


def new_form(slug: str, **changes: Any) -> dict[str, Any]:
    """A valid post of a new lobby's page, every setting of the game left empty (Create)."""
    spec = get_engine(slug).spec
    data = {"title": "", "seats_wanted": str(spec.max_players), "season": "", "phase_hours": "24",
            "phase_minutes": "0", "turn_seconds": "60", "seed": "5", "bots": "", "action": "create"}
    return {**data, **changes}


# --- who may use them -------------------------------------------------------------------------------------


def test_the_host_pages_are_for_staff_only(client, host, ana, make_user):
    match = lifecycle.create_match(game="rituals-gone-bad", seed=3)
    pages = [INDEX, new_url("blob-party"), setup_url(match)]
    for url in pages:
        assert client.get(url).status_code == 302  # signed out: to log in
    client.force_login(ana)
    for url in pages:
        response = client.get(url)
        assert response.status_code == 403 and "Only hosts" in text_of(response)
    assert client.post(new_url("blob-party"), new_form("blob-party")).status_code == 403
    assert Match.objects.count() == 1
    seated = make_user("chief", staff=True)
    lifecycle.join_lobby(match.pk, seated)
    client.force_login(seated)
    assert client.get(setup_url(match)).status_code == 403  # a staff player plays it, and does not set it up
    client.force_login(host)
    for url in pages:
        assert client.get(url).status_code == 200


def test_the_index_lists_every_registered_game_with_a_new_lobby_link(client, host):
    client.force_login(host)
    page = text_of(client.get(INDEX))
    for slug in slugs():
        spec = get_engine(slug).spec
        assert spec.title in page and spec.summary in page and new_url(slug) in page
    assert INDEX in client.get(reverse("home")).content.decode()
    assert INDEX in client.get(reverse("admin:games_match_changelist")).content.decode()


def test_an_unknown_game_has_no_page(client, host):
    client.force_login(host)
    assert client.get(new_url("no-such-game")).status_code == 404


# --- creating ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", slugs())
def test_a_host_creates_a_lobby_for_every_game_from_its_generated_form(client, host, slug):
    client.force_login(host)
    spec = get_engine(slug).spec
    page = client.get(new_url(slug))
    assert page.status_code == 200 and f"New {spec.title} lobby" in text_of(page)
    for f in spec.config:
        if f.kind in ("seat_order", "seat", "seat_each"):
            assert f'name="{f.key}' not in page.content.decode()  # set once seats are known
        else:
            assert f'name="{f.key}"' in page.content.decode()
    bots = [f"bot{n}" for n in range(spec.max_players)]
    designs = {f.key: design_for(host, spec.max_players) for f in spec.config if f.kind == "design"}
    response = client.post(new_url(slug), new_form(slug, title="Friday", bots="\n".join(bots),
                                                   **{k: str(d.pk) for k, d in designs.items()}))
    assert response.status_code == 302, response.context["form"].errors
    match = Match.objects.get()
    assert (match.game, match.title, match.status, match.seed) == (slug, "Friday", Match.Status.LOBBY, 5)
    assert match.seats_wanted == spec.max_players and match.config == {k: d.document for k, d in designs.items()}
    assert list(match.seats.values_list("name", flat=True)) == bots
    lifecycle.start_match(match.pk)
    assert Match.objects.get().status == Match.Status.RUNNING


def test_a_preview_checks_everything_and_saves_nothing(client, host, fake_game):
    client.force_login(host)
    response = client.post(new_url(fake_game), new_form(fake_game, notes="ok one\nok two", action="preview"))
    assert response.status_code == 200
    page = text_of(response)
    assert "Everything reads well" in page and "note: ok two" in page
    assert not Match.objects.exists()


def test_a_seat_count_the_game_does_not_allow_is_refused(client, host, fake_game):
    client.force_login(host)
    response = client.post(new_url("trail-trouble"), new_form("trail-trouble", seats_wanted="3"))
    assert response.status_code == 400 and response.context["form"].errors["seats_wanted"]
    response = client.post(new_url(fake_game), new_form(fake_game, seats_wanted="5"))
    assert response.status_code == 400 and response.context["form"].errors["seats_wanted"]
    assert not Match.objects.exists()
    with pytest.raises(ServiceError) as refused:
        lobbies.create_lobby(game="rituals-gone-bad", seats_wanted=5)
    assert refused.value.field == "seats_wanted" and "7 players, not 5" in refused.value.message
    assert not Match.objects.exists()


def test_a_config_error_is_shown_next_to_its_field_and_the_typed_text_is_kept(client, host, fake_game):
    client.force_login(host)
    typed = "no good\n  indented"
    response = client.post(new_url(fake_game), new_form(fake_game, notes=typed, laps="4"))
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["notes"] == ["notes must start with “ok”"] and list(form.errors) == ["notes"]
    page = text_of(response)
    assert typed + "</textarea>" in page.replace("\r", "")
    assert 'value="4"' in page  # the other settings stay as typed
    assert "Start with “ok”." in page  # the engine's own preview, beside the box
    assert not Match.objects.exists()


def test_trail_trouble_forks_with_a_typo_are_refused_beside_the_forks_with_line_and_column(client, host):
    client.force_login(host)
    fine = "+1 :coin: / +1 :coin:"
    typed = "\n".join([fine, "If <2 :people:, +2 :positions: / +1 :coin:", *[fine] * 14])
    response = client.post(new_url("trail-trouble"), new_form("trail-trouble", forks=typed))
    assert response.status_code == 400 and response.context["form"].errors["forks"]
    page = text_of(response)
    assert typed + "</textarea>" in page.replace("\r", "")
    assert "Line 2, column 20: expected ':coin:' or ':position:' after '+2'" in page
    assert "If <2 :people:, +2 :positions: / +1 :coin:\n" + " " * 19 + "^" in page
    assert not Match.objects.exists()


def test_minutes_are_stored_as_seconds(client, host, fake_game):
    client.force_login(host)
    response = client.post(new_url(fake_game), new_form(fake_game, think="5", grace="7", phase_hours="1",
                                                        phase_minutes="30", mode="wild", fast="true", laps="2"))
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.config == {"think": 300, "grace": 7, "mode": "wild", "fast": True, "laps": 2}
    assert match.phase_seconds == 90 * 60
    page = text_of(client.get(setup_url(match)))
    assert 'name="think" value="5"' in page  # shown again in the unit typed


@pytest.mark.parametrize(("field", "value"), [("laps", "10"), ("laps", "٣"), ("think", "0"), ("mode", "mad"),
                                              ("seats_wanted", "x"), ("phase_hours", "999")])
def test_a_setting_outside_its_declared_kind_is_refused_beside_it(client, host, fake_game, field, value):
    client.force_login(host)
    response = client.post(new_url(fake_game), new_form(fake_game, **{field: value}))
    assert response.status_code == 400 and response.context["form"].errors[field]
    assert not Match.objects.exists()


def test_bot_names_that_cannot_be_seated_are_refused(client, host, fake_game):
    client.force_login(host)
    for bots, says in [("bo\nbo", "two seats called bo"), ("a\nb\nc\nd\ne", "4 seats are free, not 5"),
                       ("x" * 41, "at most 24 characters")]:
        response = client.post(new_url(fake_game), new_form(fake_game, bots=bots))
        assert response.status_code == 400 and says in response.context["form"].errors["bots"][0]
    assert not Match.objects.exists()


# --- a lobby's settings, with its seats as choices ---------------------------------------------------------


def test_settings_that_name_seats_are_set_on_the_lobby_page_with_the_seats_as_choices(client, host, fake_game):
    client.force_login(host)
    client.post(new_url(fake_game), new_form(fake_game, seats_wanted="3", bots="bo\ncy", notes="ok"))
    match = Match.objects.get()
    url = setup_url(match)
    page = text_of(client.get(url))
    assert 'name="order_0"' in page and 'name="order_2"' in page and '<option value="cy">cy</option>' in page
    assert 'name="items_1"' in page and "ok</textarea>" in page
    half = client.post(url, {"notes": "ok", "order_0": "cy", "action": "save"})
    assert half.status_code == 400 and "each of the 3 places" in half.context["form"].errors["order"][0]
    twice = client.post(url, {"notes": "ok", "order_0": "cy", "order_1": "cy", "order_2": "bo", "action": "save"})
    assert "cy is picked more than once" in twice.context["form"].errors["order"][0]
    response = client.post(url, {"notes": "ok", "first": "bo", "items_0": "cy", "bots": "di", "action": "save",
                                 "order_0": "cy", "order_1": "di", "order_2": "bo"})
    assert response.status_code == 400  # di has no seat yet, so is not one of the choices
    response = client.post(url, {"notes": "ok", "bots": "di", "action": "save"})
    assert response.status_code == 302
    response = client.post(url, {"notes": "ok", "first": "bo", "items_0": "cy", "action": "save",
                                 "order_0": "cy", "order_1": "di", "order_2": "bo"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.config == {"notes": "ok", "first": "bo", "items": {"hat": "cy"}, "order": ["cy", "di", "bo"]}
    assert list(match.seats.values_list("name", flat=True)) == ["bo", "cy", "di"]
    page = text_of(client.get(url))
    assert '<option value="di" selected>di</option>' in page


def test_the_settings_of_a_started_match_cannot_change(client, host, fake_game):
    client.force_login(host)
    client.post(new_url(fake_game), new_form(fake_game, seats_wanted="2", bots="bo\ncy"))
    match = Match.objects.get()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)  # the fake game only sets up
    response = client.post(setup_url(match), {"notes": "ok", "action": "save"}, follow=True)
    assert "can no longer change" in text_of(response)
    assert Match.objects.get().config == {}
    with pytest.raises(ServiceError):
        lobbies.change_lobby(match.pk, config={"notes": "ok"})


def test_keys_the_spec_does_not_declare_are_kept_when_the_settings_change(fake_game):
    match = lifecycle.create_match(game=fake_game, seed=3, config={"extra": 1, "laps": 2})
    lobbies.change_lobby(match.pk, config={"think": 60})
    match.refresh_from_db()
    assert match.config == {"extra": 1, "think": 60}


def test_settings_stored_as_data_are_shown_as_the_text_the_game_reads(client, host):
    forks = [["+1 :coin: / +1 :coin:"] * 4 for _ in range(4)]
    match = lifecycle.create_match(game="trail-trouble", seed=3, config={"forks": forks})
    client.force_login(host)
    page = text_of(client.get(setup_url(match)))
    typed = "\n\n".join(["\n".join(r) for r in forks])
    assert typed + "</textarea>" in page.replace("\r", "")
    assert client.post(setup_url(match), {"forks": typed, "action": "save"}).status_code == 302
