"""The fake game registered for the host pages' tests."""

from __future__ import annotations

import pytest

from games.engines import registry

from .fake import SLUG, FakeEngine


@pytest.fixture
def fake_game(monkeypatch) -> str:
    """``fake-game`` in the registry for one test."""
    monkeypatch.setitem(registry.GAME_MODULES, SLUG, "tests.hosting.fake")
    monkeypatch.setitem(registry._cache, SLUG, FakeEngine())
    return SLUG
