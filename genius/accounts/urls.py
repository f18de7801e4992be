"""A person's own pages: sign-up and the profile."""

from django.urls import path

from genius.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("me/profile/", views.profile, name="profile"),
]
