"""The challenges app: a player challenges another to a Death Match game; the other accepts or declines."""

from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "genius.challenges"
    label = "challenges"

    def ready(self) -> None:
        from genius.challenges import services
        from genius.matches import scheduler
        from genius.notify import due

        scheduler.add_sweep(services.sweep)  # stale challenges expire (also checked whenever one is listed)
        due.add_source(services.owed_answers)  # "ana challenges you to …" in the page's alert region
