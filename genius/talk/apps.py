"""The talk app (its channels follow the rules when read or posted to: ``genius.talk.following``)."""

from django.apps import AppConfig


class TalkConfig(AppConfig):
    name = "genius.talk"
    label = "talk"
    verbose_name = "Match talk"
