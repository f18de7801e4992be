"""URLs of the matches app: the home page, the match pages, practice, rules, Death Matches."""

from django.urls import path

from genius.matches import (
    concede_views,
    dm_views,
    hints_and_clock_json,
    lobby_views,
    practice_views,
    replay_views,
    ruling_views,
    views,
)

urlpatterns = [
    path("", views.home, name="home"),
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
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("matches/<int:pk>/rules/", views.match_rules, name="match-rules"),
    path("dm/new/", dm_views.new_death_match, name="dm-new"),
    path("matches/<int:pk>/hints/", hints_and_clock_json.move_hints, name="match-hints"),
    path("matches/<int:pk>/clock/", hints_and_clock_json.live_clock, name="match-clock"),
    path("matches/<int:pk>/concede/", concede_views.concede, name="match-concede"),
]
