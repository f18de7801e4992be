"""What a game declares about itself, so that the site can host it without naming it.

A game's engine carries one :class:`GameSpec` (``Engine.spec``). The site reads it to know the seat
counts, the phase kinds, what the game offers (a live clock with reserve time, instant actions,
legal-move hints, post-game decisions, Death Match items), the host's set-up fields (from which the
host's set-up page is generated) and where the game's page parts live. The site never probes an
engine with ``getattr``/``hasattr`` and never names a game.

Pure Python, like every engine: no Django here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

#: Which clock a phase runs on: ``main`` (the match's phase length), ``turn`` (a live turn), ``setup``
#: (a live set-up step), ``decision`` (a post-game decision) or ``ruling`` (a phase nobody plays but the
#: host: no deadline, resolved when the host publishes a ruling; see ``Offers.host_rulings``).
PhaseKind = Literal["main", "turn", "setup", "decision", "ruling"]

ConfigKind = Literal[
    "int", "minutes", "seconds", "choice", "text", "seat_order", "seat", "seat_each", "bool", "design"
]


@dataclass(frozen=True)
class ConfigField:
    """One setting of a game, as the host types it on the set-up page.

    ``kind``: ``int`` (a whole number in ``lo``..``hi``), ``minutes``/``seconds`` (a duration the
    host types in those units, stored in seconds), ``choice`` (one of ``choices``), ``text`` (free
    text the engine parses, e.g. Trail Trouble's forks; ``lines`` sets the box's height),
    ``seat_order`` (the seats in an order the host picks), ``seat`` (one seat, or nobody when not
    ``required``), ``seat_each`` (each of ``choices`` given to one seat or to nobody: a mapping
    choice key → seat name, e.g. Death Match items), ``bool``, ``design`` (a host's game design
    document, ``games.custom_game.document``: the site offers a choice among the designs the host may use
    and stores the validated document itself in the match config under this key). Every field may be left empty unless ``required``: the engine then
    draws it from the seed or uses ``default``.

    ``from_placement`` (``seat_order`` only): in a season, when the host leaves the order empty, the site
    fills it with the previous Main Match's placement, best placed first (players who did not play it
    after them, drawn from the seed), e.g. Trail Trouble's starting order.
    """

    key: str
    label: str
    kind: ConfigKind = "text"
    help: str = ""
    required: bool = False
    default: Any = None
    lo: int | None = None
    hi: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    lines: int = 1
    from_placement: bool = False


@dataclass(frozen=True)
class Offers:
    """What a game offers beyond secret moves and deadlines; the site turns each on from here.

    - ``live_clock``: turns of a minute (``turn``/``setup`` phases) played live, with a move locked in
      resolving the turn at once.
    - ``reserve``: each player has reserve time (``Engine.spend_reserve``; reserve at zero concedes,
      ``Engine.concede``).
    - ``instant_keys``: payload keys answered at once when sent (``Engine.instant``), e.g. look-ups.
    - ``move_hints``: the engine lists a seat's legal moves (``Engine.legal_moves``) for the page.
    - ``decisions``: the match may end with a post-game decision phase (``decision`` kind).
    - ``death_match``: the game can be played as a season's Death Match (two seats).
    - ``death_match_items``: item key → title, handed to the duelists when set up (config ``items``).
    - ``at_once_keys``: payload keys that, in a checked live move, resolve the turn the moment the move is
      stored (as if every actor had locked in), with no reserve time charged for it: e.g. the Mulligan,
      which cancels the turn in progress.
    - ``host_rulings``: the game has ``ruling`` phases the host resolves by publishing a ruling
      (``Engine.ruling_form``, ``Engine.check_ruling``, ``Engine.rule``; ``runner.play_ruling``).
      Practice matches against bots are not offered for such games.
    - ``actions``: a phase may take actions that take effect at once, each a whole payload of its own
      (``Engine.instant``), resolved one by one in arrival order under the match's lock and recorded in order
      (a match file's ``actions``); a phase they end says ``closing`` and is resolved at once.
    """

    live_clock: bool = False
    reserve: bool = False
    instant_keys: tuple[str, ...] = ()
    move_hints: bool = False
    decisions: bool = False
    death_match: bool = False
    death_match_items: tuple[tuple[str, str], ...] = ()
    at_once_keys: tuple[str, ...] = ()
    host_rulings: bool = False
    actions: bool = False


@dataclass(frozen=True)
class FormSlot:
    """An empty element the move form draws after its fields, for the game's script to fill.

    Drawn by the server (``id`` and ``class`` both ``name``), so the page is laid out with it: a script that
    inserted it after load would move what follows (the boards below the form on a phone). The game's stylesheet
    holds its space (e.g. a ``min-height``). ``tag``: ``small``, ``div`` or ``fieldset``; ``polite``: what the
    script writes there is read out (``aria-live="polite"``).
    """

    name: str
    tag: Literal["small", "div", "fieldset"] = "div"
    polite: bool = False


@dataclass(frozen=True)
class PageParts:
    """The game's own page parts: templates and scripts the match page includes.

    ``move_template`` replaces the generic move form when set (e.g. a clickable board);
    ``scripts`` are static paths (as ``{% static %}`` takes them) loaded on the match page after the
    site's own ``live.js``; they live in the game's folder, ``games/<game>/static/<game>/…``, which the
    site serves from there (``genius.matches.staticfinders.GameFolderFinder``). ``styles`` are stylesheets (static
    paths as well) the page links before its content, so it is laid out once with them (a style a script adds
    after the first paint moves the page under the reader). ``form_slots``: empty elements the move form draws
    after its fields for the scripts to fill (:class:`FormSlot`).
    """

    move_template: str = ""
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    form_slots: tuple[FormSlot, ...] = ()


class RulesBusy(Exception):
    """The rules runner a caller chose (``DesignTools.try_phase``'s ``worker``) stayed taken by other runs
    past the ``wait`` allowed: nothing ran; try again shortly."""


class DesignTools(Protocol):
    """What a game that plays hosts' designs offers the designer pages (``GameSpec.design_tools``); the game
    implements it (the custom game: ``games.custom_game.tools``), the site reads only this.

    The rules: ``check_rules`` lists the problems of a validated design's rules; ``try_phase`` runs one phase's
    rules once and returns what would be published; ``presets`` are ready-made rules for common mechanics;
    ``shipped_dir`` holds the designs that ship with the game (``*.genius-design.json``); ``proof`` plays a design
    against the coded games (``run_proof``, ``load_design``, ``ADAPTERS``); ``new_rules_worker`` (None when the
    game has none) makes a rules runner of the caller's own for ``try_phase``.

    The design document's own checks come with them: ``validate`` (``DesignError``, games.engines.design_problems,
    listing its problems), ``read_file``, ``blank``, ``export``, ``slug_key``, ``field_where`` and ``field_kinds``.
    """

    @property
    def presets(self) -> tuple[dict[str, Any], ...]:
        """Ready-made rules for common mechanics (key, label, summary, fields, counters, tables, rules)."""

    @property
    def shipped_dir(self) -> str:
        """The folder of the designs that ship with the game."""

    @property
    def proof(self) -> Any:
        """The proof against the coded games: a module-like value with ``run_proof``, ``load_design``, ``ADAPTERS``."""

    @property
    def field_kinds(self) -> tuple[str, ...]:
        """The kinds a form field may have."""

    @property
    def new_rules_worker(self) -> Callable[[], Any] | None:
        """Makes a rules runner of the caller's own (never the phase clock's) for :meth:`try_phase`; None: none."""

    def check_rules(self, design: dict[str, Any], /) -> list[Any]:
        """The problems of a validated design's rules."""

    def try_phase(self, design: dict[str, Any], phase_key: str, round_number: int, answers: dict[str, Any] | None,
                  seed: int, players: list[str], /, *, worker: Any | None = None, wait: float | None = None) -> Any:
        """Round ``round_number`` of phase ``phase_key`` played once on ``answers`` (None: random legal answers):
        what would be published. With a ``worker`` (:attr:`new_rules_worker`) it runs there, and raises
        :class:`RulesBusy` when that worker stays taken past ``wait`` seconds (None: as long as it takes)."""

    def validate(self, doc: object, /) -> dict[str, Any]:
        """The normalized design document, or ``DesignError`` listing its problems."""

    def read_file(self, data: object, /) -> dict[str, Any]:
        """The design an exported file holds (its text, bytes or parsed object), normalized."""

    def blank(self, title: str, /) -> dict[str, Any]:
        """A valid starting document."""

    def export(self, doc: dict[str, Any], /) -> dict[str, Any]:
        """What an exported file holds."""

    def slug_key(self, label: str, taken: set[str], /) -> str:
        """A key made from a label, unique among ``taken``."""

    def field_where(self, phase_where: str, number: int, field: Any, /) -> str:
        """A field in a host's words (``Phase 2 “Vote”, field “Who”``)."""


@dataclass(frozen=True)
class Ranking:
    """How the game ranks its players at the end (``Outcome.placement``, ``Outcome.standing``), in its rules' words.

    ``tie_rule``: the rule for players equal at the end, quoted as the game's ``RULES.md`` states it (the results
    show it beside a tie, and the site names no game); ``score``: the score's unit, singular and plural
    (``("point", "points")``; empty where the results show no score).
    """

    tie_rule: str = ""
    score: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class GameSpec:
    """A game's declared spec (after OpenSpiel's ``GameType``/``GameInfo``)."""

    slug: str
    title: str
    summary: str
    min_players: int
    max_players: int
    phase_kinds: tuple[PhaseKind, ...] = ("main",)
    offers: Offers = field(default_factory=Offers)
    config: tuple[ConfigField, ...] = ()
    page: PageParts = field(default_factory=PageParts)
    #: How many phases a match usually has (for progress bars; 0 when it varies too much to say).
    phases: int = 0
    #: For a game that plays hosts' designs: its rules checker, rules trial, presets, shipped designs, proof.
    design_tools: DesignTools | None = None
    #: How the results rank the players: the tie rule, the score's unit.
    ranking: Ranking = field(default_factory=Ranking)

    def seat_counts(self) -> range:
        """Every number of seats the game accepts."""
        return range(self.min_players, self.max_players + 1)

    def config_field(self, key: str) -> ConfigField | None:
        return next((f for f in self.config if f.key == key), None)
