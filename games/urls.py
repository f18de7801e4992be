"""URLs of the games app."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("signup/", views.signup, name="signup"),
    path("me/matches/", views.my_matches, name="my-matches"),
    path("me/wallet/", views.wallet, name="wallet"),
    path("matches/<int:pk>/", views.match_detail, name="match"),
    path("matches/<int:pk>/submit/", views.match_submit, name="match-submit"),
    path("matches/<int:pk>/join/", views.match_join, name="match-join"),
    path("matches/<int:pk>/live/", views.match_live, name="match-live"),
    path("matches/<int:pk>/export/", views.match_export, name="match-export"),
    path("matches/<int:pk>/control/", views.host_control, name="match-control"),
    path("seasons/<slug:slug>/", views.season_detail, name="season"),
    path("rules/<slug:game>/", views.rules, name="rules"),
]
