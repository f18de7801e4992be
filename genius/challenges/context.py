"""Template context every page gets: how many challenges wait for the signed-in player's answer (the nav's
"Challenges (N)")."""

from __future__ import annotations

from django.http import HttpRequest

from genius.challenges import services


def challenges(request: HttpRequest) -> dict[str, int | bool]:
    """``challenges_nav``: whether to link the challenges (signed-in, not a guest); ``challenges_incoming``: N."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or services.is_guest_account(user):
        return {"challenges_nav": False, "challenges_incoming": 0}
    return {"challenges_nav": True, "challenges_incoming": services.incoming_count(user)}
