"""URLs of the seasons app: a season's pages, decisions, the season rules, archives and the host's season pages."""

from django.urls import include, path

from genius.seasons import host_views, views

urlpatterns = [
    path("season-rules/", views.season_rules, name="season-rules"),
    path("seasons/<slug:slug>/", views.season_detail, name="season"),
    path("seasons/<slug:slug>/host/", views.season_host, name="season-host"),
    path("seasons/<slug:slug>/play/", views.season_play, name="season-play"),
    path("seasons/<slug:slug>/wallet/", views.season_wallet, name="season-wallet"),
    path("season-archives/", include("genius.seasons.archive_views")),  # download and import a whole season
    path("decisions/<int:pk>/", views.decision_detail, name="decision"),
    path("host/seasons/new/", host_views.new_season, name="host-new-season"),
    path("host/seasons/<slug:slug>/players/", host_views.add_players, name="season-add-players"),
]
