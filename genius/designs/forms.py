"""The designer's forms: basics, a counter, a phase, a field of a phase, a file to import, a lobby.

Each form reads what the host typed into the shape of a design document; the rules of a design are
checked by ``validate_design`` on the whole document when it is saved, and its problems are placed by
:func:`place_problems` next to the box they are about (or at the top of the form).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms

from games.kit.numbers import NumberError, parse_optional_int
from genius.access.fields import community_field, season_field
from genius.designs import clock
from genius.designs.documents import DesignError, Problem, field_kinds, validate_design
from genius.engine_forms.fields import WholeNumberField, early_close_field
from genius.seasons.models import Season

#: Numbers typed on the designer's pages are read within this (the design's own limits are smaller).
READ = 10**12
#: A phase lasts 1 minute to 30 days (or until the host closes it).
MAX_HOURS = 30 * 24
KIND_LABELS = {
    "choice": "A choice among options", "choices": "Several choices", "number": "A number in a range",
    "text": "A short text", "player": "A player", "players": "Several players", "yesno": "Yes or no",
    "cell": "A cell of a board",
}


def _kind_choices() -> list[tuple[str, str]]:
    """The field kinds the game that plays designs accepts, in the host's words."""
    return [(k, KIND_LABELS.get(k, k)) for k in field_kinds()]


CLOSE_LABELS = (
    ("rules", "Rules resolve it: at the deadline, like a coded game; the announcement goes out at once"),
    ("confirm", "Host confirms: your adjudication page opens filled in from the rules; edit, then publish"),
    ("hand", "By hand: you work out the ruling on the adjudication page"),
)
#: A rules box: monospace, no spelling marks, tabs kept.
RULES_ATTRS = {"rows": 14, "class": "rules-editor", "spellcheck": "false", "autocapitalize": "off",
               "autocomplete": "off", "wrap": "off"}
ACTOR_LABELS = (("everyone", "Everyone"), ("seats", "Chosen seats (by seat number)"),
                ("named", "The players the host names when the phase opens"))
YES = {"yes", "y", "true", "1"}
NO = {"no", "n", "false", "0", ""}


def _number(**kwargs: Any) -> WholeNumberField:
    return WholeNumberField(min_value=-READ, max_value=READ, **kwargs)


class KindBox(forms.Field):
    """A box of the field form that only some kinds of answer use: the page shows it for those (``_field.html``
    reads these, the page's script switches them when the kind changes)."""

    #: The kinds that use the box, and whether the kind chosen now hides it.
    shown_for: tuple[str, ...] = ()
    hidden_now = False
    #: The default box's help for each kind, and the kind its help is shown for now.
    help_by_kind: dict[str, str] | None = None
    kind_now = ""


class KindNumberBox(KindBox, WholeNumberField):
    """A whole number box that only some kinds use."""


class KindTextBox(KindBox, forms.CharField):
    """A text box that only some kinds use."""


class KindChoiceBox(KindBox, forms.ChoiceField):
    """A choice that only some kinds use."""


class KindCheckBox(KindBox, forms.BooleanField):
    """A yes-or-no box that only some kinds use."""


def _kind_number(**kwargs: Any) -> KindNumberBox:
    return KindNumberBox(min_value=-READ, max_value=READ, **kwargs)


def _area(rows: int) -> forms.Textarea:
    return forms.Textarea(attrs={"rows": rows})


def lines(text: str) -> list[str]:
    """One item a line, blank lines skipped (the items themselves are normalized by the validator)."""
    return [line for line in (text or "").splitlines() if line.strip()]


def sentence(message: str) -> str:
    """A validator's message as a sentence: its first letter capitalized."""
    return message[:1].upper() + message[1:] if message else message


def place_problems(form: forms.Form, problems: Sequence[Problem], where: str | None,
                   boxes: Sequence[tuple[str, str]]) -> None:
    """Put each problem about ``where`` (the edited item, in the validator's words) next to the first box
    whose keyword its message holds, and every other problem at the top of the form."""
    for problem in problems:
        box = None
        if where is not None and problem.where == where:
            text = problem.message.casefold()
            box = next((name for word, name in boxes if word in text and name in form.fields), None)
        form.add_error(box, sentence(problem.message) if box else sentence(str(problem)))


# --- a new design and its basics ------------------------------------------------------------------------
class NewDesignForm(forms.Form):
    title = forms.CharField(required=False, label="Title of the game",
                            help_text="You can change everything later.")


class BasicsForm(forms.Form):
    """The design's title, summary, rules (Markdown) and player count."""

    title = forms.CharField(required=False)
    summary = forms.CharField(required=False, help_text="One line, shown where the game is listed.")
    rules = forms.CharField(required=False, widget=_area(12),
                            help_text="Markdown: # Headings, **bold**, lists, tables. HTML is shown as text.")
    min_players = _number(label="Fewest players")
    max_players = _number(label="Most players")
    talk = forms.ChoiceField(label="Talk", initial="on", required=False, choices=[
        ("on", "Talk: one channel of everyone (and each player with the host)"),
        ("off", "No press: no talk at all in its matches"),
        ("rooms", "Rooms: a channel per room of a kept value")])
    talk_rooms = forms.CharField(required=False, label="Rooms' value",
                                 help_text="The kept value that holds the rooms, e.g. rooms for "
                                           "keep(\"rooms\", {\"Red\": [\"ana\", \"cy\"]}).")
    talk_everyone = forms.BooleanField(required=False, initial=True, label="Everyone may also talk together",
                                       help_text="Off: talk only within your room.")
    reserve = _number(required=False, label="Reserve time of live turns (seconds)",
                      help_text="Each player's time beyond their turns' clocks, for the whole match: 0 to 86400. "
                                "Empty: none.")

    BOXES = (("reserve", "reserve"), ("title", "title"), ("summary", "summary"), ("rules", "rules"), ("fewest", "min_players"),
             ("at least 2", "min_players"), ("min players", "min_players"), ("most", "max_players"),
             ("rooms", "talk_rooms"), ("everyone", "talk_everyone"), ("talk", "talk"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("title", "summary", "rules"):
            box = self.fields[name]
            assert isinstance(box, forms.CharField)
            box.strip = False

    @staticmethod
    def initial_from(doc: dict[str, Any]) -> dict[str, Any]:
        talk = doc.get("talk")
        return {**{k: doc.get(k) for k in ("title", "summary", "rules", "min_players", "max_players")},
                "talk": "off" if talk is False else "rooms" if isinstance(talk, dict) else "on",
                "talk_rooms": talk.get("rooms", "") if isinstance(talk, dict) else "",
                "talk_everyone": talk.get("everyone", True) if isinstance(talk, dict) else True,
                "reserve": doc.get("reserve")}

    def place(self, problems: Sequence[Problem]) -> None:
        for problem in problems:
            where = problem.where if problem.where in ("Title", "Summary", "Rules", "Players", "Talk", "Reserve") \
                else None
            place_problems(self, [problem], where, self.BOXES)


# --- counters ---------------------------------------------------------------------------------------------
class CounterForm(forms.Form):
    """A counter of the match (points, coins, lives...): its label, start value and who sees it."""

    label = forms.CharField(required=False, strip=False)
    start = _number(label="Start value", initial=0)
    visibility = forms.ChoiceField(
        choices=(("public", "Public: everyone sees every player's value"),
                 ("private", "Private: each player sees their own, the host sees all")),
        widget=forms.RadioSelect, initial="public")
    check_visible = forms.BooleanField(
        required=False, label="Checks when a move is sent may read every player's value",
        help_text="Off: a check reads only what the player sees (their own private value).")

    BOXES = (("label", "label"), ("start", "start"), ("visibility", "visibility"), ("check_visible", "check_visible"))


# --- phases -----------------------------------------------------------------------------------------------
class PhaseForm(forms.Form):
    """A phase: its name, rounds, length (or until the host closes it) and who acts."""

    name = forms.CharField(required=False, strip=False)
    repeat = _number(label="Rounds", initial=1, help_text="Played as round 1 to this number (1: once).")
    hours = _number(label="Length: hours", required=False, initial=24)
    minutes = _number(label="and minutes", required=False, initial=0)
    until_closed = forms.BooleanField(required=False, label="No deadline: until the host closes it")
    actors = forms.ChoiceField(choices=ACTOR_LABELS, widget=forms.RadioSelect, initial="everyone",
                               label="Who acts")
    seats = forms.TypedMultipleChoiceField(coerce=int, required=False, widget=forms.CheckboxSelectMultiple,
                                           label="Seats that act (when chosen seats act)")
    close = forms.ChoiceField(choices=CLOSE_LABELS, widget=forms.RadioSelect, initial="rules", required=False,
                              label="How this phase closes")
    rules = forms.CharField(required=False, strip=False, widget=forms.Textarea(attrs=RULES_ATTRS),
                            label="Rules of this phase",
                            help_text="Run when the phase closes: they read answers, counters, tables and values, "
                                      "and announce, tell, add, goto or end. See the rules help for every function.")
    check = forms.CharField(required=False, strip=False, widget=forms.Textarea(attrs=RULES_ATTRS),
                            label="Check when a move is sent",
                            help_text="Run when a player saves or locks in a move: it reads answer, mine, my_past and "
                                      "what the player may see, and refuses a move with refuse(\"words\", "
                                      "field=\"key\"). Nothing refused is stored.")

    BOXES = (("first phase", "actors"), ("who acts", "actors"), ("the name", "name"), ("rounds", "repeat"),
             ("length", "hours"), ("seat", "seats"), ("closes", "close"), ("check", "check"), ("rule", "rules"),
             ("line", "rules"))

    def __init__(self, *args: Any, max_players: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = self.fields["seats"]
        assert isinstance(seats, forms.ChoiceField)
        seats.choices = [(n, str(n)) for n in range(1, max(max_players, 1) + 1)]

    @staticmethod
    def initial_from(phase: dict[str, Any]) -> dict[str, Any]:
        seconds = phase.get("seconds")
        return {"name": phase.get("name"), "repeat": phase.get("repeat", 1), "actors": phase.get("actors"),
                "seats": phase.get("seats", []), "until_closed": seconds is None,
                "close": phase.get("close", "hand"), "rules": phase.get("rules", ""), "check": phase.get("check", ""),
                "hours": (seconds or 0) // 3600 if seconds else 24, "minutes": (seconds or 0) % 3600 // 60}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
        data["seconds"] = None
        if not data.get("until_closed") and "hours" not in self.errors and "minutes" not in self.errors:
            hours, minutes = data.get("hours") or 0, data.get("minutes") or 0
            if not (0 <= hours <= MAX_HOURS and 0 <= minutes <= 59) or not 1 <= hours * 60 + minutes <= MAX_HOURS * 60:
                self.add_error("hours", "A phase lasts from 1 minute to 30 days (minutes 0 to 59), "
                                        "or until the host closes it.")
            data["seconds"] = (hours * 60 + minutes) * 60
        return data


# --- fields of a phase ------------------------------------------------------------------------------------
class FieldForm(forms.Form):
    """One field of a phase's form: what the players answer, with a default for a missing answer."""

    label = forms.CharField(required=False, strip=False, help_text="The question as players read it.")
    kind = forms.ChoiceField(choices=_kind_choices, initial="choice",
                             label="Kind of answer")
    options = KindTextBox(required=False, strip=False, widget=_area(4),
                          help_text="A choice or several choices: one option a line.")
    options_from = KindTextBox(required=False, strip=False, widget=_area(2), label="Options from each player",
                               help_text="Instead of the options: an expression giving each player their own "
                                         "(such as values[\"hands\"][me]). Empty: the options above.")
    min = _kind_number(required=False, label="Lowest number", help_text="A number: the lowest allowed.")
    max = _kind_number(required=False, label="Highest number", help_text="A number: the highest allowed.")
    max_length = _kind_number(required=False, label="Longest answer (characters)",
                              help_text="A short text: 1 to 2000 characters (280 when left empty).")
    min_choices = _kind_number(required=False, label="Fewest picks",
                               help_text="Several choices or players: at least this many (empty: any number).")
    max_choices = _kind_number(required=False, label="Most picks",
                               help_text="Several choices or players: at most this many (empty: any number).")
    max_from_counter = KindTextBox(required=False, label="At most what the player holds of",
                                   help_text="A number: a counter's key (such as coins): a move above what the "
                                             "player holds is refused when it is sent. Empty: no such limit.")
    board = KindChoiceBox(required=False, label="Board",
                          help_text="A cell of a board: the board it is on (add boards on the design's page).")
    empty_only = KindCheckBox(required=False, label="Only an empty cell",
                              help_text="A cell that holds something in the player's copy of the board is refused.")
    default = KindTextBox(required=False, strip=False, widget=_area(2), label="Default for a missing answer")
    help = forms.CharField(required=False, strip=False, label="Help under the field")

    BOXES = (("min_choices", "min_choices"), ("max_choices", "max_choices"), ("max_from_counter", "max_from_counter"),
             ("board", "board"), ("empty_only", "empty_only"),
             ("lowest", "min"), ("highest", "max"), ("longest", "max_length"), ("default", "default"),
             ("help", "help"), ("options_from", "options_from"), ("option", "options"), ("choice", "options"),
             ("label", "label"),
             ("kind", "kind"))
    #: The boxes only some kinds use (the others are hidden, and not read).
    KIND_BOXES = {"min_choices": ("choices", "players"), "max_choices": ("choices", "players"),
                  "max_from_counter": ("number",), "options": ("choice", "choices"),
                  "options_from": ("choice", "choices"), "min": ("number",), "max": ("number",),
                  "max_length": ("text",), "default": ("choice", "choices", "number", "text", "yesno"),
                  "board": ("cell",), "empty_only": ("cell",)}
    #: What the default box takes, for each kind.
    DEFAULT_HELP = {
        "choice": "Empty: no answer. Otherwise one of the options.",
        "choices": "Empty: none. Otherwise some of the options, one a line.",
        "number": "Empty: no answer. Otherwise a whole number within the range.",
        "text": "The text a missing answer gets (empty: none).",
        "yesno": "yes or no (empty: no).",
        "player": "A missing answer names nobody.",
        "players": "A missing answer names nobody.",
        "cell": "A missing answer names no cell.",
    }

    def __init__(self, *args: Any, boards: Sequence[dict[str, Any]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        board = self.fields["board"]
        assert isinstance(board, forms.ChoiceField)
        board.choices = [(str(b.get("key", "")), f"{b.get('label', '')} ({b.get('key', '')})") for b in boards] \
            or [("", "— no board yet: add one on the design's page —")]
        kind = self.kind_now()
        boxes = {name: box for name, box in self.fields.items() if isinstance(box, KindBox)}
        for name, kinds in self.KIND_BOXES.items():
            boxes[name].shown_for = kinds
            boxes[name].hidden_now = kind not in kinds
        boxes["default"].help_text = self.DEFAULT_HELP.get(kind, "")
        boxes["default"].help_by_kind = self.DEFAULT_HELP
        boxes["default"].kind_now = kind

    def kind_now(self) -> str:
        """The kind the boxes are shown for: the one posted, else the field's, else a choice."""
        kind = self.data.get(self.add_prefix("kind")) if self.is_bound else None
        kind = kind or self.initial.get("kind") or self.fields["kind"].initial
        return kind if kind in field_kinds() else "choice"

    @staticmethod
    def initial_from(field: dict[str, Any]) -> dict[str, Any]:
        default = field.get("default")
        if isinstance(default, bool):
            shown = "yes" if default else "no"
        elif isinstance(default, list):
            shown = "\n".join(map(str, default))
        else:
            shown = "" if default is None else str(default)
        return {"label": field.get("label"), "kind": field.get("kind"), "options": "\n".join(field.get("options", [])),
                "min": field.get("min"), "max": field.get("max"), "max_length": field.get("max_length"),
                "min_choices": field.get("min_choices"), "max_choices": field.get("max_choices"),
                "max_from_counter": field.get("max_from_counter", ""), "options_from": field.get("options_from", ""),
                "board": field.get("board", ""), "empty_only": bool(field.get("empty_only")),
                "default": shown, "help": field.get("help", "")}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
        kind, typed = data.get("kind"), data.get("default") or ""
        default: Any = typed if typed.strip() else None
        if kind == "choices":
            default = lines(typed)
        elif kind == "number":
            try:
                default = parse_optional_int(typed, lo=-READ, hi=READ)
            except NumberError as exc:
                self.add_error("default", f"The default for a missing number {exc.message}, or leave it empty.")
        elif kind == "text":
            default = typed
        elif kind == "yesno":
            word = typed.strip().casefold()
            default = True if word in YES else False if word in NO else typed
        elif kind == "players":
            default = [typed] if typed.strip() else []
        elif kind in ("cell", "player"):
            default = None  # only no answer (a box its kind hides may still be posted)
        data["default_value"] = default
        for name, kinds in self.KIND_BOXES.items():  # a box its kind does not use is neither read nor refused
            if kind not in kinds:
                self.errors.pop(name, None)
        return data

    def field_doc(self) -> dict[str, Any]:
        """The field document the host described (only the parts its kind uses)."""
        data = self.cleaned_data
        kind = data["kind"]
        doc: dict[str, Any] = {"label": data.get("label", ""), "kind": kind}
        if kind in ("choice", "choices") and (data.get("options_from") or "").strip():
            doc["options_from"] = data["options_from"].strip()  # a form for each player: each seat's own options
        elif kind in ("choice", "choices"):
            doc["options"] = lines(data.get("options", ""))
        elif kind == "number":
            doc["min"], doc["max"] = data.get("min"), data.get("max")
        elif kind == "text" and data.get("max_length") is not None:
            doc["max_length"] = data["max_length"]
        if kind in ("choices", "players"):  # checks when a move is sent: limits with no rule written
            doc.update({k: data[k] for k in ("min_choices", "max_choices") if data.get(k) is not None})
        elif kind == "number" and (data.get("max_from_counter") or "").strip():
            doc["max_from_counter"] = data["max_from_counter"].strip()
        if kind == "cell":  # a cell of one of the design's boards (RULES.md, "Boards")
            doc["board"], doc["empty_only"] = data.get("board") or "", bool(data.get("empty_only"))
        doc["default"] = data.get("default_value")
        doc["help"] = data.get("help", "")
        return doc


# --- named values, tables, set-up rules --------------------------------------------------------------------
_VALUE_NAME = re.compile(r"[a-z0-9_]{1,30}", re.ASCII)
#: Empty rows offered under a phase's named values (more come with each save).
SPARE_ROWS = 2


@dataclass
class ValueRow:
    """One named value of a phase as its boxes show it (``error``: what is wrong with it)."""

    index: int
    name: str = ""
    formula: str = ""
    error: str = ""


def value_rows(saved: Sequence[dict[str, Any]], spare: int = SPARE_ROWS) -> list[ValueRow]:
    """A phase's named values in rows, and ``spare`` empty rows to add more."""
    rows = [ValueRow(i, str(v.get("name", "")), str(v.get("formula", ""))) for i, v in enumerate(saved)]
    return rows + [ValueRow(len(rows) + k) for k in range(spare)]


def read_value_rows(post: Any) -> tuple[list[ValueRow], list[dict[str, str]]]:
    """The posted rows (``value_name``/``value_formula``, empty rows dropped) and the values they give; a row
    with a problem carries its message and gives no value."""
    names, formulas = post.getlist("value_name"), post.getlist("value_formula")
    rows: list[ValueRow] = []
    values: list[dict[str, str]] = []
    for name, formula in zip(names, formulas + [""] * (len(names) - len(formulas)), strict=False):
        name, formula = name.strip(), formula.strip()
        if not name and not formula:
            continue
        row = ValueRow(len(rows), name, formula)
        if not _VALUE_NAME.fullmatch(name):
            row.error = ("Give the value a name of 1 to 30 small letters a-z, digits and _ (like pairs or "
                         "leader_order)." if name else "Give this formula a name.")
        elif not formula:
            row.error = f"Write the formula of “{name}” (like len(players) // 2)."
        elif any(v["name"] == name for v in values):
            row.error = f"“{name}” is named twice: each value needs its own name."
        else:
            values.append({"name": name, "formula": formula})
        rows.append(row)
    return rows + [ValueRow(len(rows) + k) for k in range(SPARE_ROWS)], values


def table_text(rows: Sequence[Sequence[Any]]) -> str:
    """A table's rows as comma-separated lines (a cell with a comma or quote is quoted)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if c is None else c for c in row])
    return out.getvalue()


def _cell(text: str) -> str | int:
    text = text.strip()
    return int(text) if re.fullmatch(r"-?[0-9]{1,12}", text, re.ASCII) else text


class TableForm(forms.Form):
    """A table of the design that rules look things up in: its label, columns and rows."""

    label = forms.CharField(required=False, strip=False, help_text="What the host calls it (Colour chart).")
    columns = forms.CharField(required=False, strip=False, label="Columns",
                              help_text="Their names (small letters a-z, digits and _), separated by commas: "
                                        "first, second, result.")
    rows = forms.CharField(required=False, strip=False, widget=forms.Textarea(attrs={**RULES_ATTRS, "rows": 10}),
                           label="Rows", help_text="One row a line, cells separated by commas (quote a cell that "
                                                   "holds a comma). Whole numbers are read as numbers.")

    BOXES = (("label", "label"), ("column", "columns"), ("row", "rows"), ("cell", "rows"), ("key", "label"))

    def __init__(self, *args: Any, saved_rows: Sequence[Sequence[Any]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.saved_rows = saved_rows

    def _kept(self, r: int, c: int, text: str) -> str | int:
        """A cell as typed: a whole number is read as a number, unless the saved table holds that very text there
        (a text such as "-2" stays a text when the page is saved unchanged)."""
        saved = self.saved_rows[r][c] if r < len(self.saved_rows) and c < len(self.saved_rows[r]) else None
        return saved if isinstance(saved, str) and saved == text.strip() else _cell(text)

    @staticmethod
    def initial_from(table: dict[str, Any]) -> dict[str, Any]:
        return {"label": table.get("label", ""), "columns": ", ".join(map(str, table.get("columns", []))),
                "rows": table_text(table.get("rows", []))}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
        data["column_list"] = [c.strip() for c in (data.get("columns") or "").split(",") if c.strip()]
        try:
            parsed = list(csv.reader(io.StringIO(data.get("rows") or "")))
        except csv.Error as exc:
            self.add_error("rows", f"These rows cannot be read ({exc}).")
            parsed = []
        rows = [row for row in parsed if any(c.strip() for c in row)]
        data["row_list"] = [[self._kept(r, c, text) for c, text in enumerate(row)] for r, row in enumerate(rows)]
        return data


class SetupForm(forms.Form):
    """The rules that run once when a match starts (a leader order from the seed, starting counters...)."""

    setup = forms.CharField(required=False, strip=False, widget=forms.Textarea(attrs=RULES_ATTRS),
                            label="Set-up rules",
                            help_text="Run once when the match starts: they read players, counters, garnets and "
                                      "tables, and may set, add, keep (named values) and announce.")

    BOXES = (("setup", "setup"), ("set-up", "setup"), ("rule", "setup"), ("line", "setup"))


# --- files ------------------------------------------------------------------------------------------------
class ImportForm(forms.Form):
    file = forms.FileField(label="Design file (.genius-design.json)", allow_empty_file=True,
                           error_messages={"required": "Choose a design file to import."})


# --- a lobby from a design ----------------------------------------------------------------------------------
class LobbyFromDesignForm(forms.Form):
    """A lobby of a design: its title, seat count within the design's, season, phase length and bots."""

    title = forms.CharField(max_length=120, required=False)
    seats_wanted = forms.TypedChoiceField(coerce=int, label="Seats")
    season = forms.ModelChoiceField(Season.objects.none(), required=False, empty_label="No season")
    phase_hours = _number(required=False, initial=24, label="Default phase length: hours",
                          help_text="For the EC decision and any phase without a length of its own.")
    phase_minutes = _number(required=False, initial=0, label="and minutes")
    closes_when_all_locked_in = early_close_field()
    bots = forms.CharField(required=False, strip=False, widget=_area(3), label="Bot seats",
                           help_text="Optional, one name a line: bots answer as soon as a phase opens.")

    def __init__(self, *args: Any, counts: Sequence[int], title: str, user: Any = None,
                 clock: tuple[int, int] | None = None, **kwargs: Any) -> None:
        """``clock``: the design's turn length and reserve when it has live turns (the lobby may set its own)."""
        super().__init__(*args, **kwargs)
        self.fields["community"] = community_field(user)
        self.fields["season"] = season_field(user)
        if clock is not None:
            self.fields.update(lobby_clock_fields(*clock))
        seats_wanted = self.fields["seats_wanted"]
        assert isinstance(seats_wanted, forms.ChoiceField)
        seats_wanted.choices = [(n, str(n)) for n in counts]
        self.fields["seats_wanted"].initial = counts[-1] if counts else None
        self.fields["title"].help_text = f"Leave empty for “{title}”."

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
        if "phase_hours" not in self.errors and "phase_minutes" not in self.errors:
            hours, minutes = data.get("phase_hours") or 0, data.get("phase_minutes") or 0
            total = hours * 60 + minutes
            if not (0 <= minutes <= 59 and 1 <= total <= 7 * 24 * 60):
                self.add_error("phase_hours", "A phase lasts from 1 minute to 7 days.")
            data["phase_seconds"] = total * 60
        data["bot_names"] = [n.strip() for n in (data.get("bots") or "").splitlines() if n.strip()]
        return data


def lobby_clock_fields(turn_seconds: int, reserve: int) -> dict[str, forms.Field]:
    """A lobby's own turn length and reserve time for a design with live turns (``genius.designs.clock``)."""
    return {
        "turn_seconds": WholeNumberField(min_value=clock.TURN_MIN, max_value=clock.TURN_MAX, initial=turn_seconds,
                                         label="Turn length (seconds)",
                                         help_text="Each live turn's clock, for this lobby (the design's: "
                                                   f"{turn_seconds} s)."),
        "reserve_seconds": WholeNumberField(min_value=0, max_value=clock.RESERVE_MAX, initial=reserve,
                                            label="Reserve time (seconds)",
                                            help_text="Each player's time beyond the turns' clocks, for the whole "
                                                      f"match (0: none; the design's: {reserve} s)."),
    }


# --- the host's lobby form: a config field of kind "design" --------------------------------------------------
#: The choice that keeps the design a lobby already has.
KEEP = "current"


class DesignChoiceField(forms.ChoiceField):
    """A choice among the designs a host may use (their own, then the templates); cleaned to the design's
    validated document, which the match config stores (not a reference: later edits do not change a lobby).

    ``current``: the document a lobby already has, offered first as "keep".
    """

    def __init__(self, *, designs: Any, current: dict[str, Any] | None = None, **kwargs: Any) -> None:
        self.designs = {str(d.pk): d for d in designs}
        self.current = current
        choices: list[tuple[str, str]] = [("", "— choose a design —")]
        if current is not None:
            choices.append((KEEP, f"Keep this lobby's design: {current.get('title', '')}"))
        choices += [(pk, d.title if not d.is_template else f"{d.title} (template by {d.owner.username})")
                    for pk, d in self.designs.items()]
        super().__init__(choices=choices, **kwargs)

    def clean(self, value: Any) -> dict[str, Any] | None:
        picked = super().clean(value)
        if not picked:
            return None
        document = self.current if picked == KEEP else self.designs[picked].document
        try:
            return validate_design(document)
        except DesignError as exc:
            raise forms.ValidationError([sentence(str(p)) for p in exc.problems]) from None
