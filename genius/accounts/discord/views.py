"""allauth's Discord OAuth2 adapter with the endpoints under ``settings.DISCORD_API_URL``."""

from __future__ import annotations

from allauth.socialaccount.providers.discord.views import DiscordOAuth2Adapter
from allauth.socialaccount.providers.oauth2.views import OAuth2CallbackView, OAuth2LoginView
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse

from genius.accounts.discord.links import discord_enabled


def api_url(path: str) -> str:
    """An address under the Discord API's base (``https://discord.com/api`` unless a test says otherwise)."""
    return str(settings.DISCORD_API_URL).rstrip("/") + path


class SettingsDiscordAdapter(DiscordOAuth2Adapter):
    """The same exchange as allauth's, at the addresses the settings give."""

    @property
    def authorize_url(self) -> str:
        return api_url("/oauth2/authorize")

    @property
    def access_token_url(self) -> str:
        return api_url("/oauth2/token")

    @property
    def profile_url(self) -> str:
        return api_url("/users/@me")


def only_when_enabled(view):
    """``view``, or a 404 while signing in with Discord is off (its keys not set)."""

    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not discord_enabled():
            raise Http404("Signing in with Discord is not set up on this site.")
        return view(request, *args, **kwargs)

    guarded.login_required = False  # type: ignore[attr-defined]  # allauth's marker on a view function
    return guarded


oauth2_login = only_when_enabled(OAuth2LoginView.adapter_view(SettingsDiscordAdapter))
oauth2_callback = only_when_enabled(OAuth2CallbackView.adapter_view(SettingsDiscordAdapter))
