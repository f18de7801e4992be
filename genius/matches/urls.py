"""URLs of the matches app: the home page, the match pages, practice, rules, Death Matches."""

from django.urls import path

from genius.matches import (
    action_views,
    concede_views,
    dm_views,
    hints_and_clock_json,
    lobby_views,
    practice_views,
    replay_views,
    ruling_views,
    views,
)

#: A match's own pages, under ``matches/<pk>/``: ``genius.urls`` tries them first (a move, the live page and the
#: match page are the site's busiest requests; resolving them after every other app's patterns cost a twentieth
#: of a move's CPU).
match_urlpatterns = [
    path("", views.match_detail, name="match"),
    path("submit/", views.match_submit, name="match-submit"),
    path("action/", action_views.match_action, name="match-action"),
    path("join/", views.match_join, name="match-join"),
    path("leave/", lobby_views.leave, name="match-leave"),
    path("accept/", lobby_views.answer, {"action": "accept"}, name="match-accept"),
    path("decline/", lobby_views.answer, {"action": "decline"}, name="match-decline"),
    path("withdraw/", lobby_views.withdraw, name="match-withdraw"),
    path("live/", views.match_live, name="match-live"),
    path("replay/", replay_views.match_replay, name="match-replay"),
    path("export/", views.match_export, name="match-export"),
    path("control/", views.host_control, name="match-control"),
    path("ruling/", ruling_views.match_ruling, name="match-ruling"),
    path("rules/", views.match_rules, name="match-rules"),
    path("hints/", hints_and_clock_json.move_hints, name="match-hints"),
    path("clock/", hints_and_clock_json.live_clock, name="match-clock"),
    path("concede/", concede_views.concede, name="match-concede"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("practice/<slug:game>/", practice_views.start, name="practice"),
    path("me/matches/", views.my_matches, name="my-matches"),
    path("me/wallet/", views.wallet, name="wallet"),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("dm/new/", dm_views.new_death_match, name="dm-new"),
]
