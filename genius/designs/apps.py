"""The designs app: game designs hosts write on the site, kept as validated documents."""

from django.apps import AppConfig


class DesignsConfig(AppConfig):
    name = "genius.designs"
    label = "designs"
    verbose_name = "Game designs"
