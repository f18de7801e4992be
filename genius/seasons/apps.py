"""The seasons app (no models of its own: they live in genius.matches)."""

from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "genius.seasons"
    label = "seasons"

    def ready(self) -> None:
        from genius.matches import scheduler
        from genius.matches.models import Match
        from genius.matches.signals import match_finished
        from genius.notify import due
        from genius.seasons import invitations
        from genius.seasons.services.decisions import sweep
        from genius.seasons.services.results import match_finished_receiver

        match_finished.connect(match_finished_receiver, sender=Match,
                               dispatch_uid="genius.seasons.on_match_finished")
        due.add_source(invitations.owed_answers)  # "boss invites you to play in …" in the page's alert region
        scheduler.add_sweep(sweep)  # due decisions, reminder emails, webhook retries on every tick
