"""The polls app: it hands the outsiders' answers to the resolution through ``genius.matches.services.outside_inputs``."""

from django.apps import AppConfig


class PollsConfig(AppConfig):
    name = "genius.polls"
    label = "polls"
    verbose_name = "Polls from outside the match"

    def ready(self) -> None:
        from genius.matches.services import outside_inputs
        from genius.polls import services

        outside_inputs.register(services.AnswersSource(), names=outside_inputs.OUTSIDE)
