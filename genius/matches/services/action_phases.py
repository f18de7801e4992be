"""A phase of actions only: a seat whose form in the open phase has no field, in a game that offers actions
(``GameSpec.offers.actions``). Its actions are its moves: the page shows no move form, and no move is stored for
the seat (no bot's move, no default at the close); the game's close reads its answers as empty."""

from __future__ import annotations

from games.engines.protocol import Engine, State


def takes_no_move(engine: Engine, state: State | None, name: str) -> bool:
    """Whether seat ``name`` is asked for no move in the open phase of ``state`` (its actions stand for it)."""
    if not engine.spec.offers.actions or state is None:
        return False
    spec = engine.phase(state)
    return spec is not None and name in spec.actors and not engine.form_fields(state, name)
