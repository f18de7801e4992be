"""For the test suite: the world as the migration to communities leaves an existing site.

``genius.communities.migrations.0002_first_community`` puts every season and hosted match into a first
community whose owners are the staff users. The tests written before communities create seasons, lobbies
and staff hosts without naming a community; :func:`connected` makes them land the same way: a season or a
hosted match saved without a community goes into the "house" community (a season's match into its
season's), a staff user is one of its owners, everyone else one of its members (so anyone may take its
lobbies' seats, as before). Practice matches and challenges stay outside, as the migration leaves them.
Tests of communities themselves name their communities, and are not changed by this.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save, pre_save

from genius.accounts.names import GUEST_PREFIX
from genius.communities.models import Community, Membership, Role
from genius.matches.models import Match
from genius.seasons.models import Season

SLUG = "house"
#: The sorts of match made outside any community (``Match.origin``).
OUTSIDE = (Match.Origin.PRACTICE, Match.Origin.CHALLENGE)


def house() -> Community:
    community, _ = Community.objects.get_or_create(
        slug=SLUG, defaults={"name": "House", "joining": Community.Joining.OPEN})
    return community


def _season(sender: Any, instance: Season, raw: bool = False, **kwargs: Any) -> None:
    if not raw and instance.community_id is None:
        instance.community = house()


def _match(sender: Any, instance: Match, raw: bool = False, **kwargs: Any) -> None:
    if raw or instance.community_id is not None:
        return
    if instance.season_id is not None:
        instance.community_id = Season.objects.filter(pk=instance.season_id).values_list("community_id",
                                                                                          flat=True).first()
    elif instance.origin not in OUTSIDE:
        instance.community = house()


def _user(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    if raw or instance.get_username().startswith(GUEST_PREFIX):  # guests join no community
        return
    role = Role.OWNER if instance.is_staff else Role.MEMBER
    membership, made = Membership.objects.get_or_create(community=house(), user=instance, defaults={"role": role})
    if not made and role == Role.OWNER and membership.role != Role.OWNER:
        membership.role = Role.OWNER
        membership.save(update_fields=["role"])


@contextmanager
def connected() -> Iterator[None]:
    user_model = get_user_model()
    pre_save.connect(_season, sender=Season, dispatch_uid="house-season")
    pre_save.connect(_match, sender=Match, dispatch_uid="house-match")
    post_save.connect(_user, sender=user_model, dispatch_uid="house-user")
    try:
        yield
    finally:
        pre_save.disconnect(sender=Season, dispatch_uid="house-season")
        pre_save.disconnect(sender=Match, dispatch_uid="house-match")
        post_save.disconnect(sender=user_model, dispatch_uid="house-user")
