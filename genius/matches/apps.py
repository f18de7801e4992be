"""The matches app: models of matches, seats, phases, submissions, logs and ledgers, their services and pages.

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
        from genius.matches import scheduler, tasks
        from genius.matches.models import Match
        from genius.matches.services import bot_actions, guest_cleanup, live_turns, replays
        from genius.matches.signals import match_finished

        scheduler.register("celery", tasks.resolve_at)  # live turns get a Celery task due at their deadline
        scheduler.add_sweep(guest_cleanup.sweep)  # idle guests removed once a day, on either clock
        scheduler.add_sweep(live_turns.send_reminders)  # the dealer's reminders, on every tick of either clock
        scheduler.add_sweep(bot_actions.take_bot_actions)  # bots take random legal actions, one a phase each
        match_finished.connect(replays.on_match_finished, sender=Match, dispatch_uid="genius.matches.play_again")
