"""The talk app (its channels follow the rules when read or posted to: ``genius.talk.following``)."""

from django.apps import AppConfig


class TalkConfig(AppConfig):
    name = "genius.talk"
    label = "talk"
    verbose_name = "Match talk"

    def ready(self) -> None:
        from genius.talk import admin, socket  # noqa: F401  (the admin registers itself)

        socket.register()  # talk frames over the match's websocket
