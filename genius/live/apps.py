"""The live app (no models of its own: they live in genius.matches)."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "genius.live"
    label = "live"

    def ready(self) -> None:
        from genius.live import pushes
        from genius.live import signals as live_signals  # noqa: F401  (live sockets close when their viewer goes)
        from genius.matches import events

        events.listen(pushes.push_announced)  # services say a match changed; the live layer pushes it on commit
