"""The one engine protocol every game implements.

Engines are pure Python (no Django), deterministic from (state, submissions,
seed). State is plain JSON-able data. Checking (``check``) is kept apart from
applying (``resolve``). Randomness only comes from :func:`rng_for`.

Viewers and audiences are typed values, never strings: a :class:`Seat` (by
name), :data:`HOST`, :data:`SPECTATOR` and, for log lines, :data:`PUBLIC`. No
user name can equal a role, so a player named ``@host`` or ``public`` is just
a player. Engines branch on the type (``isinstance`` / ``match``).
"""

from __future__ import annotations

import copy
import random
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from games.engines.spec import GameSpec, PhaseKind

State = dict[str, Any]
Payload = dict[str, Any]


@dataclass(frozen=True)
class Seat:
    """A seated player, by seat name: a viewer, or the audience of a line private to that seat.

    A role is never a string: ``Seat("@host")`` and ``Seat("public")`` are players like any other.
    """

    name: str

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"a seat is named by a string, not {self.name!r}")


@dataclass(frozen=True, repr=False)
class Host:
    """The host, who sees everything (use :data:`HOST`)."""

    def __repr__(self) -> str:
        return "HOST"


@dataclass(frozen=True, repr=False)
class Spectator:
    """Anyone without a seat, who sees only public data (use :data:`SPECTATOR`)."""

    def __repr__(self) -> str:
        return "SPECTATOR"


@dataclass(frozen=True, repr=False)
class Public:
    """The audience of a line everyone reads (use :data:`PUBLIC`)."""

    def __repr__(self) -> str:
        return "PUBLIC"


#: The viewer that sees everything, and the audience of lines only the host reads.
HOST = Host()
#: The viewer that sees only public data.
SPECTATOR = Spectator()
#: The audience of lines everyone reads.
PUBLIC = Public()

#: Who looks at a match: a seat, the host or a spectator (no user-chosen string can equal a role).
Viewer = Seat | Host | Spectator
#: Who reads a log line: everyone, the host, or one seat (and the host).
Audience = Public | Host | Seat


class EngineError(ValueError):
    """Base of every error an engine raises on bad input."""


class ConfigError(EngineError):
    """The host's configuration or the seat list is not valid."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


class SubmissionError(EngineError):
    """A submission breaks a rule; ``field`` names the form field at fault."""

    #: Whose submission it is, when the runner knows (``play_phase`` says it on the error it raises).
    player: str | None = None

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


TalkKind = Literal["everyone", "room", "pair", "host"]


@dataclass(frozen=True)
class TalkChannel:
    """A channel of the match's talk as the rules have it now (:meth:`Engine.talk`).

    ``key``: the channel's stable name (e.g. ``"room:red"``); ``kind``: everyone, a room (a named group),
    a pair of players, or the host's channel with one player; ``members``: the seats that read and post
    there; ``open``: whether posts are taken now (a closed channel still shows what was said);
    ``name``: how the page titles it (the key if empty).
    """

    key: str
    kind: TalkKind
    members: tuple[str, ...]
    open: bool = True
    name: str = ""


@dataclass(frozen=True)
class TimedChallenge:
    """A player's timed challenge (:meth:`Engine.timed_content`): ``seconds`` from when they start it to answer
    ``questions`` (each a row of shown cells, column → cell), with the open phase's form."""

    seconds: int
    questions: tuple[tuple[tuple[str, str], ...], ...]


@dataclass(frozen=True)
class PhaseSpec:
    """The phase that is open now: its number (1-based), name and who acts.

    ``kind`` tells the platform which clock applies: ``main`` (the match's
    phase length, 24 h by default), ``turn`` (a live turn), ``setup`` (a live
    setup step) or ``decision`` (a post-game decision).

    ``optional`` names players who MAY submit in this phase without being one of its
    ``actors`` (an item such as Bigfoot Sighting's Mulligan): nobody waits for them, no
    default is filled for them, and they count neither for locking in nor for reserve time.

    ``seconds``: this phase's own length, overriding the match's length for its kind (None: the
    match's). ``until_closed``: no deadline; the phase stays open until the host closes it ("resolve
    now"). A ``ruling`` phase (the host's adjudication) has ``actors=()`` and is always until_closed.

    ``closing``: an action taken at once has ended the phase (``Engine.instant``, when ``spec.offers.actions``):
    the platform resolves it now, as at its deadline, and refuses any further action or move.
    """

    number: int
    name: str
    actors: tuple[str, ...]
    kind: PhaseKind = "main"
    optional: tuple[str, ...] = ()
    seconds: float | None = None
    until_closed: bool = False
    closing: bool = False

    def may_submit(self, player: str) -> bool:
        """Whether ``player`` may send a move in this phase (an actor, or an optional submitter)."""
        return player in self.actors or player in self.optional


@dataclass(frozen=True)
class BoardCopy:
    """One copy of a board that a ruling may mark (``RulingForm.boards``): a public board's only copy, or one
    player's (or one group's) copy of a private or group board."""

    #: The board's key, as a ruling's mark names it.
    board: str
    #: What the page calls it ("Grid", "Your map: ana", "Rooms: group 1 (ana, ben)").
    label: str
    #: The player a mark names for this copy (None: a public board, which takes none).
    player: str | None
    #: The players whose copy it is (a private board's one, a group's members; none for a public board).
    seen_by: tuple[str, ...]
    #: How a cell is written on this board, in the host's words.
    notation: str
    #: cell → its mark now (the cells that hold something).
    marks: dict[str, dict[str, Any]]
    #: The copy drawn as SVG, each cell a button (the cell picker; the site says which box a click fills).
    drawing: str = ""


@dataclass(frozen=True)
class RulingForm:
    """What the host's adjudication page offers for the open ruling phase (``Engine.ruling_form``)."""

    #: The players' phase being ruled on.
    phase_name: str
    #: Every seat, in seat order.
    players: tuple[str, ...]
    #: The submissions table's columns (field labels).
    columns: tuple[str, ...]
    #: (player, answer per column as text, was default), one row per player who acted.
    rows: tuple[tuple[str, tuple[str, ...], bool], ...]
    #: (key, label) of the match's counters.
    counters: tuple[tuple[str, str], ...]
    #: player → counter key → value now.
    counter_values: dict[str, dict[str, int]]
    #: (value, label) of what may open next, e.g. ("vote:2", "Vote, round 2 of 3"), and ("end", "End the match").
    next_options: tuple[tuple[str, str], ...]
    #: The option that follows in the design.
    default_next: str
    #: next option value → that phase's field documents (``games.custom_game.document``), editable.
    next_fields: dict[str, list[dict[str, Any]]]
    #: next option value → the seats that act by the design (``()`` when the host must name them).
    next_actors: dict[str, tuple[str, ...]]
    #: Each player's wallet now (as the engine knows it).
    garnets: dict[str, int]
    #: Each board copy the host may mark in this ruling (none: the game has no boards).
    boards: tuple[BoardCopy, ...] = ()
    #: The colours a mark may have (the page's choice; none: any the engine reads).
    mark_colours: tuple[str, ...] = ()


@dataclass
class LogLine:
    """One step of a resolution, in a plain sentence, for one audience (PUBLIC, HOST or a Seat)."""

    text: str
    audience: Audience = PUBLIC

    def __post_init__(self) -> None:
        if not isinstance(self.audience, (Public, Host, Seat)):
            raise TypeError(f"a log line's audience is PUBLIC, HOST or a Seat, not {self.audience!r}")


@dataclass
class GarnetChange:
    """A change of a player's season wallet (positive: gained)."""

    player: str
    amount: int
    reason: str


@dataclass
class Resolution:
    """What resolving a phase (or an instant action) produced."""

    state: State
    log: list[LogLine] = field(default_factory=list)
    garnets: list[GarnetChange] = field(default_factory=list)


@dataclass
class Outcome:
    """The result of a finished match (see MATCHFILE.md, "outcome")."""

    tol: dict[str, int] = field(default_factory=dict)
    tol_to_give: dict[str, int] = field(default_factory=dict)
    ec: list[str] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    garnets_earned: dict[str, int] = field(default_factory=dict)
    dm_pick_order: list[str] = field(default_factory=list)
    #: For two-player Death Matches: the winner and loser (None on a draw).
    winner: str | None = None
    loser: str | None = None
    #: Each player's place, 1..n, by the game's own measure (empty when the game states none).
    placement: dict[str, int] = field(default_factory=dict)
    #: What the results show of each player (``games.kit.placement.Standing``: the rank, shared by equal players;
    #: the score; the tie-breaks that decided): empty when the game states none (the results read the placement).
    standing: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Field:
    """A form field the platform renders for a phase (built from the engine).

    ``kind``: ``choice`` (one of ``choices``), ``pick`` (one of ``choices``, shown as a
    button each: one click sends the move, and locks it in on a live turn), ``multichoice``, ``text``,
    ``int``, ``bool``, ``cell`` (a cell of a board: a text input for its coordinates, with ``picture``, an SVG
    drawn by the game whose cells carry ``data-cell``, to pick one by clicking or from the keyboard).
    ``choices`` are ``(value, label)`` pairs.
    """

    name: str
    label: str
    kind: Literal["choice", "pick", "multichoice", "text", "int", "bool", "cell"] = "text"
    choices: tuple[tuple[str, str], ...] = ()
    required: bool = True
    help: str = ""
    group: str = ""
    picture: str = ""


@dataclass(frozen=True)
class ActionForm:
    """A button a player may press now to act at once (``spec.offers.actions``), with its fields if any.

    ``key`` names it when posted back (:meth:`Engine.parse_action`); ``group`` heads the buttons shown together
    ("Actions", "Offers to you"); ``note`` is what it is about, shown beside it (an offer's terms). A ``pick``
    field is drawn as one button per choice (the form has no other button).
    """

    key: str
    label: str
    fields: tuple[Field, ...] = ()
    group: str = ""
    note: str = ""
    #: Shown only until the player locks in their move in the phase (:meth:`Engine.only_before_lock_in`).
    before_lock_in: bool = False


class Observer:
    """What a viewer sees of a match, kept apart from the game's rules (OpenSpiel's observer, after
    ``make_py_observer``): the view, the board as text and drawn, a player's panel and full state.

    A game subclasses it and names that class in its engine's ``observer_type``; the engine makes one
    (``engine.observer``) with itself as ``game``, so an observer may read the open phase through the
    game's rules. Every method takes the state and never changes it.
    """

    def __init__(self, game: Engine) -> None:
        self.game = game

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may see: a :class:`Seat`, :data:`SPECTATOR` or :data:`HOST` (branch on the type).

        A Seat whose name is not a player of this match sees what a spectator sees.
        """
        raise NotImplementedError

    def board_text(self, state: State, viewer: Viewer) -> str:
        """The board as text (the same text the log uses), as ``viewer`` may see it."""
        return ""

    def board_svg(self, view: dict[str, Any]) -> str:
        """The board drawn as SVG from a :meth:`view` (every name escaped); empty when the game draws none."""
        return ""

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        """One player's full state, as the host sees it (MATCHFILE "players")."""
        raise NotImplementedError

    def panel(self, state: State, player: str) -> dict[str, Any]:
        """What a player's private panel shows of their own state (default: all of it)."""
        return self.player_state(state, player)


class Engine:
    """Base class of the game engines; subclasses override every method.

    All methods take the state and never mutate it: ``resolve`` and
    ``instant`` return a new state. A subclass declares ``spec`` (a
    :class:`~games.engines.spec.GameSpec`); ``slug``, ``title``,
    ``min_players`` and ``max_players`` are then read from it. The methods
    under "optional capabilities" are called by the site only when the spec's
    ``offers`` turn them on. What a viewer sees is not here: it is the game's
    :class:`Observer` (``observer_type``), made once as ``engine.observer``.
    """

    spec: GameSpec
    #: The game's observer class; ``engine.observer`` is one, made with the engine.
    observer_type: type[Observer] = Observer
    observer: Observer
    slug: str = ""
    title: str = ""
    min_players: int = 0
    max_players: int = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if spec is not None:  # one source of truth: the declared spec
            cls.slug, cls.title = spec.slug, spec.title
            cls.min_players, cls.max_players = spec.min_players, spec.max_players
            check_offers(cls)

    def __init__(self) -> None:
        self.observer = self.observer_type(self)

    # --- set-up -----------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        """Check the seats and config (raise ConfigError) and build the first state."""
        raise NotImplementedError

    # --- the phase that is open ----------------------------------------
    def phase(self, state: State) -> PhaseSpec | None:
        """The open phase, or None when nothing is left to decide."""
        raise NotImplementedError

    def finished(self, state: State) -> bool:
        """True once play is over (a post-game decision may still be open)."""
        raise NotImplementedError

    # --- submissions ------------------------------------------------------
    def check(self, state: State, player: str, payload: Payload) -> Payload:
        """Return the normalized payload or raise SubmissionError naming the field."""
        raise NotImplementedError

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        """The submission a player who sent nothing gets (the seed's default)."""
        raise NotImplementedError

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
        """A random legal submission for a bot seat."""
        raise NotImplementedError

    # --- applying ---------------------------------------------------------
    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        """Resolve the open phase from every actor's (checked) submission."""
        raise NotImplementedError

    def instant(self, state: State, player: str, payload: Payload) -> Resolution | None:
        """Apply the part of a submission answered at once (e.g. look-ups).

        Returns None when the payload holds nothing instant. The platform
        applies it when the player submits; ``resolve`` must then skip what
        the state shows was already applied, so that a replay (which only
        calls ``resolve``) gives the same result.
        """
        return None

    def bot_action(self, state: State, player: str, rng: random.Random) -> Payload | None:
        """A random legal action a bot takes at once now (``spec.offers.actions``), or None: it takes none."""
        return None

    def action_forms(self, state: State, player: str) -> list[ActionForm]:
        """The actions ``player`` may take at once now, as buttons and forms for the match page ([]: none)."""
        return []

    def only_before_lock_in(self, state: State, payload: Payload) -> bool:
        """Whether the action ``payload`` may be taken only by a player who has not locked in their move in the
        open phase, as a move could not be (the platform knows who has locked in). Default: False."""
        return False

    def parse_action(self, state: State, player: str, key: str, data: dict[str, Any]) -> Payload:
        """The payload of the action form ``key`` posted with ``data`` (texts; lists for a multiple choice);
        SubmissionError naming the field. It is checked when it is taken (:meth:`instant`)."""
        raise SubmissionError("", "This game takes no actions from the page.")

    def action_notes(self, state: State, viewer: Viewer) -> list[str]:
        """Lines about the open phase's actions that ``viewer`` may read beside the buttons (e.g. the offers made
        to or by them and what became of them; [] for none)."""
        return []

    def bot_reply(self, state: State, player: str, rng: random.Random) -> Payload | None:
        """An answer a bot owes now (e.g. to an offer made to it), taken as soon as it is due, beyond its one
        action a phase (:meth:`bot_action`); None: it owes none."""
        return None

    # --- optional capabilities (called only when ``spec.offers`` says so) -----
    def merge_instant(self, payload: Payload | None, instant_payload: Payload | None) -> Payload:
        """A move with the instant part of a submission folded back in, as a match file stores it.

        Called when ``spec.offers.instant_keys`` is set (exporting a match file).
        """
        raise NotImplementedError

    def spend_reserve(self, state: State, player: str, seconds: float) -> Resolution:
        """Take ``seconds`` off ``player``'s reserve time; at zero the player concedes.

        Called when ``spec.offers.reserve`` is set, for a move sent on reserve time.
        """
        raise NotImplementedError

    def spend_reserves(self, state: State, used: dict[str, float]) -> Resolution:
        """Take the seconds each player of ``used`` spent from the same moment off their reserves, as one
        resolution (so that two reserves running out at once state one outcome, once).

        The base: :meth:`spend_reserve` for each, the least first; a game whose rules say what two players
        out of time at once means overrides it.
        """
        log: list[LogLine] = []
        garnets: list[GarnetChange] = []
        for name, seconds in sorted(used.items(), key=lambda item: item[1]):
            result = self.spend_reserve(state, name, seconds)
            state, log, garnets = result.state, log + result.log, garnets + result.garnets
        return Resolution(state, log, garnets)

    def concede(self, state: State, player: str) -> Resolution:
        """``player`` gives up the match. Called when ``spec.offers.reserve`` is set."""
        raise NotImplementedError

    def clock_seconds(self, state: State, kind: PhaseKind) -> float | None:
        """How long a live phase of this ``kind`` lasts by the match's own clock settings (its config,
        e.g. a turn length and a set-up step length); None: the match's length for that kind."""
        return None

    def legal_moves(self, state: State, player: str) -> dict[str, Any]:
        """What ``player`` may do now, for a clickable board ({} when they do not act).

        Called when ``spec.offers.move_hints`` is set.
        """
        raise NotImplementedError

    # --- the host's rulings (called only when ``spec.offers.host_rulings``) -------
    def ruling_form(self, state: State) -> RulingForm:
        """What the host's adjudication page offers for the open ``ruling`` phase."""
        raise NotImplementedError

    def check_ruling(self, state: State, ruling: Payload) -> Payload:
        """The normalized ruling, or raise SubmissionError naming the ruling field at fault
        (``announce``, ``private.ana``, ``counters.ana.points``, ``garnets.ana``, ``next``, ``actors``,
        ``fields[1].options``, ``placement``, ``ec``, ...)."""
        raise NotImplementedError

    def rule(self, state: State, ruling: Payload, rng: random.Random) -> Resolution:
        """Apply a checked ruling: the announcement a PUBLIC line, each private message to its Seat,
        counter changes by visibility, garnets in ``Resolution.garnets``; the next phase opens."""
        raise NotImplementedError

    def bot_ruling(self, state: State, rng: random.Random) -> Payload:
        """A random legal ruling for the open ruling phase (for the test kit's playouts and demos)."""
        raise NotImplementedError

    def sample_config(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        """A config a bot match of ``players`` can be played with (the test kit's playouts, demos).

        The base: ``{}`` (every setting left to its default); a game with a required setting (a custom
        game's design) draws one from ``rng``.
        """
        return {}

    # --- reading ------------------------------------------------------------
    def rules_text(self, state: State) -> str:
        """The match's own rules (Markdown) when the game carries them in its config; "" means the
        game's RULES.md is the rules page."""
        return ""

    def outcome(self, state: State) -> Outcome | None:
        """The outcome once ``finished`` (``pending`` set while a decision is open)."""
        raise NotImplementedError

    # --- the host's set-up page ---------------------------------------------
    def config_preview(self, key: str, text: str) -> list[str] | str:
        """What the host's text for config field ``key`` reads as: lines to show, or an error (a str).

        The host's page shows the lines under the box (e.g. Trail Trouble's forks parsed back into
        words); a str is shown as the error beside the box. The base previews nothing (``""``).
        """
        return ""

    # --- talk ------------------------------------------------------------------
    def talk(self, state: State) -> list[TalkChannel] | None:
        """The talk channels the rules allow now, read by the site after each change of the match.

        None (the base): the site's default, one "everyone" channel of all seats, open while the match
        runs. An empty list: no talk at all ("no press"). A game whose rules say who may talk to whom
        ("talk only within your room") returns its channels, each with its members and whether it is open.
        """
        return None

    # --- timed content per player ----------------------------------------------
    def timed_content(self, state: State, player: str) -> TimedChallenge | None:
        """The open phase's timed challenge of ``player``, if it is one (None, the base: no such phase).

        Its questions are shown to the player only once they start it (the site keeps when, and enforces
        the answer window); the answers come to the engine under :data:`TIMED_SUBMITTER` when it closes."""
        return None

    # --- forms ----------------------------------------------------------------
    def form_fields(self, state: State, player: str) -> list[Field]:
        """The form fields of the open phase for ``player``."""
        raise NotImplementedError

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
        """Turn posted form data into a payload (raise SubmissionError naming the field)."""
        raise NotImplementedError

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
        """Form values that show ``payload`` (the player's current submission)."""
        raise NotImplementedError


class SpecError(TypeError):
    """A game's spec offers what its engine does not implement (raised when the engine class is defined)."""


#: What each offer of a spec (``Offers`` field) needs the engine to implement: the base methods only raise.
OFFER_METHODS: dict[str, tuple[str, ...]] = {
    "reserve": ("spend_reserve", "concede"),
    "instant_keys": ("instant", "merge_instant"),
    "actions": ("instant", "bot_action"),
    "move_hints": ("legal_moves",),
    "host_rulings": ("ruling_form", "check_ruling", "rule", "bot_ruling"),
}


def offer_problems(game: type[Engine] | Engine) -> list[str]:
    """What the game's spec offers that its engine does not implement, in words ([] when they match).

    >>> from games.engines.spec import GameSpec, Offers
    >>> class Clockless(Engine):
    ...     pass
    >>> Clockless.spec = GameSpec("c", "Clockless", "", 2, 2, offers=Offers(reserve=True))
    >>> offer_problems(Clockless)
    ['Clockless (c) offers reserve, but its engine does not implement spend_reserve, concede']
    """
    cls = game if isinstance(game, type) else type(game)
    spec = getattr(game, "spec", None)
    if spec is None:
        return []
    problems = []
    for offer, methods in OFFER_METHODS.items():
        if getattr(spec.offers, offer):
            missing = [name for name in methods if getattr(cls, name) is getattr(Engine, name)]
            if missing:
                problems.append(f"{spec.title} ({spec.slug}) offers {offer}, but its engine does not implement "
                                f"{', '.join(missing)}")
    return problems


def check_offers(game: type[Engine] | Engine) -> None:
    """Refuse a game whose spec offers what its engine does not implement (SpecError naming both)."""
    problems = offer_problems(game)
    if problems:
        raise SpecError("; ".join(problems))


def viewer_role(viewer: Viewer, players: list[str] | tuple[str, ...]) -> Literal["host", "player", "spectator"]:
    """``host``, ``player`` (a Seat of one of ``players``) or ``spectator`` (anyone else).

    >>> viewer_role(Seat("@host"), ["@host", "ana"])
    'player'
    >>> viewer_role(HOST, ["ana"])
    'host'

    Raises TypeError for anything that is not a viewer (a bare name or None is a bug, never a role).
    """
    match viewer:
        case Host():
            return "host"
        case Seat(name=name):
            return "player" if name in players else "spectator"
        case Spectator():
            return "spectator"
    raise TypeError(f"a viewer is a Seat, HOST or SPECTATOR, not {viewer!r}")


def seat_of(viewer: Viewer, players: list[str] | tuple[str, ...]) -> str | None:
    """The viewer's seat name if ``viewer`` is a Seat of one of ``players``, else None (host, spectator, stranger)."""
    role = viewer_role(viewer, players)
    return viewer.name if isinstance(viewer, Seat) and role == "player" else None


def rng_for(seed: int, phase_number: int, purpose: str = "") -> random.Random:
    """The one source of randomness: a generator seeded by (seed, phase, purpose)."""
    return random.Random(f"{seed}:{phase_number}:{purpose}")


def fresh(state: State) -> State:
    """A deep copy of ``state`` for an engine to change."""
    return plain_copy(state)


#: Values shared by a copy: they cannot change.
_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, tuples of JSON's values), several times faster than
    ``copy.deepcopy`` (a resolution copies its state at every step); anything else goes to ``copy.deepcopy``."""
    kind = type(value)
    if kind is dict:
        return {key: plain_copy(item) for key, item in value.items()}
    if kind is list:
        return [plain_copy(item) for item in value]
    if kind in _IMMUTABLE:
        return value
    if kind is tuple:
        return tuple(plain_copy(item) for item in value)
    return copy.deepcopy(value)


#: The reserved submitters of a phase answered from outside the match: ``@season``, the season's players who
#: hold no seat in it; ``@community``, the community's members who hold none. An engine names one in the phase's
#: ``PhaseSpec.optional``; the site hands the outsiders' answers to the engine under that name when the phase
#: closes, and a match file records them under it. No seat is ever named so (seat names never start with ``@``).
OUTSIDE_SEASON = "@season"
OUTSIDE_COMMUNITY = "@community"
OUTSIDE_SUBMITTERS = (OUTSIDE_SEASON, OUTSIDE_COMMUNITY)


#: The reserved submitter of a timed challenge's answers (:meth:`Engine.timed_content`): the site hands every
#: player's answers given within their own window to the engine under it, ``{"answers": {player: move}}``.
TIMED_SUBMITTER = "@timed"
