"""The matches app: models of matches, seats, phases, submissions, seasons and ledgers, and their services.

Its label stays ``games`` (the app's name before the site moved to ``genius/``), so existing databases,
migrations, content types and admin addresses carry over unchanged.
"""

from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "genius.matches"
    label = "games"
    verbose_name = "Genius matches"

    def ready(self) -> None:
        from genius.matches import ruling_alerts, scheduler, tasks
        from genius.matches.models import Match
        from genius.matches.services import live_turns, replays, seating
        from genius.matches.signals import match_finished
        from genius.notify import due

        scheduler.register("celery", tasks.resolve_at)  # live turns get a Celery task due at their deadline
        scheduler.add_sweep(live_turns.send_reminders)  # the dealer's reminders, on every tick of either clock
        due.add_source(seating.full_lobbies)  # "Your lobby is full: start it" for its host
        match_finished.connect(replays.on_match_finished, sender=Match, dispatch_uid="genius.matches.play_again")
        due.add_source(ruling_alerts.rulings_waiting)  # "The rules stopped: rule by hand" for the match's host
