""""Try these rules": one phase of a design played once through the engine, on random or given answers.

The phase closes as if its rules resolved it (whatever its close mode), through the very path a match
takes, so the preview shows exactly what would be published to everyone and to each player.
"""

from __future__ import annotations

import copy
from typing import Any

from games.custom_game.design import DesignError, validate_design
from games.engines.protocol import HOST, PUBLIC, ConfigError, Seat, SubmissionError, rng_for

from .. import answers as forms
from .. import phases
from . import Preview, run_phase_rules

WALLET = 5


def try_phase(design: dict[str, Any], phase_key: str, round_: int, given: dict[str, Any] | None, seed: int,
              players: list[str]) -> Preview:
    """See :func:`games.custom_game.rules.try_phase`."""
    from ..engine import ENGINE

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
        state = ENGINE.setup(list(players), {"design": doc}, {p: WALLET for p in players}, seed)
    except ConfigError as exc:
        return Preview(error=exc.message, part="setup")
    actors = phases.design_actors(phase, state["players"]) or tuple(state["players"])
    phases.open_round(state, phase, round_, actors, list(phase["fields"]), phase["seconds"])
    submissions: dict[str, Any] = {}
    for p in actors:
        if given is None:
            raw = forms.bot(phase["fields"], state["players"], rng_for(seed, state["number"], f"bot:{p}"))
        elif p in given and given[p] is not None:
            raw = given[p]
        else:
            submissions[p] = forms.default(phase["fields"])
            continue
        try:
            submissions[p] = forms.check(phase["fields"], state["players"], raw if isinstance(raw, dict) else {})
        except SubmissionError as exc:
            return Preview(error=f"{p}'s answer to {exc.field or 'the form'}: {exc.message}")
    before = copy.deepcopy(state)
    rng_seed = (seed, state["number"])
    resolution = ENGINE.resolve(state, submissions, rng_for(*rng_seed, "resolve"))
    after = resolution.state
    entry = after["history"][-1]
    preview = Preview(answers=copy.deepcopy(entry["answers"]))
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
