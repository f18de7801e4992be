"""Black and White: the engine (its spec, seats and settings, phases, checking, defaults, resolving, the log,
reserve time and concessions, the outcome).

Where to find a rule:

- the tiles and their colours: :mod:`.tiles`;
- who wins a round, who plays first next, when the match is decided: :mod:`.rules`;
- the phase that is open and who plays in it: :func:`.state.phase_spec`;
- what a move may be: :meth:`BlackAndWhite.check` (checking) and :func:`play_tile` (applying);
- what each viewer sees: :mod:`.views`; the form: :mod:`.forms`; the board drawing: :mod:`.board_svg`;
- the clock (turn length, reserve time, conceding): :mod:`.clock`, :meth:`BlackAndWhite.spend_reserve`,
  :meth:`BlackAndWhite.concede`;
- what is secret to each seat (the standard kit's leak check): :mod:`.leaks`.

The state is plain JSON data (see :mod:`.state`). Each phase is one player's tile: the round's
first player, then the second. Nothing in the public log or the public view names a number
until the match is over. The game's declared spec (:attr:`BlackAndWhite.spec`) is what the site reads.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import (
    HOST,
    ConfigError,
    Engine,
    EngineError,
    Field,
    LogLine,
    Outcome,
    Payload,
    PhaseSpec,
    Resolution,
    Seat,
    State,
    SubmissionError,
    fresh,
    rng_for,
)
from games.engines.spec import ConfigField, GameSpec, Offers, Ranking
from games.kit.checks import open_phase_for, two_seats, wallets
from games.kit.numbers import shown
from games.kit.placement import rank_from
from games.kit.reserve import reminder_due, used_text

from . import forms
from .clock import CLOCK_DEFAULTS, clock_setting
from .observer import BlackAndWhiteObserver
from .rules import (
    ROUNDS,
    Result,
    draw_first_player,
    first_next_round,
    match_result,
    placement,
    round_winner,
    rounds_left,
)
from .state import SLUG, TITLE, Round, is_over, open_round, other, phase_spec, points_text, rounds_played
from .tiles import TILES, a_colour, colour, lowest, tiles_text

CONFIG_KEYS = ("first", *CLOCK_DEFAULTS)
#: Why a match ended by a concession: the player gave up, or their reserve time ran out.
CONCEDED = ("concede", "reserve")


# --- seats and settings -------------------------------------------------------------------------


def check_seats(players: list[str]) -> list[str]:
    """Exactly two different, named seats."""
    return two_seats(players, "Black and White")


def check_config(config: Any) -> dict[str, Any]:
    """Only the known settings (a typo is refused rather than ignored)."""
    if config is None:
        return {}
    if not isinstance(config, dict):
        raise ConfigError("config", "the settings must be an object such as {\"first\": \"ana\"}")
    unknown = sorted(set(config) - set(CONFIG_KEYS), key=str)
    if unknown:
        raise ConfigError(str(unknown[0]), f"Black and White has no setting '{unknown[0]}'; the settings are "
                                           f"first (who plays first in round 1), turn_s and reserve_s (seconds)")
    return dict(config)


def first_player(value: Any, players: list[str], seed: int) -> tuple[str, bool]:
    """Who plays first in round 1: the host's choice, or drawn from the seed. Returns (name, drawn)."""
    if value is None:
        return draw_first_player(players, rng_for(seed, 0, "first")), True
    if not isinstance(value, str) or value not in players:
        raise ConfigError("first", f"first must name one of the two players ({' or '.join(players)}), not {value!r}")
    return value, False


def new_round(number: int, first: str, second: str) -> Round:
    return {"number": number, "first": first, "second": second, "tiles": {}, "defaulted": [],
            "done": False, "winner": None}


# --- texts -------------------------------------------------------------------------------------------


def score_text(state: State, winner: str) -> str:
    """``5–2`` from the winner's side."""
    return f"{state['points'][winner]}–{state['points'][other(state, winner)]}"


def record_text(state: State) -> str:
    """Every tile played, round by round (public only once the match is over)."""
    parts = []
    for r in state["rounds"]:
        if not r["tiles"]:
            continue
        tiles = ", ".join(f"{p} {r['tiles'][p]}" for p in (r["first"], r["second"]) if p in r["tiles"])
        parts.append(f"round {r['number']}: {tiles}")
    return "; ".join(parts)


# --- changing the state (on a fresh copy) ---------------------------------------------------------


def play_tile(state: State, current: Round, player: str, payload: Payload, log: list[LogLine]) -> None:
    """The player's tile leaves their hand face down: everyone learns its colour; they and the host its number."""
    tile = payload["tile"]
    if isinstance(tile, bool) or not isinstance(tile, int) or tile not in state["tiles"][player]:
        raise EngineError(f"{player} does not hold the tile {tile!r}")
    state["tiles"][player].remove(tile)
    current["tiles"][player] = tile
    missed = bool(payload.get("default"))
    if missed:
        current["defaulted"].append(player)
    number, shade = current["number"], colour(tile)
    if player == current["first"]:
        log.append(LogLine(f"Round {number}: {player} plays first: {a_colour(shade)}."))
        verb, host_verb = "play", "plays"
    else:
        log.append(LogLine(f"Round {number}: {player} answers with {a_colour(shade)}."))
        verb, host_verb = "answer with", "answers with"
    if missed:
        log.append(LogLine(f"Round {number}: you sent no tile in time, so your lowest tile, {tile} ({shade}), "
                           f"is played for you.", Seat(player)))
        log.append(LogLine(f"Round {number}: {player} sent no tile in time; their lowest tile, {tile}, is played.",
                           HOST))
    else:
        log.append(LogLine(f"Round {number}: you {verb} your {tile} ({shade}).", Seat(player)))
        against = ""
        if player == current["second"]:
            first = current["first"]
            against = f" against {first}'s {current['tiles'][first]}"
        log.append(LogLine(f"Round {number}: {player} {host_verb} {tile}{against}.", HOST))


def close_round(state: State, current: Round, log: list[LogLine]) -> None:
    """Both tiles are down: the higher scores a point (only the result is told), then the next round or the end."""
    first, second = current["first"], current["second"]
    winner = round_winner(first, current["tiles"][first], second, current["tiles"][second])
    current["done"] = True
    current["winner"] = winner
    number = current["number"]
    if winner is None:
        log.append(LogLine(f"Round {number} is a tie: nobody scores. Points: {points_text(state)}."))
    else:
        state["points"][winner] += 1
        log.append(LogLine(f"{winner} wins round {number}. Points: {points_text(state)}."))
    result = match_result(state["points"], rounds_played(state))
    if result is not None:
        finish(state, result, log)
        return
    nxt = first_next_round(first, winner)
    again = " again" if nxt == first and winner is None else ""
    state["rounds"].append(new_round(number + 1, nxt, other(state, nxt)))
    log.append(LogLine(f"Round {number + 1}: {nxt} plays first{again}."))


def finish(state: State, result: Result, log: list[LogLine]) -> None:
    """The match is over: the full record for everyone, then the verdict (the last line: the result pages show it)."""
    played = rounds_played(state)
    record = record_text(state)
    log.append(LogLine(f"The tiles played: {record}." if record else "No tile was played."))
    unplayed = [f"{p} {tiles_text(state['tiles'][p])}" for p in state["players"] if state["tiles"][p]]
    if unplayed:
        log.append(LogLine(f"Tiles still in hand when the match ended, never played: {'; '.join(unplayed)}."))
    if result.reason in CONCEDED:
        log.append(LogLine(f"{result.loser} concedes: {result.winner} wins the Death Match "
                           f"(points: {points_text(state)})."))
    elif result.winner is None:
        log.append(LogLine(f"Equal points after {ROUNDS} rounds ({points_text(state)}): the Death Match is a draw; "
                           f"as every drawn Death Match, it is played again."))
    else:
        if result.reason == "early":
            lead = state["points"][result.winner] - state["points"][other(state, result.winner)]
            left = rounds_left(played)
            log.append(LogLine(f"{result.winner} leads by {lead} with {left} round{'s' if left != 1 else ''} left "
                               f"and can no longer be caught."))
        log.append(LogLine(f"{result.winner} wins the Death Match {score_text(state, result.winner)}; "
                           f"{result.loser} loses it."))
    state["result"] = {"winner": result.winner, "loser": result.loser, "reason": result.reason}


def concede_match(state: State, loser: str, log: list[LogLine], reason: str) -> None:
    """``loser`` gives up (``reason``: ``concede``, or ``reserve`` when their reserve time ran out): the other
    player wins. A round not begun is dropped; a round half played stays, unfinished, in the record."""
    current = open_round(state)
    if current is not None and not current["tiles"]:
        state["rounds"].remove(current)
    if reason == "reserve":
        log.append(LogLine(f"{loser} has run out of reserve time."))
    finish(state, Result(other(state, loser), loser, reason), log)


# --- the engine ----------------------------------------------------------------------------------------


class BlackAndWhite(Engine):
    """Nine tiles each, played face down one round at a time; the higher number wins the round."""

    observer_type = BlackAndWhiteObserver
    spec = GameSpec(
        slug=SLUG,
        title=TITLE,
        summary="A live two-player Death Match: nine numbered tiles each, played face down one round at a time; "
                "the higher number wins the round, and only its colour is shown.",
        min_players=2,
        max_players=2,
        phase_kinds=("turn",),
        offers=Offers(live_clock=True, reserve=True, death_match=True),
        config=(
            ConfigField("first", "First player in round 1", "seat",
                        help="Who plays first in round 1. Leave empty to draw them from the seed."),
            ConfigField("turn_s", "Turn length", "seconds", default=CLOCK_DEFAULTS["turn_s"], lo=5, hi=3600,
                        help="Each tile's turn lasts this long."),
            ConfigField("reserve_s", "Reserve time", "seconds", default=CLOCK_DEFAULTS["reserve_s"], lo=10,
                        hi=3600, help="Each player's reserve for the whole match; at zero the player concedes."),
        ),
        ranking=Ranking(
            tie_rule=("More points wins. Equal points after 9 rounds is a draw; as for every Death Match, a drawn one is "
                      "played again (a new match between the same two players)."),
            score=("point", "points"),
        ),
    )

    # --- set-up ---------------------------------------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        """Check the seats and settings; draw the first player from the seed when the host did not set one."""
        players = check_seats(players)
        config = check_config(config)
        first, drawn = first_player(config.get("first"), players, seed)
        clock = {key: clock_setting(config, key) for key in CLOCK_DEFAULTS}
        second = players[1] if first == players[0] else players[0]
        return {
            "game": SLUG,
            "players": players,
            "garnets": wallets(garnets, players),
            "first": first,
            "first_drawn": drawn,
            "tiles": {p: list(TILES) for p in players},
            "points": dict.fromkeys(players, 0),
            "rounds": [new_round(1, first, second)],
            "clock": clock,
            "reserve_s": {p: clock["reserve_s"] for p in players},
            "phase_no": 0,
            "result": None,
        }

    # --- the open phase -------------------------------------------------------------------------------
    def phase(self, state: State) -> PhaseSpec | None:
        """One player's tile (kind "turn"): the round's first player, then the second; None once over."""
        return phase_spec(state)

    def finished(self, state: State) -> bool:
        """True once a player can no longer be caught or all 9 rounds are played (there is no decision after)."""
        return is_over(state)

    # --- submissions -----------------------------------------------------------------------------------
    def check(self, state: State, player: str, payload: Payload) -> Payload:
        """The normalized submission ``{"tile": 5}`` (or ``{"concede": True}``), or SubmissionError naming the field.

        Only the player whose turn it is may send one (:func:`~games.kit.checks.open_phase_for`). The tile
        must be a whole number (not a bool, a float or a text) that the player still holds.
        """
        open_phase_for(self, state, player, payload)
        fields = {k: v for k, v in payload.items() if k != "default"}
        for key in fields:
            if key not in ("tile", "concede"):
                raise SubmissionError(str(key), f"'{key}' is not part of a move; send only your tile")
        concede = fields.pop("concede", None)
        if concede is not None and not isinstance(concede, bool):
            raise SubmissionError("concede", "Concede is yes or no (true or false)")
        if concede:
            return {"concede": True}
        held = state["tiles"][player]
        offer = f"your tiles left are {tiles_text(held)}"
        if fields.get("tile") is None:
            raise SubmissionError("tile", f"Choose a tile: {offer}")
        tile = fields["tile"]
        if isinstance(tile, bool) or not isinstance(tile, int):
            raise SubmissionError("tile", f"A tile is a whole number from 0 to 8, not {shown(tile)}; {offer}")
        if tile not in TILES:
            number = str(tile) if tile.bit_length() <= 256 else "that large"  # str() refuses 4,300 digits and more
            raise SubmissionError("tile", f"There is no tile {number}: tiles are numbered 0 to 8; {offer}")
        if tile not in held:
            raise SubmissionError("tile", f"You have already played your {tile}; {offer}")
        return {"tile": tile}

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        """A missing move plays the player's lowest tile left."""
        return {"tile": lowest(state["tiles"][player]), "default": True}

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
        """A random tile among those the player still holds."""
        return {"tile": rng.choice(state["tiles"][player])}

    # --- applying ---------------------------------------------------------------------------------------
    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        """Play the open phase's tile (the default when missing) on a copy; close the round after its answer."""
        spec = self.phase(state)
        if spec is None:
            raise EngineError("the match is over; there is no phase to resolve")
        new = fresh(state)
        new["phase_no"] += 1
        log: list[LogLine] = []
        player = spec.actors[0]
        current = open_round(new)
        assert current is not None
        if state["phase_no"] == 0:
            how = "drawn at random" if state.get("first_drawn") else "set by the host"
            log.append(LogLine(f"Round 1: {current['first']} plays first ({how})."))
        payload = submissions.get(player) or self.default(state, player, rng)
        if payload.get("concede"):
            concede_match(new, player, log, "concede")
            return Resolution(new, log)
        play_tile(new, current, player, payload, log)
        if player == current["second"]:
            close_round(new, current, log)
        return Resolution(new, log)

    # --- the clock -----------------------------------------------------------------------------------
    def spend_reserve(self, state: State, player: str, seconds: float) -> Resolution:
        """Take ``seconds`` off the player's reserve (a tile sent on reserve time); at zero the player concedes.

        The table hears of it every 30 seconds of reserve used. Nothing changes once the match is over.
        """
        if player not in state["players"]:
            raise EngineError(f"{player} is not seated in this match")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds >= 0:
            raise EngineError("reserve time spent must be a number of seconds, 0 or more")
        new = fresh(state)
        log: list[LogLine] = []
        if self.finished(state):
            return Resolution(new, log)
        total = state["clock"]["reserve_s"]
        before = state["reserve_s"][player]
        after = max(0.0, round(before - seconds, 3))
        new["reserve_s"][player] = after
        if after <= 0:
            concede_match(new, player, log, "reserve")
        elif reminder_due(total, before, after):
            log.append(LogLine(used_text(player, total - after, after)))
        return Resolution(new, log)

    def concede(self, state: State, player: str) -> Resolution:
        """The player concedes the match: the other wins (nothing changes once the match is over)."""
        if player not in state["players"]:
            raise EngineError(f"{player} is not seated in this match")
        new = fresh(state)
        log: list[LogLine] = []
        if not self.finished(state):
            concede_match(new, player, log, "concede")
        return Resolution(new, log)

    # --- reading ---------------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        """The winner and loser (both None on a draw) and the placement (1 and 2; both 1 on a draw); no ToL, no EC."""
        if not self.finished(state):
            return None
        result = Result(**state["result"])
        places = placement(state["players"], result)
        return Outcome(winner=result.winner, loser=result.loser, placement=places,
                       standing=dict(rank_from(places, dict(state["points"]))))

    # --- forms -----------------------------------------------------------------------------------------
    def form_fields(self, state: State, player: str) -> list[Field]:
        """One field, ``tile``: a button a tile left ("7 (white)"), one click plays it (none when it is not their turn)."""
        spec = self.phase(state)
        if spec is None or player not in spec.actors:
            return []
        return forms.form_fields(state, player)

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
        """Posted strings → a checked payload (ASCII digits only; SubmissionError names the field)."""
        return self.check(state, player, {"tile": forms.read_tile(data)})

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
        """The form value showing the player's current tile."""
        return forms.form_initial(payload)


ENGINE = BlackAndWhite()
