"""The seasons app (no models of its own: they live in genius.matches)."""

from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "genius.seasons"
    label = "seasons"

    def ready(self) -> None:
        from genius.matches import scheduler
        from genius.matches.models import Match
        from genius.matches.signals import match_finished
        from genius.seasons import services

        match_finished.connect(services.match_finished_receiver, sender=Match,
                               dispatch_uid="genius.seasons.on_match_finished")
        scheduler.add_sweep(services.sweep)  # due decisions, reminder emails, webhook retries on every tick
