"""No page shows template syntax: every page the URL map offers, as every kind of visitor.

The URL resolver is walked (the included apps and the admin too). Each pattern's parameters are filled from
a world of real objects: a community with its owner, a host, a member and a host who plays; a season with an
episode, its Death Matches and a decision; a running match of every registered game, a finished match, a
lobby, a designed match with the host's ruling open, a design, an invitation, a join request, a challenge,
a player's page; replays at several phases. Each page is fetched (GET) as each :class:`Visitor`; a page
fails on a server error, and on template syntax left in an HTML page (``{#``, ``{%``, ``{{`` or their
closings outside scripts, styles and tags: a two-line ``{# #}`` is printed as text, as issue 37 found above
every match board).

A pattern with parameters must be classified here: filled (:data:`FILLERS`, the admin's model pages by
their model) or listed in :data:`UNFILLED` with the reason. A new URL without a classification fails the
walk, so a new page is covered from the day it is added.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from genius.challenges import services as challenges
from genius.communities import services as communities
from genius.communities.models import Community, Membership, Role
from genius.designs import rules as design_rules
from genius.designs import services as designs
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import available_games, death_match_games, spec_of
from genius.seasons.models import Decision, Episode, Season, SeasonPlayer
from tests.browser.test_host_lobbies_browser import needs_a_saved_design
from tests.confirmed_emails import confirm
from tests.custom_game_web.conftest import close_players_phase, custom_slug
from tests.custom_game_web.conftest import design as custom_design
from tests.matches.test_replays import BOTS, play
from tests.seasons.helpers import finished_main_match

pytestmark = pytest.mark.django_db

HOUSE = False  # this module builds its own community (tests/conftest.py)


class Visitor(enum.Enum):
    """Who looks at the page."""

    SIGNED_OUT = "signed out"
    OUTSIDER = "outsider"  # signed in, in no community
    MEMBER = "member"  # a member of the community, seated nowhere
    PLAYER = "player"  # a member seated in every match
    HOST = "host"  # a host of the community, seated nowhere
    OWNER = "owner"  # the community's owner
    HOST_WHO_PLAYS = "host who plays"  # a host of the community seated in every match
    SITE_ADMIN = "site admin"  # staff and superuser, in no community


#: Each visitor's account (``ana`` and ``ben`` are the seats the replay tests' ``play`` moves for).
ACCOUNTS = {Visitor.OUTSIDER: "otto", Visitor.MEMBER: "mia", Visitor.PLAYER: "ana", Visitor.HOST: "hugo",
            Visitor.OWNER: "olga", Visitor.HOST_WHO_PLAYS: "ben", Visitor.SITE_ADMIN: "root"}
SEASON_PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]

#: The admin is walked by fewer visitors: the outsider and the player are refused it as the member is (signed
#: in, neither staff nor a host: its log-in page), and the owner sees what a host sees (both host it). The host
#: who plays sees its lists and rows (where the rows of the matches they play in are left out); its add, delete
#: and history pages are the host's.
ADMIN_VISITORS = [Visitor.SIGNED_OUT, Visitor.MEMBER, Visitor.HOST, Visitor.SITE_ADMIN]
ADMIN_LISTS_AND_ROWS = re.compile(r"_(changelist|change)$")

#: Template syntax that must never reach a page: anywhere outside scripts and styles …
OPENINGS = ("{#", "{%", "{{", "#}", "%}")
#: (``}}`` alone is no sign: a rules page may show a JSON shape, ``{player: {field: answer}}``; a template's
#: broken ``{{ … }}`` shows its opening too.)


@dataclass
class World:
    """The objects every pattern's parameters are filled from."""

    users: dict[str, Any]
    community: Community
    season: Season
    decision: Decision | None
    running: dict[str, Match]
    finished: Match
    lobby: Match
    custom: Match
    design: Any
    invitation_token: str
    challenge_id: int

    @property
    def matches(self) -> list[Match]:
        return [*self.running.values(), self.finished, self.lobby, self.custom]


def make_user(name: str, **extra: Any):
    return confirm(get_user_model().objects.create_user(name, email=f"{name}@example.org", password=f"pw-{name}-123",
                                                        **extra))


def started(game: str, community: Community, players: list, *, season: Season | None = None) -> Match:
    """A running match of ``game`` in ``community``: ``players`` first, bots in the other seats."""
    spec = spec_of(game)
    match = lifecycle.create_match(game=game, title=f"{spec.title} night", seed=31, phase_seconds=3600,
                                   turn_seconds=60, seats_wanted=max(spec.min_players, len(players)),
                                   community_id=community.pk, season=season)
    for user in players:
        lifecycle.add_seat(match, user=user)
    for name in BOTS[: match.seats_wanted - len(players)]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def talk_rows(match) -> None:
    """A channel, a message and a report, for the talk's admin pages."""
    from django.utils import timezone

    from genius.talk.models import Channel, Message, Report

    seat = match.seats.order_by("position").first()
    channel = Channel.objects.create(match=match, key="room:world", kind=Channel.Kind.ROOM, name="World room")
    said = Message.objects.create(channel=channel, match=match, seat=seat, author_name=seat.name, text="hello",
                                  sent_at=timezone.now())
    Report.objects.create(message=said, reporter=seat, reason="world")


def poll_and_timed_rows(match) -> None:
    """A poll's answer and a timed challenge's start, for their admin pages."""
    from datetime import timedelta

    from django.utils import timezone

    from genius.polls.models import OutsideAnswer
    from genius.timed.models import TimedStart

    now = timezone.now()
    OutsideAnswer.objects.create(match=match, phase_number=1, submitter="@community", answers={"a": "world"},
                                 given_at=now)
    TimedStart.objects.create(match=match, phase_number=1, seat=match.seats.order_by("position").first(),
                              started_at=now, ends_at=now + timedelta(seconds=30))


def build_world() -> World:
    cache.clear()  # the creation brakes count per hour
    users = {name: make_user(name) for name in ["otto", "mia", "ana", "hugo", "olga", "ben", *SEASON_PLAYERS[2:]]}
    users["root"] = make_user("root", is_staff=True, is_superuser=True)
    club = communities.create_community(users["olga"], name="Guard Club", description="We *play*.")
    for name, role in [("hugo", Role.HOST), ("ben", Role.HOST), ("mia", Role.MEMBER), ("ana", Role.MEMBER),
                       *[(name, Role.MEMBER) for name in SEASON_PLAYERS[2:]]]:
        Membership.objects.create(community=club, user=users[name], role=role)
    invitation = communities.make_invitation(users["olga"], club, days=7, uses=5)
    communities.request_to_join(users["otto"], club, "Let me in")

    season = Season.objects.create(name="Guard season", slug="guard-season", community=club)
    for name in SEASON_PLAYERS:
        SeasonPlayer.objects.create(season=season, user=users[name])
    finished_main_match(season, {"ec": ["ana"]})
    decision = Decision.objects.filter(decider=users["ana"]).first()
    episode = Episode.objects.filter(season=season).first()

    pair = [users["ana"], users["ben"]]
    running = {}
    for slug, _ in available_games():
        if needs_a_saved_design(slug):
            continue
        running[slug] = started(slug, club, pair)
        play(running[slug], phases=2)
    for slug, _ in death_match_games():  # the season's Death Matches, as its decisions make them
        match = started(slug, club, pair, season=season)
        Match.objects.filter(pk=match.pk).update(kind="death", episode=episode, title=f"Death Match: {slug}")
        running[f"{slug}-death"] = match
    finished = play(started("black-and-white", club, pair))
    assert finished.status == Match.Status.FINISHED

    lobby = lifecycle.create_match(game="rituals-gone-bad", title="An open lobby", seed=8, community_id=club.pk)
    lifecycle.add_seat(lobby, user=users["ana"])

    shipped = next(d for d in design_rules.shipped() if d["document"].get("tables"))
    design = designs.create(users["olga"], "Guard design")
    design = designs.edit(design.pk, users["olga"], lambda doc: shipped["document"])
    type(design).objects.filter(pk=design.pk).update(community=club)
    design.refresh_from_db()
    custom = lifecycle.create_match(game=custom_slug(), title="Auction night", seats_wanted=3, seed=7,
                                    config={"design": custom_design()}, community_id=club.pk)
    for user in (users["ana"], users["ben"], users["cy"]):
        lifecycle.add_seat(custom, user=user)
    lifecycle.start_match(custom.pk)
    close_players_phase(custom)  # the host's ruling is open

    challenge = challenges.create_challenge(users["ana"], "mia", game=challenges.challengeable_games()[0][0])
    admin_rows(users, season, running["rituals-gone-bad"])
    talk_rows(running["rituals-gone-bad"])
    poll_and_timed_rows(running["rituals-gone-bad"])
    return World(users=users, community=club, season=season, decision=decision, running=running,
                 finished=finished, lobby=lobby, custom=custom, design=design, invitation_token=invitation.token,
                 challenge_id=challenge.pk)


def admin_rows(users: dict[str, Any], season: Season, match: Match) -> None:
    """A row of every model the admin lists that the world above makes none of (its pages of one row)."""
    from allauth.socialaccount.models import SocialAccount, SocialApp, SocialToken
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from genius.accounts.models import Profile
    from genius.matches.models import GarnetEntry, TolEntry
    from genius.notify.models import Notice, WebhookDelivery

    now = timezone.now()
    Group.objects.create(name="Helpers")
    who = {"ip_address": "192.0.2.7", "user_agent": "Mozilla/5.0", "username": "ana"}
    AccessAttempt.objects.create(**who, failures_since_start=2, attempt_time=now)
    AccessLog.objects.create(**who, attempt_time=now)
    AccessFailureLog.objects.create(**who, attempt_time=now)
    app = SocialApp.objects.create(provider="discord", name="Discord", client_id="id", secret="secret")
    account = SocialAccount.objects.create(user=users["ana"], provider="discord", uid="1234", extra_data={})
    SocialToken.objects.create(app=app, account=account, token="token")
    GarnetEntry.objects.create(user=users["ana"], season=season, amount=3, reason="starting wallet")
    TolEntry.objects.create(user=users["ana"], season=season, amount=1, reason="won earlier")
    WebhookDelivery.objects.create(season=season, match=match, url="https://example.org/hook", content="{}",
                                   next_try_at=now)
    Notice.objects.create(kind=Notice.Kind.choices[0][0], phase=match.phases.first(), recipients=["ana"], sent_at=now)
    Profile.objects.get_or_create(user=users["ana"], defaults={"time_zone": "Europe/Paris"})


# --- what fills each pattern ------------------------------------------------------------------------------

Kwargs = dict[str, Any]
Filler = Callable[[World], list[Kwargs]]


def every_match(world: World) -> list[Kwargs]:
    return [{"pk": m.pk} for m in world.matches]


def some_matches(world: World) -> list[Kwargs]:
    """A running match, the designed one, the finished one and the lobby (the match's other addresses)."""
    return [{"pk": m.pk} for m in (next(iter(world.running.values())), world.custom, world.finished, world.lobby)]


def season_slug(world: World) -> list[Kwargs]:
    return [{"slug": world.season.slug}]


def community_slug(world: World) -> list[Kwargs]:
    return [{"slug": world.community.slug}]


def game_slugs(world: World) -> list[Kwargs]:
    return [{"slug": slug} for slug, _ in available_games()]


def design_pk(world: World) -> list[Kwargs]:
    return [{"pk": world.design.pk}]


def design_parts(kind: str) -> Filler:
    """A design's counter, phase or table (``kind``), by its key."""

    def fill(world: World) -> list[Kwargs]:
        return [{"pk": world.design.pk, "key": world.design.document[kind][0]["key"]}]

    return fill


def design_fields(world: World) -> list[Kwargs]:
    phase = next(p for p in world.design.document["phases"] if p.get("fields"))
    return [{"pk": world.design.pk, "phase_key": phase["key"], "key": phase["fields"][0]["key"]}]


def design_board(world: World) -> list[Kwargs]:
    """A design's board (its first, or a key it lacks when it has none: the page goes back to the design)."""
    boards = world.design.document.get("boards") or [{"key": "no_board"}]
    return [{"pk": world.design.pk, "key": boards[0]["key"]}]


def design_phase(world: World) -> list[Kwargs]:
    return [{"pk": world.design.pk, "phase_key": world.design.document["phases"][0]["key"]}]


def challenge_pk(world: World) -> list[Kwargs]:
    return [{"pk": world.challenge_id}]


def email_key(world: World) -> list[Kwargs]:
    from allauth.account.models import EmailAddress, EmailConfirmationHMAC

    address = EmailAddress.objects.get(user=world.users["ana"])
    return [{"key": EmailConfirmationHMAC(address).key}, {"key": "not-a-key"}]


def allauth_reset_key(world: World) -> list[Kwargs]:
    from allauth.account.forms import default_token_generator
    from allauth.account.utils import user_pk_to_url_str

    user = world.users["ana"]
    return [{"uidb36": user_pk_to_url_str(user), "key": default_token_generator.make_token(user)},
            {"uidb36": "zz", "key": "not-a-key"}]


def django_reset_token(world: World) -> list[Kwargs]:
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    user = world.users["ana"]
    return [{"uidb64": urlsafe_base64_encode(force_bytes(user.pk)), "token": default_token_generator.make_token(user)},
            {"uidb64": "zz", "token": "not-a-token"}]


#: Every named pattern with parameters outside the admin → how to fill it.
FILLERS: dict[str, Filler] = {
    "match": every_match, "match-replay": every_match, "match-live": some_matches, "match-rules": some_matches,
    "match-submit": some_matches, "match-action": some_matches, "match-act": some_matches, "match-join": some_matches, "match-leave": some_matches,
    "match-accept": some_matches, "match-decline": some_matches, "match-withdraw": some_matches,
    "match-export": some_matches, "match-control": some_matches, "match-ruling": some_matches,
    "match-hints": some_matches, "match-clock": some_matches, "match-concede": some_matches,
    "talk-transcript": every_match, "talk-post": some_matches, "poll": every_match, "timed-challenge": every_match,
    "talk-report": lambda w: [{"pk": m["pk"], "message_id": 1} for m in some_matches(w)],
    "talk-report-seen": lambda w: [{"pk": m["pk"], "report_id": 1} for m in some_matches(w)],
    "host-lobby-setup": lambda w: [{"pk": w.lobby.pk}, {"pk": w.custom.pk}],
    "season": season_slug, "season-host": season_slug, "season-wallet": season_slug, "season-archive": season_slug,
    "season-add-players": season_slug, "season-play": season_slug,
    "decision": lambda w: [{"pk": w.decision.pk}] if w.decision else [],
    "host-new-lobby": game_slugs, "practice": lambda w: [{"game": slug} for slug, _ in available_games()],
    "rules": lambda w: [{"game": slug} for slug, _ in available_games()],
    "design": design_pk, "design-basics": design_pk, "design-counter-new": design_pk,
    "design-phase-new": design_pk, "design-setup": design_pk, "design-helpers": design_pk, "design-table-new": design_pk,
    "design-copy": design_pk, "design-template": design_pk, "design-export": design_pk,
    "design-delete": design_pk, "design-lobby": design_pk,
    "design-counter": design_parts("counters"), "design-counter-delete": design_parts("counters"),
    "design-phase": design_parts("phases"), "design-phase-delete": design_parts("phases"),
    "design-phase-move": design_parts("phases"), "design-phase-preset": design_parts("phases"),
    "design-phase-try": design_parts("phases"),
    "design-table": design_parts("tables"), "design-table-delete": design_parts("tables"),
    "design-board-new": design_pk, "design-board": design_board, "design-board-delete": design_board,
    "design-phase-more": design_parts("phases"),
    "design-action-field-new": lambda w: [{**design_phase(w)[0], "action_key": "no_action"}],
    "design-action-field": lambda w: [{**design_phase(w)[0], "action_key": "no_action", "key": "no_field"}],
    "design-action-field-delete": lambda w: [{**design_phase(w)[0], "action_key": "no_action", "key": "no_field"}],
    "design-field-new": design_phase, "design-field": design_fields, "design-field-delete": design_fields,
    "design-field-move": design_fields,
    "design-shipped": lambda w: [{"slug": d["slug"]} for d in design_rules.shipped()],
    "design-shipped-use": lambda w: [{"slug": d["slug"]} for d in design_rules.shipped()],
    "challenge-state": challenge_pk, "challenge-accept": challenge_pk, "challenge-decline": challenge_pk,
    "challenge-cancel": challenge_pk,
    "community": community_slug, "community-join": community_slug, "community-leave": community_slug,
    "community-members": community_slug, "community-invitations": community_slug,
    "community-settings": community_slug,
    "community-invitation": lambda w: [{"token": w.invitation_token}, {"token": "no-such-token"}],
    "player": lambda w: [{"name": "ana"}, {"name": "hugo"}, {"name": "nobody-here"}],
    "account_confirm_email": email_key,
    "account_reset_password_from_key": allauth_reset_key,
}
#: Patterns without a name, by route.
FILLERS_BY_ROUTE: dict[str, Filler] = {
    "accounts/^reset/(?P<uidb64>[^/]+)/(?P<token>[^/]+)/$": django_reset_token,
    # the admin's old addresses of the models that moved apps: permanent redirects to where they are now
    r"^admin/games/(?P<model>season|seasonplayer|episode|decision|seasonannouncement)/(?P<rest>.*)$":
        lambda w: [{"model": "season", "rest": ""}, {"model": "decision", "rest": "1/change/"}],
    r"^admin/games/(?P<model>webhookdelivery|notice)/(?P<rest>.*)$":
        lambda w: [{"model": "notice", "rest": ""}],
}
#: Patterns that are not filled, with the reason (none today: every pattern of the site is filled).
UNFILLED: dict[str, str] = {}
#: Query strings that draw more of a page.
QUERIES: dict[str, Callable[[World, Kwargs], list[str]]] = {
    "match-replay": lambda w, kw: (["", "?phase=0", "?phase=1", "?phase=2", "?phase=3", "?phase=999", "?phase=x²"]
                                   if kw["pk"] == w.finished.pk else ["", "?phase=1"]),
    "match-control": lambda w, kw: ["?action=pause", "?action=resume", "?action=nonsense"],
    "challenge-new": lambda w, kw: ["", "?to=mia", "?to=@everyone"],
    "talk-transcript": lambda w, kw: ["", "?phase=0", "?phase=x²"],
}


# --- the walk --------------------------------------------------------------------------------------------


@dataclass
class Page:
    route: str
    name: str  # with its namespace (``admin:index``); "" when nameless
    pattern: URLPattern


def site_patterns() -> Iterator[Page]:
    def walk(patterns: list, prefix: str, namespace: str) -> Iterator[Page]:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                yield from walk(entry.url_patterns, prefix + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern):
                yield Page(prefix + str(entry.pattern), f"{namespace}{entry.name}" if entry.name else "", entry)

    yield from walk(get_resolver().url_patterns, "", "")


PARAM = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>|\(\?P<(?P<group>\w+)>[^)]*\)")
ADMIN_MODEL_PAGE = re.compile(r"^admin/(?P<app>\w+)/(?P<model>\w+)/")


def parameters(route: str) -> list[str]:
    return [m.group("name") or m.group("group") for m in PARAM.finditer(route)]


def build(route: str, kwargs: Kwargs) -> str:
    """The address of ``route`` with ``kwargs`` in its parameters (both ``<x>`` and ``(?P<x>…)`` forms)."""

    def put(found: re.Match) -> str:
        return str(kwargs[found.group("name") or found.group("group")])

    path = PARAM.sub(put, route).replace("^", "").replace("$", "")
    return "/" + path


def admin_object_ids(world: World, page: Page) -> list[Kwargs] | None:
    """The admin's pages of one row: filled with the first row of their model (None: not such a page)."""
    found = ADMIN_MODEL_PAGE.match(page.route)
    if found is None:
        return None
    try:
        model = apps.get_model(found.group("app"), found.group("model"))
    except LookupError:
        return None
    if model not in admin.site._registry:
        return None
    rows = list(model._default_manager.order_by("pk").values_list("pk", flat=True)[:1])
    if not rows:
        return []
    keys = parameters(page.route)
    return [{key: rows[0] for key in keys}]


def admin_fillers(world: World, page: Page) -> list[Kwargs] | None:
    keys = set(parameters(page.route))
    if page.name == "admin:app_list":
        return [{"app_label": label} for label in sorted({m._meta.app_label for m in admin.site._registry})]
    if page.name == "admin:view_on_site":
        match = world.finished
        return [{"content_type_id": ContentType.objects.get_for_model(Match).pk, "object_id": match.pk}]
    if page.route == "admin/(?P<url>.*)$":
        return [{"url": "no/such/page/"}, {"url": "games/"}]
    if keys in ({"object_id"}, {"id"}):
        return admin_object_ids(world, page)
    return None


def addresses(world: World, page: Page) -> list[str] | str:
    """Every address to fetch for ``page``, or why it is not fetched (a str)."""
    if page.route in UNFILLED:
        return UNFILLED[page.route]
    keys = parameters(page.route)
    if not keys:
        fills: list[Kwargs] | None = [{}]
    elif page.name in FILLERS:
        fills = FILLERS[page.name](world)
    elif page.route in FILLERS_BY_ROUTE:
        fills = FILLERS_BY_ROUTE[page.route](world)
    elif page.name.startswith("admin:") or page.route.startswith("admin/"):
        fills = admin_fillers(world, page)
    else:
        fills = None
    if fills is None:
        raise AssertionError(f"unclassified URL pattern {page.route!r} ({page.name or 'nameless'}): fill it in "
                             f"FILLERS or list it in UNFILLED with the reason")
    if not fills:
        raise AssertionError(f"{page.route!r} ({page.name}): the world holds nothing to fill it with")
    out = []
    for kwargs in fills:
        base = build(page.route, kwargs)
        out += [base + query for query in (QUERIES[page.name](world, kwargs) if page.name in QUERIES else [""])]
    return out


# --- what a page must not show -----------------------------------------------------------------------------

SCRIPTS_AND_STYLES = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.S | re.I)


def shown_template_syntax(html: str) -> list[str]:
    """The template syntax left in a page: each with a little of what is around it."""
    where = SCRIPTS_AND_STYLES.sub(" ", html)
    found = []
    for mark in OPENINGS:
        at = where.find(mark)
        if at >= 0:
            found.append(f"{mark!r} in …{where[max(0, at - 60):at + 60]!r}…")
    return found


def client_for(world: World, visitor: Visitor) -> Client:
    client = Client()
    if visitor is not Visitor.SIGNED_OUT:
        client.force_login(world.users[ACCOUNTS[visitor]])
    return client


def fetch(client: Client, url: str) -> tuple[int, str, str | None]:
    """(status, content type, error) of a GET; whatever the view changes is rolled back."""
    try:
        with transaction.atomic():
            response = client.get(url, HTTP_ACCEPT="text/html")
            transaction.set_rollback(True)
    except Exception as exc:  # noqa: BLE001 - a server error is what the walk reports
        return 500, "", f"{type(exc).__name__}: {exc}"
    body = ""
    kind = response.get("Content-Type", "")
    if kind.startswith("text/html") and not getattr(response, "streaming", False):
        body = response.content.decode("utf-8", "replace")
    return response.status_code, kind, body


def walk(world: World, pages: list[Page], visitors: list[Visitor]) -> tuple[list[str], int]:
    problems: list[str] = []
    fetched = 0
    targets = [addresses(world, page) for page in pages]
    for visitor in visitors:
        cache.clear()  # throttles and brakes count per hour: every visitor starts afresh
        client = client_for(world, visitor)
        for urls in targets:
            if isinstance(urls, str):
                continue
            for url in urls:
                status, kind, body = fetch(client, url)
                fetched += 1
                if status >= 500:
                    problems.append(f"{visitor.value} GET {url}: {status} {body if kind == '' else ''}")
                elif body:
                    problems += [f"{visitor.value} GET {url}: {found}" for found in shown_template_syntax(body)]
    return problems, fetched


def all_pages() -> list[Page]:
    return list(site_patterns())


def is_admin(page: Page) -> bool:
    return page.route.startswith("admin/")


# --- the tests -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    """One world for the module's tests (it takes seconds to build), rolled back after them."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


def test_every_pattern_with_parameters_is_filled_or_listed_with_its_reason(world):
    pages = all_pages()
    assert len(pages) > 200 and any(is_admin(p) for p in pages)
    reasons = [addresses(world, page) for page in pages]
    assert all(isinstance(r, str | list) for r in reasons)
    assert set(UNFILLED) | set(FILLERS_BY_ROUTE) <= {page.route for page in pages}, "a pattern named here is gone"
    assert set(FILLERS) <= {page.name for page in pages}, "FILLERS names a pattern that is gone"


def test_an_unclassified_pattern_fails_the_walk():
    page = Page("things/<int:thing>/", "thing", None)  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="unclassified URL pattern 'things/<int:thing>/'"):
        addresses(None, page)  # type: ignore[arg-type]


def test_the_check_sees_template_syntax_left_in_a_page_and_not_in_its_scripts():
    assert shown_template_syntax("<p>{# two\nlines #}</p>")
    assert shown_template_syntax("<p>{{ match.title }}</p>")
    assert shown_template_syntax("<p>{% if x %}</p>")
    assert not shown_template_syntax('<div hx-vals=\'{"a": {"b": 1}}\'>ok</div><script>if (a) {{}}</script>')
    assert not shown_template_syntax("<style>a{}</style><p>A {fine} brace</p>")


def test_no_page_of_the_site_shows_template_syntax_or_fails_to_anyone(world):
    pages = [p for p in all_pages() if not is_admin(p)]
    problems, fetched = walk(world, pages, list(Visitor))
    assert fetched > 1000
    assert not problems, "\n".join(problems)


def test_no_page_of_the_admin_shows_template_syntax_or_fails_to_anyone(world):
    pages = [p for p in all_pages() if is_admin(p)]
    problems, fetched = walk(world, pages, ADMIN_VISITORS)
    lists_and_rows = [p for p in pages if ADMIN_LISTS_AND_ROWS.search(p.name)]
    more_problems, more = walk(world, lists_and_rows, [Visitor.HOST_WHO_PLAYS])
    problems += more_problems
    assert fetched > 300 and more > 50
    assert not problems, "\n".join(problems)
