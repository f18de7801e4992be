"""Seasons from the host's pages: a new season, and its players added by name, several at once.

The host types user names separated by commas, spaces or new lines (``@ana`` is read as ``ana``). Every
name must be an account's, not a guest's; a name that is not is refused with the others named, and nothing
is added (all or nothing). Episodes are then created from the season page (``seasons.create_episode``).
"""

from __future__ import annotations

import re
import unicodedata

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from genius.accounts.people import is_guest_account
from genius.communities.models import Community
from genius.matches.services.errors import ServiceError
from genius.seasons.models import Season, SeasonPlayer

#: At most this many names in one go, and this many characters typed.
MAX_NAMES = 100
MAX_TEXT = 5000
NAME_MAX = 100
SLUG_MAX = 50
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


def find_players(names: list[str]) -> list[User]:
    """The accounts of these names (exact, else the one account whose name differs only in case); refused
    as a whole, naming each name that is no player's account."""
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
    if problems:
        raise ServiceError("; ".join(problems) + ". Nobody was added.", "players")
    return found


def add_players(season: Season, text: str) -> tuple[list[str], list[str]]:
    """Add the players named in ``text`` to ``season``: (names added, names already in), all or nothing."""
    names = split_names(text)
    if not names:
        raise ServiceError("Type at least one player's user name.", "players")
    users = find_players(names)
    with transaction.atomic():
        already = set(SeasonPlayer.objects.filter(season=season, user__in=users).values_list("user_id", flat=True))
        new = [u for u in users if u.pk not in already]
        try:
            SeasonPlayer.objects.bulk_create([SeasonPlayer(season=season, user=u) for u in new])
        except IntegrityError:
            raise ServiceError("A player was just added by someone else; try again.", "players") from None
    return [u.get_username() for u in new], [u.get_username() for u in users if u.pk in already]


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


def create_season(*, name: str, host: User, slug: str = "", players: str = "",
                  community: Community | None = None, closes_when_all_locked_in: bool = True) -> Season:
    """A new season of ``community`` hosted by ``host``, with the players named in ``players``; nothing is kept
    if a check fails. ``closes_when_all_locked_in``: copied to every match of the season."""
    name = check_name(name)
    names = split_names(players)
    users = find_players(names) if names else []
    with transaction.atomic():
        season = Season.objects.create(name=name, slug=free_slug(slug, name), host=host, community=community,
                                       closes_when_all_locked_in=closes_when_all_locked_in)
        SeasonPlayer.objects.bulk_create([SeasonPlayer(season=season, user=u) for u in users])
    return season

