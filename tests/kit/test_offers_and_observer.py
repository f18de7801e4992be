"""The kit refuses a game whose spec offers what its engine lacks, and checks one observer a game."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from games.engines import registry
from games.engines.protocol import Engine, Observer, Resolution, SpecError, State, Viewer
from games.engines.spec import GameSpec, Offers
from games.kit import testing as kit

RESERVE = GameSpec("clockwork", "Clockwork", "A duel on the clock.", 2, 2, offers=Offers(reserve=True))


class ClockworkObserver(Observer):
    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return {}

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        return {}


def test_a_spec_offering_reserve_without_spend_reserve_is_refused_when_the_game_is_defined() -> None:
    with pytest.raises(SpecError) as refused:

        class Clockwork(Engine):
            spec = RESERVE

            def concede(self, state: State, player: str) -> Resolution:
                return Resolution(state)

    assert str(refused.value) == "Clockwork (clockwork) offers reserve, but its engine does not implement spend_reserve"


def test_a_game_given_such_a_spec_later_is_refused_by_the_kit_and_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    class Clockwork(Engine):
        observer_type = ClockworkObserver

    Clockwork.spec = RESERVE  # past the check made when the class was defined
    engine = Clockwork()
    with pytest.raises(AssertionError, match="offers reserve, but its engine does not implement spend_reserve, concede"):
        kit.check_offers_implemented(engine)
    module = types.ModuleType("clockwork_engine")
    module.ENGINE = engine  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "clockwork_engine", module)
    monkeypatch.setitem(registry.GAME_MODULES, "clockwork", "clockwork_engine")
    with pytest.raises(SpecError, match="Clockwork \\(clockwork\\) offers reserve"):
        registry.get_engine("clockwork")
    assert "clockwork" not in registry._cache


def test_every_offer_names_the_methods_it_needs() -> None:
    with pytest.raises(SpecError, match="offers move_hints, but its engine does not implement legal_moves"):

        class Hinted(Engine):
            spec = GameSpec("hinted", "Hinted", "", 2, 2, offers=Offers(move_hints=True))

    with pytest.raises(SpecError, match="offers host_rulings, but .* ruling_form, check_ruling, rule, bot_ruling"):

        class Ruled(Engine):
            spec = GameSpec("ruled", "Ruled", "", 2, 2, offers=Offers(host_rulings=True))


def test_a_game_offering_nothing_special_needs_nothing_special() -> None:
    class Plain(Engine):
        spec = GameSpec("plain", "Plain", "", 2, 2)
        observer_type = ClockworkObserver

    kit.check_offers_implemented(Plain())
    kit.check_observer(Plain())


def test_a_game_without_an_observer_of_its_own_is_refused_by_the_kit() -> None:
    class Blind(Engine):
        spec = GameSpec("blind", "Blind", "", 2, 2)

    with pytest.raises(AssertionError, match="set observer_type to the game's own Observer subclass"):
        kit.check_observer(Blind())


def test_an_engine_that_keeps_a_view_of_its_own_is_refused_by_the_kit() -> None:
    class TwoViews(Engine):
        spec = GameSpec("two-views", "Two Views", "", 2, 2)
        observer_type = ClockworkObserver

        def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
            return {"stale": True}

    with pytest.raises(AssertionError, match="the engine still has view; they belong to its observer"):
        kit.check_observer(TwoViews())
