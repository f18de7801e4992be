"""The accounts app: the profile (time zone, email choices), forms, throttles and the admin's user forms."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "genius.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from genius.accounts import guests
        from genius.matches import scheduler

        scheduler.add_sweep(guests.sweep)  # idle guests removed once a day, on either clock
