"""The host's ruling form (``/matches/<id>/ruling/``): the engine's ``RulingForm`` as a Django form
(:class:`RulingBoxes`), built from what the engine declares alone (the site never names a game), read back into
a ruling, checked by the engine's ``check_ruling`` in ``clean``, and each refusal put beside its box.

Boxes are named by seat index, never by seat name (a name may be any text): ``private-0``,
``counter-0-points``, ``garnets-0``, ``place-0``, ``tol-0``; the next phase's form by next option and field
index, ``nf-1-0-options``. Checkboxes (``actors``, ``ec``, ``between``, ``deciders``) carry seat names.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from django import forms

from games.engines.protocol import Engine, RulingForm, State, SubmissionError
from games.kit.numbers import NumberError, parse_int
from genius.forms.moves import Carried, CarriedList, CarriedSwitch

#: What the boxes of changes, places and Tokens of Life hold at most.
MAX_CHANGE = 1_000_000
MAX_HOURS = 30 * 24

Values = dict[str, list[str]]


@dataclass
class Box:
    """One box of the page: its name, what it holds now, and its error."""

    name: str
    label: str
    value: str = ""
    error: str = ""
    note: str = ""


@dataclass
class PlayerRow:
    """One player's boxes: a private message, counter changes, garnet change, and (at the end) place and ToL."""

    index: int
    name: str
    private: Box
    counters: list[Box]
    garnets: Box
    place: Box
    tol: Box
    standing: list[tuple[str, int]] = field(default_factory=list)
    wallet: int = 0
    acts: bool = False
    ec: bool = False
    between: bool = False
    decider: bool = False


@dataclass
class FieldEdit:
    """The editable parts of one field of the next phase's form."""

    index: int
    kind: str
    label: Box
    options: Box | None = None
    low: Box | None = None
    high: Box | None = None
    longest: Box | None = None


@dataclass
class NextOption:
    """One phase that may open next (or the end), with its form's editors."""

    index: int
    value: str
    label: str
    selected: bool
    named: bool
    fields: list[FieldEdit] = field(default_factory=list)
    error: str = ""


def _one(values: Values, name: str, default: str = "") -> str:
    got = values.get(name)
    return got[-1] if got else default


def _many(values: Values, name: str) -> list[str]:
    return list(values.get(name) or [])


def chosen_next(form: RulingForm, values: Values) -> str:
    """What the boxes open next (the design's next phase when nothing is chosen)."""
    return _one(values, "next", form.default_next)


def values_from_post(post: Any) -> Values:
    """The posted boxes as name → list of values (a QueryDict's lists), the CSRF token left out."""
    return {key: post.getlist(key) for key in post if key != "csrfmiddlewaretoken"}


# --- the form: the engine's ruling form as a Django form --------------------------------------------------


def _ruling_fields(designed: RulingForm) -> dict[str, forms.Field]:
    """One Django field a box of the page, named as the page names it; each carries what was typed (the form's
    ``clean`` reads the numbers, the engine judges the ruling)."""
    boxes: dict[str, forms.Field] = {
        "announce": Carried(label="Public announcement"), "reveal": CarriedSwitch(required=False),
        "next": Carried(label="Next"), "actors": CarriedList(required=False), "length": Carried(label="Its length"),
        "hours": Carried(label="Hours"), "minutes": Carried(label="Minutes"), "ec_mode": Carried(),
        "ec": CarriedList(required=False), "between": CarriedList(required=False),
        "deciders": CarriedList(required=False),
    }
    for i, name in enumerate(designed.players):
        boxes[f"private-{i}"] = Carried(label=f"Private message to {name}")
        for key, label in designed.counters:
            boxes[f"counter-{i}-{key}"] = Carried(label=f"{label} change for {name}")
        boxes[f"garnets-{i}"] = Carried(label=f"Garnet change for {name}")
        boxes[f"place-{i}"] = Carried(label=f"Place of {name}")
        boxes[f"tol-{i}"] = Carried(label=f"Tokens of Life for {name}")
    for j, (value, _) in enumerate(designed.next_options):
        for k, _doc in enumerate(designed.next_fields.get(value) or []):
            for part in EDIT_PARTS:
                boxes[f"nf-{j}-{k}-{part}"] = Carried()
    return boxes


#: The boxes of one field of the next phase's form (``nf-<option>-<field>-<part>``).
EDIT_PARTS = ("label", "options", "min", "max", "max_length")
#: The ticks that name seats.
SEAT_TICKS = ("actors", "ec", "between", "deciders")
#: Errors that stand beside a part of the page rather than one box.
PART_BOXES = ("placement", "tol", "fields")
UNSTORABLE = "This text holds a character that cannot be stored (a NUL or a lone surrogate)."


class RulingBoxes(forms.Form):
    """The host's ruling: the boxes of the engine's ``RulingForm`` (``designed``) as a Django form.

    Bound to a post, it is valid when every box is read (numbers in range, text that can be stored) and, with
    ``engine`` and ``state`` (the preview and publish steps), when the engine's ``check_ruling`` accepts the
    ruling; ``ruling`` is then what the boxes say. A draft is only read (the engine checks a ruling when it is
    published). Unbound, ``ruling`` (a saved draft, or what the rules proposed) fills the boxes. Refusals stand
    beside the box they name (:func:`box_for`); nothing typed is lost, as the boxes show what was posted.
    """

    def __init__(self, designed: RulingForm, data: Any = None, *, ruling: dict[str, Any] | None = None,
                 engine: Engine | None = None, state: State | None = None) -> None:
        super().__init__(data)
        self.designed, self.engine, self.state = designed, engine, state
        self.fields.update(_ruling_fields(designed))
        self.values: Values = values_from_post(data) if data is not None else values_of(designed, ruling)
        self.chosen = chosen_next(designed, self.values)
        self.part_errors: dict[str, str] = {}
        self.ruling: dict[str, Any] = {}
        self.judged = False  # read and judged (an "edit" shows the boxes without judging them)

    # -- reading -----------------------------------------------------------------------------------------------
    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.judged = True
        for name, texts in self.values.items():
            if name in self.fields and any(_unstorable(text) for text in texts):
                self.refuse(name, UNSTORABLE)
        seats = set(self.designed.players)
        for name in SEAT_TICKS:  # a forged tick, or a look-alike of a seat name ("аna" in Cyrillic)
            stranger = next((text for text in self.values.get(name, []) if text not in seats), None)
            if stranger is not None and name not in self.errors:
                self.refuse(name, f"{stranger!r} is not a player of this match: tick the players shown.")
        if self.errors:
            return data
        errors: dict[str, str] = {}
        ruling = read(self.designed, self.values, errors)
        for box, message in errors.items():
            self.refuse(box, message)
        if errors:
            return data
        self.ruling = ruling
        if self.engine is not None and self.state is not None:
            try:
                self.engine.check_ruling(self.state, copy.deepcopy(ruling))
            except SubmissionError as exc:
                self.refuse(box_for(self.designed, self.chosen, exc.field) if exc.field else "__all__", exc.message)
            except (ValueError, TypeError, KeyError) as exc:  # an engine's check that broke: a refusal, never a 500
                self.refuse("__all__", str(exc) or "This ruling could not be read.")
        return data

    def refuse(self, box: str, message: str) -> None:
        """Put a refusal beside its box (beside its part for placement, Tokens of Life and the next form; above
        the form when it names none)."""
        if box in PART_BOXES:
            self.part_errors[box] = message
            self.add_error(None, forms.ValidationError(message, code="part"))
        else:
            self.add_error(box if box in self.fields else None, message)

    # -- what the partial templates draw (templates/rulings/) ---------------------------------------------------
    def page(self) -> dict[str, Any]:
        """The page's parts, with what is in the boxes and each refusal beside its box."""
        errors: dict[str, str] = dict(self.part_errors)
        if self.judged:
            for name, messages in self.errors.items():
                if name != "__all__":
                    errors[name] = " ".join(str(m) for m in messages)
            parted = set(self.part_errors.values())
            general = [str(m) for m in self.errors.get("__all__", []) if str(m) not in parted]
            if general:
                errors["__all__"] = " ".join(general)
        return page(self.designed, self.values, errors)


def _unstorable(text: str) -> bool:
    return "\x00" in text or any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)


def _number(values: Values, name: str, what: str, errors: dict[str, str], lo: int, hi: int) -> int | None:
    text = _one(values, name).strip()
    if not text:
        return None
    try:
        return parse_int(text, field=name, lo=lo, hi=hi)
    except NumberError as exc:
        errors[name] = f"{what}: {exc.message}."
    return None


def _option_index(form: RulingForm, value: str) -> int:
    return next((i for i, (v, _) in enumerate(form.next_options) if v == value), -1)


def _edited_fields(form: RulingForm, values: Values, chosen: str, errors: dict[str, str]) -> list[dict] | None:
    """The next phase's form as the host changed it (None: unchanged)."""
    index = _option_index(form, chosen)
    original = form.next_fields.get(chosen) or []
    edited = copy.deepcopy(original)
    for k, doc in enumerate(edited):
        prefix = f"nf-{index}-{k}-"
        if f"{prefix}label" in values:
            doc["label"] = _one(values, f"{prefix}label").strip()
        if doc.get("kind") in ("choice", "choices") and f"{prefix}options" in values:
            options = [line.strip() for line in _one(values, f"{prefix}options").splitlines() if line.strip()]
            doc["options"] = options
            if doc.get("kind") == "choice" and doc.get("default") not in options:
                doc["default"] = None
            if doc.get("kind") == "choices":
                doc["default"] = [d for d in doc.get("default") or [] if d in options]
        if doc.get("kind") == "number":
            for box, key in (("min", "min"), ("max", "max")):
                if f"{prefix}{box}" in values:
                    number = _number(values, f"{prefix}{box}", "This number", errors, -MAX_CHANGE, MAX_CHANGE)
                    if number is not None:
                        doc[key] = number
        if doc.get("kind") == "text" and f"{prefix}max_length" in values:
            number = _number(values, f"{prefix}max_length", "The longest answer", errors, 1, 100_000)
            if number is not None:
                doc["max_length"] = number
    return None if edited == original else edited


def read(form: RulingForm, values: Values, errors: dict[str, str]) -> dict[str, Any]:
    """The ruling the boxes say (only what the host wrote or changed); boxes that are not read (numbers in other
    digits, out of range) are put in ``errors`` (box name → message). The engine checks the rest."""
    ruling: dict[str, Any] = {}
    announce = _one(values, "announce")
    if announce.strip():
        ruling["announce"] = announce
    private, counters, garnets = {}, {}, {}
    for i, name in enumerate(form.players):
        text = _one(values, f"private-{i}")
        if text.strip():
            private[name] = text
        changes = {}
        for key, label in form.counters:
            delta = _number(values, f"counter-{i}-{key}", f"{label} of {name}", errors, -MAX_CHANGE, MAX_CHANGE)
            if delta:
                changes[key] = delta
        if changes:
            counters[name] = changes
        delta = _number(values, f"garnets-{i}", f"Garnets of {name}", errors, -MAX_CHANGE, MAX_CHANGE)
        if delta:
            garnets[name] = delta
    for key, part in (("private", private), ("counters", counters), ("garnets", garnets)):
        if part:
            ruling[key] = part
    if _one(values, "reveal"):
        ruling["reveal"] = True
    chosen = _one(values, "next", form.default_next)
    ruling["next"] = chosen
    if chosen == "end":
        _read_end(form, values, ruling, errors)
    else:
        picked = [name for name in form.players if name in set(_many(values, "actors"))]
        designed = form.next_actors.get(chosen, ())
        if not designed or (picked and set(picked) != set(designed)):  # none ticked: as designed
            ruling["actors"] = picked
        fields = _edited_fields(form, values, chosen, errors)
        if fields is not None:
            ruling["fields"] = fields
        mode = _one(values, "length", "design")
        if mode == "closed":
            ruling["seconds"] = None
        elif mode == "timed":
            hours = _number(values, "hours", "Hours", errors, 0, MAX_HOURS) or 0
            minutes = _number(values, "minutes", "Minutes", errors, 0, 59) or 0
            if not errors.get("hours") and not errors.get("minutes"):
                ruling["seconds"] = hours * 3600 + minutes * 60
    return ruling


def _read_end(form: RulingForm, values: Values, ruling: dict[str, Any], errors: dict[str, str]) -> None:
    placement, tol = {}, {}
    for i, name in enumerate(form.players):
        place = _number(values, f"place-{i}", f"Place of {name}", errors, 1, len(form.players))
        if place is not None:
            placement[name] = place
        tokens = _number(values, f"tol-{i}", f"Tokens of Life of {name}", errors, 0, 100)
        if tokens:
            tol[name] = tokens
    if placement:
        ruling["placement"] = placement
    if tol:
        ruling["tol"] = tol
    in_order = [name for name in form.players]
    if _one(values, "ec_mode", "list") == "decide":
        between, deciders = set(_many(values, "between")), set(_many(values, "deciders"))
        ruling["ec_decide"] = {"between": [n for n in in_order if n in between],
                               "deciders": [n for n in in_order if n in deciders]}
    else:
        ec = set(_many(values, "ec"))
        ruling["ec"] = [n for n in in_order if n in ec]


# --- what the rules proposed ------------------------------------------------------------------------------


@dataclass
class Proposal:
    """What a game's rules worked out for the open ruling phase: ``ruling`` (to pre-fill the boxes, maybe
    partial) and ``problem`` (why they stopped, in the host's words; None: they finished, the host confirms)."""

    ruling: dict[str, Any] | None
    problem: str | None


def proposal(form: RulingForm | None, state: Any) -> Proposal:
    """The rules' proposal for the open ruling phase: from the engine's form when it says, else from the
    state's open phase (``proposed`` and ``problem``); nothing when the host rules by hand."""
    ruling = getattr(form, "proposed", None)
    problem = getattr(form, "problem", None)
    opened = state.get("open") if isinstance(state, dict) else None
    if isinstance(opened, dict):
        ruling = ruling if ruling is not None else opened.get("proposed")
        problem = problem or opened.get("problem")
    return Proposal(ruling if isinstance(ruling, dict) else None, str(problem) if problem else None)


# --- showing a ruling (a draft) in the boxes --------------------------------------------------------------


def values_of(form: RulingForm, ruling: dict[str, Any] | None) -> Values:
    """The boxes that show ``ruling`` (a saved draft); no ruling: the design's defaults."""
    ruling = ruling or {}
    values: Values = {}
    if ruling.get("announce"):
        values["announce"] = [str(ruling["announce"])]
    index = {name: i for i, name in enumerate(form.players)}
    for name, text in (ruling.get("private") or {}).items():
        if name in index:
            values[f"private-{index[name]}"] = [str(text)]
    for name, changes in (ruling.get("counters") or {}).items():
        if name in index and isinstance(changes, dict):
            for key, delta in changes.items():
                values[f"counter-{index[name]}-{key}"] = [str(delta)]
    for box, part in (("garnets", "garnets"), ("place", "placement"), ("tol", "tol")):
        given = ruling.get(part) or {}
        if isinstance(given, list):  # a placement best first
            given = {name: place for place, name in enumerate(given, start=1) if isinstance(name, str)}
        for name, number in given.items() if isinstance(given, dict) else ():
            if name in index:
                values[f"{box}-{index[name]}"] = [str(number)]
    if ruling.get("reveal"):
        values["reveal"] = ["1"]
    chosen = str(ruling["next"]) if ruling.get("next") in {v for v, _ in form.next_options} else form.default_next
    values["next"] = [chosen]
    actors = ruling.get("actors")
    values["actors"] = [n for n in form.players if n in set(actors)] if isinstance(actors, list) else \
        list(form.next_actors.get(chosen, ()))
    opt = _option_index(form, chosen)
    if isinstance(ruling.get("fields"), list):
        for k, doc in enumerate(ruling["fields"]):
            if isinstance(doc, dict):
                values.update(_field_values(f"nf-{opt}-{k}-", doc))
    if "seconds" in ruling:
        seconds = ruling["seconds"]
        if seconds is None:
            values["length"] = ["closed"]
        elif isinstance(seconds, int):
            values["length"] = ["timed"]
            values["hours"], values["minutes"] = [str(seconds // 3600)], [str(seconds % 3600 // 60)]
    if isinstance(ruling.get("ec_decide"), dict):
        values["ec_mode"] = ["decide"]
        values["between"] = list(ruling["ec_decide"].get("between") or ruling["ec_decide"].get("candidates") or [])
        values["deciders"] = list(ruling["ec_decide"].get("deciders") or [])
    elif isinstance(ruling.get("ec"), list):
        values["ec"] = list(ruling["ec"])
    return values


def _field_values(prefix: str, doc: dict[str, Any]) -> Values:
    out: Values = {f"{prefix}label": [str(doc.get("label", ""))]}
    if doc.get("kind") in ("choice", "choices"):
        out[f"{prefix}options"] = ["\n".join(str(o) for o in doc.get("options") or [])]
    if doc.get("kind") == "number":
        out[f"{prefix}min"], out[f"{prefix}max"] = [str(doc.get("min", ""))], [str(doc.get("max", ""))]
    if doc.get("kind") == "text":
        out[f"{prefix}max_length"] = [str(doc.get("max_length", ""))]
    return out


# --- errors beside their boxes ----------------------------------------------------------------------------

_FIELDS = re.compile(r"^fields\[(\d+)\](?:\.(\w+))?")
_EDIT_BOX = {"label": "label", "options": "options", "min": "min", "max": "max", "max_length": "max_length",
             "default": "label", "key": "label", "kind": "label", "help": "label"}


def box_for(form: RulingForm, chosen: str, path: str) -> str:
    """The box a ruling field's error belongs beside (``counters.ana.points`` → ``counter-0-points``);
    ``__all__`` when no box matches (the error goes above the form)."""
    index = {name: i for i, name in enumerate(form.players)}
    head, _, rest = path.partition(".")
    if head in ("announce", "reveal", "next", "actors", "ec"):
        return head
    if head == "seconds":
        return "length"
    if head == "ec_decide":
        return rest.partition(".")[0] if rest.partition(".")[0] in ("between", "deciders") else "ec"
    player, _, key = _player_part(rest, index)
    if head in ("private", "garnets", "placement", "tol", "counters"):
        if player is None:
            return {"placement": "placement", "tol": "tol"}.get(head, "__all__")
        box = {"private": "private", "garnets": "garnets", "placement": "place", "tol": "tol"}.get(head)
        if box:
            return f"{box}-{index[player]}"
        keys = [k for k, _ in form.counters]
        key = key if key in keys else (keys[0] if keys else "")
        return f"counter-{index[player]}-{key}" if key else "__all__"
    found = _FIELDS.match(path)
    if found:
        return _field_box(form, chosen, int(found.group(1)), found.group(2) or "label")
    if head == "fields":
        return "fields"
    return "__all__"


def _player_part(rest: str, index: dict[str, int]) -> tuple[str | None, str, str]:
    """The player a path's rest names (a name may hold dots: the longest seat name that fits wins)."""
    for name in sorted(index, key=len, reverse=True):
        if rest == name:
            return name, "", ""
        if rest.startswith(name + "."):
            return name, ".", rest[len(name) + 1:]
    return None, "", rest


def _field_box(form: RulingForm, chosen: str, number: int, part: str) -> str:
    fields = form.next_fields.get(chosen) or []
    k = number if number < len(fields) else number - 1  # 0- or 1-based: whichever names a field
    if not 0 <= k < len(fields):
        return "fields"
    box = _EDIT_BOX.get(part, "label")
    kind = fields[k].get("kind")
    if box == "options" and kind not in ("choice", "choices"):
        box = "label"
    if box in ("min", "max") and kind != "number":
        box = "label"
    if box == "max_length" and kind != "text":
        box = "label"
    return f"nf-{_option_index(form, chosen)}-{k}-{box}"


# --- the page ------------------------------------------------------------------------------------------------


def page(form: RulingForm, values: Values, errors: dict[str, str] | None = None) -> dict[str, Any]:
    """Everything the adjudication page shows, with ``values`` in the boxes and ``errors`` beside them."""
    errors = dict(errors or {})
    chosen = _one(values, "next", form.default_next)
    actors = set(_many(values, "actors"))
    ec, between, deciders = set(_many(values, "ec")), set(_many(values, "between")), set(_many(values, "deciders"))
    used = set()

    def box(name: str, label: str, note: str = "") -> Box:
        used.add(name)
        return Box(name, label, _one(values, name), errors.get(name, ""), note)

    rows = []
    for i, name in enumerate(form.players):
        now = form.counter_values.get(name, {})
        rows.append(PlayerRow(
            index=i, name=name,
            private=box(f"private-{i}", f"Private message to {name}"),
            counters=[box(f"counter-{i}-{key}", f"{label} change for {name}", f"now {now.get(key, 0)}")
                      for key, label in form.counters],
            garnets=box(f"garnets-{i}", f"Garnet change for {name}", f"wallet {form.garnets.get(name, 0)}"),
            place=box(f"place-{i}", f"Place of {name}"),
            tol=box(f"tol-{i}", f"Tokens of Life for {name}"),
            standing=[(label, now.get(key, 0)) for key, label in form.counters], wallet=form.garnets.get(name, 0),
            acts=name in actors, ec=name in ec, between=name in between, decider=name in deciders,
        ))
    options = []
    for j, (value, label) in enumerate(form.next_options):
        option = NextOption(index=j, value=value, label=label, selected=value == chosen,
                            named=value != "end" and not form.next_actors.get(value))
        for k, doc in enumerate(form.next_fields.get(value) or []):
            prefix = f"nf-{j}-{k}-"
            shown = {**_field_values(prefix, doc), **{n: v for n, v in values.items() if n.startswith(prefix)}}
            kind = doc.get("kind", "")

            def edit(part: str, label: str, shown: Values = shown, prefix: str = prefix) -> Box:
                used.add(prefix + part)
                return Box(prefix + part, label, _one(shown, prefix + part), errors.get(prefix + part, ""))

            option.fields.append(FieldEdit(
                index=k, kind=kind, label=edit("label", f"Field {k + 1}: label"),
                options=edit("options", "Options, one per line") if kind in ("choice", "choices") else None,
                low=edit("min", "Lowest") if kind == "number" else None,
                high=edit("max", "Highest") if kind == "number" else None,
                longest=edit("max_length", "Longest answer (characters)") if kind == "text" else None,
            ))
        options.append(option)
    for name in ("announce", "reveal", "next", "actors", "length", "hours", "minutes", "placement", "tol", "ec",
                 "between", "deciders", "fields"):
        used.add(name)
    chosen_index = _option_index(form, chosen)
    if errors.get("fields") and 0 <= chosen_index < len(options):
        options[chosen_index].error = errors["fields"]
    general = [message for name, message in errors.items() if name not in used or name == "__all__"]
    return {
        "form": form, "rows": rows, "options": options, "chosen": chosen, "ending": chosen == "end",
        "announce": box("announce", "Public announcement"), "reveal": bool(_one(values, "reveal")),
        "length": _one(values, "length", "design"), "hours": box("hours", "Hours"),
        "minutes": box("minutes", "Minutes"),
        "ec_mode": _one(values, "ec_mode", "list"), "errors": errors, "general_errors": general,
        "next_actors": {value: list(names) for value, names in form.next_actors.items()},
    }
