"""The notify app: emails, webhooks, and the alert rounds it sends (its one model)."""

from django.apps import AppConfig


class NotifyConfig(AppConfig):
    name = "genius.notify"
    label = "notify"
