"""House bots hold no place in the season (RULINGS, "House bots in a season"), in every game whose own
rules hand out the awards: whole bot matches with house bots seated never give one of them a Token of
Life, a Token to give, an EC place, a decision to make, a Death Match pick or a garnet payout."""

from __future__ import annotations

import pytest

from games.engines import house_bots
from games.engines.registry import get_engine, slugs
from games.engines.runner import bot_move, play_phase

#: Games whose engine decides the season awards (a custom game's host decides them in a ruling).
GAMES = [s for s in slugs() if get_engine(s).max_players > 2 and not get_engine(s).spec.offers.host_rulings]


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_no_season_award_goes_to_a_house_bot(slug, seed):
    engine = get_engine(slug)
    players = [f"p{i}" for i in range(engine.max_players)]
    bots = players[len(players) // 2 + 1:]
    state = house_bots.seat(engine.setup(list(players), {}, {p: 3 for p in players}, seed), bots)
    while (spec := engine.phase(state)) is not None:
        if spec.kind == "decision":
            assert not set(spec.actors) & set(bots), f"{slug}: a house bot decides"
        moves = {p: bot_move(engine, state, seed, spec, p) for p in spec.actors}
        state = play_phase(engine, state, seed, moves).resolution.state
    outcome = engine.outcome(state)
    named = (set(outcome.tol) | set(outcome.tol_to_give) | set(outcome.ec) | set(outcome.dm_pick_order)
             | {p for p, n in outcome.garnets_earned.items() if n})
    assert not named & set(bots), (slug, seed, named & set(bots))
    assert outcome.ec and set(outcome.ec) <= set(players) - set(bots)  # every match names a season player EC
    assert state[house_bots.KEY] == bots
