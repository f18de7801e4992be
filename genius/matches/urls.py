"""URLs of the matches app: the home page, the match pages, practice, rules, Death Matches."""

from django.urls import path

from genius.matches.views import (
    act,
    actions,
    concede,
    death_matches,
    hints_and_clock_json,
    lobby,
    pages,
    practice,
    replay,
    ruling,
)

#: A match's own pages, under ``matches/<pk>/``: ``genius.urls`` tries them first (a move, the live page and the
#: match page are the site's busiest requests; resolving them after every other app's patterns cost a twentieth
#: of a move's CPU).
match_urlpatterns = [
    path("", pages.match_detail, name="match"),
    path("submit/", pages.match_submit, name="match-submit"),
    path("action/", actions.match_action, name="match-action"),
    path("act/", act.match_act, name="match-act"),
    path("join/", pages.match_join, name="match-join"),
    path("leave/", lobby.leave, name="match-leave"),
    path("accept/", lobby.answer, {"action": "accept"}, name="match-accept"),
    path("decline/", lobby.answer, {"action": "decline"}, name="match-decline"),
    path("withdraw/", lobby.withdraw, name="match-withdraw"),
    path("live/", pages.match_live, name="match-live"),
    path("replay/", replay.match_replay, name="match-replay"),
    path("export/", pages.match_export, name="match-export"),
    path("control/", pages.host_control, name="match-control"),
    path("ruling/", ruling.match_ruling, name="match-ruling"),
    path("rules/", pages.match_rules, name="match-rules"),
    path("hints/", hints_and_clock_json.move_hints, name="match-hints"),
    path("clock/", hints_and_clock_json.live_clock, name="match-clock"),
    path("concede/", concede.concede, name="match-concede"),
]

urlpatterns = [
    path("", pages.home, name="home"),
    path("practice/<slug:game>/", practice.start, name="practice"),
    path("me/matches/", pages.my_matches, name="my-matches"),
    path("me/wallet/", pages.wallet, name="wallet"),
    path("rules/<slug:game>/", pages.rules, name="rules"),
    path("dm/new/", death_matches.new_death_match, name="dm-new"),
]
