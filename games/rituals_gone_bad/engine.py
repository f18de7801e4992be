"""The Rituals Gone Bad engine: seven rituals × (preparation, summoning), then the EC decision if needed.

Each method hands the work to the module holding the rule (see the package's
``__init__``). The engine never changes the state it is given.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import (
    ConfigError,
    Outcome,
    Payload,
    Resolution,
    State,
    SubmissionError,
    fresh,
    rng_for,
)
from games.engines.spec import ConfigField, GameSpec, Offers, Ranking
from games.kit.checks import wallets
from games.kit.placement import place_by, rank_by
from games.kit.steps import Steps, StepsEngine
from games.rituals_gone_bad import forms
from games.rituals_gone_bad.checks import check_submission
from games.rituals_gone_bad.defaults import bot_submission, default_submission
from games.rituals_gone_bad.lookups import FIELD as LOOKUP
from games.rituals_gone_bad.lookups import buy, check_lookup, merge_instant
from games.rituals_gone_bad.observer import RitualsObserver
from games.rituals_gone_bad.resolving import resolve_phase
from games.rituals_gone_bad.rituals import DECISION, SEATS, SLUG, TITLE, actors, finished, new_state, phase_spec

#: The config keys this game reads (MATCHFILE "rituals-gone-bad").
CONFIG_KEYS = ("leaders",)


class RitualsGoneBad(StepsEngine):
    """Seven players; each ritual one Cult Leader pairs the six cultists, everyone predicts monsters."""

    observer_type = RitualsObserver
    spec = GameSpec(
        slug=SLUG,
        title=TITLE,
        summary="Seven players; each ritual a Cult Leader pairs the six cultists and everyone predicts the monsters.",
        phases=14,
        min_players=SEATS,
        max_players=SEATS,
        phase_kinds=("main", "decision"),
        # Look-ups are answered at once; the platform puts their fields in a form of their own.
        offers=Offers(instant_keys=(LOOKUP,), decisions=True),
        config=(
            ConfigField("leaders", "Cult Leaders, ritual 1 first", "seat_order",
                        help="Every player leads one ritual. Leave empty to draw the order from the seed."),
        ),
        ranking=Ranking(
            tie_rule="by points; players with equal points are ordered by a draw from the match's seed.",
            score=("point", "points"),
        ),
    )
    #: The open phase, submissions, resolution and move form: the rules' own functions.
    steps = Steps(phase=phase_spec, finished=finished, check=check_submission, default=default_submission,
                  bot=bot_submission, resolve=resolve_phase, forms=forms)

    # --- set-up ------------------------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        check_seats(players)
        if not isinstance(config, dict):
            raise ConfigError("config", "The settings must be an object of named entries.")
        for key in config:
            if key not in CONFIG_KEYS:
                raise ConfigError(key, f"Unknown setting; Rituals Gone Bad reads only: {', '.join(CONFIG_KEYS)}.")
        if "leaders" in config:
            leaders = check_leaders(players, config["leaders"])
        else:
            leaders = list(players)
            rng_for(seed, 0, "leaders").shuffle(leaders)
        return new_state(players, leaders, wallets(garnets, players), seed)

    # --- applying (the open phase, submissions and resolution are its steps) -----------------
    def instant(self, state: State, player: str, payload: Payload) -> Resolution | None:
        """Buy the look-ups of ``payload`` at once (the rest of the payload is ignored here)."""
        raw = (payload or {}).get(LOOKUP)
        if not raw:
            return None
        if player not in actors(state) or state["step"] == DECISION:
            raise SubmissionError(LOOKUP, "Look-ups are only sold during the rituals.")
        slots = check_lookup(state, player, raw)
        new = fresh(state)
        lines, changes = buy(new, player, slots)
        return Resolution(new, lines, changes)

    def merge_instant(self, payload: Payload | None, instant_payload: Payload | None) -> Payload:
        """A submission with instant look-ups folded in (``[1]`` then ``[3]`` gives ``[1, 3]``), for export."""
        return merge_instant(payload, instant_payload)

    # --- reading ------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if not finished(state):
            return None
        pending = None
        if state["step"] == DECISION:
            decision = state["decision"]
            pending = {"decide": "ec", "between": list(decision["between"]), "deciders": list(decision["deciders"])}
        return Outcome(
            tol=dict(state["tol"]),
            tol_to_give={},
            ec=list(state["ec"]),
            pending=pending,
            garnets_earned=dict(state["payout"]),
            dm_pick_order=list(state["ec"]),
            placement=place_by(state["players"], state["points"].__getitem__, state["seed"]),
            standing=dict(rank_by(state["players"], state["points"].__getitem__)),
        )


def check_seats(players: Any) -> None:
    """Exactly seven different, non-empty seat names."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ConfigError("players", "The seats must be a list of names.")
    if len(players) != SEATS:
        raise ConfigError("players", f"Rituals Gone Bad is played by exactly {SEATS} players, not {len(players)}.")
    if len(set(players)) != len(players):
        raise ConfigError("players", "Two seats have the same name.")


def check_leaders(players: list[str], leaders: Any) -> list[str]:
    """Config ``leaders``: the seven players in ritual order, each once."""
    if not isinstance(leaders, list) or not all(isinstance(name, str) for name in leaders):
        raise ConfigError("leaders", "Give the Cult Leaders as a list of the 7 player names, ritual 1 first.")
    for name in leaders:
        if name not in players:
            raise ConfigError("leaders", f"{name} is not a player of this match.")
        if leaders.count(name) > 1:
            raise ConfigError("leaders", f"{name} is named more than once: every player leads exactly one ritual.")
    if len(leaders) != SEATS:
        missing = [p for p in players if p not in leaders]
        raise ConfigError("leaders", f"Every player leads one ritual; missing: {', '.join(missing)}.")
    return list(leaders)


#: The engine the registry loads.
ENGINE = RitualsGoneBad()

__all__ = ["ENGINE", "RitualsGoneBad"]
