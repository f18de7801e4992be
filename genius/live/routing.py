"""Websocket routes, and the websocket application the ASGI server runs."""

from typing import Any

from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.urls import path, re_path

from genius.live.consumers import MatchConsumer, unknown_path
from genius.live.origins import StrictOriginValidator

websocket_urlpatterns = [
    path("ws/matches/<int:pk>/", MatchConsumer.as_asgi()),
    # Any other path: refused with 4404, never a server error. (django-stubs types re_path's view as an HTTP
    # view; Channels' URLRouter routes ASGI applications with it.)
    re_path(r"", unknown_path),  # type: ignore[arg-type]
]


def websocket_application() -> Any:
    """Pages of this site only (scheme, host and port), signed in by their session, routed above."""
    return StrictOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
