"""The timed challenge's address, under ``matches/<pk>/challenge/``."""

from django.urls import path

from genius.timed import views

urlpatterns = [path("", views.challenge, name="timed-challenge")]
