"""The accounts app: no models, only forms, throttles and the admin's user forms."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "genius.accounts"
    label = "accounts"
    verbose_name = "Accounts"
