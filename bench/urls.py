"""The app's URLs plus ``/bench/insert/``: a bare Django view doing one INSERT (the yardstick)."""

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

TABLE = "bench_insert"


@csrf_exempt
def bare_insert(request: HttpRequest) -> HttpResponse:
    """One INSERT and a tiny response, through the same middleware as every page."""
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {TABLE} (at) VALUES (now())")
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/insert/", bare_insert),
    path("", include("genius.urls")),
]
