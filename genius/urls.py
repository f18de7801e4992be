"""The project's URLs."""

from django.contrib import admin
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.urls import include, path, re_path
from django.views.generic import RedirectView

from genius.accounts import urls as account_urls
from genius.challenges import urls as challenge_urls
from genius.matches import urls as match_urls


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the compose health check: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})


#: The models that left the matches app (its admin label ``games``) for the seasons and notify apps: the admin's
#: old addresses (bookmarks, links in old messages) redirect to where they are now.
MOVED_ADMIN = {"seasons": "season|seasonplayer|episode|decision|seasonannouncement",
               "notify": "webhookdelivery|notice"}


def moved_admin_pages() -> list:
    return [re_path(rf"^admin/games/(?P<model>{models})/(?P<rest>.*)$",
                    RedirectView.as_view(url=f"/admin/{app}/%(model)s/%(rest)s", permanent=True, query_string=True))
            for app, models in MOVED_ADMIN.items()]


urlpatterns = [
    path("healthz", healthz),
    path("matches/<int:pk>/", include(match_urls.match_urlpatterns)),  # first: the busiest requests
    path("matches/<int:pk>/talk/", include("genius.talk.urls")),
    path("matches/<int:pk>/poll/", include("genius.polls.urls")),
    path("matches/<int:pk>/challenge/", include("genius.timed.urls")),
    *moved_admin_pages(),
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
