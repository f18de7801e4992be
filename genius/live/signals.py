"""Live sockets close when their viewer goes: on sign-out, when a seat changes hands, and when a person's
roles change (a membership's role changed or removed, an entry in a season: their host sockets look again).

Connected in ``GamesConfig.ready``. The consumers also drop any seat frame whose holder is not
their user (``genius.live.consumers``): these signals only make the close immediate.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_delete, post_init, post_save
from django.dispatch import receiver

from genius.communities.models import Membership
from genius.live import pushes as live
from genius.matches.models import Seat
from genius.seasons.models import SeasonPlayer

_UNKNOWN = object()
#: The key of the seat's holder when loaded, in the instance's ``__dict__``.
_HOLDER = "_live_holder"


@receiver(user_logged_out, dispatch_uid="games.live.sign_out")
def close_signed_out_sockets(sender: Any, request: Any = None, **kwargs: Any) -> None:
    """Signing out closes the session's sockets (sent before Django flushes the session)."""
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        live.close_session_sockets(key)


@receiver(post_init, sender=Seat, dispatch_uid="games.live.seat_loaded")
def remember_holder(sender: Any, instance: Seat, **kwargs: Any) -> None:
    """Remember who held the seat when it was loaded (a save compares), in the instance's own dict: this
    module's note on the row, not a field of the model."""
    instance.__dict__[_HOLDER] = instance.__dict__.get("user_id", _UNKNOWN)


@receiver(post_save, sender=Seat, dispatch_uid="games.live.seat_saved")
def close_on_new_holder(sender: Any, instance: Seat, created: bool, **kwargs: Any) -> None:
    """A seat given to someone else (or taken by a host of the match): close the sockets it concerns
    once the change is committed."""
    before = None if created else instance.__dict__.get(_HOLDER, _UNKNOWN)
    now = instance.user_id
    instance.__dict__[_HOLDER] = now
    if before == now:
        return
    match_id, seat_id = instance.match_id, instance.pk
    transaction.on_commit(lambda: live.close_seat_sockets(match_id, seat_id, now), using=kwargs.get("using"))


@receiver(post_delete, sender=Seat, dispatch_uid="games.live.seat_deleted")
def close_on_seat_deleted(sender: Any, instance: Seat, **kwargs: Any) -> None:
    match_id, seat_id = instance.match_id, instance.pk
    transaction.on_commit(lambda: live.close_seat_sockets(match_id, seat_id, None), using=kwargs.get("using"))


def _recheck_on_commit(user_id: int, using: str | None) -> None:
    transaction.on_commit(lambda: live.recheck_user_sockets(user_id), using=using)


@receiver(post_save, sender=Membership, dispatch_uid="games.live.role_changed")
def recheck_on_role_change(sender: Any, instance: Membership, created: bool, **kwargs: Any) -> None:
    """A role changed (a host demoted, say): the person's host sockets look again once it is committed."""
    if not created and not kwargs.get("raw"):
        _recheck_on_commit(instance.user_id, kwargs.get("using"))


@receiver(post_delete, sender=Membership, dispatch_uid="games.live.membership_removed")
def recheck_on_removal(sender: Any, instance: Membership, **kwargs: Any) -> None:
    """Removed from a community (or left it): their host sockets of its matches close once it is committed."""
    _recheck_on_commit(instance.user_id, kwargs.get("using"))


@receiver(post_save, sender=SeasonPlayer, dispatch_uid="games.live.season_entry")
def recheck_on_season_entry(sender: Any, instance: SeasonPlayer, created: bool, **kwargs: Any) -> None:
    """A host entered in a season is a player of it: their host sockets of its matches close."""
    if created and not kwargs.get("raw"):
        _recheck_on_commit(instance.user_id, kwargs.get("using"))
