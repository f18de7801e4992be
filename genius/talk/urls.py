"""The talk's addresses, under ``matches/<pk>/talk/``."""

from django.urls import path

from genius.talk import views

urlpatterns = [
    path("", views.transcript, name="talk-transcript"),
    path("say/", views.post, name="talk-post"),
    path("report/<int:message_id>/", views.report, name="talk-report"),
    path("reports/<int:report_id>/seen/", views.report_seen, name="talk-report-seen"),
]
