""""Try these rules": one phase of a design played once through the engine, on random or given answers.

The phase closes as if its rules resolved it (whatever its close mode), through the very path a match
takes, so the preview shows exactly what would be published to everyone and to each player. It plays the
game (:mod:`.game`) and runs its rules (:mod:`.rules`, the sandbox) in the worker it is given: it stands
above both, and the site reaches it through the spec's design tools (:mod:`.tools`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from games.custom_game.document.checks import validate_design
from games.engines.design_problems import DesignError
from games.engines.protocol import HOST, PUBLIC, ConfigError, Seat, SubmissionError, rng_for

from . import answers as forms
from . import phases, seat_forms
from .game import CustomGame
from .rules import Worker, run_phase_rules, worker_in_effect

#: The garnets each seat of a try holds.
WALLET = 5
#: The game a try plays (the one matches play, but for the designer's tools its spec declares).
GAME = CustomGame()


@dataclass
class Preview:
    """What "Try these rules" shows: what everyone reads (``public``), what each player reads
    (``private``), the counter and garnet changes, what opens next (or the end), or the ``error``."""

    public: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    host: list[str] = field(default_factory=list)
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    garnets: dict[str, int] = field(default_factory=dict)
    next: str | None = None
    ending: dict[str, Any] | None = None
    answers: dict[str, Any] = field(default_factory=dict)
    ruling: dict[str, Any] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    debug: list[str] = field(default_factory=list)
    error: str | None = None
    line: int | None = None
    part: str = ""


def try_phase(design: dict[str, Any], phase_key: str, round: int, answers: dict[str, Any] | None,  # noqa: A002
              seed: int, players: list[str], *, worker: Worker | None = None, wait: float | None = None) -> Preview:
    """Play round ``round`` of phase ``phase_key`` once: on ``answers`` ({player: {field: value}}) or, when
    None, random legal answers from ``seed``; see :class:`Preview`.

    With a ``worker`` (:func:`new_worker`), every run of the try (set-up, values, rules) goes there, the
    worker held for the whole try; RulesBusy (``games.engines.spec``) when others hold it past ``wait``
    seconds (None: wait as long as it takes), and then nothing has run."""
    if worker is None:
        return _play(design, phase_key, round, answers, seed, players)
    with worker.reserved(wait), worker_in_effect(worker):
        return _play(design, phase_key, round, answers, seed, players)


def _play(design: dict[str, Any], phase_key: str, round_: int, given: dict[str, Any] | None, seed: int,  # noqa: C901
          players: list[str]) -> Preview:
    """:func:`try_phase` in the rules worker in effect."""
    try:
        doc = validate_design(design)
    except DesignError as exc:
        return Preview(error=f"the design cannot be played: {exc}")
    found = phases.find(doc, phases.option(phase_key, round_))
    if found is None:
        return Preview(error=f"{phase_key}:{round_} is not a phase and round of this design")
    phase, _ = found
    if phase.get("rules", "").strip():
        phase["close"] = "rules"
    lo, hi = doc["min_players"], doc["max_players"]
    doc["min_players"], doc["max_players"] = min(lo, len(players)), max(hi, len(players))
    try:
        state = GAME.setup(list(players), {"design": doc}, {p: WALLET for p in players}, seed)
    except ConfigError as exc:
        return Preview(error=exc.message, part="setup")
    actors = phases.design_actors(phase, state["players"]) or tuple(state["players"])
    phases.open_round(state, phase, round_, actors, list(phase["fields"]), phase["seconds"])
    seat_forms.open_seats(state)  # each seat's own form and options
    form_problems = list(state["open"].get("form_problems", []))
    submissions: dict[str, Any] = {}
    for p in state["open"]["actors"]:
        fields = phases.fields_for(state, p)
        if given is None:
            raw = forms.bot(fields, state["players"], rng_for(seed, state["number"], f"bot:{p}"))
        elif p in given and given[p] is not None:
            raw = given[p]
        else:
            submissions[p] = forms.default(fields)
            continue
        try:
            submissions[p] = forms.check(fields, state["players"], raw if isinstance(raw, dict) else {})
        except SubmissionError as exc:
            return Preview(error=f"{p}'s answer to {exc.field or 'the form'}: {exc.message}")
    before = copy.deepcopy(state)
    rng_seed = (seed, state["number"])
    resolution = GAME.resolve(state, submissions, rng_for(*rng_seed, "resolve"))
    after = resolution.state
    entry = after["history"][-1]
    preview = Preview(answers=copy.deepcopy(entry["answers"]))
    preview.host += [f"The form for {problem}" for problem in form_problems]  # a form's expression that failed
    probe = copy.deepcopy(before)
    probe["history"].append(copy.deepcopy(entry))
    run = run_phase_rules(probe, rng_for(*rng_seed, "resolve"))
    preview.debug, preview.values, preview.ruling = run.debug, run.values, run.ruling
    current = after["open"]
    if current is not None and current.get("problem"):
        preview.error, preview.line, preview.part = current["problem"], run.line, current.get("part", run.part)
        return preview
    for line in resolution.log:
        if line.audience == PUBLIC:
            preview.public.append(line.text)
        elif line.audience == HOST:
            preview.host.append(line.text)
        elif isinstance(line.audience, Seat):
            preview.private.setdefault(line.audience.name, []).append(line.text)
    for p in after["players"]:
        changes = {k: v - before["counters"][p][k] for k, v in after["counters"][p].items()
                   if v != before["counters"][p][k]}
        if changes:
            preview.counters[p] = changes
    preview.garnets = {g.player: g.amount for g in resolution.garnets}
    if after["ending"] is not None:
        preview.next = phases.END
        preview.ending = copy.deepcopy(after["ending"])
    elif current is not None and current["kind"] == "main":
        preview.next = phases.option(current["phase"], current["round"])
    return preview
