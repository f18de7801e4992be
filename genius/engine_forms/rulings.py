"""The host's ruling form (``/matches/<id>/ruling/``): the engine's ``RulingForm`` as a Django form
(:class:`RulingBoxes`) with its repeated parts as formsets (``genius.engine_forms.ruling_rows``: a row a seat, a row a
field of each next phase's form), built from what the engine declares alone (the site never names a game), read
back into a ruling, checked by the engine's ``check_ruling`` in ``clean``, and each refusal put beside its box.

Boxes are named by seat index, never by seat name (a name may be any text): the seats' formset ``seat``
(``seat-0-private``, ``seat-0-counter-points``, ``seat-0-garnets``, ``seat-0-place``, ``seat-0-tol``), and the
next phase's form by next option and field index, the formset ``nf-<option>`` (``nf-1-0-options``). Checkboxes
(``actors``, ``ec``, ``between``, ``deciders``) carry seat names.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from django import forms

from games.engines.protocol import Engine, RulingForm, State, SubmissionError
from genius.engine_forms import ruling_marks
from genius.engine_forms.moves import CarriedList, CarriedSwitch
from genius.engine_forms.ruling_rows import (
    UNSTORABLE,
    FieldEditFormSet,
    FieldEdits,
    NumberBox,
    SeatBoxes,
    SeatFormSet,
    SeatRows,
    Text,
    field_values,
)

__all__ = ["UNSTORABLE", "RulingBoxes", "box_for", "proposal"]

#: The longest length of a phase the host may type.
MAX_HOURS = 30 * 24
#: The seats' formset.
SEATS = "seat"

Values = dict[str, list[str]]


@dataclass
class Box:
    """One box of the page outside the rows: its name, what it holds now, and its error."""

    name: str
    label: str
    value: str = ""
    error: str = ""


@dataclass
class SeatRow:
    """One seat on the page: its row of boxes, and its ticks (acts next, Elimination Candidate, …)."""

    name: str
    boxes: SeatBoxes
    acts: bool = False
    ec: bool = False
    between: bool = False
    decider: bool = False


@dataclass
class NextOption:
    """One phase that may open next (or the end), with its form's rows of edit boxes."""

    index: int
    value: str
    label: str
    selected: bool
    named: bool
    edits: FieldEdits | None = None
    error: str = ""

    def refused(self) -> bool:
        """Whether a box of its form is refused (the form shows unfolded)."""
        return bool(self.error) or (self.edits is not None and self.edits.is_bound
                                    and any(form.errors for form in self.edits.forms))


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


def _top_fields(timed: bool) -> dict[str, forms.Field]:
    """The boxes outside the rows; hours and minutes are read only for a phase of a length the host gives."""
    hours: forms.Field = NumberBox(label="Hours", what="Hours", lo=0, hi=MAX_HOURS) if timed else Text(label="Hours")
    minutes: forms.Field = NumberBox(label="Minutes", what="Minutes", lo=0, hi=59) if timed else Text(label="Minutes")
    return {
        "announce": Text(label="Public announcement"), "reveal": CarriedSwitch(required=False),
        "next": Text(label="Next"), "actors": CarriedList(required=False), "length": Text(label="Its length"),
        "hours": hours, "minutes": minutes, "ec_mode": Text(), "ec": CarriedList(required=False),
        "between": CarriedList(required=False), "deciders": CarriedList(required=False),
    }


def _edits_prefix(option: int) -> str:
    return f"nf-{option}"


def _with_design(designed: RulingForm, data: Any) -> Any:
    """The posted boxes, each edit box that was not posted filled as designed (a box not sent changes nothing)."""
    data = data.copy()
    for j, (value, _) in enumerate(designed.next_options):
        for k, doc in enumerate(designed.next_fields.get(value) or []):
            for part, text in field_values(doc).items():
                name = f"{_edits_prefix(j)}-{k}-{part}"
                if name not in data:
                    data.setlist(name, [text])
    return data


#: The ticks that name seats.
SEAT_TICKS = ("actors", "ec", "between", "deciders")
#: Errors that stand beside a part of the page rather than one box.
PART_BOXES = ("placement", "tol", "fields", "boards")
#: The boxes outside the rows that the page shows an error beside.
SHOWN = ("announce", "reveal", "next", "actors", "length", "hours", "minutes", "ec", "between", "deciders")


class RulingBoxes(forms.Form):
    """The host's ruling: the boxes of the engine's ``RulingForm`` (``designed``) as a Django form, its rows as
    formsets (:attr:`seats`, and :attr:`edits` for each next option).

    Bound to a post, it is valid when every box is read (numbers in range, text that can be stored, the rows
    counted as the design counts them) and, with ``engine`` and ``state`` (the preview and publish steps), when
    the engine's ``check_ruling`` accepts the ruling; ``ruling`` is then what the boxes say. A draft is only read
    (the engine checks a ruling when it is published). Unbound, ``ruling`` (a saved draft, or what the rules
    proposed) fills the boxes. Refusals stand beside the box they name (:func:`box_for`); nothing typed is lost,
    as the boxes show what was posted.
    """

    def __init__(self, designed: RulingForm, data: Any = None, *, ruling: dict[str, Any] | None = None,
                 engine: Engine | None = None, state: State | None = None) -> None:
        if data is not None:
            data = _with_design(designed, data)
        self.values: Values = values_from_post(data) if data is not None else values_of(designed, ruling)
        super().__init__(data)
        self.designed, self.engine, self.state = designed, engine, state
        self.chosen = chosen_next(designed, self.values)
        self.fields.update(_top_fields(timed=_one(self.values, "length") == "timed"))
        self.seats = self._seat_rows(data)
        self.edits = [self._edit_rows(data, j, value) for j, (value, _) in enumerate(designed.next_options)]
        self.part_errors: dict[str, str] = {}
        self.mark_errors: dict[str, str] = {}  # row prefix → refusal (the board marks' rows)
        self.mark_rows: list[str] = []  # the row prefix of each mark read, in the ruling's order
        self.ruling: dict[str, Any] = {}
        self.judged = False  # read and judged (an "edit" shows the boxes without judging them)

    def _seat_rows(self, data: Any) -> SeatRows:
        designed = self.designed
        rows = [{"seat": name, "counters": designed.counters, "now": designed.counter_values.get(name, {}),
                 "wallet": designed.garnets.get(name, 0), "seats": len(designed.players),
                 "ending": self.chosen == "end"} for name in designed.players]
        initial = None if data is not None else [self._initial(f"{SEATS}-{i}-") for i in range(len(rows))]
        return SeatFormSet(data, prefix=SEATS, rows=rows, initial=initial)

    def _edit_rows(self, data: Any, option: int, value: str) -> FieldEdits:
        docs = self.designed.next_fields.get(value) or []
        prefix = _edits_prefix(option)
        rows = [{"number": k, "kind": str(doc.get("kind", "")), "judged": value == self.chosen}
                for k, doc in enumerate(docs)]
        initial = None if data is not None else \
            [{**field_values(doc), **self._initial(f"{prefix}-{k}-")} for k, doc in enumerate(docs)]
        return FieldEditFormSet(data, prefix=prefix, rows=rows, initial=initial)

    def _initial(self, prefix: str) -> dict[str, str]:
        return {name[len(prefix):]: texts[-1] for name, texts in self.values.items()
                if name.startswith(prefix) and texts}

    def chosen_edits(self) -> FieldEdits | None:
        """The rows of the chosen next phase's form (None: the end, or a phase without one)."""
        index = _option_index(self.designed, self.chosen)
        return self.edits[index] if index >= 0 and self.chosen != "end" else None

    def rows(self) -> list[forms.BaseFormSet]:
        """The formsets this ruling reads: the seats', and the chosen next phase's form."""
        edits = self.chosen_edits()
        return [self.seats, edits] if edits is not None else [self.seats]

    def is_valid(self) -> bool:
        return super().is_valid() and all(rows.is_valid() for rows in self.rows())

    # -- reading -----------------------------------------------------------------------------------------------
    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.judged = True
        seats = set(self.designed.players)
        for name in SEAT_TICKS:  # a forged tick, or a look-alike of a seat name ("аna" in Cyrillic)
            stranger = next((text for text in self.values.get(name, []) if text not in seats), None)
            if stranger is not None and name not in self.errors:
                self.refuse(name, f"{stranger!r} is not a player of this match: tick the players shown.")
        rows_read = all(rows.is_valid() for rows in self.rows())
        marks, self.mark_rows, unstorable_rows = ruling_marks.read_marks(self.designed, self.values)
        if unstorable_rows:
            self.mark_errors.update(unstorable_rows)
            self.refuse("boards", unstorable_rows.pop("", UNSTORABLE))
        if self.errors or not rows_read:
            return data
        self.ruling = ruling = self._read(data)
        if self.designed.boards:  # always, so that no row is no mark (not the rules' proposal behind the host's back)
            ruling["boards"] = marks
        if self.engine is not None and self.state is not None:
            try:
                self.engine.check_ruling(self.state, copy.deepcopy(ruling))
            except SubmissionError as exc:
                self.refuse(box_for(self.designed, self.chosen, exc.field) if exc.field else "__all__", exc.message)
            except (ValueError, TypeError, KeyError) as exc:  # an engine's check that broke: a refusal, never a 500
                self.refuse("__all__", str(exc) or "This ruling could not be read.")
        return data

    def _read(self, data: dict[str, Any]) -> dict[str, Any]:
        """The ruling the boxes say (only what the host wrote or changed); the engine checks the rest."""
        form = self.designed
        ruling: dict[str, Any] = {}
        if data.get("announce", "").strip():
            ruling["announce"] = data["announce"]
        private, counters, garnets = {}, {}, {}
        for name, row in zip(form.players, self.seats.forms, strict=True):
            typed = row.cleaned_data
            if typed["private"].strip():
                private[name] = typed["private"]
            changes = {key: typed[f"counter-{key}"] for key, _ in form.counters if typed[f"counter-{key}"]}
            if changes:
                counters[name] = changes
            if typed["garnets"]:
                garnets[name] = typed["garnets"]
        for key, part in (("private", private), ("counters", counters), ("garnets", garnets)):
            if part:
                ruling[key] = part
        if data.get("reveal"):
            ruling["reveal"] = True
        ruling["next"] = self.chosen
        if self.chosen == "end":
            self._read_end(ruling)
            return ruling
        picked = [name for name in form.players if name in set(data.get("actors") or [])]
        designed = form.next_actors.get(self.chosen, ())
        if not designed or (picked and set(picked) != set(designed)):  # none ticked: as designed
            ruling["actors"] = picked
        edits = self.chosen_edits()
        if edits is not None:
            original = form.next_fields.get(self.chosen) or []
            edited = [row.edited(doc) for row, doc in zip(edits.forms, copy.deepcopy(original), strict=True)]
            if edited != original:
                ruling["fields"] = edited
        mode = data.get("length") or "design"
        if mode == "closed":
            ruling["seconds"] = None
        elif mode == "timed":
            ruling["seconds"] = (data.get("hours") or 0) * 3600 + (data.get("minutes") or 0) * 60
        return ruling

    def _read_end(self, ruling: dict[str, Any]) -> None:
        in_order = list(self.designed.players)
        placement = {name: row.cleaned_data["place"] for name, row in zip(in_order, self.seats.forms, strict=True)
                     if row.cleaned_data["place"] is not None}
        tol = {name: row.cleaned_data["tol"] for name, row in zip(in_order, self.seats.forms, strict=True)
               if row.cleaned_data["tol"]}
        if placement:
            ruling["placement"] = placement
        if tol:
            ruling["tol"] = tol
        if _one(self.values, "ec_mode", "list") == "decide":
            between, deciders = set(_many(self.values, "between")), set(_many(self.values, "deciders"))
            ruling["ec_decide"] = {"between": [n for n in in_order if n in between],
                                   "deciders": [n for n in in_order if n in deciders]}
        else:
            ec = set(_many(self.values, "ec"))
            ruling["ec"] = [n for n in in_order if n in ec]

    def refuse(self, box: str, message: str) -> None:
        """Put a refusal beside its box (beside its part for placement, Tokens of Life and the next form; above
        the form when it names none)."""
        row = _ROW_BOX.match(box)
        if box == "boards":
            at = ruling_marks.row_of(message, self.mark_rows)
            if at is not None:
                self.mark_errors[at] = message
        if box in PART_BOXES:
            self.part_errors[box] = message
            self.add_error(None, forms.ValidationError(message, code="part"))
        elif row and row.group(1) == SEATS and int(row.group(2)) < len(self.seats.forms):
            self.seats.forms[int(row.group(2))].add_error(row.group(3), message)
        elif row and row.group(1).startswith("nf-") and self.chosen_edits() is not None:
            edits = self.chosen_edits()
            assert edits is not None
            edits.forms[int(row.group(2))].add_error(row.group(3), message)
        else:
            self.add_error(box if box in self.fields else None, message)

    # -- what the partial templates draw (templates/rulings/) ---------------------------------------------------
    def page(self) -> dict[str, Any]:
        """The page's parts, with what is in the boxes and each refusal beside its box."""
        errors: dict[str, str] = dict(self.part_errors)
        general: list[str] = []
        if self.is_bound:
            self.is_valid()
            for name, messages in self.errors.items():
                if name in SHOWN:
                    errors[name] = " ".join(str(m) for m in messages)
                elif name != "__all__":
                    general.extend(str(m) for m in messages)
            parted = set(self.part_errors.values())
            general += [str(m) for m in self.errors.get("__all__", []) if str(m) not in parted]
            general += [str(m) for rows in self.rows() for m in rows.non_form_errors()]
        return page(self, errors, general)


_ROW_BOX = re.compile(r"^(seat|nf-\d+)-(\d+)-(.+)$")


def _option_index(form: RulingForm, value: str) -> int:
    return next((i for i, (v, _) in enumerate(form.next_options) if v == value), -1)


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


def values_of(form: RulingForm, ruling: dict[str, Any] | None) -> Values:  # noqa: C901
    """The boxes that show ``ruling`` (a saved draft); no ruling: the design's defaults."""
    ruling = ruling or {}
    values: Values = {}
    if ruling.get("announce"):
        values["announce"] = [str(ruling["announce"])]
    index = {name: i for i, name in enumerate(form.players)}
    for name, text in (ruling.get("private") or {}).items():
        if name in index:
            values[f"{SEATS}-{index[name]}-private"] = [str(text)]
    for name, changes in (ruling.get("counters") or {}).items():
        if name in index and isinstance(changes, dict):
            for key, delta in changes.items():
                values[f"{SEATS}-{index[name]}-counter-{key}"] = [str(delta)]
    for box, part in (("garnets", "garnets"), ("place", "placement"), ("tol", "tol")):
        given = ruling.get(part) or {}
        if isinstance(given, list):  # a placement best first
            given = {name: place for place, name in enumerate(given, start=1) if isinstance(name, str)}
        for name, number in given.items() if isinstance(given, dict) else ():
            if name in index:
                values[f"{SEATS}-{index[name]}-{box}"] = [str(number)]
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
                values.update({f"{_edits_prefix(opt)}-{k}-{part}": [text] for part, text in field_values(doc).items()})
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
    if form.boards:
        values.update(ruling_marks.mark_values(form, ruling.get("boards")))
    return values


# --- errors beside their boxes ----------------------------------------------------------------------------

_FIELDS = re.compile(r"^fields\[(\d+)\](?:\.(\w+))?")
_EDIT_BOX = {"label": "label", "options": "options", "min": "min", "max": "max", "max_length": "max_length",
             "default": "label", "key": "label", "kind": "label", "help": "label"}


def box_for(form: RulingForm, chosen: str, path: str) -> str:
    """The box a ruling field's error belongs beside (``counters.ana.points`` → ``seat-0-counter-points``);
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
            return f"{SEATS}-{index[player]}-{box}"
        keys = [k for k, _ in form.counters]
        key = key if key in keys else (keys[0] if keys else "")
        return f"{SEATS}-{index[player]}-counter-{key}" if key else "__all__"
    found = _FIELDS.match(path)
    if found:
        return _field_box(form, chosen, int(found.group(1)), found.group(2) or "label")
    if head == "fields":
        return "fields"
    if head == "boards":
        return "boards"
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
    return f"{_edits_prefix(_option_index(form, chosen))}-{k}-{box}"


# --- the page ------------------------------------------------------------------------------------------------


def page(boxes: RulingBoxes, errors: dict[str, str], general: list[str]) -> dict[str, Any]:
    """Everything the adjudication page shows: the boxes outside the rows with ``errors`` beside them, each seat's
    row and ticks, each next option's form, and the ``general`` refusals above the form."""
    form, values, chosen = boxes.designed, boxes.values, boxes.chosen
    ticked = {name: set(_many(values, name)) for name in SEAT_TICKS}
    rows = [SeatRow(name, row, acts=name in ticked["actors"], ec=name in ticked["ec"],
                    between=name in ticked["between"], decider=name in ticked["deciders"])
            for name, row in zip(form.players, boxes.seats.forms, strict=True)]
    options = [NextOption(index=j, value=value, label=label, selected=value == chosen,
                          named=value != "end" and not form.next_actors.get(value),
                          edits=boxes.edits[j] if boxes.edits[j].rows else None)
               for j, (value, label) in enumerate(form.next_options)]
    chosen_index = _option_index(form, chosen)
    if errors.get("fields") and 0 <= chosen_index < len(options):
        options[chosen_index].error = errors["fields"]

    def box(name: str, label: str) -> Box:
        return Box(name, label, _one(values, name), errors.get(name, ""))

    return {
        "form": form, "rows": rows, "seats": boxes.seats, "options": options, "chosen": chosen,
        "ending": chosen == "end", "announce": box("announce", "Public announcement"),
        "reveal": bool(_one(values, "reveal")), "length": _one(values, "length", "design"),
        "hours": box("hours", "Hours"), "minutes": box("minutes", "Minutes"),
        "ec_mode": _one(values, "ec_mode", "list"), "errors": errors, "general_errors": general,
        "next_actors": {value: list(names) for value, names in form.next_actors.items()},
        "board_copies": ruling_marks.page_copies(form, values, boxes.mark_errors),
        "mark_colours": form.mark_colours, "mark_pieces": ruling_marks.pieces_in_use(form),
    }
