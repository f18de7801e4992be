"""The Discord provider, as allauth's, with the adapter of :mod:`genius.accounts.discord.views`."""

from __future__ import annotations

from allauth.socialaccount.providers.discord.provider import DiscordProvider

from genius.accounts.discord.views import SettingsDiscordAdapter


class SettingsDiscordProvider(DiscordProvider):
    """``discord``: its URLs are this package's (``urls.py``), its endpoints the settings'."""

    oauth2_adapter_class = SettingsDiscordAdapter


provider_classes = [SettingsDiscordProvider]
