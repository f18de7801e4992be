"""Helpers for the designer's pages: a design of the host's, and the page's errors as plain text."""

from __future__ import annotations

import html
import re

import pytest
from django.core.cache import cache

from genius.designs import services


@pytest.fixture(autouse=True)
def _fresh_brakes():
    """The tries' brakes count in the cache, which outlives a test's database: each test starts afresh."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def design(host):
    """A fresh design of ``host`` (the blank one: phase "Round" with a yes/no field, 3–10 players)."""
    return services.create(host, "Auction of Secrets")


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


def text_of(response) -> str:
    """The page as text (tags dropped, entities read), for "the page says …" checks."""
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def errors_of(response) -> list[str]:
    """The messages shown beside the boxes (``field-error``) and at the top of the form."""
    page = response.content.decode()
    found = re.findall(r'class="field-error"[^>]*>([^<]*)<', page)
    top = re.search(r'id="problems".*?</section>', page, re.S)
    if top:
        found += re.findall(r"<li>([^<]*)</li>", top.group(0))
    found += re.findall(r'class="msg msg-error"[^>]*>([^<]*)<', page)
    return [html.unescape(e).strip() for e in found]


def box_errors(response, box: str) -> list[str]:
    """The messages shown beside one box (``id="box-<name>"``)."""
    page = response.content.decode()
    part = re.search(rf'id="box-{box}".*?(?=<div class="design-box"|<div class="design-actions")', page, re.S)
    return [html.unescape(e).strip() for e in re.findall(r'class="field-error"[^>]*>([^<]*)<', part.group(0))] \
        if part else []
