"""A host who is not staff opens the design admin's pages (issue 37's page walk found them answering 500)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from genius.communities import services as communities
from genius.designs import services as designs

pytestmark = pytest.mark.django_db


def test_a_host_who_is_not_staff_opens_the_design_admins_add_and_change_pages(make_user):
    cache.clear()
    host = make_user("hugo")
    communities.create_community(host, name="Hugo's table")
    design = designs.create(host, "Hugo's game")
    client = Client()
    client.force_login(host)
    for url in (reverse("admin:designs_gamedesign_add"), reverse("admin:designs_gamedesign_change", args=[design.pk])):
        response = client.get(url)
        assert response.status_code == 200, url
        assert b'name="owner"' in response.content
