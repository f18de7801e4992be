"""The project's URLs."""

from django.contrib import admin
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.urls import include, path

from genius.accounts import urls as account_urls
from genius.challenges import urls as challenge_urls


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the compose health check: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})


urlpatterns = [
    path("healthz", healthz),
    path("admin/", admin.site.urls),
    path("accounts/", include(account_urls.account_urlpatterns)),
    path("", include("genius.seasons.urls")),  # before host/: its host/seasons/… pages
    path("host/", include("genius.hosting.urls")),
    path("designs/", include("genius.designs.urls")),
    path("challenges/", include("genius.challenges.urls")),
    path("c/", include("genius.communities.urls")),
    path("players/", include(challenge_urls.player_urlpatterns)),
    path("", include("genius.accounts.urls")),
    path("", include("genius.notify.urls")),
    path("", include("genius.matches.urls")),
]
