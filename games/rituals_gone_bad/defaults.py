"""What a player who sends nothing gets (the seed's defaults), and a bot's random legal move.

- A cultist who does not choose a book gets a random book.
- A leader who does not pair the cultists gets a random pairing.
- A missing prediction is no prediction (0 points).
- A decider who names nobody abstains (``"ec": null``); if no decider names anyone,
  the Elimination Candidate is drawn at random among the tied players.
"""

from __future__ import annotations

import random

from games.engines.protocol import Payload, State
from games.rituals_gone_bad.chart import BOOKS, MONSTERS
from games.rituals_gone_bad.lookups import FIELD as LOOKUP
from games.rituals_gone_bad.lookups import buyable, payload_value, target
from games.rituals_gone_bad.pairing import PAIRS, in_cultist_order, random_pairing
from games.rituals_gone_bad.rituals import DECISION, PREPARATION, cultists_of, current


def default_submission(state: State, player: str, rng: random.Random) -> Payload:
    """The default of ``player`` for the open phase, marked ``"default": true``."""
    if state["step"] == DECISION:
        return {"ec": None, "default": True}
    record = current(state)
    is_leader = record["leader"] == player
    if state["step"] == PREPARATION and is_leader:
        return {"pairs": random_pairing(cultists_of(state, record), rng), "default": True}
    if state["step"] == PREPARATION:
        return {"book": rng.choice(BOOKS), "default": True}
    return {"predict": [None] * PAIRS if is_leader else None, "default": True}


def bot_submission(state: State, player: str, rng: random.Random) -> Payload:
    """A random legal move; now and then it buys an affordable look-up."""
    if state["step"] == DECISION:
        return {"ec": rng.choice(state["decision"]["between"])}
    record = current(state)
    is_leader = record["leader"] == player
    payload: Payload
    if state["step"] == PREPARATION and is_leader:
        cultists = cultists_of(state, record)  # written as the form writes it, so a bot's move posts unchanged
        payload = {"pairs": in_cultist_order(random_pairing(cultists, rng), cultists)}
    elif state["step"] == PREPARATION:
        payload = {"book": rng.choice(BOOKS)}
    elif is_leader:
        payload = {"predict": [rng.choice((None, *MONSTERS)) for _ in range(PAIRS)]}
    else:
        payload = {"predict": rng.choice((None, *MONSTERS))}
    slots = [s for s in buyable(state, player) if rng.random() < 0.3][: state["garnets"][player]]
    if slots and (asked := target(state)) is not None:  # slots to buy: there is a record to ask about
        payload[LOOKUP] = payload_value(asked, player, slots)
    return payload
