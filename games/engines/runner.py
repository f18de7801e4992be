"""Playing one phase through an engine: the same steps for the web app and for replay."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engines.protocol import Engine, Payload, PhaseSpec, Resolution, State, SubmissionError, rng_for


@dataclass
class PhaseResult:
    """A played phase: what was open, what counted, who got the default, what came of it."""

    spec: PhaseSpec
    submissions: dict[str, Payload]
    defaulted: list[str]
    resolution: Resolution
    #: Stored submissions that no longer passed the check (lenient mode only): player → reason.
    rejected: dict[str, str] = field(default_factory=dict)
    #: The host's checked ruling, when the phase was a ``ruling`` phase (then no submissions).
    ruling: Payload | None = None


class NotAnActor(SubmissionError):
    """A submission from a player who does not act in this phase."""


def default_for(engine: Engine, state: State, seed: int, spec: PhaseSpec, player: str) -> Payload:
    """The default submission of ``player``, drawn from its own seeded stream."""
    return engine.default(state, player, rng_for(seed, spec.number, f"default:{player}"))


def bot_move(engine: Engine, state: State, seed: int, spec: PhaseSpec, player: str) -> Payload:
    """A bot's move for the open phase, drawn from its own seeded stream."""
    return engine.bot(state, player, rng_for(seed, spec.number, f"bot:{player}"))


def play_phase(
    engine: Engine, state: State, seed: int, submissions: dict[str, Payload], lenient: bool = False
) -> PhaseResult:
    """Check every submission, fill the defaults, and resolve the open phase.

    The phase's ``optional`` players' moves are checked and counted when sent; nobody gets a
    default for them. Strict (replay): raises SubmissionError, with ``player`` set, on the first
    submission that breaks a rule; nothing is applied then. Lenient (the web
    app, where every move was checked when it was sent): a move that no longer
    passes is replaced by the default and reported in ``rejected``.
    """
    spec = engine.phase(state)
    if spec is None:
        raise SubmissionError("", "the match has no open phase")
    if spec.kind == "ruling":
        raise SubmissionError("", f"{spec.name} is the host's ruling: it is played with play_ruling")
    for player in submissions:
        if not spec.may_submit(player):
            err = NotAnActor("", f"{player} does not act in {spec.name}")
            err.player = player
            raise err
    counted: dict[str, Payload] = {}
    defaulted: list[str] = []
    rejected: dict[str, str] = {}
    for player in spec.optional:  # may submit, never waited for: no default when silent
        if player in submissions and player not in spec.actors:
            try:
                counted[player] = engine.check(state, player, submissions[player])
            except SubmissionError as err:
                if not lenient:
                    err.player = player
                    raise
                rejected[player] = err.message
    for player in spec.actors:
        if player in submissions:
            try:
                counted[player] = engine.check(state, player, submissions[player])
                continue
            except SubmissionError as err:
                if not lenient:
                    err.player = player
                    raise
                rejected[player] = err.message
        counted[player] = default_for(engine, state, seed, spec, player)
        defaulted.append(player)
    resolution = engine.resolve(state, counted, rng_for(seed, spec.number, "resolve"))
    return PhaseResult(spec, counted, defaulted, resolution, rejected)


def play_ruling(engine: Engine, state: State, seed: int, ruling: Payload, lenient: bool = False) -> PhaseResult:
    """Check the host's ruling and apply it to the open ``ruling`` phase.

    Raises SubmissionError (naming the ruling field at fault) when the open phase is not a ruling
    phase or the ruling breaks a rule; nothing is applied then. ``lenient`` is accepted for symmetry
    with :func:`play_phase`: a ruling has no default to fall back on, so a bad one is refused either way.
    """
    spec = engine.phase(state)
    if spec is None:
        raise SubmissionError("", "the match has no open phase")
    if spec.kind != "ruling":
        raise SubmissionError("", f"{spec.name} is not a ruling phase: it is played with play_phase")
    checked = engine.check_ruling(state, ruling)
    resolution = engine.rule(state, checked, rng_for(seed, spec.number, "resolve"))
    return PhaseResult(spec, {}, [], resolution, ruling=checked)


def play_recorded(engine: Engine, state: State, seed: int, recorded: Payload, lenient: bool = False) -> PhaseResult:
    """Play the open phase from what a match file records for it: the open phase's kind decides, never a
    key's spelling. A ``ruling`` phase's object is the host's ruling (:func:`play_ruling`); any other
    phase's object is the submissions keyed by player (:func:`play_phase`)."""
    spec = engine.phase(state)
    if spec is not None and spec.kind == "ruling":
        return play_ruling(engine, state, seed, recorded, lenient)
    return play_phase(engine, state, seed, recorded, lenient)
