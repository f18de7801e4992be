"""URLs of the host pages (mounted at ``host/``)."""

from django.urls import path

from genius.hosting import views
from genius.seasons import host_views as season_host_views

urlpatterns = [
    path("", views.index, name="host-index"),
    path("seasons/new/", season_host_views.new_season, name="host-new-season"),
    path("seasons/<slug:slug>/players/", season_host_views.add_players, name="season-add-players"),
    path("<slug:slug>/new/", views.new_lobby, name="host-new-lobby"),
    path("matches/<int:pk>/setup/", views.lobby_setup, name="host-lobby-setup"),
]
