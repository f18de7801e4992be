"""The Bigfoot Sighting engine: each method hands the work to the module holding the rule.

Where to find a rule:

- seats and settings, and the first state: :mod:`.settings`;
- whose turn it is and on which board, the open phase, the items' rules (the extra tree, the Mulligan),
  the score: :mod:`.state`;
- what a move may do: :mod:`.moves` (checking) and :func:`.moves.play` (applying);
- refusing a bad submission: :mod:`.checks`; a missing one and a bot's: :mod:`.defaults`;
- the layout choice, the turns, the Mulligan taken back, the end on the scores: :mod:`.resolving`;
- the clock (turn lengths, reserve time, conceding): :mod:`.clock`;
- what a viewer sees (view, board text, panel, legal moves): :mod:`.views`, put together as the game's
  observer in :mod:`.observer`; the web form: :mod:`.forms`.

The engine never changes the state it is given.
"""

from __future__ import annotations

from typing import Any

from games.bigfoot_sighting import clock, forms, views
from games.bigfoot_sighting.checks import check_submission
from games.bigfoot_sighting.defaults import bot_submission, default_submission
from games.bigfoot_sighting.observer import BigfootObserver
from games.bigfoot_sighting.resolving import resolve_phase
from games.bigfoot_sighting.settings import new_state
from games.bigfoot_sighting.state import CLOCK_DEFAULTS, ITEMS, SLUG, TITLE, finished, phase_spec, placement, score
from games.engines.protocol import Outcome, Payload, Resolution, State
from games.engines.spec import ConfigField, FormSlot, GameSpec, Offers, PageParts, Ranking
from games.kit.placement import rank_from
from games.kit.steps import Steps, StepsEngine


class BigfootSighting(StepsEngine):
    """Two boards, roles swapped: each player fells trees on one and hunts as Bigfoot on the other."""

    observer_type = BigfootObserver
    spec = GameSpec(
        slug=SLUG,
        title=TITLE,
        summary="A live two-player duel: fell trees with your lumberjacks on one board, hunt them as Bigfoot "
                "on the other.",
        min_players=2,
        max_players=2,
        phase_kinds=("setup", "turn"),
        offers=Offers(live_clock=True, reserve=True, move_hints=True, death_match=True,
                      death_match_items=tuple(ITEMS.items()), at_once_keys=("mulligan",)),
        page=PageParts(scripts=("bigfoot_sighting/bigfoot.js",),  # the clickable boards and the clocks
                       styles=("bigfoot_sighting/bigfoot.css",),
                       form_slots=(FormSlot("bf-check", "small", polite=True),  # the instant check's line
                                   FormSlot("bf-pad", "fieldset"))),  # the button pad
        config=(
            ConfigField("boards", "Candidate boards", "text", lines=8,
                        help="Three boards as text, one row a line, cells . T F A–E split by spaces, a blank line "
                             "between boards. Leave empty to generate them from the seed."),
            ConfigField("items", "Items", "seat_each", choices=tuple(ITEMS.items()),
                        help="Who holds each item (an item given to nobody is not played). "
                             "Leave empty to draw them from the seed."),
            ConfigField("turn_s", "Turn length", "seconds", default=CLOCK_DEFAULTS["turn_s"], lo=5, hi=3600,
                        help="Each turn lasts this long."),
            ConfigField("setup_s", "Set-up step length", "seconds", default=CLOCK_DEFAULTS["setup_s"], lo=5,
                        hi=3600, help="Each board pick, and the extra tree, lasts this long."),
            ConfigField("reserve_s", "Reserve time", "seconds", default=CLOCK_DEFAULTS["reserve_s"], lo=10,
                        hi=3600, help="Each player's reserve for the whole match."),
        ),
        ranking=Ranking(
            tie_rule="the winner is placed 1 and the loser 2; on a draw both are placed 1.",
            score=("point", "points"),
        ),
    )
    #: The open phase, submissions, resolution and move form: the rules' own functions.
    steps = Steps(phase=phase_spec, finished=finished, check=check_submission, default=default_submission,
                  bot=bot_submission, resolve=resolve_phase, forms=forms)

    # --- set-up ---------------------------------------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        return new_state(players, config, garnets, seed)

    # --- applying (the open phase, submissions and resolution are its steps) -----------------
    def instant(self, state: State, player: str, payload: Payload) -> Resolution | None:
        """Nothing in this game is answered at once: every submission waits for the turn to resolve."""
        return None

    # --- the clock -----------------------------------------------------------------------------------
    def spend_reserve(self, state: State, player: str, seconds: float) -> Resolution:
        return clock.spend_reserve(state, player, seconds)

    def spend_reserves(self, state: State, used: dict[str, float]) -> Resolution:
        return clock.both_out_at_once(state, used) or super().spend_reserves(state, used)

    def clock_seconds(self, state: State, kind: str) -> float | None:
        return clock.clock_seconds(state, kind)

    def concede(self, state: State, player: str) -> Resolution:
        return clock.concede(state, player)

    # --- reading ---------------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        """The winner and loser of the Death Match (both None on a draw) and the placement; no ToL, no EC."""
        if not finished(state):
            return None
        result = state["result"]
        places = placement(state)
        return Outcome(winner=result["winner"], loser=result["loser"], placement=places,
                       standing=dict(rank_from(places, {p: score(state, p) for p in places})))

    def legal_moves(self, state: State, player: str) -> dict[str, Any]:
        return views.legal_moves(state, player)


#: The engine the registry loads.
ENGINE = BigfootSighting()

__all__ = ["ENGINE", "BigfootSighting"]
