"""The site reaches the design document's checks through the spec of the game that plays designs."""

from __future__ import annotations

import pytest

from games.engines.registry import design_tools, get_engine
from genius.designs import documents


def test_the_design_checks_are_the_ones_the_designs_game_declares_in_its_spec():
    tools = design_tools()
    assert tools is not None and tools is get_engine("custom-game").spec.design_tools
    assert documents.validate_design(documents.blank_design("Auction")) == tools.validate(tools.blank("Auction"))
    assert documents.field_kinds() == tools.field_kinds


def test_with_no_game_that_plays_designs_a_design_is_refused_with_a_clear_problem(monkeypatch):
    monkeypatch.setattr(documents, "design_tools", lambda: None)
    with pytest.raises(documents.DesignError, match="no game installed here plays hosts' designs"):
        documents.validate_design({"title": "x"})
    assert documents.field_kinds() == ()
