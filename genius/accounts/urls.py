"""The signed-in person's own pages."""

from django.urls import path

from genius.accounts import views

urlpatterns = [
    path("me/profile/", views.profile, name="profile"),
    path("me/due/", views.due_now, name="me-due"),
]
