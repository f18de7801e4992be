"""The poll's address, under ``matches/<pk>/poll/``."""

from django.urls import path

from genius.polls import views

urlpatterns = [path("", views.poll, name="poll")]
