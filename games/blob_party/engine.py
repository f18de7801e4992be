"""Blob Party's engine: ties the rule modules together behind the engine protocol.

Where each rule lives: ``board.py`` moving on the loops and start spaces; ``tiles.py`` the layout
and every tile's effect; ``battles.py`` monsters; ``traps.py`` traps; ``minigame.py`` the
highest unique bid; ``plan.py`` the Kingwizard's groups, turn orders and traps; ``submissions.py``
checking, defaults and bots; ``rounds.py`` the order of operations; ``endgame.py`` prizes, EC and
payout; ``views.py`` what each viewer sees (``observer.py`` puts it together); ``forms.py`` the web form.
"""

from __future__ import annotations

import random
from typing import Any

from games.blob_party import forms
from games.blob_party.common import BOARDS, ROUNDS, SEATS, Log, clone, copy_state, round_king
from games.blob_party.endgame import decide_ec, finish_match
from games.blob_party.observer import BlobPartyObserver
from games.blob_party.plan import check_plan, describe_plan, fix_plan, random_plan
from games.blob_party.rounds import play_round
from games.blob_party.submissions import CARDS, bot_round, check_round, default_round
from games.blob_party.tiles import check_layout, shuffled_layout
from games.engines.protocol import (
    PUBLIC,
    ConfigError,
    Engine,
    Field,
    Outcome,
    Payload,
    PhaseSpec,
    Resolution,
    State,
    rng_for,
)
from games.engines.spec import ConfigField, GameSpec, Offers, Ranking
from games.kit.checks import open_phase_for, wallets
from games.kit.placement import place_by, rank_by
from games.kit.votes import checked_ec_vote

#: The placement's tie-breaks after orbs (RULES.md, ruling 17), as the results name them.
TIE_BREAKS = ("most stars", "most BP left")

#: What every player starts with.
START_ORBS = 15
START_BP = 100

CONFIG_KEYS = ("kings", "boards")


class BlobPartyEngine(Engine):
    """Blob Party: 7 players, a pregame and 7 rounds, then possibly an EC decision."""

    observer_type = BlobPartyObserver
    spec = GameSpec(
        slug="blob-party",
        title="Blob Party",
        summary="Seven Blobwizards race two boards over a pregame and seven rounds for the most orbs or stars.",
        phases=8,
        min_players=SEATS,
        max_players=SEATS,
        phase_kinds=("main", "decision"),
        offers=Offers(decisions=True),
        config=(
            ConfigField("kings", "Kingwizards, round 1 first", "seat_order",
                        help="Every player is Kingwizard once. Leave empty to draw them from the seed."),
            ConfigField("boards", "Board layouts", "text", lines=2,
                        help="One board a line: A: then its 20 tiles from space 1 (+3 +5 -2 -5 +5bp garnet battle "
                             "big), the same for B. Leave empty (or leave a board out) to shuffle from the seed."),
        ),
        ranking=Ranking(
            tie_rule=("by orbs, then stars, then BP left; players equal on all three are ordered by a draw from the "
                      "match's seed."),
            score=("orb", "orbs"),
        ),
    )

    # --- set-up -----------------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        """Check the seven seats, the Kingwizard schedule and the boards; draw what the host left out."""
        players = check_players(players)
        config = dict(config or {})
        for key in config:
            if key not in CONFIG_KEYS:
                raise ConfigError(key, f"unknown setting {key!r} (Blob Party takes 'kings' and 'boards')")
        wallet = wallets(garnets, players)
        kings = check_kings(players, config["kings"]) if "kings" in config else draw_kings(players, seed)
        boards = check_boards(config["boards"], seed) if "boards" in config else draw_boards(seed, BOARDS)
        return {
            "players": players,
            "seed": seed,  # for the placement's ties (the end of the match)
            "kings": kings,
            "boards": boards,
            "step": 0,
            "orbs": {p: START_ORBS for p in players},
            "stars": {p: 0 for p in players},
            "bp": {p: START_BP for p in players},
            "garnets": wallet,
            "cards": {p: list(CARDS) for p in players},
            "space": {p: {} for p in players},
            "start": {board: 1 for board in BOARDS},
            "traps": {board: {} for board in BOARDS},
            "plan": None,
            "monsters": {board: 0 for board in BOARDS},
            "garnet_tile": {board: 0 for board in BOARDS},
            "history": [],
            "announce": [],
            "result": None,
        }

    # --- the phase that is open --------------------------------------------------
    def phase(self, state: State) -> PhaseSpec | None:
        """pregame (round 1's Kingwizard), round 1-7 (everyone), then the EC decision if one is pending."""
        step = state["step"]
        if step == 0:
            return PhaseSpec(1, "pregame", (state["kings"][0],))
        if step <= ROUNDS:
            return PhaseSpec(step + 1, f"round {step}", tuple(state["players"]))
        pending = (state.get("result") or {}).get("pending")
        if pending:
            return PhaseSpec(ROUNDS + 2, "EC decision", tuple(pending["deciders"]), "decision")
        return None

    def finished(self, state: State) -> bool:
        """True once the seven rounds are played (the EC decision may still be open)."""
        return state["step"] > ROUNDS

    # --- submissions ---------------------------------------------------------------
    def check(self, state: State, player: str, payload: Payload) -> Payload:
        """Check a submission of the open phase and return it in normal form."""
        open_phase_for(self, state, player, payload)
        step = state["step"]
        if step == 0:
            return check_plan(state, player, payload, "")
        if step <= ROUNDS:
            return check_round(state, player, payload)
        return check_decision(state, payload)

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        """The seed's defaults: an empty plan (drawn at random), the lowest card and 0s; a silent decider abstains."""
        step = state["step"]
        if step == 0:
            return {}
        if step <= ROUNDS:
            return default_round(state, player)
        return {"ec": None, "default": True}  # abstains (RULES.md: silence is not a random vote)

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
        """A random legal submission."""
        step = state["step"]
        if step == 0:
            return random_plan(state, player, rng)
        if step <= ROUNDS:
            return bot_round(state, player, rng)
        return {"ec": rng.choice(state["result"]["pending"]["between"])}

    # --- applying ----------------------------------------------------------------------
    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        """Resolve the open phase on a copy of ``state``."""
        s = copy_state(state)
        log = Log()
        step = s["step"]
        if step == 0:
            king = s["kings"][0]
            s["plan"] = fix_plan(s, king, submissions.get(king), rng, log)
            log.public("The Kingwizard schedule: " + ", ".join(
                f"round {n} {name}" for n, name in enumerate(s["kings"], start=1)) + ".")
            log.public(describe_plan(s["plan"], 1))
            s["step"] = 1
        elif step <= ROUNDS:
            subs = {p: submissions.get(p) or default_round(state, p) for p in s["players"]}
            s["history"].append(play_round(s, subs, log))
            s["step"] = step + 1
            if step < ROUNDS:
                king = round_king(s, step + 1)
                # (step < ROUNDS: the next round has a king; round_king is None only outside the schedule)
                s["plan"] = fix_plan(s, king, subs[king].get("next"), rng, log)  # type: ignore[arg-type]
                log.public(describe_plan(s["plan"], step + 1))
            else:
                s["plan"] = None
                finish_match(s, rng, log)
        else:
            decide_ec(s, submissions, rng, log)
        s["announce"] = [line.text for line in log.lines if line.audience == PUBLIC]
        return Resolution(s, log.lines, log.garnets)

    # --- reading -------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        """Tokens of Life, ToL to give, the EC (or the pending choice) and the garnet payout."""
        if not self.finished(state):
            return None
        result = state["result"]
        return Outcome(
            tol=dict(result["tol"]),
            tol_to_give=dict(result["tol_to_give"]),
            ec=list(result["ec"]),
            pending=clone(result["pending"]),
            garnets_earned=dict(result["garnets_earned"]),
            placement=place_by(state["players"], lambda p: (state["orbs"][p], state["stars"][p], state["bp"][p]),
                               state.get("seed", 0)),
            standing=dict(rank_by(state["players"], lambda p: (state["orbs"][p], state["stars"][p], state["bp"][p]),
                                  TIE_BREAKS)),
        )

    # --- forms ---------------------------------------------------------------------------------
    def form_fields(self, state: State, player: str) -> list[Field]:
        """The fields of the open phase for ``player``."""
        return forms.form_fields(self, state, player)

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
        """Posted strings → a checked payload."""
        return forms.parse_form(self, state, player, data)

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
        """A payload → the form's values."""
        return forms.form_initial(state, player, payload)


# --- set-up checks ---------------------------------------------------------------------------


def check_players(players: Any) -> list[str]:
    """Exactly seven different, non-empty seat names."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ConfigError("players", "the seats must be a list of names")
    if len(players) != SEATS:
        raise ConfigError("players", f"Blob Party is played by exactly {SEATS} players, not {len(players)}")
    if len(set(players)) != SEATS:
        raise ConfigError("players", "two seats have the same name")
    return list(players)


def check_kings(players: list[str], kings: Any) -> list[str]:
    """The Kingwizard of rounds 1 to 7: each player exactly once."""
    if not isinstance(kings, list) or len(kings) != ROUNDS:
        raise ConfigError("kings", f"name the Kingwizard of each of the {ROUNDS} rounds, round 1 first")
    for name in kings:
        if name not in players:
            raise ConfigError("kings", f"{name!r} is not a player of this match")
    missing = [p for p in players if p not in kings]
    if missing:
        raise ConfigError("kings", f"every player is Kingwizard once; {', '.join(missing)} never is")
    return list(kings)


def draw_kings(players: list[str], seed: int) -> list[str]:
    """The Kingwizard schedule drawn at random from the seed."""
    kings = list(players)
    rng_for(seed, 0, "kings").shuffle(kings)
    return kings


def check_boards(boards: Any, seed: int) -> dict[str, list[str]]:
    """The host's layouts; a board the host left out is shuffled from the seed.

    ``{"A": [20 tiles], "B": [...]}``, or a text of one board a line: ``A: +3 +5 -2 …`` (tiles split by
    spaces or commas).
    """
    if isinstance(boards, str):
        boards = boards_from_text(boards)
    if not isinstance(boards, dict) or any(board not in BOARDS for board in boards):
        raise ConfigError("boards", "give the boards as {'A': [20 tiles], 'B': [20 tiles]}")
    missing = [board for board in BOARDS if board not in boards]
    drawn = draw_boards(seed, missing)
    return {board: check_layout(board, boards[board]) if board in boards else drawn[board] for board in BOARDS}


def boards_from_text(text: str) -> dict[str, list[str]]:
    """``A: +3 +5 …`` lines as ``{"A": ["+3", "+5", …]}`` (checked tile by tile by ``check_layout``)."""
    boards: dict[str, list[str]] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        board, colon, tiles = line.partition(":")
        board = board.strip().upper()
        if not colon or board not in BOARDS:
            raise ConfigError("boards", f"start each line with a board and a colon ({', '.join(BOARDS)}): "
                                        f"{line.strip()[:40]!r}")
        if board in boards:
            raise ConfigError("boards", f"board {board} is given twice")
        boards[board] = tiles.replace(",", " ").split()
    return boards


def draw_boards(seed: int, which: Any) -> dict[str, list[str]]:
    """Layouts shuffled from the seed, one random stream a board."""
    return {board: shuffled_layout(rng_for(seed, 0, f"board {board}")) for board in which}


def check_decision(state: State, payload: Payload) -> Payload:
    """An EC decision names one of the players tied for the fewest orbs."""
    return checked_ec_vote(payload, state["result"]["pending"]["between"], "the players tied for the fewest orbs")


ENGINE = BlobPartyEngine()
