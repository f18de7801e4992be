"""The timed challenges app: it hands the answers given in time to the resolution (``outside_inputs``)."""

from django.apps import AppConfig


class TimedConfig(AppConfig):
    name = "genius.timed"
    label = "timed"
    verbose_name = "Timed challenges"

    def ready(self) -> None:
        from genius.matches.services import outside_inputs
        from genius.timed import services

        outside_inputs.register(services.AnswersSource(), names=(services.SUBMITTER,))
