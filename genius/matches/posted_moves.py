"""A posted move read for the submission view, two ways that must agree
(``tests/matches/test_posted_move_twins.py``):

- :func:`read_posted`, the fast way: the engine's fields remembered per version of the match's state
  (``genius.matches.move_fields``), and a move the engine accepts read without building the Django form
  (``genius.engine_forms.moves.accepted_move``); the form is built only when the move is refused, to say why.
- :func:`read_posted_plainly`, its plain twin: the move form built and asked, always.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from games.engines.protocol import Engine, Payload, State
from genius.engine_forms.moves import MoveForm, accepted_move
from genius.matches.move_fields import move_fields


@dataclass
class PostedMove:
    """A post read: ``payload`` when the move is accepted (None: refused), ``form`` when one was built."""

    payload: Payload | None
    form: MoveForm | None
    make_form: Callable[[], MoveForm]

    def the_form(self) -> MoveForm:
        """The move form of this post (built now if it was not), to put a refusal beside its field."""
        if self.form is None:
            self.form = self.make_form()
        return self.form


def read_posted(engine: Engine, state: State | None, player: str, data: Any, *, instant: bool, checks: bool,
                version: Hashable | None) -> PostedMove:
    """The post read the fast way. ``checks=False`` (a form sent for a phase that is over) leaves the engine's
    check to the services; ``version`` names the state exactly (the match's id and row version; None: unknown)."""
    fields = move_fields(engine, state, player, version)

    def make_form() -> MoveForm:
        return MoveForm(engine, state, player, data, instant=instant, checks=checks, fields=fields)

    payload = accepted_move(engine, state, player, data, fields, instant=instant, version=version) if checks else None
    if payload is not None:
        return PostedMove(payload, None, make_form)
    return _asked(make_form)


def read_posted_plainly(engine: Engine, state: State | None, player: str, data: Any, *, instant: bool,
                        checks: bool) -> PostedMove:
    """:func:`read_posted`'s plain twin: the engine's fields asked again and the form built."""

    def make_form() -> MoveForm:
        return MoveForm(engine, state, player, data, instant=instant, checks=checks)

    return _asked(make_form)


def _asked(make_form: Callable[[], MoveForm]) -> PostedMove:
    form = make_form()
    return PostedMove(form.payload if form.is_valid() else None, form, make_form)
