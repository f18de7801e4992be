"""The proof (designs/README.md): a designed game computes what the coded game computes, match for match.

``play_against`` plays N random matches twice with the same moves and settings: once through a design
(the custom game's engine, its phases closed by their rules) and once through a coded engine, driven
through :mod:`games.engines.runner` like the site does. Each match's moves are the coded engine's bots'
moves (with some players silent), mapped to the design's answers by the game's :class:`Adapter`. At the
end it compares every player's counters, garnets, placement, Tokens of Life and Elimination Candidates.
``play_alone`` plays N matches through the design alone on the bots' random answers and reports rules
that failed or stopped. Pure Python: the ``playdesign`` command is a thin wrapper.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.custom_game.document.files import read_design_file
from games.custom_game.fork_table import forks_rows
from games.engines import runner
from games.engines.protocol import Engine, Payload, State, SubmissionError
from games.engines.registry import get_engine

CUSTOM = "custom-game"


@dataclass
class Final:
    """What a match ended with, per player, in words both engines can be compared by.

    The Death Match pick order is not compared: a custom match's outcome has none (the designs announce it).
    """

    counters: dict[str, dict[str, int]]
    garnets: dict[str, int]
    placement: dict[str, int]
    tol: dict[str, int]
    ec: list[str]

    def differences(self, other: Final) -> list[str]:
        """What differs from ``other`` (the coded engine's), in words; empty when they agree."""
        out = []
        for name in ("counters", "garnets", "placement", "tol", "ec"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if name == "ec":  # who the ECs are (a custom match lists them in seat order)
                mine, theirs = sorted(mine), sorted(theirs)
            if mine != theirs:
                out.append(f"{name}: design {mine} / coded {theirs}")
        return out


@dataclass
class MatchReport:
    """One match of the proof: its seed, what differed (empty: they agree), and the design's problems."""

    seed: int
    differences: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: How many host-closed phases a bot ruled (``play_one_alone``).
    rulings: int = 0

    @property
    def agrees(self) -> bool:
        return not self.differences and not self.problems


# --- the design's side ---------------------------------------------------------------------------------
class DesignMatch:
    """A match of a design on the custom game's engine, played phase by phase through the runner."""

    def __init__(self, design: dict[str, Any], players: list[str], garnets: dict[str, int], seed: int) -> None:
        self.engine: Engine = get_engine(CUSTOM)
        self.seed = seed
        self.players = list(players)
        self.state: State = self.engine.setup(list(players), {"design": design}, dict(garnets), seed)

    @property
    def open(self) -> dict[str, Any] | None:
        return self.state.get("open")

    def waiting_for_host(self) -> str | None:
        """The problem (host's words) when a rule failed and the phase fell back to the host, else None."""
        current = self.open
        if current is not None and current.get("kind") == "ruling":
            return str(current.get("problem") or f"{current.get('name')} waits for the host's ruling")
        return None

    def failed_rules(self) -> str | None:
        """The problem when the open ruling phase is there because rules failed or stopped, else None (a phase
        the host closes by hand or confirms waits for the host without any problem)."""
        current = self.open
        if current is not None and current.get("kind") == "ruling" and current.get("problem"):
            return f"{current.get('name')}: {current['problem']}"
        return None

    def rule_as_bot(self, rng: random.Random) -> str | None:
        """Publish a bot's ruling on the open ruling phase (``bot_ruling``: random and legal, mostly what the
        rules proposed when the host confirms them), drawn from ``rng``; the reason when it could not, else
        None."""
        spec = self.engine.phase(self.state)
        assert spec is not None and spec.kind == "ruling"
        ruling = self.engine.bot_ruling(self.state, rng)
        try:
            result = runner.play_ruling(self.engine, self.state, self.seed, ruling)
        except SubmissionError as exc:
            where = f" ({exc.field})" if exc.field else ""
            return f"stopped at {spec.name}: the bot's ruling was refused{where}: {exc.message}"
        self.state = result.resolution.state
        return None

    def actors(self) -> list[str]:
        spec = self.engine.phase(self.state)
        return list(spec.actors) if spec else []

    def play(self, answers: dict[str, Payload]) -> None:
        result = runner.play_phase(self.engine, self.state, self.seed, answers)
        self.state = result.resolution.state

    def play_bots(self, rng: random.Random, silent: float = 0.1) -> None:
        """Every actor answers at random (a bot), some stay silent; first, where the phase offers actions, bots take
        random legal ones at once (:meth:`take_bot_actions`), and a phase an action ended closes with no moves."""
        self.take_bot_actions()
        spec = self.engine.phase(self.state)
        assert spec is not None
        if spec.closing:
            self.play({})
            return
        answers = {p: runner.bot_move(self.engine, self.state, self.seed, spec, p)
                   for p in spec.actors if rng.random() >= silent}
        self.play(answers)

    def take_bot_actions(self, passes: int = 4) -> int:
        """Where the open phase offers actions or trades (RULES.md, "Actions", "Trades and gifts"), each actor in a
        drawn order, ``passes`` times, takes what a bot would (``bot_action``: a random legal action, an offer or
        an answer to one, or nothing), checked and applied at once as the site takes them, until one ends the
        phase; how many were taken. Drawn from a stream of the match's seed and the phase's number, so designs
        without actions or trades play as before."""
        if not _takes_actions(self):
            return 0
        rng = random.Random(f"actions:{self.seed}:{self.state['number']}")
        taken = 0
        for _ in range(passes):
            for player in rng.sample(self.actors(), len(self.actors())):
                spec = self.engine.phase(self.state)
                if spec is None or spec.closing:
                    return taken
                payload = self.engine.bot_action(self.state, player, rng)
                if payload is None:
                    continue
                try:
                    result = self.engine.instant(self.state, player, payload)
                except SubmissionError:
                    continue
                if result is not None:
                    self.state = result.state
                    taken += 1
        return taken

    def values(self) -> dict[str, Any]:
        return dict(self.state.get("values") or {})

    def final(self) -> Final:
        outcome = self.engine.outcome(self.state)
        assert outcome is not None
        return Final(
            counters={p: dict(self.state["counters"][p]) for p in self.players},
            garnets=dict(self.state["garnets"]),
            placement=dict(outcome.placement or {}),
            tol={p: n for p, n in outcome.tol.items() if n},
            ec=list(outcome.ec),
        )


# --- what each coded game needs ------------------------------------------------------------------------
class Adapter:
    """How one coded game's matches are mirrored by its design: seats, settings, moves and results."""

    slug = ""
    seats = 0

    def players(self, rng: random.Random) -> list[str]:
        names = ["Ana", "Ben", "Cy", "Dee", "Zoë", "Fay", "Gus", "Hal", "Ivy", "Jo²", "Kit", "Lu"]
        chosen = names[: self.seats]
        rng.shuffle(chosen)
        return chosen

    def garnets(self, players: list[str], rng: random.Random) -> dict[str, int]:
        return {p: rng.randint(0, 3) for p in players}

    def prepare(self, design: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
        """The design for this match (a table may be drawn anew) and the settings the coded engine gets
        before the design's set-up is known."""
        return design, {}

    def coded_config(self, config: dict[str, Any], match: DesignMatch) -> dict[str, Any]:
        """The coded engine's settings, once the design's set-up has run (a drawn order is passed on)."""
        return config

    def moves(self, engine: Engine, state: State, seed: int, rng: random.Random) -> dict[str, Payload]:
        """The coded bots' moves for the open phase; some players stay silent when silence is exact."""
        spec = engine.phase(state)
        assert spec is not None
        return {p: runner.bot_move(engine, state, seed, spec, p) for p in spec.actors}

    def answers(self, state: State, player: str, payload: Payload) -> Payload:
        """A coded move as the design's answers."""
        raise NotImplementedError

    def interrupt(self, engine: Engine, state: State, match: DesignMatch, rng: random.Random) -> State:
        """What happens between phases on both sides (a concession, reserve time spent), drawn from ``rng``: the
        coded state after it (``match`` is moved on in place). Default: nothing."""
        return state

    def final(self, engine: Engine, state: State) -> Final:
        raise NotImplementedError

    def design_final(self, match: DesignMatch) -> Final:
        """What the design's match ended with, to compare with :meth:`final` (default: :meth:`DesignMatch.final`)."""
        return match.final()


class ClockAdapter(Adapter):
    """A coded game with a reserve clock: between its phases the player to move may concede, run out of reserve
    time (the coded game concedes for them, the design's turn times out: a loss) or spend some of it."""

    #: The chances that the player to move concedes, runs out of reserve time, or spends some of it.
    CONCEDE, RUN_OUT, SPEND = 0.0, 0.0, 0.0
    #: The chance that the host closes a live turn early, before a player who still holds reserve time has moved
    #: (the coded game passes the missing move or plays its default; the design's player has not timed out).
    HOST_CLOSES = 0.0
    #: How often the runs so far saw each event the proof counts.
    seen: Counter[str] = Counter()

    def moves(self, engine: Engine, state: State, seed: int, rng: random.Random) -> dict[str, Payload]:
        """The coded bots' moves; in a live turn the host may close it early, one mover's move still missing."""
        moves = super().moves(engine, state, seed, rng)
        spec = engine.phase(state)
        if spec is None or spec.kind != "turn" or not moves or rng.random() >= self.HOST_CLOSES:
            return moves
        silent = rng.choice(sorted(moves))
        if float(state["reserve_s"][silent]) <= 0 or moves[silent].get("mulligan"):  # a Mulligan acts at once
            return moves
        self.seen["host closed a turn early"] += 1
        return {p: m for p, m in moves.items() if p != silent}

    def clock_event(self, engine: Engine, state: State, match: DesignMatch, rng: random.Random, player: str,
                    draw: float, moves: dict[str, Payload]) -> State:
        """``player`` concedes, runs out of reserve time (the others' ``moves`` still sent to the design's turn) or
        spends some of it, as ``draw`` falls on the chances, on both sides; the coded state after it."""
        if draw < self.CONCEDE:
            match.state = match.engine.concede(match.state, player).state
            return engine.concede(state, player).state
        left = float(state["reserve_s"][player])
        if draw < self.CONCEDE + self.RUN_OUT:  # the coded game concedes at once; the design's turn times out
            match.state = match.engine.spend_reserve(match.state, player, left).state
            match.play({p: self.answers(state, p, m) for p, m in moves.items() if p != player})
            return engine.spend_reserve(state, player, left).state
        if draw < self.CONCEDE + self.RUN_OUT + self.SPEND:
            seconds = round(rng.uniform(0, left / 2), 3)
            match.state = match.engine.spend_reserve(match.state, player, seconds).state
            return engine.spend_reserve(state, player, seconds).state
        return state


class RitualsGoneBadAdapter(Adapter):
    """Rituals Gone Bad: the leader order drawn by the design's set-up is the coded match's setting."""

    slug = "rituals-gone-bad"
    seats = 7

    def coded_config(self, config: dict[str, Any], match: DesignMatch) -> dict[str, Any]:
        return {**config, "leaders": list(match.values()["leaders"])}

    def moves(self, engine: Engine, state: State, seed: int, rng: random.Random) -> dict[str, Payload]:
        """Everyone moves in the preparation (a silent player's book is drawn from each engine's own stream,
        which differ); in the summoning and the decision a silent player is exact (no prediction, abstains)."""
        moves = super().moves(engine, state, seed, rng)
        if state["step"] == "preparation":
            return moves
        return {p: m for p, m in moves.items() if rng.random() >= 0.1}

    def answers(self, state: State, player: str, payload: Payload) -> Payload:
        if state["step"] == "decision":
            return {"ec": payload.get("ec")}
        record = state["rituals"][state["ritual"] - 1]
        out: Payload = {}
        lookup = payload.get("lookup")
        if lookup is True:
            out["lookup"] = True
        elif isinstance(lookup, list) and lookup:
            out["lookup_pairs"] = [str(n) for n in lookup]
        if state["step"] == "preparation":
            if "pairs" in payload:
                for n, pair in enumerate(payload["pairs"], start=1):
                    out[f"pair{n}_a"], out[f"pair{n}_b"] = pair
            if "book" in payload:
                out["book"] = payload["book"]
            return out
        guess = payload.get("predict")
        if record["leader"] == player:
            for n, one in enumerate(guess or [None, None, None], start=1):
                out[f"pair{n}"] = one
        else:
            out["predict"] = guess
        return out

    def final(self, engine: Engine, state: State) -> Final:
        outcome = engine.outcome(state)
        assert outcome is not None
        return Final(
            counters={p: {"points": state["points"][p]} for p in state["players"]},
            garnets=dict(state["garnets"]),
            placement=dict(outcome.placement or {}),
            tol={p: n for p, n in outcome.tol.items() if n},
            ec=list(outcome.ec),
        )


class TrailTroubleAdapter(Adapter):
    """Trail Trouble: every match draws its own 16 forks (several conditions on a path included) into the
    design's forks table and the coded match's settings; the starting order is the seat order."""

    slug = "trail-trouble"
    seats = 10

    def prepare(self, design: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
        forks = [[random_fork(rng) for _ in range(4)] for _ in range(4)]
        rows = forks_rows([[(_kinds(left), _kinds(right)) for left, right in round_] for round_ in forks])
        tables = [dict(t, rows=rows) if t["key"] == "forks" else t for t in design["tables"]]
        return {**design, "tables": tables}, {"forks": [[fork_text(fork) for fork in round_] for round_ in forks]}

    def garnets(self, players: list[str], rng: random.Random) -> dict[str, int]:
        return {p: rng.choice([0, 0, 1, 2]) for p in players}

    def moves(self, engine: Engine, state: State, seed: int, rng: random.Random) -> dict[str, Payload]:
        moves = super().moves(engine, state, seed, rng)
        return {p: m for p, m in moves.items() if rng.random() >= 0.1}

    def answers(self, state: State, player: str, payload: Payload) -> Payload:
        out: Payload = {f"fork_{n}": "Left" if letter == "L" else "Right"
                        for n, letter in enumerate(payload["paths"], start=1)}
        out["garnet"] = [str(n) for n in payload.get("garnet", [])]
        return out

    def final(self, engine: Engine, state: State) -> Final:
        outcome = engine.outcome(state)
        assert outcome is not None
        order = state["order"]
        return Final(
            counters={p: {"coins": state["coins"][p], "place": order.index(p) + 1} for p in state["players"]},
            garnets=dict(state["garnets"]),
            placement=dict(outcome.placement or {}),
            tol={p: n for p, n in outcome.tol.items() if n},
            ec=list(outcome.ec),
        )


class BlobPartyAdapter(Adapter):
    """Blob Party: the Kingwizard schedule and the boards the design's set-up draws (or reads from its layout
    table, which half the matches fill with a layout drawn here) are the coded match's settings. Silence is exact
    everywhere (the lowest card and 0s; a plan left blank is drawn from the same seeded stream by both)."""

    slug = "blob-party"
    seats = 7
    BUY = {5: "5 BP for 3 garnets", 7: "7 BP for 4 garnets"}

    def garnets(self, players: list[str], rng: random.Random) -> dict[str, int]:
        return {p: rng.choice([0, 0, 2, 3, 4, 5, 8]) for p in players}

    def prepare(self, design: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
        if rng.random() < 0.5:
            return design, {}
        tiles = next(t for t in design["tables"] if t["key"] == "tiles")
        boards = []
        for _ in "AB":
            board = [row[0] for row in tiles["rows"] for _ in range(row[2])]
            rng.shuffle(board)
            boards.append(board)
        rows = [[space, a, b] for space, (a, b) in enumerate(zip(*boards, strict=True), start=1)]
        return {**design, "tables": [dict(t, rows=rows) if t["key"] == "layout" else t for t in design["tables"]]}, {}

    def coded_config(self, config: dict[str, Any], match: DesignMatch) -> dict[str, Any]:
        drawn = match.values()
        return {**config, "kings": list(drawn["kings"]), "boards": {b: list(drawn["boards"][b]) for b in "AB"}}

    def moves(self, engine: Engine, state: State, seed: int, rng: random.Random) -> dict[str, Payload]:
        moves = super().moves(engine, state, seed, rng)
        return {p: m for p, m in moves.items() if rng.random() >= 0.1}

    def answers(self, state: State, player: str, payload: Payload) -> Payload:
        if state["step"] == 0:
            return _blob_plan(payload)
        if state["step"] > 7:
            return {"ec": payload.get("ec")}
        out: Payload = {"minigame_bp": payload.get("minigame_bp", 0)}
        if isinstance(payload.get("king"), dict):  # the Kingwizard: a 0/1 and battle BP for each board
            for board in "AB":
                out[f"king_{board.lower()}"] = payload["king"].get(board, 0)
                out[f"battle_bp_{board.lower()}"] = payload.get("battle_bp", {}).get(board, 0)
        else:
            out["card"] = str(payload["card"]) if payload.get("card") is not None else None
            out["king"] = payload.get("king", 0)
            out["battle_bp"] = payload.get("battle_bp", 0)
        if payload.get("buy"):
            out["buy"] = self.BUY[payload["buy"]]
        return {**out, **_blob_plan(payload.get("next") or {})}

    def final(self, engine: Engine, state: State) -> Final:
        outcome = engine.outcome(state)
        assert outcome is not None
        return Final(
            counters={p: {"orbs": state["orbs"][p], "stars": state["stars"][p], "bp": state["bp"][p]}
                      for p in state["players"]},
            garnets=dict(state["garnets"]),
            placement=dict(outcome.placement or {}),
            tol={p: n for p, n in outcome.tol.items() if n},
            ec=list(outcome.ec),
        )


def _blob_plan(plan: Payload) -> Payload:
    """A coded Kingwizard's plan (``{"groups": {"A": [names]}, "traps": {"A": space}}``) as the design's fields."""
    out: Payload = {}
    for board, names in (plan.get("groups") or {}).items():
        for place, name in enumerate(names, start=1):
            if name:
                out[f"group_{board.lower()}_{place}"] = name
    for board, space in (plan.get("traps") or {}).items():
        out[f"trap_{board.lower()}"] = space
    return out


#: An item of a drawn path: its text in the fork notation, and its kind and amount (:mod:`.fork_table`).
Item = tuple[str, str, int]
#: Free paths and paths with a cost, as the fork notation writes them (a proof draws forks from these).
_FREE_ITEMS: tuple[Item, ...] = (
    ("+1 :coin:", "coin", 1), ("+2 :coin:", "coin", 2), ("+3 :coin:", "coin", 3), ("+1 :position:", "position", 1),
    ("+2 :position:", "position", 2), ("+3 :position:", "position", 3), ("+:garnet:", "garnet", 1))
_CONDITIONS: tuple[Item, ...] = (
    ("If <2 :people:", "at_most", 2), ("If <4 :people:", "at_most", 4), ("If <6 :people:", "at_most", 6),
    ("If >3 :people:", "at_least", 3), ("If >6 :people:", "at_least", 6), ("If >1 :peopleahead:", "ahead", 1),
    ("If >3 :peopleahead:", "ahead", 3))


def random_path(rng: random.Random, free: bool) -> list[Item]:
    """A path of 1-2 effects, maybe a cost (two costs add up), maybe 1-2 conditions."""
    items = rng.sample(_FREE_ITEMS, rng.randint(1, 2))
    if not free:
        items += [(f"-{cost} :coin:", "coin", -cost) for cost in
                  [rng.randint(1, 3) for _ in range(rng.choice([1, 1, 2]))]]
    items += rng.sample(_CONDITIONS, rng.choice([0, 0, 1, 1, 2]))
    rng.shuffle(items)
    return items


def random_fork(rng: random.Random) -> tuple[list[Item], list[Item]]:
    """A fork (its Left and Right paths) with at least one free path."""
    free, other = random_path(rng, True), random_path(rng, rng.random() < 0.4)
    return (free, other) if rng.random() < 0.5 else (other, free)


def fork_text(fork: tuple[list[Item], list[Item]]) -> str:
    """A drawn fork in the fork notation, as the coded game's settings take it."""
    return " / ".join(", ".join(text for text, _, _ in path) for path in fork)


def _kinds(path: list[Item]) -> list[tuple[str, int]]:
    return [(kind, amount) for _, kind, amount in path]


class BlackAndWhiteAdapter(ClockAdapter):
    """Black and White (issue 40): the first player drawn by the design's set-up is the coded match's ``first``
    setting; between tiles the player to move may spend some reserve time, run out of it (the coded game
    concedes for them, the design's turn times out: a loss) or concede, or the host closes the turn before their
    tile is in (both play their lowest tile); no garnets (a Death Match brings none)."""

    slug = "black-and-white"
    seats = 2
    #: Per tile: the chances that the player to move concedes, runs out of reserve time, or spends some of it.
    CONCEDE, RUN_OUT, SPEND = 0.01, 0.02, 0.2
    #: Per tile: the chance that the host closes the turn before the player to move has sent their tile.
    HOST_CLOSES = 0.01
    seen: Counter[str] = Counter()

    def garnets(self, players: list[str], rng: random.Random) -> dict[str, int]:
        return {p: 0 for p in players}

    def coded_config(self, config: dict[str, Any], match: DesignMatch) -> dict[str, Any]:
        return {**config, "first": match.values()["first"]}

    def interrupt(self, engine: Engine, state: State, match: DesignMatch, rng: random.Random) -> State:
        spec = engine.phase(state)
        assert spec is not None
        player, draw = spec.actors[0], rng.random()
        return self.clock_event(engine, state, match, rng, player, draw, {})

    def answers(self, state: State, player: str, payload: Payload) -> Payload:
        return {"tile": payload.get("tile")}

    def final(self, engine: Engine, state: State) -> Final:
        outcome = engine.outcome(state)
        assert outcome is not None
        return Final(counters={p: {"points": state["points"][p]} for p in state["players"]},
                     garnets={p: 0 for p in state["players"]}, placement=dict(outcome.placement or {}), tol={}, ec=[])


class BigfootSightingAdapter(ClockAdapter):
    """Bigfoot Sighting (issue 40): the candidate boards and the items the design's set-up draws (or reads from its
    tables, which some matches fill: boards drawn by the coded generator, items held by a seat or by nobody) are
    the coded match's ``boards`` and ``items`` settings. The layout picks are never silent (a missing pick is drawn
    from each engine's own stream); a silent extra tree is exact (none is planted). Before each turn the Mulligan's
    holder plays it when their coded bot would, or (sometimes) when they have no move in the turn (the design's
    action, open to ``anyone``, ends the turn at once, as the coded Mulligan does), in half of those turns after the
    players who move spent some reserve time, which both give back; otherwise a player who moves may concede, run
    out of reserve time (the coded game concedes for them, the design's turn closes without their move: a loss) or
    spend some of it, or the host closes the turn before one of them has moved (a pass in both). Each player's reserve time left is compared with their trees felled. No garnets (a Death
    Match brings none)."""

    slug = "bigfoot-sighting"
    seats = 2
    #: Per turn: the chances that a player who moves concedes, runs out of reserve time, or spends some of it.
    CONCEDE, RUN_OUT, SPEND = 0.005, 0.01, 0.2
    #: Per turn: the chance that the host closes it before one of the players who move has sent their move.
    HOST_CLOSES = 0.01
    #: The chance that the host posts the boards, sets the items, or that the Extra Tree's holder stays silent.
    POSTED, ITEMS_SET, SILENT_TREE = 0.3, 0.3, 0.2
    #: The chance that a holder without a move in the turn plays the Mulligan, and that the players who move spend
    #: reserve time in a turn before a Mulligan cancels it.
    IDLE_MULLIGAN, SPEND_FIRST = 0.2, 0.5
    #: How often the runs so far played a Mulligan, one by a holder without a move, one giving reserve time back.
    seen: Counter[str] = Counter()

    def garnets(self, players: list[str], rng: random.Random) -> dict[str, int]:
        return {p: 0 for p in players}

    def prepare(self, design: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
        tables = {t["key"]: t for t in design["tables"]}
        coded = get_engine(self.slug)
        if rng.random() < self.POSTED:  # three boards drawn by the coded game's generator
            texts = coded.setup(["a", "b"], {}, {}, rng.randrange(2**31))["candidates"]
            rows = [[n, row, line.strip()] for n, text in enumerate(texts, start=1)
                    for row, line in enumerate(text.splitlines(), start=1)]
            tables["boards"] = dict(tables["boards"], rows=rows)
        if rng.random() < self.ITEMS_SET:
            items = [item for item, _ in coded.spec.offers.death_match_items]
            rows = [[item, seat] for item in items if (seat := rng.choice([1, 2, None])) is not None]
            tables["items"] = dict(tables["items"], rows=rows)
        return {**design, "tables": [tables[t["key"]] for t in design["tables"]]}, {}

    def coded_config(self, config: dict[str, Any], match: DesignMatch) -> dict[str, Any]:
        drawn = match.values()
        return {**config, "boards": list(drawn["cand_texts"]), "items": dict(drawn["items"])}

    def moves(self, engine: Engine, state: State, seed: int, rng: random.Random) -> dict[str, Payload]:
        moves = super().moves(engine, state, seed, rng)
        if state["stage"] == "extra tree":
            return {p: m for p, m in moves.items() if rng.random() >= self.SILENT_TREE}
        return moves

    def interrupt(self, engine: Engine, state: State, match: DesignMatch, rng: random.Random) -> State:
        spec = engine.phase(state)
        assert spec is not None
        if spec.kind != "turn":
            return state
        moves = Adapter.moves(self, engine, state, match.seed, rng)  # the bots' own: none left out by the host
        holder = next((p for p, move in moves.items() if move.get("mulligan")), None)
        if holder is None and spec.optional and rng.random() < self.IDLE_MULLIGAN:  # a holder with no move
            holder = spec.optional[0]
            moves[holder] = {"mulligan": True}
            self.seen["mulligan without a move"] += 1
        if holder is not None:  # at once: the turn ends now on both sides, the others' moves dropped
            return self.mulligan(engine, state, match, holder, moves, rng)
        player, draw = rng.choice(spec.actors), rng.random()
        return self.clock_event(engine, state, match, rng, player, draw, moves)

    def mulligan(self, engine: Engine, state: State, match: DesignMatch, holder: str, moves: dict[str, Payload],
                 rng: random.Random) -> State:
        """The Mulligan played on both sides, at once; in some turns the players who move first spend part of their
        reserve, which the Mulligan gives back (both engines)."""
        self.seen["mulligan"] += 1
        spec = engine.phase(state)
        assert spec is not None
        if rng.random() < self.SPEND_FIRST:
            for player in spec.actors:
                seconds = round(rng.uniform(0, float(state["reserve_s"][player]) / 2), 3)
                match.state = match.engine.spend_reserve(match.state, player, seconds).state
                state = engine.spend_reserve(state, player, seconds).state
            self.seen["reserve given back"] += 1
        taken = match.engine.instant(match.state, holder, {"action": "mulligan", "fields": {}})
        assert taken is not None  # the custom game answers every action
        match.state = taken.state
        match.play({})
        return runner.play_phase(engine, state, match.seed, moves).resolution.state

    def answers(self, state: State, player: str, payload: Payload) -> Payload:
        if state["stage"] == "layout":
            return {"board": str(payload["board"])}
        if state["stage"] == "extra tree":
            return {"tree": payload.get("tree")}
        actions = _bigfoot_actions(payload.get("move") or "pass", lumberjacks=state["turn"] % 2 == 0)
        return {"first": actions[0] if actions else None, "second": actions[1] if len(actions) > 1 else None}

    def final(self, engine: Engine, state: State) -> Final:
        outcome = engine.outcome(state)
        assert outcome is not None
        trees = {p: state["boards"][p]["felled"] if p in state["boards"] else 0 for p in state["players"]}
        return Final(counters={p: {"trees": trees[p], "reserve_ms": _ms(state["reserve_s"][p])} for p in state["players"]},
                     garnets={p: 0 for p in state["players"]}, placement=dict(outcome.placement or {}), tol={}, ec=[])

    def design_final(self, match: DesignMatch) -> Final:
        """The design's end, each player's reserve time left beside their counters (in milliseconds)."""
        final = match.final()
        for player, counters in final.counters.items():
            counters["reserve_ms"] = _ms(match.state["reserve"][player])
        return final


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


def _bigfoot_actions(move: str, lumberjacks: bool) -> list[str]:
    """A coded Bigfoot Sighting move, as its notation writes it (``E DR, A L``, ``R UR``, ``pounce on E, R``,
    ``pass``), split into its actions, each as the design's choices write it."""
    if move == "pass":
        return []
    if "," in move or lumberjacks or move.startswith("pounce"):
        return move.split(", ")
    return move.split(" ")


ADAPTERS: dict[str, Callable[[], Adapter]] = {
    "black-and-white": BlackAndWhiteAdapter,
    "rituals-gone-bad": RitualsGoneBadAdapter,
    "trail-trouble": TrailTroubleAdapter,
    "blob-party": BlobPartyAdapter,
    "bigfoot-sighting": BigfootSightingAdapter,
}


# --- playing ----------------------------------------------------------------------------------------
def match_seeds(seed: int, matches: int) -> list[int]:
    """The seeds of the proof's matches, drawn from its own seed."""
    rng = random.Random(f"proof:{seed}")
    return [rng.randrange(1, 2**31) for _ in range(matches)]


def play_one_against(design: dict[str, Any], adapter: Adapter, seed: int) -> MatchReport:
    """One match with the same moves and settings through the design and through the coded engine."""
    report = MatchReport(seed)
    rng = random.Random(f"moves:{seed}")
    players = adapter.players(rng)
    garnets = adapter.garnets(players, rng)
    design, config = adapter.prepare(design, rng)
    try:
        match = DesignMatch(design, players, garnets, seed)
    except Exception as exc:  # the design's set-up refused: that is the finding
        report.problems.append(f"set-up: {exc}")
        return report
    coded = get_engine(adapter.slug)
    state = coded.setup(list(players), adapter.coded_config(config, match), dict(garnets), seed)
    while (spec := coded.phase(state)) is not None:
        problem = match.waiting_for_host()
        if problem:
            report.problems.append(_stopped_against(match, problem))
            return report
        if match.open is None:
            report.differences.append(f"the design ended before the coded game's {spec.name}")
            return report
        state = adapter.interrupt(coded, state, match, rng)
        if (spec := coded.phase(state)) is None:
            break
        moves = adapter.moves(coded, state, seed, rng)
        answers = {p: adapter.answers(state, p, m) for p, m in moves.items()}
        if sorted(match.actors()) != sorted(spec.actors):
            report.differences.append(f"{spec.name}: the design waits for {match.actors()}, "
                                      f"the coded game for {list(spec.actors)}")
            return report
        state = runner.play_phase(coded, state, seed, moves).resolution.state
        try:
            match.play(answers)
        except SubmissionError as exc:  # the design's check refuses a move the coded game accepted
            report.differences.append(f"{spec.name}: the design refuses {exc.player}'s move, which the coded game "
                                      f"accepts ({exc.field or 'the move'}: {exc.message})")
            return report
    problem = match.waiting_for_host()
    if problem:
        report.problems.append(problem)
    elif match.open is not None:
        report.differences.append("the design goes on after the coded game ended")
    else:
        report.differences = adapter.design_final(match).differences(adapter.final(coded, state))
    return report


def _stopped_against(match: DesignMatch, problem: str) -> str:
    """Where and why a match against a coded game stopped: rules that failed, or a phase the host closes (no
    bot ruling is compared with a coded game's rules)."""
    if match.failed_rules():
        return problem
    name = (match.open or {}).get("name", "a ruling")
    return (f"stopped at {name}: the phase waits for the host's ruling, and a proof against a coded game compares "
            "rules only (play the design alone for bot rulings)")


def _in_workers(play: Callable[[int], MatchReport], seeds: list[int], workers: int) -> Iterator[MatchReport]:
    """``play`` on every seed, in seed order; in ``workers`` processes when more than 1 (each match is
    independent, so the reports are the same either way)."""
    if workers <= 1 or len(seeds) < 2:
        yield from map(play, seeds)
        return
    import multiprocessing
    import signal

    # A worker dies at once when the pool is done with it, whatever SIGTERM handler the parent process holds
    # (one that raises SystemExit can be swallowed inside a garbage-collector callback, leaving the pool's
    # exit waiting for that worker forever).
    reset = (signal.SIGTERM, signal.SIG_DFL)
    with multiprocessing.get_context("fork").Pool(workers, initializer=signal.signal, initargs=reset) as pool:
        yield from pool.imap(play, seeds, chunksize=8)


def play_against(design: dict[str, Any], game: str, matches: int, seed: int, workers: int = 1
                 ) -> Iterator[MatchReport]:
    """``matches`` matches of ``design`` against the coded ``game``, one report each (a generator)."""
    if game not in ADAPTERS:
        raise KeyError(f"no proof adapter for {game}; the proof knows {', '.join(ADAPTERS)}")
    play = functools.partial(play_one_against, design, ADAPTERS[game]())
    yield from _in_workers(play, match_seeds(seed, matches), workers)


def play_one_alone(design: dict[str, Any], seed: int, max_phases: int = 500) -> MatchReport:
    """One match of the design alone on random answers (some players silent); its problems, if any.

    A phase the host closes (``close: hand``) or confirms gets a bot's ruling (random and legal, drawn from
    the match's seed: :meth:`DesignMatch.rule_as_bot`); a phase whose rules failed or stopped is the
    finding, and the match stops there."""
    report = MatchReport(seed)
    rng = random.Random(f"alone:{seed}")
    low, high = design["min_players"], design["max_players"]
    players = [f"P{n}" for n in range(1, rng.randint(low, min(high, low + 3)) + 1)]
    try:
        match = DesignMatch(design, players, {p: rng.randint(0, 3) for p in players}, seed)
        for _ in range(max_phases):
            problem = match.failed_rules()
            if problem:
                report.problems.append(problem)
                return report
            if match.open is None:
                return report
            if match.open.get("kind") == "ruling":
                stopped = match.rule_as_bot(rng)
                if stopped:
                    report.problems.append(stopped)
                    return report
                report.rulings += 1
                continue
            match.play_bots(rng)
        report.problems.append(f"still playing after {max_phases} phases")
    except Exception as exc:  # a crash is a finding, reported with the match's seed
        report.problems.append(f"{type(exc).__name__}: {exc}")
    return report


def _takes_actions(match: DesignMatch) -> bool:
    """Whether the open players' phase offers actions or trades (bots then take some before answering)."""
    current = match.open or {}
    phase: dict[str, Any] = next((p for p in match.state["design"]["phases"] if p["key"] == current.get("phase")), {})
    return current.get("kind") == "main" and bool(phase.get("actions") or phase.get("trades"))


def play_alone(design: dict[str, Any], matches: int, seed: int, workers: int = 1) -> Iterator[MatchReport]:
    """``matches`` matches of ``design`` alone on random answers, one report each (a generator)."""
    yield from _in_workers(functools.partial(play_one_alone, design), match_seeds(seed, matches), workers)



# --- the whole run, as playdesign prints it -----------------------------------------------------------
@dataclass
class ProofSummary:
    """What a run found: how many matches agreed (or played through), and the first that did not."""

    matches: int
    agreed: int = 0
    #: Host-closed phases ruled by a bot, over all matches (the design alone).
    rulings: int = 0
    first_bad: MatchReport | None = None
    problems: dict[str, int] = field(default_factory=dict)

    def lines(self, against: str | None) -> list[str]:
        """The report, ``agree K/N`` last."""
        out: list[str] = []
        if self.first_bad is not None:
            bad = self.first_bad
            out.append(f"first {'disagreeing' if against else 'failing'} match: seed {bad.seed}")
            out += [f"  {line}" for line in bad.differences + bad.problems]
        for problem, count in sorted(self.problems.items(), key=lambda item: -item[1])[:10]:
            out.append(f"{count} × {problem}")
        if not against:
            if self.rulings:
                out.append(f"host-closed phases ruled by a bot (random legal rulings, seeded): {self.rulings}")
            out.append(f"played through with no rule failing or stopped: {self.agreed}/{self.matches}")
        out.append(f"agree {self.agreed}/{self.matches}")
        return out


def run_proof(design: dict[str, Any], against: str | None, matches: int, seed: int,
              progress: Callable[[MatchReport], None] | None = None, workers: int = 1) -> ProofSummary:
    """Play the proof's matches (against ``against``'s coded engine, or the design alone) and sum them up;
    ``workers`` processes share the matches (the summary is the same for any number)."""
    summary = ProofSummary(matches)
    reports = (play_against(design, against, matches, seed, workers) if against
               else play_alone(design, matches, seed, workers))
    for report in reports:
        summary.rulings += report.rulings
        if report.agrees:
            summary.agreed += 1
        elif summary.first_bad is None:
            summary.first_bad = report
        for problem in report.problems:
            summary.problems[problem] = summary.problems.get(problem, 0) + 1
        if progress is not None:
            progress(report)
    return summary


def load_design(path: str) -> dict[str, Any]:
    """A design file (as exported from /designs/), normalized; DesignError with its problems otherwise."""
    return read_design_file(Path(path).read_bytes())
