"""The Discord provider's app (allauth registers the providers of installed apps)."""

from django.apps import AppConfig


class DiscordConfig(AppConfig):
    name = "genius.accounts.discord"
    label = "genius_discord"
    verbose_name = "Sign in with Discord"
