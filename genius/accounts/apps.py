"""The accounts app: the profile (time zone, email choices), sign-up, guests, names, throttles, the admin's user
forms."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "genius.accounts"
    label = "accounts"
    verbose_name = "Accounts"
