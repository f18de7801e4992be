"""A move the engine accepts is read without building the move form (``genius.engine_forms.moves.accepted_move``): it must
read every post exactly as the form does, for every game's fields (boxes, choices, multiple choices, switches) and
any text (any code point, NULs, lone surrogates, look-alike digits, mentions, repeated fields): the same payload
when the form is valid, nothing when it is not (the form then says why)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.http import QueryDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import registry
from games.engines.protocol import Engine, Field, State
from games.kit import testing as kit
from genius.engine_forms.moves import MoveForm, accepted_move
from tests.games.test_standard_kit import playouts
from tests.security.strategies import form_body, form_value

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
GAMES = registry.slugs()


def moments(slug: str) -> list[tuple[State, str]]:
    """(state, actor) at a few open phases of a whole bot match of the game, each kind of phase once or so."""
    engine = registry.get_engine(slug)
    found: list[tuple[State, str]] = []
    for state in playouts(slug)[0].states[:: 3]:
        spec = engine.phase(state)
        if spec is not None and spec.actors and engine.form_fields(state, spec.actors[0]):
            found.append((state, spec.actors[0]))
    return found[:6]


def same_reading(engine: Engine, state: State, player: str, body: str, instant: bool) -> None:
    data = QueryDict(body)
    fields = engine.form_fields(state, player)
    form = MoveForm(engine, state, player, data, instant=instant, fields=fields)
    fast = accepted_move(engine, state, player, data, fields, instant=instant)
    if form.is_valid():
        assert fast == form.payload, (body, fast, form.payload)
    else:
        assert fast is None, (body, fast, form.errors)


def legal_body(engine: Engine, state: State, player: str) -> dict[str, Any]:
    """A bot's move as its form would post it (as the benchmark's players post theirs)."""
    spec = engine.phase(state)
    assert spec is not None
    values = engine.form_initial(state, player, kit.bot_move(engine, state, 7, spec, player))
    body: dict[str, Any] = {}
    for f in engine.form_fields(state, player):
        value = values.get(f.name)
        if value is None or value == "" or value is False:
            continue
        body[f.name] = [str(v) for v in value] if isinstance(value, list | tuple) else (
            "on" if f.kind == "bool" else str(value))
    return body


@pytest.mark.parametrize("slug", GAMES)
def test_a_move_read_without_the_form_reads_every_post_as_the_form_does(slug: str) -> None:
    engine = registry.get_engine(slug)
    cases = moments(slug)
    assert cases, f"{slug}: no phase with a form in a whole match"
    accepted = 0
    for state, player in cases:
        for instant in (False, True):
            body = form_body(legal_body(engine, state, player))
            same_reading(engine, state, player, body, instant)
            accepted += accepted_move(engine, state, player, QueryDict(body), engine.form_fields(state, player),
                                      instant=instant) is not None
    assert accepted, f"{slug}: no legal move was read (the test would prove nothing)"

    names = sorted({f.name for state, player in cases for f in engine.form_fields(state, player)})

    @FUZZ
    @given(st.sampled_from(cases), st.dictionaries(st.sampled_from(names), form_value, max_size=len(names)),
           st.booleans())
    def hostile(case: tuple[State, str], data: dict[str, Any], instant: bool) -> None:
        state, player = case
        same_reading(engine, state, player, form_body({**legal_body(engine, state, player), **data}), instant)

    hostile()


class EchoEngine:
    """A game that takes any move and reads it as typed: the reading of the values itself is compared (a real
    engine may strip or refuse what a wrong reading would let through). One field of every kind; ``look`` is
    answered at once."""

    spec = SimpleNamespace(offers=SimpleNamespace(instant_keys=("look",)))
    FIELDS = [Field("box", "A box"), Field("pick", "A choice", "choice", (("", "Choose…"), ("a", "A"))),
              Field("many", "Some", "multichoice", (("x", "X"), ("y", "Y"))), Field("on", "A switch", "bool"),
              Field("count", "A number", "int"), Field("look", "Look", "bool")]

    def form_fields(self, state: State, player: str) -> list[Field]:
        return list(self.FIELDS)

    def parse_form(self, state: State, player: str, values: dict[str, Any]) -> dict[str, Any]:
        return dict(values)

    def check(self, state: State, player: str, payload: dict[str, Any]) -> dict[str, Any]:
        return payload


@FUZZ
@given(st.dictionaries(st.sampled_from([f.name for f in EchoEngine.FIELDS] + ["other"]),
                       st.one_of(form_value, st.sampled_from(["true", "FALSE", "false", "0", "on", ""]))),
       st.booleans())
def test_every_kind_of_field_is_read_as_the_form_reads_it(data: dict[str, Any], instant: bool) -> None:
    engine: Any = EchoEngine()
    same_reading(engine, {"open": True}, "ana", form_body(data), instant)


def test_a_box_holding_a_nul_goes_to_the_form_which_refuses_it_in_its_own_words() -> None:
    engine: Any = EchoEngine()
    data = QueryDict(form_body({"box": "two\x00", "on": "on"}))
    assert accepted_move(engine, {"open": True}, "ana", data, EchoEngine.FIELDS) is None
    form = MoveForm(engine, {"open": True}, "ana", data, fields=EchoEngine.FIELDS)
    assert not form.is_valid() and "Null characters are not allowed." in str(form.errors)
    fine = QueryDict(form_body({"box": " two ", "many": ["y", "x"], "on": "false"}))
    assert accepted_move(engine, {"open": True}, "ana", fine, EchoEngine.FIELDS) == {
        "box": " two ", "pick": "", "many": ["y", "x"], "on": "", "count": ""}
