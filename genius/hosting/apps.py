"""The hosting app (no models of its own: they live in genius.matches)."""

from django.apps import AppConfig


class HostingConfig(AppConfig):
    name = "genius.hosting"
    label = "hosting"
