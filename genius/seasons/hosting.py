"""Seasons from the host's pages: a new season, and its players invited by name, several at once.

The host types user names separated by commas, spaces or new lines (``@ana`` is read as ``ana``). Every
name must be an account's, not a guest's, and a member's of the season's community; a name that is not is
refused with the others named, and nothing is added (all or nothing). Nobody is drafted: each named player
other than the host is *invited* (``SeasonInvitation``) and plays once they accept
(``genius.seasons.invitations``); a host who names themself plays at once, and is warned first that a player
sees none of the season's secrets. A season needs :data:`MIN_PLAYERS` players. Episodes are then created
from the season page (``seasons.create_episode``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from genius.accounts.people import is_guest_account
from genius.communities.models import Community, Membership
from genius.core.errors import ServiceError
from genius.seasons import invitations
from genius.seasons.models import Season, SeasonInvitation, SeasonPlayer
from genius.seasons.services.standings import MIN_PLAYERS, MIN_PLAYERS_REASON

#: At most this many names in one go, and this many characters typed.
MAX_NAMES = 100
MAX_TEXT = 5000
NAME_MAX = 100
SLUG_MAX = 50
#: The warning a host who names themself among the players reads (and ticks) before the season is made.
HOST_PLAYS = "You play in this season, so you will not see its secrets: name a co-host, or let the rules run it."
#: Characters a season's name may not hold: markup in the chat its announcements go to (mentions are defused there).
_REFUSED = set("<>`")


def split_names(text: str) -> list[str]:
    """The user names typed, in order, each once (``@name`` read as ``name``)."""
    if len(text or "") > MAX_TEXT:
        raise ServiceError(f"At most {MAX_TEXT} characters of names at once.", "players")
    names: list[str] = []
    for part in re.split(r"[\s,;]+", text or ""):
        name = part.strip().lstrip("@")
        if name and name not in names:
            names.append(name)
    if len(names) > MAX_NAMES:
        raise ServiceError(f"At most {MAX_NAMES} players at once ({len(names)} names given).", "players")
    return names


def _quoted(names: list[str]) -> str:
    return ", ".join(ascii(n)[1:-1] if not n.isprintable() else n for n in names)


def find_players(names: list[str], community: Community | int | None = None) -> list[User]:
    """The accounts of these names (exact, else the one account whose name differs only in case); refused
    as a whole, naming each name that is no player's account, and (``community`` given) each that is no
    member's of that community."""
    users = get_user_model().objects
    found: list[User] = []
    unknown: list[str] = []
    guests: list[str] = []
    for name in names:
        user = users.filter(username=name).first()
        if user is None:
            matches = list(users.filter(username__iexact=name)[:2])
            user = matches[0] if len(matches) == 1 else None
        if user is None or not user.is_active:
            unknown.append(name)
        elif is_guest_account(user):
            guests.append(name)
        elif user not in found:
            found.append(user)
    problems = []
    if unknown:
        problems.append(f"No player is called {_quoted(unknown)}")
    if guests:
        problems.append(f"{_quoted(guests)} {'is a guest' if len(guests) == 1 else 'are guests'} (guests play "
                        "practice matches only: ask them to sign up)")
    if community is not None and found:
        outsiders = not_members(found, community)
        if outsiders:
            name = community.name if isinstance(community, Community) else "this community"
            problems.append(f"{_quoted(outsiders)} {'is not a member' if len(outsiders) == 1 else 'are not members'} "
                            f"of {name} (only its members play in its seasons: invite them to join it first)")
    if problems:
        raise ServiceError("; ".join(problems) + ". Nobody was added.", "players")
    return found


def not_members(users: list[User], community: Community | int) -> list[str]:
    """The names of ``users`` who are not members (any role) of ``community``."""
    community_id = community.pk if isinstance(community, Community) else community
    members = set(Membership.objects.filter(community_id=community_id, user__in=users).values_list("user_id",
                                                                                                   flat=True))
    return [u.get_username() for u in users if u.pk not in members]


def add_players(season: Season, text: str, by: Any = None) -> tuple[list[str], list[str]]:
    """Invite the players named in ``text`` to ``season`` (members of its community only): (names invited,
    names already in or invited), all or nothing. ``by``, the host, cannot name themself here: a host who plays
    sees none of the season's secrets, so they name themself when they create a season, or are invited by
    another host. A player who declined may be invited again (they may decline again)."""
    names = split_names(text)
    if not names:
        raise ServiceError("Type at least one player's user name.", "players")
    users = find_players(names, season.community)
    if by is not None and any(u.pk == by.pk for u in users):
        raise ServiceError("You run this season, so you cannot add yourself from its host tools: a player sees none "
                           "of its secrets. Ask another host of the community to invite you. Nobody was added.",
                           "players")
    now = timezone.now()
    with transaction.atomic():
        already = set(SeasonPlayer.objects.filter(season=season, user__in=users).values_list("user_id", flat=True))
        waiting = set(invitations.open_to_answer(SeasonInvitation.objects.filter(season=season, user__in=users), now)
                      .values_list("user_id", flat=True))  # an expired invitation is made anew
        new = [u for u in users if u.pk not in already and u.pk not in waiting]
        try:
            for user in new:
                SeasonInvitation.objects.update_or_create(
                    season=season, user=user,
                    defaults={"status": SeasonInvitation.Status.WAITING, "invited_by": by, "answered": None,
                              "expires": invitations.expiry_from(now), "emailed": None})
        except IntegrityError:
            raise ServiceError("A player was just invited by someone else; try again.", "players") from None
    return [u.get_username() for u in new], [u.get_username() for u in users if u.pk in already | waiting]


def check_name(name: str) -> str:
    """A season's name: 1–100 printable characters, none of ``< > ` ``."""
    name = unicodedata.normalize("NFC", (name or "").strip())
    if not name:
        raise ServiceError("Give the season a name.", "name")
    if len(name) > NAME_MAX:
        raise ServiceError(f"A season's name is at most {NAME_MAX} characters.", "name")
    if any(not c.isprintable() or unicodedata.category(c) in ("Cs", "Co", "Cn") for c in name):
        raise ServiceError("A season's name holds only printable characters.", "name")
    if bad := sorted(set(name) & _REFUSED):
        raise ServiceError(f"A season's name may not hold {' '.join(bad)} (its announcements go to chat, where "
                           "they are markup).", "name")
    return name


def free_slug(wanted: str, name: str) -> str:
    """The season's address: the slug given (checked), else one made from the name, numbered if taken."""
    if wanted:
        slug = wanted.strip()
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug) or len(slug) > SLUG_MAX:
            raise ServiceError(f"An address is lower-case letters, digits and dashes (at most {SLUG_MAX}).", "slug")
        if slug == "new" or Season.objects.filter(slug=slug).exists():
            raise ServiceError(f"The address {slug} is taken: choose another.", "slug")
        return slug
    base = slugify(name)[:SLUG_MAX - 4].strip("-") or "season"
    slug, number = base, 1
    while slug == "new" or Season.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


def check_size(count: int) -> None:
    """A season names at least :data:`MIN_PLAYERS` players, or is refused with the reason."""
    if count < MIN_PLAYERS:
        named = "nobody is named" if count == 0 else f"{count} is named"
        raise ServiceError(f"A season needs at least {MIN_PLAYERS} players ({named}): {MIN_PLAYERS_REASON}. "
                           "Name more players (the community's members).", "players")


def create_season(*, name: str, host: User, slug: str = "", players: str = "",
                  community: Community | None = None, host_plays: bool = False,
                  closes_when_all_locked_in: bool = True) -> Season:
    """A new season of ``community`` hosted by ``host``: each player named in ``players`` (members of the
    community, at least :data:`MIN_PLAYERS`) is invited, and plays once they accept; the host, if named, plays
    at once, but only when ``host_plays`` says they read :data:`HOST_PLAYS`. Nothing is kept if a check fails.
    ``closes_when_all_locked_in``: copied to every match of the season."""
    name = check_name(name)
    names = split_names(players)
    users = find_players(names, community) if names else []
    check_size(len(users))
    if any(u.pk == host.pk for u in users) and not host_plays:
        raise ServiceError(HOST_PLAYS + " (A co-host is a host of the community who does not play.) Tick “I play in "
                           "this season too” to go on, or leave your name out.",
                           "host_plays")
    with transaction.atomic():
        season = Season.objects.create(name=name, slug=free_slug(slug, name), host=host, community=community,
                                       closes_when_all_locked_in=closes_when_all_locked_in)
        SeasonPlayer.objects.bulk_create([SeasonPlayer(season=season, user=u) for u in users if u.pk == host.pk])
        expires = invitations.expiry_from(timezone.now())
        SeasonInvitation.objects.bulk_create([SeasonInvitation(season=season, user=u, invited_by=host, expires=expires)
                                              for u in users if u.pk != host.pk])
    return season

