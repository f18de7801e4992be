"""The games app."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Genius games"

    def ready(self) -> None:
        from games import live_signals  # noqa: F401  (live sockets close when their viewer goes)
