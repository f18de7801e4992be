"""Custom game: the game a host designs on the site, played as an Engine; each phase is closed by its rules, by
the host confirming them, or by hand.

This is the game itself, its spec without the designer's tools; :mod:`.engine` registers it with them
(:mod:`.tools`), and "Try these rules" (:mod:`.trying`) plays this one, so imports run one way.

Where to find a rule:

- the design document and its checks: :mod:`.design` (the site reaches it through the spec's ``design_tools``);
- which phase and round opens next, who acts, the phases' names and numbers: :mod:`.phases`;
- the players' forms (fields, checking, defaults, bots' answers): :mod:`.answers`;
- the host's rulings (the adjudication page, checking and applying a ruling): :mod:`.rulings`;
- the end (placement, Tokens of Life, ECs, the EC decision): :mod:`.ending`;
- what each viewer sees: :mod:`.views`, put together by :mod:`.observer`; the drawing: :mod:`.board_svg`; the secrets: :mod:`.leaks`.

A match: the design's first phase opens; at its close the answers (defaults filled in) are stored,
secret to their authors and the host, and a ruling phase opens for the host; the published ruling is
applied and opens what it names next, until a ruling ends the match.
"""

from __future__ import annotations

import random
from typing import Any

from games.custom_game.document import action_only
from games.custom_game.document.checks import validate_design
from games.engines.design_problems import DesignError
from games.engines.protocol import (
    PUBLIC,
    ActionForm,
    ConfigError,
    Engine,
    Field,
    LogLine,
    Outcome,
    Payload,
    PhaseSpec,
    Resolution,
    RulingForm,
    State,
    SubmissionError,
    TalkChannel,
    TimedChallenge,
    Viewer,
    rng_for,
)
from games.engines.seat_roles import SEAT_ROLES_KEY, read_seat_roles, seat_roles_field
from games.engines.spec import ConfigField, GameSpec, Offers, PageParts, Ranking
from games.kit.checks import open_phase_for, wallets
from games.kit.numbers import shown

from . import (
    action_forms,
    actions,
    answers,
    closing,
    ending,
    move_checks,
    outside,
    phases,
    rulings,
    samples,
    seat_forms,
    talk_rooms,
    timed,
    trades,
    turns,
)
from .boards import cell_field
from .boards.marks import new_boards
from .boards.picker import cell_pictures
from .copies import fresh
from .observer import CustomGameObserver

SLUG = "custom-game"
TITLE = "Custom game"


def check_design(config: Any, players: list[str]) -> dict[str, Any]:
    """The config's design, validated, for this many seats (ConfigError naming every problem)."""
    if not isinstance(config, dict):
        raise ConfigError("config", "the settings must be an object such as {\"design\": {...}}")
    unknown = sorted((k for k in config if k not in ("design", SEAT_ROLES_KEY)), key=str)
    if unknown:
        raise ConfigError(str(unknown[0]), f"a custom game has no setting {shown(unknown[0])}; its settings are "
                                           f"design and {SEAT_ROLES_KEY}")
    if config.get("design") is None:
        raise ConfigError("design", "choose a game design")
    try:
        design = validate_design(config["design"])
    except DesignError as exc:
        raise ConfigError("design", f"the design cannot be played: {exc}") from None
    if not design["min_players"] <= len(players) <= design["max_players"]:
        raise ConfigError("players", f"{design['title']} is for {design['min_players']} to {design['max_players']} "
                                     f"players; {len(players)} are seated")
    first = design["phases"][0]
    if not phases.design_actors(first, players):
        raise ConfigError("design", f"none of the seats that act in {first['name']} "
                                    f"({', '.join(map(str, first['seats']))}) is in a match of {len(players)}")
    return design


#: The game's spec, without its design tools (:mod:`.engine` adds them).
SPEC = GameSpec(
    slug=SLUG,
    title=TITLE,
    summary="A game a host designs on the site: each phase is closed by its rules, by the host confirming them, "
            "or by hand",
    min_players=2,
    max_players=20,
    phase_kinds=("main", "ruling", "decision", "turn"),  # "turn": a live turn (turns.py)
    offers=Offers(host_rulings=True, decisions=True, actions=True, reserve=True),
    page=PageParts(scripts=("custom_game/cells.js",)),  # the cell field's picker (RULES.md, "Boards")
    config=(ConfigField("design", "Game design", kind="design", required=True,
                        help="The game's phases, forms and counters, as designed on the site."),
            seat_roles_field()),  # a Death Match's EC and opponent, read by role() (games/engines/seat_roles.py)
    ranking=Ranking(
        tie_rule=("Players the host does not place, and players the host places equally, are ordered by the "
                  "public counters (in the design's order, highest first), then drawn at random from the match's "
                  "seed."),
    ),
)


class CustomGame(Engine):
    """A host-designed game played through forms; each phase closed by its rules or the host's ruling."""

    observer_type = CustomGameObserver
    spec = SPEC

    # --- set-up -----------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise ConfigError("players", "the seats must be named")
        if len(set(players)) != len(players):
            raise ConfigError("players", "two seats have the same name")
        if not self.min_players <= len(players) <= self.max_players:
            raise ConfigError("players", f"a custom game is for 2 to 20 players; {len(players)} are seated")
        design = check_design(config, players)
        roles = read_seat_roles(config.get(SEAT_ROLES_KEY), players)
        state: State = {
            "players": list(players), "seed": seed, "design": design,
            "garnets": wallets(garnets, players),
            "counters": {p: {c["key"]: c["start"] for c in design["counters"]} for p in players},
            "number": 1, "open": None, "history": [], "ending": None,
        }
        if roles:  # a Death Match's seats: {seat: "ec" | "opponent"}; no key at all in a match without roles
            state["roles"] = {p: roles[p].value for p in players if p in roles}
        if design.get("boards"):  # RULES.md, "Boards"
            state["boards"] = new_boards(design, players)
        turns.start_reserves(state)  # live turns: each player's reserve time (turns.py)
        opening = closing.setup(state, rng_for(seed, 0, closing.SETUP_PURPOSE))
        phases.open_first(state, opening)
        seat_forms.open_seats(state)  # a form for each player
        return state

    def sample_config(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        if rng.random() < 0.5:
            return {"design": samples.rules_design(rng, len(players))}
        return {"design": samples.random_design(rng, len(players))}

    # --- the open phase ------------------------------------------------------
    def phase(self, state: State) -> PhaseSpec | None:
        return phases.spec(state)

    def finished(self, state: State) -> bool:
        return state["ending"] is not None

    # --- submissions ------------------------------------------------------
    def check(self, state: State, player: str, payload: Payload) -> Payload:
        open_phase_for(self, state, player, payload)
        if state["open"]["kind"] == "decision":
            return ending.check_vote(state, payload)
        if player in outside.SUBMITTERS:  # the answers from outside the match, handed in by the site
            return outside.check(state, payload)
        if player == timed.SUBMITTER:  # a timed challenge's answers given in time, handed in by the site
            return timed.check(state, payload)
        if player not in state["open"]["actors"]:  # a seat that may only take the actions open to anyone
            raise SubmissionError("", f"You do not move in {state['open']['name']}: you may take its actions.")
        checked = answers.check(phases.fields_for(state, player), state["players"], payload)  # the seat's own form
        cell_field.check_allowed(state, player, checked)  # a cell on the player's board, empty if it must be
        return move_checks.check_move(state, player, checked)  # the phase's limits and check (move_checks.py)

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        """The design's default answers (or its fallback: move_checks.py); a silent decider abstains."""
        if state["open"]["kind"] == "decision":
            return {"ec": None}
        return move_checks.default_for(state, player)

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
        if state["open"]["kind"] == "decision":
            return {"ec": rng.choice(state["open"]["between"])}
        if any(f["kind"] == "cell" for f in state["open"]["fields"]):  # a cell its field allows, then checked
            return move_checks.bot_for(state, player, rng, lambda move: cell_field.bot_cells(state, player, move, rng))
        return move_checks.bot_for(state, player, rng)  # drawn again until the check passes

    # --- applying ---------------------------------------------------------
    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        """Close a players' phase (its rules resolve it, or the answers are kept for the host's ruling:
        :mod:`.closing`) or count the EC decision."""
        s = fresh(state)
        log: list[LogLine] = []
        current = s["open"]
        if current["kind"] == "decision":
            ending.decide(s, submissions, rng, log)
            return Resolution(s, log)
        fields = current["fields"]
        acting, given = list(current["actors"]), submissions
        if current.get("timed"):  # the takers' answers given in time; the others get the defaults
            acting, given = timed.takers(current), timed.moves_of(state, submissions)
        subs = {p: given.get(p) or move_checks.default_for(state, p) for p in acting}
        out = turns.timed_out(state, subs)  # a live turn's missing moves: the design's timeout rule (turns.py)
        timeout = (turns.turn_of(state) or {}).get("timeout")
        if out and timeout == "loss":
            return turns.lose_on_time(s, out, log)
        for p in out:
            log.append(LogLine(f"{p} ran out of time in {current['name']}: "
                               + ("their turn is passed." if timeout == "pass" else "their move is the default."),
                               PUBLIC))
            if timeout == "pass":  # no answer at all
                subs[p] = {**{f["key"]: answers.empty(f) for f in phases.fields_for(state, p)}, answers.DEFAULT_MARK: True}
        entry = {
            "number": s["number"], "phase": current["phase"], "round": current["round"], "name": current["name"],
            "actors": acting, "fields": fields,
            # each seat's answers under its own form's field keys (RULES.md, "A form for each player")
            "answers": {p: answers.answers_of(subs[p], phases.fields_for(state, p)) for p in acting},
            "defaulted": [p for p in acting if answers.is_default(subs[p])],
            "revealed": False, "ruling": None, "private": {},
        }
        if current.get("actions"):  # the phase's actions, in arrival order (actions.py)
            entry["actions"] = current["actions"]
        if current.get("reserve_before"):  # the reserves before any was spent in it: give_back_time() (turns.py)
            entry["reserve_before"] = current["reserve_before"]
        if current.get("trades"):  # its offers and their answers, in order (trades.py)
            entry["trades"] = current["trades"]
        if current.get("timed"):
            entry["challenges"] = timed.challenges(state)
        if (outsiders := outside.submitter(current)) is not None:
            entry["outside"] = outside.entry_of(fields, submissions.get(outsiders))
        s["history"].append(entry)
        return seat_forms.opened(closing.close(s, entry, rng, log))  # the next phase's form for each player

    # --- actions and live turns (actions.py, turns.py) ------------------------
    def instant(self, state: State, player: str, payload: Payload) -> Resolution | None:
        """An action, taken at once: checked, its rules run, applied and recorded in order."""
        if trades.is_trade(payload):  # an offer of a trade or gift, or its answer (trades.py)
            return trades.take(state, player, payload)
        return actions.take(state, player, payload)

    def only_before_lock_in(self, state: State, payload: Payload) -> bool:
        return actions.only_before_lock_in(state, payload)

    def bot_action(self, state: State, player: str, rng: random.Random) -> Payload | None:
        if trades.rules_of(state) is not None and rng.random() < 0.5:
            return trades.bot_trade(state, player, rng)
        return actions.bot_action(state, player, rng)

    # --- the match page's action buttons and offers (action_forms.py) -----------
    def action_forms(self, state: State, player: str) -> list[ActionForm]:
        return action_forms.forms_for(state, player)

    def parse_action(self, state: State, player: str, key: str, data: dict[str, Any]) -> Payload:
        return action_forms.parse(state, player, key, data)

    def action_notes(self, state: State, viewer: Viewer) -> list[str]:
        return action_forms.notes(state, viewer)

    def bot_reply(self, state: State, player: str, rng: random.Random) -> Payload | None:
        return action_forms.bot_reply(state, player, rng)

    def spend_reserve(self, state: State, player: str, seconds: float) -> Resolution:
        """Reserve time used on a live turn; at zero the turn's timeout rule applies (turns.py)."""
        return turns.spend(state, player, seconds)

    def concede(self, state: State, player: str) -> Resolution:
        """A player who gives up loses the match, as a timeout whose rule is a loss."""
        s = fresh(state)
        log = [LogLine(f"{player} concedes.", PUBLIC)]
        placement = {p: 1 for p in s["players"] if p != player} | {player: len(s["players"])}
        s["number"] += 1
        s["open"] = None
        ending.end(s, {"next": "end", "placement": placement, "tol": {}, "ec": []},
                   rng_for(s["seed"], s["number"], "concede"), log)
        return Resolution(s, log)

    # --- the host's rulings --------------------------------------------------
    def ruling_form(self, state: State) -> RulingForm:
        return rulings.ruling_form(state)

    def check_ruling(self, state: State, ruling: Payload) -> Payload:
        return rulings.check_ruling(state, ruling)

    def rule(self, state: State, ruling: Payload, rng: random.Random) -> Resolution:
        return seat_forms.opened(rulings.rule(state, ruling, rng))

    def bot_ruling(self, state: State, rng: random.Random) -> Payload:
        return rulings.bot_ruling(state, rng)

    # --- timed challenges ----------------------------------------------------
    def timed_content(self, state: State, player: str) -> TimedChallenge | None:
        """``player``'s timed challenge in the open phase, if it is one (:mod:`.timed`)."""
        return timed.content(state, player)

    # --- talk ---------------------------------------------------------------
    def talk(self, state: State) -> list[TalkChannel] | None:
        """The design's talk (:mod:`.talk_rooms`): none ("no press"), the site's default, or rooms from a kept value."""
        return talk_rooms.channels(state)

    # --- reading ------------------------------------------------------------
    def rules_text(self, state: State) -> str:
        """The design's own rules, then how the match runs: its phases, who acts, their forms."""
        design = state["design"]
        lines = [f"# {design['title']}", ""]
        if design["summary"]:
            lines += [f"*{design['summary']}*", ""]
        if design["rules"]:
            lines += [design["rules"], ""]
        lines += ["## Phases", ""]
        for n, phase in enumerate(design["phases"], start=1):
            who = {"everyone": "everyone", "named": "the players the host names",
                   "seats": "seats " + ", ".join(map(str, phase.get("seats", [])))}[phase["actors"]]
            rounds = f", {phase['repeat']} rounds" if phase["repeat"] > 1 else ""
            length = "until the host closes it" if phase["seconds"] is None else _duration(phase["seconds"])
            lines.append(f"{n}. **{_md(phase['name'])}**{rounds}: {who}; {length}. "
                         + ("; ".join(f"{_md(f['label'])} ({answers.KIND_WORDS[f['kind']]})" for f in phase["fields"])
                            or _md(action_only.words(phase)))  # a phase of actions only: no form
                         + ".")
        closes = {p.get("close", "hand") for p in design["phases"]}
        if closes == {"rules"}:
            lines += ["", "Each phase's rules resolve it at its close: announcements, counters, garnets and what "
                          "opens next, at once."]
        elif closes == {"hand"}:
            lines += ["", "After each phase the host rules: announcements, counters, garnets and what opens next."]
        else:
            lines += ["", "At each phase's close its rules resolve it, or the host rules (confirming what the rules "
                          "propose, where the design says so): announcements, counters, garnets and what opens next."]
        return "\n".join(lines)

    def outcome(self, state: State) -> Outcome | None:
        return ending.outcome(state)

    # --- forms ----------------------------------------------------------------
    def form_fields(self, state: State, player: str) -> list[Field]:
        current = state["open"]
        if current is not None and player in outside.SUBMITTERS and outside.submitter(current) == player:
            return answers.form_fields(current["fields"], state["players"])  # the form the outsiders fill in
        if current is not None and player == timed.SUBMITTER and current.get("timed"):
            return answers.form_fields(current["fields"], state["players"])  # the form a taker answers in time
        if current is None or player not in current.get("actors", []):
            return []
        if current["kind"] == "decision":
            return [Field("ec", "Elimination Candidate", "choice", tuple((p, p) for p in current["between"]))]
        return cell_pictures(state, player, answers.form_fields(phases.fields_for(state, player), state["players"]))

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
        current = state["open"]
        if current is None or current["kind"] == "ruling":
            return {}
        if current["kind"] == "decision":
            value = data.get("ec")
            if isinstance(value, list):
                value = value[-1] if value else None
            return {"ec": value}
        return answers.parse_form(phases.fields_for(state, player), state["players"], data)

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
        current = state["open"]
        if current is None or payload is None:
            return {}
        if current["kind"] == "decision":
            return {"ec": payload.get("ec")}
        return answers.form_initial(phases.fields_for(state, player), payload)


def _md(text: str) -> str:
    """A label safe inside Markdown emphasis (its own markup characters escaped)."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


def _duration(seconds: int) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"

