"""The notify app (no models of its own: they live in genius.matches)."""

from django.apps import AppConfig


class NotifyConfig(AppConfig):
    name = "genius.notify"
    label = "notify"
