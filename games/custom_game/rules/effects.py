"""What rules do: the effect functions, which build a ruling dict (the shape ``rulings.check_ruling`` takes).

Each call is checked at once (so an error names its line); nothing reaches the match until the whole
program has run and its ruling has passed the same check and apply path as a host's ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from games.custom_game.document.limits import MAX_NUMBER

from .. import phases
from ..rulings import MAX_ANNOUNCE, MAX_PRIVATE
from .library import _int, _shown
from .sandbox import HostError, Meter

MAX_KEPT_CHARS = 50_000
#: The effect functions, as rules call them.
EFFECT_NAMES = ("announce", "tell", "add", "set", "garnet", "reveal", "keep", "goto", "end", "give_back_time",
                "print")
#: The functions that read what the run has done so far (never collected in Starlark: a run that names one
#: calls every effect as it comes, ``rules._run_once``).
READER_NAMES = ("counters_now",)


def plain(value: Any, where: str, depth: int = 0) -> Any:
    """``value`` if it is plain data (dict with text keys, list, str, int, bool, None); HostError otherwise."""
    if depth > 20:
        raise HostError(f"{where}: the value nests too deep")
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:  # the usual kinds, told at once
        return value
    if depth < 20:  # a list or a dict keyed by texts, its texts taken without a call (one level deeper)
        if kind is list:
            return [v if type(v) is str else plain(v, where, depth + 1) for v in value]
        if kind is dict and all(type(k) is str for k in value):
            return {k: v if type(v) is str else plain(v, where, depth + 1) for k, v in value.items()}
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple):
        return [plain(v, where, depth + 1) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise HostError(f"{where}: a kept dict's keys must be texts, not {_shown(k)}")
            out[k] = plain(v, where, depth + 1)
        return out
    raise HostError(f"{where}: only texts, whole numbers, yes/no, None, lists and dicts can be kept, "
                    f"not {_shown(value)}")


class Effects:
    """The effect functions of one run, accumulating ``ruling`` and the ``kept`` values."""

    def __init__(self, state: dict[str, Any], meter: Meter, *, setup: bool = False) -> None:
        self.design = state["design"]
        self.players: list[str] = list(state["players"])
        self.counter_keys = [c["key"] for c in self.design["counters"]]
        self.counters = state["counters"]
        self.wallets = state["garnets"]
        self.meter = meter
        self.setup = setup
        self.lines: list[str] = []
        self.private: dict[str, list[str]] = {}
        #: The length of the announcement and of each player's messages, as joined so far.
        self.announced = 0
        self.told: dict[str, int] = {}
        self.changes: dict[str, dict[str, int]] = {}
        self.garnets: dict[str, int] = {}
        self.reveal = False
        self.give_back = False
        self.next: dict[str, Any] = {}
        self.kept: dict[str, Any] = {}
        self.debug: list[str] = []

    def functions(self, names: Collection[str] | None = None) -> dict[str, Callable[..., Any]]:
        """The effects by the names rules call them (only those of ``names`` when given)."""
        return {n: getattr(self, "e_" + n) for n in (*EFFECT_NAMES, *READER_NAMES) if names is None or n in names}

    # --- the ruling ---------------------------------------------------------------------------------------
    def ruling(self) -> dict[str, Any]:
        """The ruling built so far (complete after a whole run, partial after a failure)."""
        out: dict[str, Any] = {
            "announce": "\n".join(self.lines),
            "private": {p: "\n".join(self.private[p]) for p in self.players if p in self.private},
            "counters": {p: {k: self.changes[p][k] for k in self.counter_keys if self.changes[p].get(k)}
                         for p in self.players if any(self.changes.get(p, {}).values())},
            "garnets": {p: self.garnets[p] for p in self.players if self.garnets.get(p)},
            "reveal": self.reveal,
        }
        if self.give_back:
            out["give_back_time"] = True
        out.update(self.next)
        return out

    # --- checks ---------------------------------------------------------------------------------------------
    def _player(self, value: Any, fn: str) -> str:
        if not isinstance(value, str) or value not in self.players:
            raise HostError(f"{fn}: {_shown(value)} is not a player of this match")
        return value

    def _text(self, value: Any, fn: str) -> str:
        if isinstance(value, bool) or value is None or not isinstance(value, str | int):
            raise HostError(f"{fn}: the text must be a text (or a number), not {_shown(value)}")
        text = str(value)
        self.meter.wrote(len(text))
        return text

    def _amount(self, value: Any, fn: str, what: str = "the amount") -> int:
        if not _int(value):
            raise HostError(f"{fn}: {what} must be a whole number, not {_shown(value)}")
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise HostError(f"{fn}: {what} {value} is beyond ±{MAX_NUMBER:,}")
        return value

    def _counter(self, value: Any, fn: str) -> str:
        if value not in self.counter_keys:
            raise HostError(f"{fn}: {_shown(value)} is not a counter of this game "
                            f"(its counters: {', '.join(self.counter_keys) or 'none'})")
        return value

    def _not_in_setup(self, fn: str) -> None:
        if self.setup:
            raise HostError(f"{fn}: the set-up rules cannot use {fn} (only a phase's rules can)")

    # --- the effects ------------------------------------------------------------------------------------------
    def e_announce(self, text: Any) -> None:
        """A public line of the announcement (lines are joined with line breaks)."""
        line = self._text(text, "announce")
        size = self.announced + (1 if self.lines else 0) + len(line)  # joined with line breaks
        if size > MAX_ANNOUNCE:
            raise HostError(f"announce: the announcement is at most {MAX_ANNOUNCE:,} characters")
        self.lines.append(line)
        self.announced = size

    def e_tell(self, player: Any, text: Any) -> None:
        """A private line to one player."""
        name = self._player(player, "tell")
        line = self._text(text, "tell")
        size = self.told[name] + 1 + len(line) if name in self.told else len(line)  # joined with line breaks
        if size > MAX_PRIVATE:
            raise HostError(f"tell: the messages to {name} are at most {MAX_PRIVATE:,} characters")
        self.private.setdefault(name, []).append(line)
        self.told[name] = size

    def _change(self, name: str, key: str, delta: int, fn: str) -> None:
        total = self.changes.setdefault(name, {}).get(key, 0) + delta
        if not -MAX_NUMBER <= self.counters[name][key] + total <= MAX_NUMBER:
            raise HostError(f"{fn}: {name}'s {key} would go beyond ±{MAX_NUMBER:,}")
        self.changes[name][key] = total

    def e_add(self, player: Any, counter: Any, amount: Any) -> None:
        """Add ``amount`` (maybe negative) to a player's counter; several adds sum up."""
        self._change(self._player(player, "add"), self._counter(counter, "add"), self._amount(amount, "add"), "add")

    def e_set(self, player: Any, counter: Any, value: Any) -> None:
        """Change a player's counter so that it becomes ``value``."""
        name, key = self._player(player, "set"), self._counter(counter, "set")
        target = self._amount(value, "set", "the value")
        now = self.counters[name][key] + self.changes.get(name, {}).get(key, 0)
        self._change(name, key, target - now, "set")

    def e_garnet(self, player: Any, amount: Any) -> None:
        """Give (or take, negative) garnets through the season wallet; a wallet never goes below 0."""
        self._not_in_setup("garnet")
        name = self._player(player, "garnet")
        delta = self._amount(amount, "garnet")
        total = self.garnets.get(name, 0) + delta
        wallet = self.wallets[name]
        if wallet + total < 0:
            raise HostError(f"garnet: {name} has {wallet + self.garnets.get(name, 0)} garnet(s), the rules "
                            f"cannot take {-delta} (use clamp(…) or garnets[player] to stay at 0 or more)")
        self.garnets[name] = total

    def e_reveal(self) -> None:
        """This phase's answers become public."""
        self._not_in_setup("reveal")
        self.reveal = True

    def e_give_back_time(self) -> None:
        """Every player gets back the reserve time they spent in this live turn (a turn the rules cancel)."""
        self._not_in_setup("give_back_time")
        self.give_back = True

    def e_keep(self, name: Any, value: Any) -> None:
        """Keep a named value for later phases (``values[name]``)."""
        if not isinstance(name, str) or not name or len(name) > 40:
            raise HostError(f"keep: the name must be a short text, not {_shown(name)}")
        kept = plain(value, "keep")
        size = len(repr(kept))
        self.meter.wrote(size // 4)
        if size > MAX_KEPT_CHARS:
            raise HostError(f"keep: the value of {name} is too large to keep")
        self.kept[name] = kept

    def e_goto(self, option: Any, actors: Any = None, fields: Any = None, seconds: Any = -1) -> None:
        """What opens next: a phase and round ``"bid:2"`` (default: the design's next), maybe with other
        actors, another form, another length (None: until the host closes it); ``"end"`` ends. In the set-up it
        names what opens first (RULES.md, "What rules do"), never the end."""
        if option == phases.END:
            if self.setup:
                raise HostError("goto: the set-up rules cannot end the match (goto a phase and round to open first)")
            self.e_end()
            return
        if phases.find(self.design, option) is None:
            options = ", ".join(v for v, _ in phases.options(self.design))
            raise HostError(f"goto: {_shown(option)} is not a phase and round of this game ({options})"[:400])
        self.next = {"next": option}
        if actors is not None:
            if not isinstance(actors, list):
                raise HostError(f"goto: actors must be a list of players, not {_shown(actors)}")
            self.next["actors"] = [self._player(a, "goto") for a in actors]
        if fields is not None:
            self.next["fields"] = plain(fields, "goto")
        if seconds != -1:
            if seconds is not None and not _int(seconds):
                raise HostError(f"goto: seconds must be a whole number or None, not {_shown(seconds)}")
            self.next["seconds"] = seconds

    def e_end(self, placement: Any = None, tol: Any = None, ec: Any = None, ec_decide: Any = None,
              shared: Any = False) -> None:
        """The end: placement (players best first, a list inside for a tie, or a dict player → place),
        Tokens of Life (dict player → n), ECs (list) or an EC decision {"candidates", "deciders"}; ``shared``:
        players placed equally keep their shared place (a tie), not ordered by counters and the seed."""
        self._not_in_setup("end")
        out: dict[str, Any] = {"next": phases.END}
        if placement is not None:
            out["placement"] = self._placement(placement)
        if not isinstance(shared, bool):
            raise HostError(f"end: shared must be True or False, not {_shown(shared)}")
        if shared:
            out["shared"] = True
        if tol is not None:
            if not isinstance(tol, dict):
                raise HostError(f"end: tol must be a dict player → Tokens of Life, not {_shown(tol)}")
            out["tol"] = {self._player(p, "end"): self._amount(n, "end", "a number of Tokens of Life")
                          for p, n in tol.items()}
        if ec is not None:
            if not isinstance(ec, list):
                raise HostError(f"end: ec must be a list of players, not {_shown(ec)}")
            out["ec"] = [self._player(p, "end") for p in ec]
        if ec_decide is not None:
            if not isinstance(ec_decide, dict) or set(ec_decide) - {"candidates", "between", "deciders"}:
                raise HostError("end: ec_decide must be a dict with candidates and deciders")
            between = ec_decide.get("candidates", ec_decide.get("between"))
            deciders = ec_decide.get("deciders")
            if not isinstance(between, list) or not isinstance(deciders, list):
                raise HostError("end: ec_decide's candidates and deciders must be lists of players")
            out["ec_decide"] = {"between": [self._player(p, "end") for p in between],
                                "deciders": [self._player(p, "end") for p in deciders]}
        self.next = out

    def _placement(self, placement: Any) -> dict[str, int]:
        if isinstance(placement, dict):
            return {self._player(p, "end"): self._amount(n, "end", "a place") for p, n in placement.items()}
        if not isinstance(placement, list):
            raise HostError(f"end: placement must be a list of players best first, not {_shown(placement)}")
        out: dict[str, int] = {}
        place = 1
        for item in placement:
            group = item if isinstance(item, list) else [item]
            for p in group:
                name = self._player(p, "end")
                if name in out:
                    raise HostError(f"end: the placement names {name} twice")
                out[name] = place
            place += len(group)
        return out

    def e_counters_now(self) -> dict[str, dict[str, int]]:
        """``counters`` as they stand after this run's ``add`` and ``set`` so far (``counters`` itself stays
        as at the close)."""
        self.meter.charge(len(self.players) * len(self.counter_keys))
        return {p: {k: self.counters[p][k] + self.changes.get(p, {}).get(k, 0) for k in self.counter_keys}
                for p in self.players}

    def e_print(self, *args: Any) -> None:
        """A line for the host's "Try these rules" (never published)."""
        text = " ".join(a if isinstance(a, str) else repr(a) for a in args)
        self.meter.wrote(len(text))
        self.debug.append(text[:500])
