"""Trail Trouble: 10 players, 4 rounds of 4 forks; race along the trail, collect coins.

Where to find a rule:
  - the fork notation: forks.py
  - conditions, paying, overtaking, the end (ToL, EC, DM pick order): rules.py
  - the host's settings: config.py
  - what a submission may be: ``check_*`` functions below
  - playing a round: ``TrailTroubleEngine.resolve`` (fork by fork, via rules.play_fork)
  - reading the state (a round's forks, the open round, places, the end result): state.py
  - who sees what: views.py, put together by observer.py (``TrailTroubleObserver``)
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from games.engines import house_bots
from games.engines.protocol import (
    HOST,
    ConfigError,
    Engine,
    Field,
    GarnetChange,
    LogLine,
    Outcome,
    Payload,
    PhaseSpec,
    Resolution,
    Seat,
    State,
    SubmissionError,
    fresh,
)
from games.engines.spec import ConfigField, GameSpec, Ranking
from games.kit.checks import open_phase_for
from games.kit.numbers import is_int, parse_int, shown
from games.trail_trouble import config as cfg
from games.trail_trouble import rules, texts
from games.trail_trouble.forks import FORKS_PER_ROUND, Fork, describe_condition, describe_path, format_fork
from games.trail_trouble.observer import TrailTroubleObserver
from games.trail_trouble.preview import preview_forks
from games.trail_trouble.rules import LEFT, PATH_NAMES, RIGHT
from games.trail_trouble.state import end_result, open_round, place_of, round_forks

SLUG = "trail-trouble"
ROUNDS = cfg.ROUNDS
PLAYERS = cfg.PLAYERS
#: A player who sends nothing takes the Right path at all four forks.
DEFAULT_PATHS = RIGHT * FORKS_PER_ROUND
#: The fields of a path's result the state keeps (all but the player's name), in order.
_PATH_FIELDS = tuple(f for f in fields(rules.PathResult) if f.name != "player")


# --- checking a submission ---------------------------------------------------------------


def fork_field(number: int) -> str:
    """The form field of fork ``number`` (1-based)."""
    return f"fork_{number}"


def check_paths(value: Any) -> str:
    """``paths``: one letter a fork, L or R, for all 4 forks (``"LRLL"``)."""
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        value = "".join(value)
    if not isinstance(value, str):
        raise SubmissionError(fork_field(1), "Choose Left or Right at each of the 4 forks, e.g. LRLL.")
    letters = "".join(ch for ch in value.upper() if not ch.isspace() and ch not in ",;-")
    for number, letter in enumerate(letters[:FORKS_PER_ROUND], start=1):
        if letter not in (LEFT, RIGHT):
            message = f"At fork {number}, choose L (Left) or R (Right), not {letter!r}."
            raise SubmissionError(fork_field(number), message)
    if len(letters) < FORKS_PER_ROUND:
        missing = len(letters) + 1
        raise SubmissionError(fork_field(missing), f"Choose Left or Right at fork {missing} too.")
    if len(letters) > FORKS_PER_ROUND:
        raise SubmissionError(
            fork_field(FORKS_PER_ROUND), f"There are only {FORKS_PER_ROUND} forks; you chose {len(letters)} paths."
        )
    return letters


def check_garnet_forks(value: Any) -> list[int]:
    """``garnet``: the fork numbers (1-4) whose coin cost is paid with a garnet instead."""
    if value is None:
        return []
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list):
        raise SubmissionError("garnet", "List the forks (1 to 4) you pay with a garnet.")
    forks: list[int] = []
    for item in value:
        if is_int(item) and not 1 <= item <= FORKS_PER_ROUND:
            raise SubmissionError("garnet", f"Forks are numbered 1 to {FORKS_PER_ROUND}; there is no fork {item}.")
        item = parse_int(item, field="garnet", lo=1, hi=FORKS_PER_ROUND,
                         message=f"Forks are numbered 1 to {FORKS_PER_ROUND}; {shown(item)} is not a fork.")
        if item not in forks:
            forks.append(item)
    return sorted(forks)


def check_garnet_on_coin_paths(forks: list[Fork], paths: str, marked: list[int]) -> None:
    """Only a path that costs coins can be paid with a garnet."""
    for number in marked:
        letter = paths[number - 1]
        if forks[number - 1].path(letter).is_free:
            raise SubmissionError(
                "garnet",
                f"Fork {number}'s {PATH_NAMES[letter]} path costs no coins; there is nothing to pay with a garnet.",
            )


def check_enough_garnets(forks: list[Fork], paths: str, marked: list[int], held: int) -> None:
    """A garnet can only be spent if it could be held by then (held now, or gained on an earlier fork)."""
    available = held
    for number, fork in enumerate(forks, start=1):
        if number in marked:
            if available < 1:
                raise SubmissionError(
                    "garnet",
                    f"You have {texts.plural(held, 'garnet')}; that is not enough to pay {forks_words(marked)}.",
                )
            available -= 1
        available += fork.path(paths[number - 1]).garnets


def forks_words(marked: list[int]) -> str:
    """``fork 2 with a garnet``, ``forks 1, 2 and 4 with garnets``."""
    if len(marked) == 1:
        return f"fork {marked[0]} with a garnet"
    numbers = [str(n) for n in marked]
    return f"forks {', '.join(numbers[:-1])} and {numbers[-1]} with garnets"


class TrailTroubleEngine(Engine):
    """The Trail Trouble engine (see RULES.md)."""

    observer_type = TrailTroubleObserver
    spec = GameSpec(
        slug=SLUG,
        title="Trail Trouble",
        summary="Ten players choose Left or Right at four forks a round to gain coins or places on the trail.",
        phases=4,
        min_players=PLAYERS,
        max_players=PLAYERS,
        phase_kinds=("main",),
        config=(
            ConfigField("order", "Starting order, front to back", "seat_order", from_placement=True,
                        help="Leave empty to start in seat order."),
            ConfigField("forks", "Forks", "text", lines=16,
                        help="16 fork lines in the rules' notation, 4 a round, round 1 first. "
                             "Leave empty to draw them from the seed."),
        ),
        ranking=Ranking(
            tie_rule="each player's final place on the trail (1 at the front).",
        ),
    )

    # --- set-up ------------------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        """Check seats and settings; missing forks are drawn from the seed, a missing order is seat order."""
        players = cfg.check_players(players)
        if not isinstance(config, dict):
            raise ConfigError("config", "the settings must be an object")
        wallets = cfg.check_garnets(players, garnets or {})
        order = cfg.check_order(players, config.get("order") or None)
        forks = cfg.check_forks(config["forks"]) if config.get("forks") else cfg.draw_forks(seed)
        return {
            "game": SLUG,
            "players": players,
            "forks": forks,
            "start_order": order,
            "order": list(order),
            "coins": {p: 0 for p in players},
            "garnets": wallets,
            "rounds": [],
        }

    # --- the phase that is open --------------------------------------------------
    def phase(self, state: State) -> PhaseSpec | None:
        number = open_round(state)
        if number is None:
            return None
        return PhaseSpec(number, f"round {number}", tuple(state["players"]), "main")

    def finished(self, state: State) -> bool:
        return open_round(state) is None

    # --- submissions --------------------------------------------------------------
    def check(self, state: State, player: str, payload: Payload) -> Payload:
        """Normalize ``{"paths": "LRLL", "garnet": [3]}`` or say which field is wrong."""
        number = open_phase_for(self, state, player, payload).number
        unknown = sorted(set(payload) - {"paths", "garnet"})
        if unknown:
            raise SubmissionError("", f"A Trail Trouble submission has paths and garnet, not {unknown[0]!r}.")
        if "paths" not in payload:
            raise SubmissionError(fork_field(1), "Choose Left or Right at each of the 4 forks.")
        paths = check_paths(payload["paths"])
        marked = check_garnet_forks(payload.get("garnet"))
        forks = round_forks(state, number)
        check_garnet_on_coin_paths(forks, paths, marked)
        check_enough_garnets(forks, paths, marked, state["garnets"][player])
        return {"paths": paths, "garnet": marked}

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        """No submission: the Right path at all four forks."""
        return {"paths": DEFAULT_PATHS, "garnet": []}

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
        """A random legal submission: random paths, sometimes a garnet on a coin path."""
        number = open_round(state)
        if number is None:
            return self.default(state, player, rng)
        forks = round_forks(state, number)
        paths = "".join(rng.choice((LEFT, RIGHT)) for _ in forks)
        marked: list[int] = []
        for fork_no, fork in enumerate(forks, start=1):
            if not fork.path(paths[fork_no - 1]).is_free and rng.random() < 0.3:
                try:
                    check_enough_garnets(forks, paths, marked + [fork_no], state["garnets"][player])
                except SubmissionError:
                    continue
                marked.append(fork_no)
        return self.check(state, player, {"paths": paths, "garnet": marked})

    # --- applying -----------------------------------------------------------------
    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        """Play the open round's 4 forks top to bottom, then reveal the new order."""
        number = open_round(state)
        if number is None:
            raise SubmissionError("", "Trail Trouble is over; there is no round to play.")
        new = fresh(state)
        choices = {p: self._counted(state, p, submissions) for p in state["players"]}
        log: list[LogLine] = []
        garnets: list[GarnetChange] = []
        order_before = list(new["order"])
        fork_records = []
        for fork_no, fork in enumerate(round_forks(state, number), start=1):
            record = self._play_fork(new, number, fork_no, fork, choices, log, garnets)
            fork_records.append(record)
        changes = rules.place_changes(order_before, new["order"])
        new["rounds"].append(
            {
                "round": number,
                "order": list(new["order"]),
                "changes": changes,
                "choices": choices,
                "coins": dict(new["coins"]),
                "forks": fork_records,
            }
        )
        log.append(LogLine(texts.round_public_sentence(number, ROUNDS, new["order"], changes)))
        for player in state["players"]:
            log.append(LogLine(self._round_private_sentence(new, player, number), Seat(player)))
        if open_round(new) is None:
            log.extend(self._end_lines(new))
        return Resolution(new, log, garnets)

    def instant(self, state: State, player: str, payload: Payload) -> Resolution | None:
        """Nothing in Trail Trouble is answered at once: every fork waits for the round's end."""
        return None

    def _counted(self, state: State, player: str, submissions: dict[str, Payload]) -> Payload:
        """The submission that counts for ``player`` (the default when none came)."""
        if player in submissions:
            return self.check(state, player, submissions[player])
        return self.default(state, player, random.Random(0))

    def _play_fork(
        self,
        new: State,
        round_no: int,
        fork_no: int,
        fork: Fork,
        choices: dict[str, Payload],
        log: list[LogLine],
        garnets: list[GarnetChange],
    ) -> dict[str, Any]:
        """Play one fork on ``new`` (changed in place), writing its log lines; returns its record."""
        letters = {p: c["paths"][fork_no - 1] for p, c in choices.items()}
        marked = {p: fork_no in c["garnet"] for p, c in choices.items()}
        coins_before = dict(new["coins"])
        result = rules.play_fork(fork, new["order"], new["coins"], new["garnets"], letters, marked)
        for player in new["order"]:
            path_result = result.paths[player]
            new["coins"][player] = path_result.coins_after
            new["garnets"][player] = path_result.garnets_after
            garnets.extend(self._garnet_changes(round_no, fork_no, path_result))
        new["order"] = result.order_after
        log.append(LogLine(texts.fork_host_sentence(round_no, fork_no, fork, result), HOST))
        for player in new["players"]:
            sentence = texts.path_result_sentence(
                round_no, fork_no, fork, result.paths[player], coins_before[player], marked[player]
            )
            log.append(LogLine(sentence, Seat(player)))
        return {
            "fork": format_fork(fork),
            "takers": result.takers,
            "order": result.order_after,
            "results": {p: self._result_record(r) for p, r in result.paths.items()},
        }

    @staticmethod
    def _result_record(result: rules.PathResult) -> dict[str, Any]:
        """The path's result as the state keeps it: its fields in order but the player, the failed conditions
        described. (Not ``asdict``: it deep-copies the conditions only to be replaced, a tenth of a resolution.)"""
        return {f.name: [describe_condition(c) for c in result.failed] if f.name == "failed" else getattr(result, f.name)
                for f in _PATH_FIELDS}

    @staticmethod
    def _garnet_changes(round_no: int, fork_no: int, result: rules.PathResult) -> list[GarnetChange]:
        """Every garnet spent or gained on a path is a ledger entry."""
        where = f"Trail Trouble round {round_no}, fork {fork_no}"
        path = PATH_NAMES[result.letter]
        changes = []
        if result.garnets_spent:
            changes.append(
                GarnetChange(result.player, -result.garnets_spent, f"{where}: paid the {path} path with a garnet")
            )
        if result.garnets_gained:
            changes.append(
                GarnetChange(result.player, result.garnets_gained, f"{where}: garnet gained on the {path} path")
            )
        return changes

    @staticmethod
    def _round_private_sentence(state: State, player: str, round_no: int) -> str:
        """Each player learns their own coins (and garnets) after the round."""
        return (
            f"{player} has {texts.plural(state['coins'][player], 'coin')} and "
            f"{texts.plural(state['garnets'][player], 'garnet')} after round {round_no}."
        )

    def _end_lines(self, state: State) -> list[LogLine]:
        """The result: public names only; the host also gets the coin counts and whether a tie-break was used."""
        end = end_result(state)
        public = texts.end_public_sentence(end["tol"], end["ec"], end["dm_pick_order"],
                                           bool(house_bots.of(state))) + house_bots.note(state)
        ranked = end["ranked"]
        middle = ", ".join(f"{p} {state['coins'][p]}" for p in ranked[rules.TOL_PLACES : -1])
        tiebreak = "a tie on coins was broken by place" if end["tiebreak"] else "no tie-break was needed"
        ecs = ", ".join(f"{p} {state['coins'][p]}" for p in end["ec"]) or "none"
        if len(end["ec"]) == 2:
            host = (f"Coins of the season players between the ToL and last place, front to back: {middle}. "
                    f"{end['ec'][1]} has the fewest; {tiebreak}. ECs' coins: {ecs}.")
        else:
            host = f"ECs' coins: {ecs}."
        return [LogLine(public), LogLine(host, HOST)]

    # --- reading --------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        """ToL for places 1-3; ECs: last place and the fewest coins of places 4-9; no garnet payout."""
        if not self.finished(state):
            return None
        end = end_result(state)
        return Outcome(
            tol={p: 1 for p in end["tol"]},
            tol_to_give={},
            ec=list(end["ec"]),
            pending=None,
            garnets_earned={p: 0 for p in state["players"]},
            dm_pick_order=list(end["dm_pick_order"]),
            placement={p: place_of(state, p) for p in state["players"]},  # final places are never tied
        )

    # --- forms ------------------------------------------------------------------------
    def config_preview(self, key: str, text: str) -> list[str] | str:
        """The typed forks read back, one line a fork, or the first error with its line and column."""
        return preview_forks(text) if key == "forks" else ""

    def form_fields(self, state: State, player: str) -> list[Field]:
        """One Left/Right choice a fork, and the forks to pay with a garnet."""
        number = open_round(state)
        if number is None or player not in state["players"]:
            return []
        group = f"Round {number}"
        forks = round_forks(state, number)
        fields = []
        for fork_no, fork in enumerate(forks, start=1):
            choices = tuple((letter, f"{PATH_NAMES[letter]}: {describe_path(fork.path(letter))}") for letter in "LR")
            label = f"Fork {fork_no} of {FORKS_PER_ROUND}: Left or Right?"
            fields.append(Field(fork_field(fork_no), label, "choice", choices, True, texts.fork_help(fork), group))
        coin_forks = [n for n, fork in enumerate(forks, start=1) if texts.coin_path_letter(fork)]
        fields.append(
            Field(
                "garnet",
                "Pay with a garnet instead of coins at",
                "multichoice",
                tuple((str(n), texts.garnet_choice_label(n, forks[n - 1])) for n in coin_forks),
                False,
                texts.garnet_help(state["coins"][player], state["garnets"][player], bool(coin_forks)),
                group,
            )
        )
        return fields

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
        """Posted strings → ``{"paths": "LRLL", "garnet": [3]}`` (checked)."""
        letters = []
        for fork_no in range(1, FORKS_PER_ROUND + 1):
            value = data.get(fork_field(fork_no))
            if isinstance(value, list):
                value = value[-1] if value else None
            value = (value or "").strip().upper()[:1]
            if value not in (LEFT, RIGHT):
                raise SubmissionError(fork_field(fork_no), f"Choose Left or Right at fork {fork_no}.")
            letters.append(value)
        raw = data.get("garnet") or []
        if isinstance(raw, str):
            raw = [part for part in raw.replace(";", ",").split(",") if part.strip()]
        return self.check(state, player, {"paths": "".join(letters), "garnet": list(raw)})

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
        """The player's saved move; before one, nothing is chosen (the page says the move is not in, and the
        deadline's default, Right at every fork, is said in words beside the garnet boxes)."""
        if not payload:
            return {}
        initial: dict[str, Any] = {fork_field(n): payload["paths"][n - 1] for n in range(1, FORKS_PER_ROUND + 1)}
        initial["garnet"] = [str(n) for n in payload.get("garnet", [])]
        return initial


ENGINE = TrailTroubleEngine()
