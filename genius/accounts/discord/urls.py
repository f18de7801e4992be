"""``/accounts/discord/login/`` and its callback (allauth's pattern, this package's views)."""

from allauth.socialaccount.providers.oauth2.urls import default_urlpatterns

from genius.accounts.discord.provider import SettingsDiscordProvider

urlpatterns = default_urlpatterns(SettingsDiscordProvider)
