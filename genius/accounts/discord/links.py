"""Which players linked a Discord account, and whether signing in with Discord is on."""

from __future__ import annotations

from collections.abc import Iterable

from allauth.socialaccount.models import SocialAccount
from django.conf import settings


def discord_enabled() -> bool:
    """Signing in with Discord is on only when both keys are set (``GENIUS_DISCORD_CLIENT_ID``, ``_SECRET``)."""
    apps = settings.SOCIALACCOUNT_PROVIDERS.get("discord", {}).get("APPS") or []
    return any(app.get("client_id") and app.get("secret") for app in apps)


def discord_name(user) -> str:
    """The Discord user name linked to this account, or "" (none linked)."""
    account = SocialAccount.objects.filter(provider="discord", user_id=user.pk).first()
    if account is None:
        return ""
    data = account.extra_data if isinstance(account.extra_data, dict) else {}
    return str(data.get("username") or data.get("global_name") or account.uid)


def discord_ids(user_ids: Iterable[int]) -> dict[int, str]:
    """Each user's linked Discord id (a snowflake, digits only), for those who linked one: one query."""
    rows = SocialAccount.objects.filter(provider="discord", user_id__in=list(user_ids)).values_list("user_id", "uid")
    return {user_id: uid for user_id, uid in rows if uid.isdigit()}
