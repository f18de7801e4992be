"""URLs of the host pages (mounted at ``host/``)."""

from django.urls import path

from genius.hosting import views

urlpatterns = [
    path("", views.index, name="host-index"),
    path("<slug:slug>/new/", views.new_lobby, name="host-new-lobby"),
    path("matches/<int:pk>/setup/", views.lobby_setup, name="host-lobby-setup"),
]
