"""URLs of the games app."""

from django.urls import include, path

from genius.matches import concede_views, dm_views, lobby_views, practice_views, replay_views, ruling_views, views
from genius.seasons import views as season_views

urlpatterns = [
    path("", views.home, name="home"),
    path("signup/", views.signup, name="signup"),
    path("practice/<slug:game>/", practice_views.start, name="practice"),
    path("me/matches/", views.my_matches, name="my-matches"),
    path("me/wallet/", views.wallet, name="wallet"),
    path("matches/<int:pk>/", views.match_detail, name="match"),
    path("matches/<int:pk>/submit/", views.match_submit, name="match-submit"),
    path("matches/<int:pk>/join/", views.match_join, name="match-join"),
    path("matches/<int:pk>/leave/", lobby_views.leave, name="match-leave"),
    path("matches/<int:pk>/live/", views.match_live, name="match-live"),
    path("matches/<int:pk>/replay/", replay_views.match_replay, name="match-replay"),
    path("matches/<int:pk>/export/", views.match_export, name="match-export"),
    path("matches/<int:pk>/control/", views.host_control, name="match-control"),
    path("matches/<int:pk>/ruling/", ruling_views.match_ruling, name="match-ruling"),
    path("season-rules/", season_views.season_rules, name="season-rules"),
    path("seasons/<slug:slug>/", season_views.season_detail, name="season"),
    path("seasons/<slug:slug>/host/", season_views.season_host, name="season-host"),
    path("seasons/<slug:slug>/wallet/", season_views.season_wallet, name="season-wallet"),
    path("season-archives/", include("genius.seasons.archive_views")),  # download and import a whole season
    path("decisions/<int:pk>/", season_views.decision_detail, name="decision"),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("matches/<int:pk>/rules/", views.match_rules, name="match-rules"),
    path("dm/new/", dm_views.new_death_match, name="dm-new"),
    path("matches/<int:pk>/hints/", dm_views.move_hints, name="match-hints"),
    path("matches/<int:pk>/clock/", dm_views.live_clock, name="match-clock"),
    path("matches/<int:pk>/concede/", concede_views.concede, name="match-concede"),
]
