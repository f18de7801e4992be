"""Log-in and sign-up throttling.

Log-ins (django-axes, ``AXES_LOCKOUT_PARAMETERS`` points here). The finding was that five bad
guesses at a name locked that name for everyone behind the load balancer, while one guess at each
of many names was never slowed. Three locks now, each held to its own count of failures within the
cool-off (15 minutes):

- **name and address** (``AXES_FAILURE_LIMIT``, 5): one client guessing one account. Only someone
  at the owner's own address can trip it, so an attacker cannot lock the host out of their seat.
- **address** (``GENIUS_LOGIN_ADDRESS_LIMIT``, 10): one client spraying many names.
- **name** (``GENIUS_LOGIN_ACCOUNT_LIMIT``, 10): many clients on one account (a botnet).

The address and name locks never apply to a name at an address where that account has signed in
before (axes' access log): they stop strangers, not the owner at home. A lock by the name alone
without that exception would hand every stranger a button that locks the host out for everyone;
it is why there is no such lock. The real client address comes from ``addresses.client_address``.

Sign-ups: per client address, at most ``GENIUS_SIGNUPS_PER_HOUR`` accounts and
``GENIUS_SIGNUP_ATTEMPTS_PER_HOUR`` tries an hour, counted by django-ratelimit (``brakes``). When the
cache is down the throttle lets requests through (it is a brake, not a lock) and says so in the log.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from axes.helpers import get_client_username
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db.models import Sum
from django.utils import timezone

from genius.accounts import brakes
from genius.accounts.addresses import client_address

PAIR = ["username", "ip_address"]


def username_of(request: Any, credentials: dict | None = None) -> str | None:
    """The name tried (``AXES_USERNAME_CALLABLE``): from the credentials, else allauth's form field ``login``."""
    if credentials and credentials.get("username"):
        return credentials["username"]
    data = getattr(request, "POST", None) or {}
    return data.get("login") or data.get("username") or None


def _limit(limit: int) -> int:
    """A wider lock's limit, never below the pair's own (``AXES_FAILURE_LIMIT``)."""
    return max(int(limit), int(settings.AXES_FAILURE_LIMIT))


def _failures_since(since, **where: Any) -> int:
    rows = AccessAttempt.objects.filter(attempt_time__gte=since, **where)
    return rows.aggregate(total=Sum("failures_since_start"))["total"] or 0


def lockout_parameters(request_or_attempt: Any, credentials: dict | None = None) -> list:
    """The locks that apply to this log-in attempt (see the module's docstring).

    Axes locks when any listed group's failures reach ``AXES_FAILURE_LIMIT``; the address and
    name groups are listed only once they have reached their own, higher, limits.
    """
    if not hasattr(request_or_attempt, "META"):  # axes asks about a stored attempt: its own pair
        return [PAIR]
    request = request_or_attempt
    username = get_client_username(request, credentials)
    address = getattr(request, "axes_ip_address", None) or client_address(request)
    if username and address and AccessLog.objects.filter(username=username, ip_address=address).exists():
        return [PAIR]
    cool_off = settings.AXES_COOLOFF_TIME or timedelta(minutes=15)
    since = timezone.now() - cool_off
    params: list = [PAIR]
    if address and _failures_since(since, ip_address=address) >= _limit(settings.GENIUS_LOGIN_ADDRESS_LIMIT):
        params.append("ip_address")
    if username and _failures_since(since, username=username) >= _limit(settings.GENIUS_LOGIN_ACCOUNT_LIMIT):
        params.append("username")
    return params


#: The sign-up brakes' groups: tries (each post of the form) and accounts made, per client address.
TRIES = "signup-tries"
MADE = "signups"


def signup_refusal(address: str | None) -> str | None:
    """Why this address may not try to sign up now (None: it may); counts the try when allowed."""
    if brakes.used(MADE, address) >= int(settings.GENIUS_SIGNUPS_PER_HOUR):
        return "Too many accounts were made from your address in the last hour. Try again later."
    if brakes.refuse_or_count(TRIES, address, int(settings.GENIUS_SIGNUP_ATTEMPTS_PER_HOUR)) is not None:
        return "Too many sign-up attempts from your address in the last hour. Try again later."
    return None


def signup_made(address: str | None) -> None:
    """Count one account made from this address."""
    brakes.count(MADE, address)


def forget_signups(address: str | None) -> None:
    """Clear this address's sign-up counts (tests, and a host who lifts the brake)."""
    brakes.forget(TRIES, address)
    brakes.forget(MADE, address)
