"""URLs of the challenges (mounted at ``challenges/``); the player's page is mounted at ``players/<name>/``."""

from django.urls import path

from genius.challenges import views

urlpatterns = [
    path("", views.challenge_list, name="challenges"),
    path("new/", views.new_challenge, name="challenge-new"),
    path("<int:pk>/state/", views.state, name="challenge-state"),
    path("<int:pk>/accept/", views.answer, {"action": "accept"}, name="challenge-accept"),
    path("<int:pk>/decline/", views.answer, {"action": "decline"}, name="challenge-decline"),
    path("<int:pk>/cancel/", views.answer, {"action": "cancel"}, name="challenge-cancel"),
]

#: ``players/``: a player's page, with its Challenge button.
player_urlpatterns = [
    path("<str:name>/", views.player, name="player"),
]
