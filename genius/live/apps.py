"""The live app (no models of its own: they live in genius.matches)."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "genius.live"
    label = "live"
