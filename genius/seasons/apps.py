"""The seasons app (no models of its own: they live in genius.matches)."""

from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "genius.seasons"
    label = "seasons"
