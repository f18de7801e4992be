"""Ready means ready (issue 37): unless the host turned it off, a phase closes as soon as every player still to
move has locked their move in, through the clock's own resolution path, exactly once; a move only saved keeps
the phase open; a phase the host closes or adjudicates waits for the host; and every game's move form offers the
same two buttons in the same order, "Save, I may change it" then "Lock in"."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from games.engines.registry import get_engine, slugs
from games.engines.runner import bot_move
from genius.matches.models import LogEntry, Match, Phase, Snapshot, Submission
from genius.matches.services import lifecycle, lobbies, practice, resolution, submitting
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed
from genius.seasons import hosting
from genius.seasons.models import Season
from tests.custom_game_web.conftest import T0, custom_slug, open_phase, publish, start_custom
from tests.house_community import house

pytestmark = pytest.mark.django_db


def move_of(match: Match, name: str, salt: int = 0) -> dict:
    match.refresh_from_db()
    engine = engine_of(match.game)
    return bot_move(engine, match.state, match.seed + salt, engine.phase(match.state), name)


def seat(match: Match, name: str):
    return match.seats.select_related("match").get(name=name)


def lock_in(match: Match, name: str, **kwargs):
    return submitting.submit(seat(match, name), move_of(match, name), lock=True, **kwargs)


def status(phase: Phase) -> str:
    return Phase.objects.get(pk=phase.pk).status


# --- the rule ---------------------------------------------------------------------------------------------------


def test_a_phase_closes_once_every_player_still_to_move_has_locked_in(rgb_match):
    phase = rgb_match.current_phase
    assert {"ana", "ben"} <= set(phase.actors) and rgb_match.closes_when_all_locked_in
    assert all(s.locked for s in Submission.objects.filter(phase=phase, seat__is_bot=True))  # bots never wait
    lock_in(rgb_match, "ana")
    assert status(phase) == Phase.Status.OPEN  # ben is still to move
    lock_in(rgb_match, "ben")
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED and phase.resolved_at < phase.deadline  # not the clock's doing
    assert Snapshot.objects.filter(match=rgb_match, phase_number=phase.number).count() == 1
    assert Match.objects.get(pk=rgb_match.pk).current_phase.number == phase.number + 1
    # The clock, at the deadline, finds nothing more to do: resolved once.
    assert resolution.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1)) is False
    assert resolution.resolve_phase(phase.pk, force=True) is False


def test_a_saved_but_not_locked_move_keeps_the_phase_open(rgb_match):
    phase = rgb_match.current_phase
    lock_in(rgb_match, "ana")
    saved = submitting.submit(seat(rgb_match, "ben"), move_of(rgb_match, "ben"))  # "Save, I may change it"
    assert not saved.locked
    assert status(phase) == Phase.Status.OPEN
    changed = submitting.submit(seat(rgb_match, "ben"), move_of(rgb_match, "ben", 1))  # still changeable
    assert not changed.locked and status(phase) == Phase.Status.OPEN
    with pytest.raises(submitting.ServiceError, match="locked in"):  # ana's lock-in is final
        submitting.submit(seat(rgb_match, "ana"), move_of(rgb_match, "ana", 1))
    lock_in(rgb_match, "ben")  # then ben locks in: the last one still to move
    assert status(phase) == Phase.Status.RESOLVED


def test_early_close_off_waits_for_the_deadline(rgb_match):
    Match.objects.filter(pk=rgb_match.pk).update(closes_when_all_locked_in=False)
    rgb_match.refresh_from_db()
    phase = rgb_match.current_phase
    assert lock_in(rgb_match, "ana").locked and lock_in(rgb_match, "ben").locked  # final, but...
    assert status(phase) == Phase.Status.OPEN  # ... the phase runs to its deadline
    page = client_of(rgb_match, "ana").get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "Runs to its deadline (the host turned early close off)" in page
    assert "Closes early once everyone has locked in" not in page
    assert resolution.close_due_phases(phase.deadline - timedelta(seconds=1)) == 0
    assert resolution.close_due_phases(phase.deadline + timedelta(seconds=1)) == 1
    assert status(phase) == Phase.Status.RESOLVED


def test_a_host_adjudicated_phase_waits_for_the_host(host):
    match = start_custom()
    bid = open_phase(match)
    assert bid.kind == "main" and bid.deadline is not None
    for name in bid.actors:  # a phase of players the clock closes: every lock-in in, it closes at once
        submitting.submit(seat(match, name), move_of(match, name), lock=True, now=T0 + timedelta(minutes=1))
    assert status(bid) == Phase.Status.RESOLVED
    ruling = open_phase(match)
    assert ruling.kind == "ruling" and ruling.deadline is None  # the host adjudicates: nothing closes it but the host
    assert resolution.close_due_phases(T0 + timedelta(days=30)) == 0
    assert status(ruling) == Phase.Status.OPEN
    publish(match, {"announce": "On to the vote.", "next": "vote:1"}, host)
    vote = open_phase(match)
    assert vote.kind == "main" and vote.deadline is None  # a players' phase the host closes ("Resolve now")
    for name in vote.actors:
        assert submitting.submit(seat(match, name), move_of(match, name), lock=True,
                                 now=T0 + timedelta(minutes=2)).locked
    assert status(vote) == Phase.Status.OPEN  # every move locked in, and still it waits for the host
    page = client_of(match, vote.actors[0]).get(reverse("match", args=[match.pk])).content.decode()
    assert "Closes early once everyone has locked in" not in page and "The host closes this phase" in page
    lifecycle.resolve_now(match.pk)
    assert status(vote) == Phase.Status.RESOLVED


def client_of(match: Match, name: str) -> Client:
    client = Client()
    client.force_login(match.seats.get(name=name).user)
    return client


# --- racing the deadline (embedded: one writer at a time; the PostgreSQL race is in tests/real_services) ---------------


def test_a_last_lock_in_after_the_clock_closed_the_phase_is_refused_and_resolves_nothing_twice(rgb_match):
    phase = rgb_match.current_phase
    lock_in(rgb_match, "ana")
    assert resolution.close_due_phases(phase.deadline + timedelta(seconds=1)) == 1  # the clock was first
    with pytest.raises(PhaseClosed):
        submitting.submit(seat(rgb_match, "ben"), move_of(rgb_match, "ben"), lock=True,
                          expected_phase=phase.number, now=phase.deadline + timedelta(seconds=2))
    assert Snapshot.objects.filter(match=rgb_match, phase_number=phase.number).count() == 1
    assert LogEntry.objects.filter(match=rgb_match, phase_number=phase.number).exists()
    assert not Submission.objects.filter(phase=phase, seat__name="ben", is_default=False).exists()


# --- the settings: lobby, season, page -----------------------------------------------------------------------------


def test_a_lobby_closes_early_unless_the_host_turns_it_off(host):
    on = lobbies.create_lobby(game="rituals-gone-bad", seats_wanted=7)
    off = lobbies.create_lobby(game="rituals-gone-bad", seats_wanted=7, closes_when_all_locked_in=False)
    assert on.closes_when_all_locked_in and not off.closes_when_all_locked_in


def test_the_lobby_form_offers_early_close_on_by_default_and_the_host_can_turn_it_off(client, host):
    client.force_login(host)
    url = reverse("host-new-lobby", args=["rituals-gone-bad"])
    page = client.get(url).content.decode()
    box = re.search(r'<input type="checkbox" name="closes_when_all_locked_in"[^>]*>', page)
    assert box and "checked" in box.group(0)
    assert "Turn it off for negotiation games" in page
    from genius.communities.models import Community
    community = Community.objects.filter(memberships__user=host).first()
    response = client.post(url, {"action": "create", "seats_wanted": "7", "phase_hours": "1", "phase_minutes": "0",
                                 "community": community.pk if community else ""})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert not Match.objects.latest("created").closes_when_all_locked_in  # the box left unticked: off


def test_a_seasons_setting_is_copied_to_its_matches(host, ana, ben):
    season = Season.objects.create(name="Talks", slug="talks", closes_when_all_locked_in=False)
    match = lifecycle.create_match(game="rituals-gone-bad", season=season)
    assert not match.closes_when_all_locked_in
    assert lifecycle.create_match(game="rituals-gone-bad").closes_when_all_locked_in  # no season: on
    community = house()  # every test user is one of its members
    made = hosting.create_season(name="Deals", host=host, players="ana ben", community=community,
                                 closes_when_all_locked_in=False)
    assert not made.closes_when_all_locked_in
    assert hosting.create_season(name="Sprint", host=host, players="ana ben", community=community).closes_when_all_locked_in


def test_the_match_page_says_a_phase_closes_early_beside_its_deadline(rgb_match):
    page = client_of(rgb_match, "ana").get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "Closes early once everyone has locked in" in page
    spectator = Client().get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "Closes early once everyone has locked in" in spectator


def test_every_games_rules_page_carries_the_early_close_ruling():
    for game in slugs():
        page = Client().get(reverse("rules", args=[game])).content.decode()
        assert 'id="phases-close-early"' in page and "every player still to" in page, game


# --- one pair of buttons -------------------------------------------------------------------------------------------

PAIR = re.compile(r">\s*Save, I may change it\s*</button>\s*<button[^>]*name=\"lock\" value=\"1\"[^>]*>\s*Lock in\s*<")
OLD = ("Save my move", "Change my move", "Submit my move")


def form_of(page: str) -> str:
    start = page.index('id="move-form"')
    return page[start:page.index("</section>", start)]


def check_form(game: str, form: str) -> None:
    for old in OLD:
        assert old not in form, (game, old)
    if 'class="pick"' in form and "One click" in form:  # a one-click form: the click is the move (a live tile)
        assert "Lock in" not in form.split("One click", 1)[0].rsplit("</fieldset>", 1)[-1], game
        return
    assert PAIR.search(form), (game, form[-1500:])


def page_with_a_form(client: Client, match: Match) -> str:
    """The match page once its person has a move to make (phases of bots alone close at the next tick)."""
    for _ in range(20):
        page = client.get(reverse("match", args=[match.pk])).content.decode()
        if 'id="move-form"' in page:
            return page
        resolution.close_due_phases(Phase.objects.filter(match=match, status=Phase.Status.OPEN).get().deadline)
    raise AssertionError(f"{match.game}: the person never had a move to make")


def test_every_games_form_shows_save_then_lock_in():
    checked = []
    for game in slugs():
        if game == custom_slug():
            match = start_custom()
            client = client_of(match, open_phase(match).actors[0])
        else:
            practice.forget_practice("127.0.0.1")
            client = Client()
            response = client.post(reverse("practice", args=[game]))
            assert response.status_code == 302, game
            match = Match.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))
        check_form(game, form_of(page_with_a_form(client, match)))
        checked.append(game)
    practice.forget_practice("127.0.0.1")
    assert sorted(checked) == sorted(slugs()) and len(checked) >= 6


def test_a_main_phase_form_outside_practice_shows_the_pair_and_says_when_it_closes(rgb_match):
    page = client_of(rgb_match, "ana").get(reverse("match", args=[rgb_match.pk])).content.decode()
    form = form_of(page)
    check_form("rituals-gone-bad", form)
    assert "The phase closes as soon as every player still to move has locked in" in form


def test_a_saved_move_says_it_may_change_until_lock_in_or_the_deadline(rgb_match):
    client = client_of(rgb_match, "ana")
    submitting.submit(seat(rgb_match, "ana"), move_of(rgb_match, "ana"))
    form = form_of(client.get(reverse("match", args=[rgb_match.pk])).content.decode())
    assert "you may change it until you lock in or the deadline" in form
    lock_in(rgb_match, "ana")
    form = form_of(client.get(reverse("match", args=[rgb_match.pk])).content.decode())
    assert "locked in" in form and "it is final" in form and "every player still to move" in form
    assert "<button" not in form  # a move locked in is final: no buttons to press in vain


def test_lock_in_by_the_form_without_javascript_closes_the_phase(rgb_match):
    phase = rgb_match.current_phase
    lock_in(rgb_match, "ben")
    client = client_of(rgb_match, "ana")
    engine = get_engine(rgb_match.game)
    initial = engine.form_initial(rgb_match.state, "ana", move_of(rgb_match, "ana"))
    data = {k: v for k, v in initial.items() if v is not None}
    response = client.post(reverse("match-submit", args=[rgb_match.pk]), {**data, "phase": phase.number, "lock": "1"})
    assert response.status_code == 302
    assert status(phase) == Phase.Status.RESOLVED


def test_the_host_sees_who_has_locked_in_and_the_players_do_not(rgb_match):
    from genius.matches import presenters

    lock_in(rgb_match, "ana")
    submitting.submit(seat(rgb_match, "ben"), move_of(rgb_match, "ben"))
    host_panel = presenters.host_part(rgb_match)
    assert re.search(r"ana: <strong>in</strong> \(locked in\)", host_panel)
    assert re.search(r"ben: <strong>in</strong></li>", host_panel)  # saved, not locked in
    bens_page = client_of(rgb_match, "ben").get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert "ana: <strong>in</strong>" not in bens_page


def test_a_lobby_being_set_up_may_still_turn_early_close_off(client, host):
    from genius.communities.models import Community

    community = Community.objects.filter(memberships__user=host).first()
    lobby = lobbies.create_lobby(game="rituals-gone-bad", seats_wanted=7, community_id=community.pk)
    client.force_login(host)
    url = reverse("host-lobby-setup", args=[lobby.pk])
    box = re.search(r'<input type="checkbox" name="closes_when_all_locked_in"[^>]*>', client.get(url).content.decode())
    assert box and "checked" in box.group(0)
    response = client.post(url, {"action": "save"})
    assert response.status_code == 302, response.content.decode()[:2000]
    lobby.refresh_from_db()
    assert not lobby.closes_when_all_locked_in
    client.post(url, {"action": "save", "closes_when_all_locked_in": "on"})
    lobby.refresh_from_db()
    assert lobby.closes_when_all_locked_in
