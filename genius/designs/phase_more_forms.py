"""The designer's form of a phase's further settings (the design language's manual): a form for each player (several
forms, each with its ``when``), the fallback of a missing move, the named values a check may read
(``check_visible``), who answers (``answered_by``), a timed challenge, live turns, trades and actions.

The form only reads what the host typed into the shape of a design document; every rule about these settings is
the design's own (``validate_design``, as when a design file is imported), and its problems come back beside the
box they name (:func:`box_of`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms

from games.kit.numbers import NumberError, parse_optional_int
from genius.designs.forms import READ, RULES_ATTRS, YES, lines
from genius.engine_forms.fields import WholeNumberField

#: The most forms a phase has, and actions it offers (the design's limits; more rows are never shown).
MAX_FORM_ROWS = 6
MAX_ACTION_ROWS = 10
ANSWERED_BY = (("players", "The match's players (its seats)"),
               ("season", "The season's other players, outside the match (the rules read them as outside)"),
               ("community", "The community's members who hold no seat in it (read as outside)"))
TURN_ORDERS = (("together", "Together: every actor moves, each with the clock"),
               ("rotate", "In turn: one actor after another, in seat order"))
TIMEOUTS = (("default", "The move's default is played"), ("pass", "The player passes"),
            ("loss", "The player loses the match"))
ACTION_FIELDS_EXAMPLE = '[{"label": "How much", "kind": "number", "min": 1, "max": 10}]'
EXPRESSION_ATTRS = {"class": "rules-editor", "spellcheck": "false", "autocapitalize": "off", "autocomplete": "off"}


def shown_by(box: forms.Field, name: str, values: list[str]) -> None:
    """Have the page's script show ``box`` only when the input ``name`` holds one of ``values`` (a checkbox: "on");
    without the script it is always shown (``_field.html``, ``designer.js``)."""
    box.shown_by = (name, values)  # type: ignore[attr-defined]


def _number(label: str, help_text: str = "") -> WholeNumberField:
    return WholeNumberField(min_value=-READ, max_value=READ, required=False, label=label, help_text=help_text)


def _code(label: str, help_text: str, rows: int = 6) -> forms.CharField:
    return forms.CharField(required=False, strip=False, label=label, help_text=help_text,
                           widget=forms.Textarea(attrs={**RULES_ATTRS, "rows": rows}))


def _names(text: str) -> list[str]:
    """Names typed separated by commas (or lines), spaces dropped."""
    return [n.strip() for n in (text or "").replace("\n", ",").split(",") if n.strip()]


def kept_order(picked: Sequence[str], saved: Sequence[str]) -> list[str]:
    """The boxes ticked, those saved before in their saved order, then the others (a page saved unchanged changes
    nothing, whatever order a design file wrote them in).

    >>> kept_order(["a", "b", "c"], ["c", "a"])
    ['c', 'a', 'b']
    """
    return [k for k in saved if k in picked] + [k for k in picked if k not in saved]


def answer_text(field: dict[str, Any], value: Any) -> str:
    """A fallback answer as its box shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "\n".join(map(str, value))
    return "" if value is None else str(value)


def typed_answer(field: dict[str, Any], text: str) -> tuple[Any, str]:
    """(a fallback answer typed for ``field``, what is wrong with it): the design's check judges the answer."""
    kind = field.get("kind")
    if kind in ("choices", "players"):
        return lines(text), ""
    if kind == "text":
        return text, ""
    word = text.strip()
    if kind == "yesno":
        return word.casefold() in YES, "" if word.casefold() in YES | {"no", "n", "false", "0", ""} else \
            "Yes or no."
    if not word:
        return None, ""
    if kind == "number":
        try:
            return parse_optional_int(word, lo=-READ, hi=READ), ""
        except NumberError:
            return None, "A whole number (such as 0 or -3), or empty for no answer."
    return word, ""


@dataclass
class Section:
    """A part of the page: its title, what it is for, and its boxes."""

    key: str
    title: str
    help: str
    boxes: list[Any]
    #: An action's fields, each (its label, its page), and the page that adds one (the view fills them in).
    links: list[tuple[str, str]] = field(default_factory=list)
    add: str = ""


class PhaseMoreForm(forms.Form):
    """A phase's further settings; :meth:`extras` gives them as the design document writes them."""

    check_visible = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Named values a check may read",
        help_text="A check reads only what its player sees; a value ticked here it reads too (its own entry only, "
                  "when the value is keyed by player).")
    fallback_on = forms.BooleanField(required=False, label="A missing move counts as the answers below",
                                     help_text="When a field's default does not pass the check. Off: the defaults.")
    answered_by = forms.ChoiceField(choices=ANSWERED_BY, widget=forms.RadioSelect, initial="players", required=False,
                                    label="Who answers this phase")
    timed_on = forms.BooleanField(required=False, label="A timed challenge: each player draws rows of a table")
    timed_table = forms.ChoiceField(required=False, label="The table of its questions")
    timed_show = forms.CharField(required=False, label="Columns a player sees",
                                 help_text="Their names, separated by commas: question, picture.")
    timed_draw = _number("Rows each player draws", "1 to 50, drawn from the match's seed.")
    timed_seconds = _number("Seconds to answer, from the moment they start", "5 to 86400.")
    turn_on = forms.BooleanField(required=False, label="Played live, with a clock a move")
    turn_seconds = _number("Seconds a move", "10 to 3600.")
    turn_order = forms.ChoiceField(choices=TURN_ORDERS, widget=forms.RadioSelect, initial="together", required=False,
                                   label="Who moves")
    turn_timeout = forms.ChoiceField(choices=TIMEOUTS, widget=forms.RadioSelect, initial="default", required=False,
                                     label="When the clock runs out")
    trades_on = forms.BooleanField(required=False, label="Its actors may offer each other trades")
    trades_counters = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple,
                                                label="Counters that may be traded")
    trades_items = forms.CharField(required=False, label="Hands that may be traded",
                                   help_text="Kept values' names, separated by commas (hands for "
                                             "keep(\"hands\", …)). Empty: none.")
    trades_per_player = _number("Offers each player may make", "1 to 50 (3 when left empty).")
    trades_gifts = forms.BooleanField(required=False, initial=True, label="Gifts: an offer may ask nothing back")
    trades_one_for_one = forms.BooleanField(required=False, label="One for one: exactly one card of a hand each way")
    trades_once_per_pair = forms.BooleanField(required=False, label="Once a pair: two players trade once at most")

    def __init__(self, *args: Any, doc: dict[str, Any], phase: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.phase = phase
        fields = [f for f in phase.get("fields", []) if f]
        keys = [(f["key"], f"{f.get('label', '')} ({f['key']})") for f in fields]
        self._choices("check_visible", [(v["name"], v["name"]) for v in phase.get("values", [])])
        if not phase.get("values"):
            self.fields["check_visible"].help_text = "This phase has no named values: add them on the phase's page."
        self._choices("timed_table", [("", "— choose a table —")] + [(t["key"], t.get("label", t["key"]))
                                                                      for t in doc.get("tables", [])])
        self._choices("trades_counters", [(c["key"], c.get("label", c["key"])) for c in doc.get("counters", [])])
        self.form_rows = min(MAX_FORM_ROWS, max(2, len(phase.get("forms", [])) + 1))
        for n in range(self.form_rows):
            self.fields[f"form_{n}_fields"] = forms.MultipleChoiceField(
                choices=keys, required=False, widget=forms.CheckboxSelectMultiple, label=f"Form {n + 1}: its fields")
            self.fields[f"form_{n}_when"] = forms.CharField(
                required=False, strip=False, label=f"Form {n + 1}: when (the players it is for)",
                widget=forms.TextInput(attrs=EXPRESSION_ATTRS),
                help_text="An expression: me in values[\"spies\"]. Empty on the last form: everyone else.")
        for f in fields:
            self.fields[f"fallback_{f['key']}"] = forms.CharField(
                required=False, strip=False, label=f"Fallback: {f.get('label', '')}",
                widget=forms.Textarea(attrs={"rows": 2}) if f.get("kind") in ("choices", "players", "text")
                else forms.TextInput(), help_text=_FALLBACK_HELP.get(f.get("kind", ""), ""))
        self.action_rows = min(MAX_ACTION_ROWS, len(phase.get("actions", [])) + 1)
        for n in range(self.action_rows):
            self.fields[f"action_{n}_key"] = forms.CharField(required=False, widget=forms.HiddenInput)
            self.fields[f"action_{n}_label"] = forms.CharField(
                required=False, strip=False, label=f"Action {n + 1}: its name",
                help_text="The button's words (Surrender). Empty name and rules: no such action.")
            self.fields[f"action_{n}_fields"] = forms.CharField(
                required=False, strip=False, label="Its fields (optional)",
                widget=forms.Textarea(attrs={**RULES_ATTRS, "rows": 3}),
                help_text=f"A list of fields as a design file writes them, such as {ACTION_FIELDS_EXAMPLE}. "
                          "Empty: a button alone.")
            self.fields[f"action_{n}_rules"] = _code("Its rules", "What it does, at once: actors is [the player who "
                                                     "took it], answers[actors[0]] its fields; end() ends the phase.", 5)
            self.fields[f"action_{n}_check"] = _code("Its check (optional)", "As a move's check: answer is its fields; "
                                                     "refuse(\"words\") refuses it and nothing changes.", 3)
            self.fields[f"action_{n}_once"] = forms.BooleanField(required=False, label="Once per player in each round of the phase")
            self.fields[f"action_{n}_public"] = forms.BooleanField(
                required=False, initial=True, label="Everyone is told when it is taken")
            self.fields[f"action_{n}_anyone"] = forms.BooleanField(
                required=False, label="Any seated player may take it, even one who does not act in the phase")
            self.fields[f"action_{n}_before_lock_in"] = forms.BooleanField(
                required=False, label="Only before the player locks in their move in the phase (as a move: "
                                      "once locked in, no more)")

        for switch, names in _SWITCHED.items():  # the page's script shows these only when their switch is on
            for name in names:
                shown_by(self.fields[name], switch, ["on"])
        for f in fields:
            shown_by(self.fields[f"fallback_{f['key']}"], "fallback_on", ["on"])

    def _choices(self, name: str, choices: list[tuple[str, str]]) -> None:
        box = self.fields[name]
        assert isinstance(box, forms.ChoiceField)
        box.choices = choices

    def sections(self) -> list[Section]:
        """The page's parts, in order, each with its boxes."""
        keys = [f["key"] for f in self.phase.get("fields", []) if f]
        forms_boxes = [self[f"form_{n}_{p}"] for n in range(self.form_rows) for p in ("fields", "when")]
        out = [
            Section("forms", "A form for each player", "Several forms in this phase: a player answers the first "
                    "form whose when holds for them (me is the player). Leave them all empty for one form.",
                    forms_boxes),
            Section("fallback", "A missing move", "What a player who sends nothing answers, when a field's default "
                    "would not pass the check.", [self["fallback_on"]] + [self[f"fallback_{k}"] for k in keys]),
            Section("check-visible", "What the check may read", "", [self["check_visible"]]),
            Section("answered-by", "Who answers", "Players outside the match answer a phase its rules close.",
                    [self["answered_by"]]),
            Section("timed", "Timed challenge", "Each player who acts draws rows of a table and answers within "
                    "the seconds.", [self[n] for n in ("timed_on", "timed_table", "timed_show", "timed_draw",
                                                        "timed_seconds")]),
            Section("turn", "Live turns", "Moves played live, each with its clock; the reserve time is in the "
                    "design's basics.", [self[n] for n in ("turn_on", "turn_seconds", "turn_order", "turn_timeout")]),
            Section("trades", "Trades and gifts", "Offers between the phase's actors, taken at once when accepted.",
                    [self[n] for n in ("trades_on", "trades_counters", "trades_items", "trades_per_player",
                                       "trades_gifts", "trades_one_for_one", "trades_once_per_pair")]),
        ]
        for n in range(self.action_rows):
            out.append(Section(f"action-{n}", f"Action {n + 1}" if n < len(self.phase.get("actions", []))
                               else "A new action", "Taken at once, the moment it arrives, while the phase stays "
                               "open." if n == 0 else "",
                               [self[f"action_{n}_{p}"] for p in ("key", "label", "fields", "rules", "check", "once",
                                                                  "public", "anyone", "before_lock_in")]))
        return out

    @staticmethod
    def initial_from(phase: dict[str, Any]) -> dict[str, Any]:
        """The boxes as the saved phase fills them."""
        out: dict[str, Any] = {"answered_by": phase.get("answered_by", "players"),
                               "check_visible": [v["name"] for v in phase.get("values", []) if v.get("check_visible")]}
        for n, form in enumerate(phase.get("forms", [])):
            out[f"form_{n}_fields"], out[f"form_{n}_when"] = list(form.get("fields", [])), form.get("when", "")
        fallback = phase.get("fallback")
        out["fallback_on"] = fallback is not None
        for f in phase.get("fields", []):
            if f and fallback is not None:
                out[f"fallback_{f['key']}"] = answer_text(f, fallback.get(f["key"]))
        timed = phase.get("timed")
        out["timed_on"] = timed is not None
        if timed:
            out.update(timed_table=timed["table"], timed_show=", ".join(timed["show"]), timed_draw=timed["draw"],
                       timed_seconds=timed["seconds"])
        turn = phase.get("turn")
        out["turn_on"] = turn is not None
        if turn:
            out.update(turn_seconds=turn["seconds"], turn_order=turn["order"], turn_timeout=turn["timeout"])
        trades = phase.get("trades")
        out["trades_on"] = trades is not None
        if trades:
            out.update(trades_counters=trades["counters"], trades_items=", ".join(trades["items"]),
                       trades_per_player=trades["per_player"], trades_gifts=trades["gifts"],
                       trades_one_for_one=trades.get("one_for_one", False),
                       trades_once_per_pair=trades.get("once_per_pair", False))
        for n, action in enumerate(phase.get("actions", [])):
            out.update({f"action_{n}_key": action["key"], f"action_{n}_label": action["label"],
                        f"action_{n}_rules": action.get("rules", ""), f"action_{n}_check": action.get("check", ""),
                        f"action_{n}_once": action.get("once", False), f"action_{n}_public": action.get("public", True),
                        f"action_{n}_anyone": action.get("anyone", False),
                        f"action_{n}_before_lock_in": action.get("before_lock_in", False),
                        f"action_{n}_fields": json.dumps(action["fields"], ensure_ascii=False, indent=1)
                        if action.get("fields") else ""})
        return out

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
        data["form_list"], data["form_rows"] = [], []
        for n in range(self.form_rows):
            saved = self.phase.get("forms") or []
            picked = kept_order(data.get(f"form_{n}_fields") or [], saved[n]["fields"] if n < len(saved) else [])
            when = (data.get(f"form_{n}_when") or "").strip()
            if picked or when:
                data["form_rows"].append(n)
                data["form_list"].append({"fields": list(picked), **({"when": when} if when else {})})
        if data.get("fallback_on"):
            fallback = {}
            for f in self.phase.get("fields", []):
                if not f:
                    continue
                value, wrong = typed_answer(f, data.get(f"fallback_{f['key']}") or "")
                if wrong:
                    self.add_error(f"fallback_{f['key']}", wrong)
                fallback[f["key"]] = value
            data["fallback"] = fallback
        data["action_list"], data["action_rows"] = [], []
        for n in range(self.action_rows):
            action = self._action(n, data)
            if action is not None:
                data["action_rows"].append(n)
                data["action_list"].append(action)
        return data

    def _action(self, n: int, data: dict[str, Any]) -> dict[str, Any] | None:
        label, rules = data.get(f"action_{n}_label") or "", data.get(f"action_{n}_rules") or ""
        typed_fields, check = data.get(f"action_{n}_fields") or "", data.get(f"action_{n}_check") or ""
        if not (label.strip() or rules.strip() or typed_fields.strip() or check.strip()):
            return None
        fields: Any = []
        if typed_fields.strip():
            try:
                fields = json.loads(typed_fields)
            except json.JSONDecodeError as exc:
                self.add_error(f"action_{n}_fields", f"These fields cannot be read (line {exc.lineno}, column "
                                                     f"{exc.colno}: {exc.msg}). Write them as {ACTION_FIELDS_EXAMPLE}.")
                fields = []
            except ValueError:  # a number of thousands of digits: Python refuses to read it
                self.add_error(f"action_{n}_fields", "These fields hold a number too long to read (over 4,300 "
                                                     f"digits). Write them as {ACTION_FIELDS_EXAMPLE}.")
                fields = []
        action: dict[str, Any] = {"label": label, "fields": fields, "rules": rules,
                                  "once": bool(data.get(f"action_{n}_once")),
                                  "public": bool(data.get(f"action_{n}_public"))}
        if (data.get(f"action_{n}_key") or "").strip():
            action = {"key": data[f"action_{n}_key"].strip(), **action}
        if check.strip():
            action["check"] = check
        if data.get(f"action_{n}_anyone"):
            action["anyone"] = True
        if data.get(f"action_{n}_before_lock_in"):
            action["before_lock_in"] = True
        return action

    def extras(self) -> dict[str, Any]:
        """The phase's settings as the design document writes them (None: left out)."""
        data = self.cleaned_data
        out: dict[str, Any] = {"forms": data["form_list"] or None, "fallback": data.get("fallback"),
                               "answered_by": data.get("answered_by") or "players",
                               "actions": data["action_list"] or None}
        if data.get("timed_on"):
            out["timed"] = {"table": data.get("timed_table") or "", "show": _names(data.get("timed_show") or ""),
                            "draw": 1 if data.get("timed_draw") is None else data["timed_draw"],
                            "seconds": data.get("timed_seconds")}
        if data.get("turn_on"):
            out["turn"] = {"seconds": 60 if data.get("turn_seconds") is None else data["turn_seconds"],
                           "order": data.get("turn_order") or "together",
                           "timeout": data.get("turn_timeout") or "default"}
        if data.get("trades_on"):
            trades: dict[str, Any] = {"counters": kept_order(data.get("trades_counters") or [],
                                                             (self.phase.get("trades") or {}).get("counters", [])),
                                      "items": _names(data.get("trades_items") or ""),
                                      "gifts": bool(data.get("trades_gifts"))}
            if data.get("trades_per_player") is not None:
                trades["per_player"] = data["trades_per_player"]
            for key in ("one_for_one", "once_per_pair"):  # kept only when set, as the design file keeps them
                if data.get(f"trades_{key}"):
                    trades[key] = True
            out["trades"] = trades
        return out

    def box_of(self, path: Sequence[str], message: str = "") -> str | None:
        """The box a problem's part under the phase (``("forms", "1", "when")``) is shown beside, or None;
        ``message`` picks the box of a part several boxes write (a timed challenge)."""
        data = getattr(self, "cleaned_data", {})
        head = path[0] if path else ""
        index = int(path[1]) if len(path) > 1 and path[1].isdigit() else -1
        rest = path[2] if len(path) > 2 else ""
        if head == "forms":
            rows = data.get("form_rows", [])
            row = rows[index] if 0 <= index < len(rows) else (rows[0] if rows else 0)
            return f"form_{row}_when" if rest == "when" else f"form_{row}_fields"
        if head == "fallback":
            name = f"fallback_{path[1]}" if len(path) > 1 else "fallback_on"
            return name if name in self.fields else "fallback_on"
        if head == "values":
            return "check_visible"
        if head in ("answered_by", "close"):
            return "answered_by"
        if head == "timed":
            words = message.casefold()
            return next((box for word, box in _TIMED_WORDS if word in words), "timed_on")
        if head == "turn":
            return {"seconds": "turn_seconds", "order": "turn_order", "timeout": "turn_timeout"}.get(
                path[1] if len(path) > 1 else "", "turn_on")
        if head == "trades":
            return {"counters": "trades_counters", "items": "trades_items", "per_player": "trades_per_player",
                    "gifts": "trades_gifts", "one_for_one": "trades_one_for_one",
                    "once_per_pair": "trades_once_per_pair"}.get(path[1] if len(path) > 1 else "", "trades_on")
        if head == "actions":
            rows = data.get("action_rows", [])
            row = rows[index] if 0 <= index < len(rows) else (rows[0] if rows else 0)
            box = {"label": "label", "key": "label", "fields": "fields", "rules": "rules", "check": "check",
                   "once": "once", "public": "public", "anyone": "anyone",
                   "before_lock_in": "before_lock_in"}.get(rest, "label")
            return f"action_{row}_{box}"
        return None


#: The boxes a switch shows (on the page, with its script).
_SWITCHED = {"timed_on": ("timed_table", "timed_show", "timed_draw", "timed_seconds"),
             "turn_on": ("turn_seconds", "turn_order", "turn_timeout"),
             "trades_on": ("trades_counters", "trades_items", "trades_per_player", "trades_gifts",
                           "trades_one_for_one", "trades_once_per_pair")}
_TIMED_WORDS = (("seconds", "timed_seconds"), ("draws", "timed_draw"), ("column", "timed_show"),
                ("table", "timed_table"))
_FALLBACK_HELP = {"choice": "One of the options (empty: no answer).", "choices": "Some of the options, one a line.",
                  "number": "A whole number (empty: no answer).", "text": "The text (empty: none).",
                  "yesno": "yes or no.", "player": "Empty: a fallback names nobody.",
                  "players": "Empty: a fallback names nobody.", "cell": "A cell such as C4 (empty: no answer)."}
