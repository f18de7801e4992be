"""Community pages, under ``/c/``."""

from django.urls import path

from genius.communities import views

urlpatterns = [
    path("", views.community_list, name="communities"),
    path("new/", views.new_community, name="community-new"),
    path("join/<str:token>/", views.invitation, name="community-invitation"),
    path("<slug:slug>/", views.community_page, name="community"),
    path("<slug:slug>/join/", views.join, name="community-join"),
    path("<slug:slug>/leave/", views.leave, name="community-leave"),
    path("<slug:slug>/members/", views.members, name="community-members"),
    path("<slug:slug>/invitations/", views.invitations, name="community-invitations"),
    path("<slug:slug>/settings/", views.community_settings, name="community-settings"),
]
