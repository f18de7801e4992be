"""The communities app: communities, their members' roles, invitations and join requests."""

from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import pre_delete


def _hand_ownership_on(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A deleted account's communities keep an owner (``services.hand_ownership_on``)."""
    from genius.communities import services

    services.hand_ownership_on(instance)


class CommunitiesConfig(AppConfig):
    name = "genius.communities"
    label = "communities"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        pre_delete.connect(_hand_ownership_on, sender=settings.AUTH_USER_MODEL,
                           dispatch_uid="communities-hand-ownership-on")
