"""The talk app: it hears every change of a match and brings its channels in line with the rules."""

from django.apps import AppConfig


class TalkConfig(AppConfig):
    name = "genius.talk"
    label = "talk"
    verbose_name = "Match talk"

    def ready(self) -> None:
        from genius.matches import events
        from genius.talk import following

        events.listen(following.schedule_sync)  # after a change commits, the channels follow the rules
