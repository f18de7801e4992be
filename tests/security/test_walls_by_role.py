"""Host powers end at the community's wall, for every role, on every admin page and every host page.

One community ("Walled") with a season, a running match of that season with a player's secrets in it (an
answer, a snapshot, a private log line), a lobby outside the season, the season's episode, decision,
announcement, ledgers, webhook delivery and notice, an invitation and a design. Seven people walk it:

- ``owner`` and ``host``: they host all of it;
- ``host_who_plays``: a host of the community who plays in its season: a player of that season everywhere (the
  admin too), so they host the community's other things (its lobby, its design, its members) and nothing of the
  season or its matches;
- ``removed_host`` and ``demoted_host``: they hosted it (the design was made by the removed one), then were
  removed, or made a member; both still host a community of their own, so they pass the site-wide host checks
  and only the wall stops them;
- ``member``: a plain member; ``outsider``: the host of another community.

The admin's registry is walked (every registered model: its list, a row's change page, its add page): a model
nobody classified fails the walk. The host pages are the URL map's views guarded by ``guards.MARKER``, the
designer's pages and the community's host pages.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib import admin
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from genius.access import hosts
from genius.access.admin_scope import CommunityScoped
from genius.communities import services as communities
from genius.communities.models import Community, Membership, Role
from genius.designs import services as designs
from genius.designs.models import GameDesign
from genius.live import consumers
from genius.live import pushes as live
from genius.live.routing import websocket_urlpatterns
from genius.matches.models import GarnetEntry, LogEntry, Match, Snapshot, Submission, TolEntry
from genius.matches.presenters import viewer_for
from genius.matches.services import lifecycle
from genius.notify.models import Notice, WebhookDelivery
from genius.polls.models import OutsideAnswer
from genius.seasons.models import Decision, Episode, Season, SeasonAnnouncement, SeasonPlayer
from genius.talk.models import Channel, Message, Report
from genius.timed.models import TimedStart
from tests.security.test_communities_are_walled import _design_urls
from tests.security.test_one_host_guard import host_pages, marker_of, url_of

pytestmark = pytest.mark.django_db
HOUSE = False  # communities of its own, no staff host (tests/conftest.py)

ROLES = ["owner", "host", "host_who_plays", "removed_host", "demoted_host", "member", "outsider"]
#: Who hosts the season and its matches; who hosts the community's other things (its lobby, design, members).
SEASON_HOSTS = {"owner", "host"}
COMMUNITY_HOSTS = {"owner", "host", "host_who_plays"}
#: Who may sign in to the admin at all (they host some community); the others are sent to its log-in.
IN_ADMIN = set(ROLES) - {"member"}

LEADERS = ["cat", "dan", "eli", "fay", "gil", "hal", "ivy"]
#: What only the season's hosts may read (the player's answer, a private snapshot value, a private log line).
SECRETS = ("WALL-SECRET-ANSWER", "WALL-SNAPSHOT-SECRET", "WALL-PRIVATE-LOG")
SEASON_NAME = "Wallseason"
COMMUNITY_NAME = "Wallcommunity"
DESIGN_RULES = "WALL-DESIGN-RULES: announce everyone's answers"

#: The admin's registry, classified: a season's or its matches' rows; a community's own rows; the site's
#: (staff only: people, sign-in records, challenges). A newly registered model must be added to one of them.
SEASON_MODELS = {"games.match", "games.phase", "games.submission", "games.logentry", "games.snapshot",
                 "games.garnetentry", "games.tolentry", "seasons.season", "seasons.episode", "seasons.decision",
                 "seasons.seasonannouncement", "notify.webhookdelivery", "notify.notice", "talk.channel",
                 "talk.message", "talk.report", "polls.outsideanswer", "timed.timedstart"}
COMMUNITY_MODELS = {"communities.community", "communities.membership", "communities.invitation",
                    "designs.gamedesign"}
SITE_MODELS = {"auth.group", "auth.user", "accounts.profile", "challenges.challenge", "axes.accessattempt",
               "axes.accesslog", "axes.accessfailurelog", "account.emailaddress", "socialaccount.socialapp",
               "socialaccount.socialtoken", "socialaccount.socialaccount"}


@pytest.fixture(autouse=True)
def _fresh_brakes():
    cache.clear()  # the brake on creating communities counts per person, in the cache
    yield
    cache.clear()


def _build(make_user) -> dict:
    people = {role: make_user(role.replace("_", "-")) for role in ROLES}
    pat = make_user("pat")  # the player whose secrets are walled
    owner = people["owner"]
    walled = communities.create_community(owner, name=COMMUNITY_NAME, joining=Community.Joining.OPEN)
    for role in ("host", "host_who_plays", "removed_host", "demoted_host", "member"):
        communities.join_open(people[role], walled)
    communities.join_open(pat, walled)
    for role in ("host", "host_who_plays", "removed_host", "demoted_host"):
        communities.set_role(owner, walled, people[role].pk, "host")
    for role in ("removed_host", "demoted_host", "outsider"):  # each still hosts a community of their own
        communities.create_community(people[role], name=f"Club of {role}", joining=Community.Joining.OPEN)

    design = designs.create(people["removed_host"], "Walldesign")  # made while a host, for the community
    GameDesign.objects.filter(pk=design.pk).update(community=walled)
    design = designs.edit(design.pk, people["removed_host"], lambda doc: {**doc, "rules": DESIGN_RULES})

    season = Season.objects.create(name=SEASON_NAME, slug="wallseason", community=walled)
    for user in (pat, people["host_who_plays"]):
        SeasonPlayer.objects.create(season=season, user=user)
    match = lifecycle.create_match(game="rituals-gone-bad", title=f"{SEASON_NAME} match", season=season, seed=99,
                                   phase_seconds=3600, config={"leaders": LEADERS})
    lifecycle.add_seat(match, user=pat, name="cat")
    for name in LEADERS[1:]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    phase, seat = match.current_phase, match.seats.get(name="cat")
    now = timezone.now()
    rows: dict[str, int] = {"games.match": match.pk, "games.phase": phase.pk, "seasons.season": season.pk}
    rows["games.submission"] = Submission.objects.create(phase=phase, seat=seat, submitted_at=now,
                                                         payload={"answer": SECRETS[0]}).pk
    rows["games.snapshot"] = Snapshot.objects.create(match=match, phase_number=999, state={"hidden": SECRETS[1]}).pk
    rows["games.logentry"] = LogEntry.objects.create(match=match, phase_number=1, order=10**6, seat=seat,
                                                     audience=LogEntry.Audience.SEAT, text=SECRETS[2]).pk
    rows["games.garnetentry"] = GarnetEntry.objects.create(user=pat, season=season, match=match, amount=3,
                                                           reason="wall wallet").pk
    rows["games.tolentry"] = TolEntry.objects.create(user=pat, season=season, amount=1, reason="wall token").pk
    episode = Episode.objects.create(season=season, number=1)
    rows["seasons.episode"] = episode.pk
    rows["seasons.decision"] = Decision.objects.create(episode=episode, match=match, decider=pat,
                                                       kind=Decision.Kind.GIVE_TOL).pk
    rows["seasons.seasonannouncement"] = SeasonAnnouncement.objects.create(season=season, episode=episode,
                                                                           text="wall news", created=now).pk
    rows["notify.webhookdelivery"] = WebhookDelivery.objects.create(
        season=season, match=match, url="https://hooks.example.org/wall", content="wall", next_try_at=now).pk
    rows["notify.notice"] = Notice.objects.create(kind=Notice.Kind.REMINDER, phase=phase, recipients=["pat"],
                                                  sent_at=now).pk
    channel = Channel.objects.create(match=match, key="room:wall", kind=Channel.Kind.ROOM, name="Wall room",
                                     is_open=True)
    rows["talk.channel"] = channel.pk
    said = Message.objects.create(channel=channel, match=match, seat=seat, author_name="cat", text=SECRETS[0],
                                  sent_at=now)
    rows["talk.message"] = said.pk
    rows["talk.report"] = Report.objects.create(message=said, reporter=seat, reason="wall report").pk
    rows["polls.outsideanswer"] = OutsideAnswer.objects.create(match=match, phase_number=1, user=pat,
                                                               submitter="@season", answers={"a": SECRETS[0]},
                                                               given_at=now).pk
    rows["timed.timedstart"] = TimedStart.objects.create(match=match, phase_number=1, seat=seat, started_at=now,
                                                         ends_at=now, answers={"a": SECRETS[1]}).pk
    lobby = Match.objects.create(game="rituals-gone-bad", title="Wall lobby", seed=5, seats_wanted=7,
                                 community=walled)
    community_rows = {
        "communities.community": walled.pk,
        "communities.membership": Membership.objects.get(community=walled, user=pat).pk,
        "communities.invitation": communities.make_invitation(owner, walled, days=7, uses=4).pk,
        "designs.gamedesign": design.pk,
    }

    communities.remove_member(owner, walled, people["removed_host"].pk)
    communities.set_role(owner, walled, people["demoted_host"].pk, "member")
    return {"people": people, "pat": pat, "community": walled, "season": season, "match": match, "lobby": lobby,
            "design": design, "season_rows": rows, "community_rows": community_rows}


@pytest.fixture
def walled(make_user) -> dict:
    return _build(make_user)


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _admin_path(label: str) -> str:
    return "/admin/" + label.replace(".", "/") + "/"


def _body(response) -> str:
    return response.content.decode(errors="replace")


def _refused(response) -> bool:
    """Refused: a 403, a 404, or sent to log in."""
    if response.status_code in (403, 404):
        return True
    return response.status_code == 302 and "login" in response.get("Location", "")


def _forbidden_words(role: str) -> tuple[str, ...]:
    """What ``role`` must never read on an admin or host page."""
    words: tuple[str, ...] = ()
    if role not in SEASON_HOSTS:
        words += SECRETS
    if role not in COMMUNITY_HOSTS:
        words += (DESIGN_RULES,)
    return words


def _label(model: type) -> str:
    return model._meta.label_lower


# --- the registry is classified ---------------------------------------------------------------------------------


def test_every_admin_model_is_classified_and_every_community_model_is_scoped():
    registered = {_label(model): model_admin for model, model_admin in admin.site._registry.items()}
    unclassified = set(registered) - SEASON_MODELS - COMMUNITY_MODELS - SITE_MODELS
    assert not unclassified, f"admin models not classified in {__name__}: {sorted(unclassified)}"
    for label in SEASON_MODELS | COMMUNITY_MODELS:
        assert isinstance(registered[label], CommunityScoped), f"{label} is not scoped to what its viewer hosts"
    for label in SITE_MODELS & set(registered):
        assert not isinstance(registered[label], CommunityScoped), label


# --- the admin, walked as each role -----------------------------------------------------------------------------


def _walk_admin_rows(client: Client, role: str, rows: dict[str, int], allowed: bool) -> None:
    forbidden = _forbidden_words(role)
    for label, pk in rows.items():
        listing = client.get(_admin_path(label))
        change = client.get(f"{_admin_path(label)}{pk}/change/")
        link = f"{_admin_path(label)}{pk}/change/"
        if role not in IN_ADMIN:
            assert _refused(listing) and _refused(change), f"{role} reached {label} in the admin"
            continue
        assert listing.status_code == 200, f"{role} on {label}'s list: {listing.status_code}"
        if allowed:
            assert link in _body(listing), f"{role} does not see {label} {pk} in the list"
            assert change.status_code == 200, f"{role} on {label} {pk}: {change.status_code}"
        else:
            assert link not in _body(listing), f"{role} sees {label} {pk} in the list"
            assert change.status_code == 404, f"{role} on {label} {pk}: {change.status_code}"
            for page in ("delete", "history"):
                assert client.get(f"{_admin_path(label)}{pk}/{page}/").status_code == 404, f"{role} {label} {page}"
        for response in (listing, change):
            text = _body(response)
            leaked = [word for word in forbidden if word in text]
            assert not leaked, f"{role} read {leaked} on {label}"


@pytest.mark.parametrize("role", ROLES)
def test_each_role_sees_in_the_admin_only_what_it_hosts(walled, role):
    client = _as(walled["people"][role])
    _walk_admin_rows(client, role, walled["season_rows"], role in SEASON_HOSTS)
    _walk_admin_rows(client, role, walled["community_rows"], role in COMMUNITY_HOSTS)
    _walk_admin_rows(client, role, {"games.match": walled["lobby"].pk}, role in COMMUNITY_HOSTS)


@pytest.mark.parametrize("role", ROLES)
def test_each_role_gets_no_add_page_naming_what_it_does_not_host_and_no_site_model(walled, role):
    client = _as(walled["people"][role])
    season_pk = walled["season"].pk
    for model in admin.site._registry:
        label = _label(model)
        response = client.get(f"{_admin_path(label)}add/")
        listing = client.get(_admin_path(label))
        if role not in IN_ADMIN:
            assert _refused(response) and _refused(listing), f"{role} reached {label} in the admin"
            continue
        if label in SITE_MODELS:
            assert response.status_code == 403 and listing.status_code == 403, f"{role} on site model {label}"
            continue
        assert response.status_code in (200, 403), f"{role} on {label}'s add page: {response.status_code}"
        text = _body(response)
        if role not in SEASON_HOSTS:
            assert f'<option value="{season_pk}">{SEASON_NAME}' not in text, f"{role} may pick the season on {label}"
        if role not in COMMUNITY_HOSTS:
            assert COMMUNITY_NAME not in text, f"{role} may pick the community on {label}"


def test_the_secrets_the_walk_looks_for_are_there_for_the_seasons_hosts(walled):
    """The walk can fail: the season's own host reads each secret in the admin."""
    client = _as(walled["people"]["host"])
    rows = walled["season_rows"]
    pages = {SECRETS[0]: "games.submission", SECRETS[1]: "games.snapshot", SECRETS[2]: "games.logentry"}
    for secret, label in pages.items():
        assert secret in _body(client.get(f"{_admin_path(label)}{rows[label]}/change/")), label


# --- the host pages, walked as each role -----------------------------------------------------------------------


def _host_urls(walled: dict) -> list[tuple[str, str, str]]:
    """(name, url, who hosts it: "season" or "community") of every host page of the walled community's things."""
    urls = []
    for route, name, pattern in host_pages():
        marker = marker_of(pattern.callback)
        if marker == "match":
            urls.append((name, url_of(route, name, walled["match"], walled["season"]), "season"))
            urls.append((name, url_of(route, name, walled["lobby"], walled["season"]), "community"))
        elif marker == "season" and "slug" in route:
            urls.append((name, url_of(route, name, walled["match"], walled["season"]), "season"))
    urls += [(url, url, "community") for url in _design_urls(walled["design"])]
    slug = walled["community"].slug
    urls += [(f"community {page}", f"/c/{slug}/{page}/", "community") for page in ("members", "invitations")]
    return urls


@pytest.mark.parametrize("role", ROLES)
def test_each_role_opens_only_the_host_pages_of_what_it_hosts(walled, role):
    client = _as(walled["people"][role])
    forbidden = _forbidden_words(role)
    urls = _host_urls(walled)
    assert len(urls) >= 30
    before = (GameDesign.objects.get(pk=walled["design"].pk).document, Match.objects.get(pk=walled["match"].pk).status)
    for name, url, scope in urls:
        hosts = role in (SEASON_HOSTS if scope == "season" else COMMUNITY_HOSTS)
        response = client.get(url)
        if hosts:
            assert not _refused(response), f"{role} refused {name} ({url}): {response.status_code}"
        else:
            assert _refused(response) or response.status_code == 405, f"{role} opened {name} ({url})"
            posted = client.post(url, {"title": "Taken over", "rules": "emit(everything)", "action": "pause",
                                       "setup": "emit(everything)", "share": "1"})
            assert _refused(posted) or posted.status_code == 405, f"{role} posted to {name}: {posted.status_code}"
        leaked = [word for word in forbidden if word in _body(response)]
        assert not leaked, f"{role} read {leaked} on {name}"
    after = (GameDesign.objects.get(pk=walled["design"].pk).document, Match.objects.get(pk=walled["match"].pk).status)
    if role not in COMMUNITY_HOSTS:
        assert after == before and GameDesign.objects.filter(pk=walled["design"].pk).exists()


@pytest.mark.parametrize("role", ROLES)
def test_each_role_is_the_same_viewer_on_the_pages_and_the_sockets(walled, role):
    user = walled["people"][role]
    expected_season = "host" if role in SEASON_HOSTS else "spectator"
    expected_lobby = "host" if role in COMMUNITY_HOSTS else "spectator"
    assert viewer_for(walled["match"], user).kind == expected_season
    assert viewer_for(walled["lobby"], user).kind == expected_lobby
    assert hosts.is_season_host(walled["season"], user) == (role in SEASON_HOSTS)
    assert (user.pk in hosts.host_ids_of(walled["match"])) == (role in SEASON_HOSTS)
    assert (user.pk in hosts.host_ids_of(walled["lobby"])) == (role in COMMUNITY_HOSTS)


def test_the_admin_and_the_pages_ask_the_same_question(walled):
    """For every person and every match and season: the admin's rows are the rows the pages host."""
    people = [*walled["people"].values(), walled["pat"]]
    for user in people:
        by_admin = set(hosts.hosted_matches(user).values_list("pk", flat=True))
        by_pages = {m.pk for m in Match.objects.all() if hosts.is_host_of(m, user)}
        assert by_admin == by_pages, user
        by_admin = set(hosts.hosted_seasons(user).values_list("pk", flat=True))
        assert by_admin == {s.pk for s in Season.objects.all() if hosts.is_season_host(s, user)}, user


# --- designs belong to the community -----------------------------------------------------------------------------


def test_a_removed_host_cannot_open_the_communitys_designs(walled):
    remy, design = walled["people"]["removed_host"], walled["design"]
    assert design.owner_id == remy.pk  # she made it
    assert not designs.usable_by(remy).filter(pk=design.pk).exists()
    assert not designs.kept_by(remy).filter(pk=design.pk).exists() and not designs.may_edit(remy, design)
    client = _as(remy)
    assert client.get(reverse("design", args=[design.pk])).status_code == 404
    assert client.get(reverse("design-export", args=[design.pk])).status_code == 404
    assert DESIGN_RULES not in _body(client.get(reverse("designs")))


def test_a_removed_host_can_neither_change_delete_nor_share_the_communitys_design(walled):
    remy, design = walled["people"]["removed_host"], walled["design"]
    from genius.core.errors import ServiceError

    with pytest.raises(ServiceError):
        designs.edit(design.pk, remy, lambda doc: {**doc, "rules": "emit(everything)"})
    with pytest.raises(ServiceError):
        designs.set_template(design.pk, remy, True)
    with pytest.raises(ServiceError):
        designs.delete(design.pk, remy)
    saved = GameDesign.objects.get(pk=design.pk)
    assert saved.document["rules"] == DESIGN_RULES and not saved.is_template


def test_a_demoted_host_loses_the_communitys_designs_at_once(walled):
    dora, design = walled["people"]["demoted_host"], walled["design"]
    assert not designs.may_edit(dora, design)
    assert _as(dora).post(reverse("design-delete", args=[design.pk])).status_code == 404
    assert GameDesign.objects.filter(pk=design.pk).exists()


def test_the_communitys_current_hosts_keep_its_designs_whoever_made_them(walled):
    host, design = walled["people"]["host"], walled["design"]
    assert designs.may_edit(host, design) and designs.kept_by(host).filter(pk=design.pk).exists()
    designs.edit(design.pk, host, lambda doc: {**doc, "rules": "Fair rules"})
    designs.set_template(design.pk, walled["people"]["host_who_plays"], False)
    designs.delete(design.pk, walled["people"]["owner"])
    assert not GameDesign.objects.filter(pk=design.pk).exists()


def test_a_design_of_no_community_stays_its_makers_own(walled):
    remy, host = walled["people"]["removed_host"], walled["people"]["host"]
    own = designs.create(remy, "Remy's own")
    assert designs.may_edit(remy, own) and designs.kept_by(remy).filter(pk=own.pk).exists()
    assert not designs.may_edit(host, own) and not designs.usable_by(host).filter(pk=own.pk).exists()
    assert _as(remy).get(reverse("design-export", args=[own.pk])).status_code == 200


# --- a role change reaches the live sockets at once --------------------------------------------------------------


def _host_socket_closes_when(match: Match, user, change) -> tuple[str, int | None]:
    """(the socket's first viewer, the code it was closed with once ``change`` ran; None: not closed)."""

    async def run() -> tuple[str, int | None]:
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/")
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        assert connected
        hello = await communicator.receive_json_from()
        await sync_to_async(change)()
        if await communicator.receive_nothing(timeout=1.5):
            await communicator.disconnect()
            return hello["viewer"], None
        message = await communicator.receive_output(timeout=1)
        return hello["viewer"], message.get("code") if message["type"] == "websocket.close" else None

    return async_to_sync(run)()


@pytest.mark.django_db(transaction=True)
def test_a_removed_hosts_socket_closes_at_once(make_user):
    walled = _build(make_user)
    host, owner = walled["people"]["host"], walled["people"]["owner"]
    kind, code = _host_socket_closes_when(walled["match"], host,
                                          lambda: communities.remove_member(owner, walled["community"], host.pk))
    assert kind == "host" and code == consumers.VIEWER_CHANGED


@pytest.mark.django_db(transaction=True)
def test_a_demoted_hosts_socket_closes_at_once(make_user):
    walled = _build(make_user)
    host, owner = walled["people"]["host"], walled["people"]["owner"]
    kind, code = _host_socket_closes_when(walled["lobby"], host,
                                          lambda: communities.set_role(owner, walled["community"], host.pk, "member"))
    assert kind == "host" and code == consumers.VIEWER_CHANGED


@pytest.mark.django_db(transaction=True)
def test_a_host_entered_in_the_season_loses_the_host_socket_of_its_match_at_once(make_user):
    walled = _build(make_user)
    host = walled["people"]["host"]
    kind, code = _host_socket_closes_when(
        walled["match"], host, lambda: SeasonPlayer.objects.create(season=walled["season"], user=host))
    assert kind == "host" and code == consumers.VIEWER_CHANGED


@pytest.mark.django_db(transaction=True)
def test_a_role_change_elsewhere_leaves_a_hosts_socket_open(make_user):
    walled = _build(make_user)
    owner = walled["people"]["owner"]
    elsewhere = Community.objects.get(name="Club of outsider")
    communities.join_open(owner, elsewhere)
    kind, code = _host_socket_closes_when(
        walled["match"], owner,
        lambda: communities.set_role(walled["people"]["outsider"], elsewhere, owner.pk, "host"))
    assert kind == "host" and code is None


@pytest.mark.django_db(transaction=True)
def test_a_host_frame_is_dropped_by_a_socket_whose_user_no_longer_hosts(make_user):
    """Even with no role-change message (a bulk update sends no signal), the host frame names who hosts now."""
    walled = _build(make_user)
    host, match = walled["people"]["host"], walled["match"]

    async def run() -> int | None:
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/")
        communicator.scope["user"] = host
        connected, _ = await communicator.connect()
        assert connected and (await communicator.receive_json_from())["viewer"] == "host"
        await sync_to_async(Membership.objects.filter(user=host, community=walled["community"]).update)(
            role=Role.MEMBER)
        await sync_to_async(live.push_update)(match.pk)
        while True:
            message = await communicator.receive_output(timeout=3)
            if message["type"] == "websocket.close":
                return message["code"]
            assert "Who has submitted" not in json.loads(message.get("text", "{}")).get("parts", {}).get("host", "")

    assert async_to_sync(run)() == consumers.VIEWER_CHANGED
    assert get_channel_layer() is not None


@pytest.mark.parametrize("role", ["owner", "host_who_plays"])
def test_a_host_who_plays_in_a_season_cannot_open_a_lobby_in_it(walled, role):
    """The host pages' season choice offers only seasons the host hosts: a lobby made in a season they play in
    would not be theirs to host."""
    from genius.access.fields import season_field

    offered = set(season_field(walled["people"][role]).queryset.values_list("pk", flat=True))
    assert (walled["season"].pk in offered) == (role in SEASON_HOSTS)
