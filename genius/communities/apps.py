"""The communities app: communities, their members' roles, invitations and join requests."""

from django.apps import AppConfig


class CommunitiesConfig(AppConfig):
    name = "genius.communities"
    label = "communities"
    default_auto_field = "django.db.models.BigAutoField"
