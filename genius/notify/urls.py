"""URLs of the notify app."""

from django.urls import path

from genius.notify import views

urlpatterns = [
    path("me/due/", views.due_now, name="me-due"),
    path("me/due/dismiss/", views.dismiss_due, name="me-due-dismiss"),
]
