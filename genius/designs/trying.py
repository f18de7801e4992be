""""Try these rules": the small form (players, round, seed, random or typed answers), the answer boxes of
each player who acts, and the preview in words: what everyone reads, what each player reads, the changes,
and what opens next.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms

from games.kit.numbers import NumberError, parse_int
from genius.designs.rules import TRY_NAMES
from genius.engine_forms.fields import WholeNumberField, choice_field

#: The seed a try starts from (the host changes it to see other draws).
FIRST_SEED = 1
MAX_SEED = 10**9
YES = {"yes", "y", "true", "1"}
NO = {"no", "n", "false", "0"}


class TryForm(forms.Form):
    """How to try a phase: how many players, which round, the seed, and whose answers."""

    players = forms.TypedChoiceField(coerce=int, label="Players")
    round = forms.TypedChoiceField(coerce=int, label="Round")
    seed = WholeNumberField(min_value=0, max_value=MAX_SEED, initial=FIRST_SEED, label="Seed",
                            help_text="The same seed draws the same random answers and the same shuffles.")
    mode = forms.ChoiceField(choices=(("random", "Random legal answers"), ("typed", "The answers I type below")),
                             widget=forms.RadioSelect, initial="random", label="Answers")

    def __init__(self, *args: Any, doc: dict[str, Any], phase: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        low, high = int(doc.get("min_players", 2)), int(doc.get("max_players", 2))
        self.counts = list(range(low, high + 1))
        choice_field(self, "players").choices = [(n, str(n)) for n in self.counts]
        self.fields["players"].initial = min(high, max(low, 4))
        choice_field(self, "round").choices = [(n, str(n)) for n in range(1, int(phase.get("repeat", 1)) + 1)]
        self.fields["round"].initial = 1

    def players_now(self) -> list[str]:
        """The seat names tried: as many as chosen (the first choice when none is, or a wrong one is)."""
        count = self.fields["players"].initial
        typed = self.data.get("players") if self.is_bound else None
        typed = str(typed) if typed is not None else ""
        if len(typed) <= 3 and typed.isascii() and typed.isdigit() and int(typed) in self.counts:
            count = int(typed)
        return list(TRY_NAMES[:count])


@dataclass
class AnswerBox:
    name: str
    label: str
    kind: str
    key: str
    value: list[str]
    options: list[str] = field(default_factory=list)
    error: str = ""
    parsed: Any = None
    default: Any = None


@dataclass
class AnswerRow:
    player: str
    index: int
    acts: bool
    boxes: list[AnswerBox]


def actors_of(phase: dict[str, Any], players: list[str]) -> list[str]:
    """Who acts in a try: the chosen seats that exist, else everyone (the host names them in a match)."""
    if phase.get("actors") == "seats":
        return [players[s - 1] for s in phase.get("seats", []) if 1 <= s <= len(players)]
    return list(players)


def _parse(kind: str, typed: list[str], options: list[str], players: list[str], f: dict[str, Any]) -> tuple[Any, str]:
    """(the answer a box holds, its problem)."""
    if any(0xD800 <= ord(ch) <= 0xDFFF or ch == "\x00" for t in typed for ch in t):
        return None, "This answer holds a character that is not text (a lone surrogate or NUL)."
    text = typed[-1].strip() if typed else ""
    if kind in ("choices", "players"):
        allowed = options if kind == "choices" else players
        picked = [t.strip() for t in typed if t.strip()]
        wrong = next((p for p in picked if p not in allowed), None)
        return (picked, "") if wrong is None else (None, f"“{wrong[:40]}” is not one to choose here.")
    if not text:
        return f.get("default"), ""
    if kind == "number":
        try:
            return parse_int(text, field="answer", lo=int(f.get("min", 0)), hi=int(f.get("max", 0))), ""
        except NumberError as exc:
            return None, f"This answer {exc.message}."
    if kind == "yesno":
        word = text.casefold()
        return (True, "") if word in YES else (False, "") if word in NO else (None, "Yes or no.")
    if kind == "choice" and text not in options:
        return None, f"“{text[:40]}” is not one of the options."
    if kind == "player" and text not in players:
        return None, f"“{text[:40]}” is not a player here."
    if kind == "text" and len(text) > int(f.get("max_length", 280)):
        return None, f"At most {f.get('max_length', 280)} characters."
    return text, ""


def answer_rows(phase: dict[str, Any], players: list[str], post: Mapping[str, Any]) -> tuple[list[AnswerRow], int]:
    """Each player's boxes (``a-<seat index>-<field key>``) with what was typed, and how many are wrong (only
    typed answers are read)."""
    typed_mode = (post.get("mode") if post else None) == "typed"
    acting = set(actors_of(phase, players))
    rows, errors = [], 0
    for i, name in enumerate(players):
        boxes = []
        for f in phase.get("fields", []):
            box_name = f"a-{i}-{f['key']}"
            typed = list(post.getlist(box_name)) if hasattr(post, "getlist") else []
            kind = f.get("kind", "text")
            box = AnswerBox(box_name, str(f.get("label", f["key"])), kind, f["key"], typed,
                            list(f.get("options", [])), default=f.get("default"))
            if typed_mode and name in acting:
                box.parsed, box.error = _parse(kind, typed, box.options, players, f)
                errors += bool(box.error)
            boxes.append(box)
        rows.append(AnswerRow(name, i, name in acting, boxes))
    return rows, errors


def answers_from(rows: list[AnswerRow]) -> dict[str, dict[str, Any]]:
    """The typed answers of the players who act (an empty box: the field's default)."""
    return {row.player: {box.key: box.parsed for box in row.boxes} for row in rows if row.acts}


# --- the preview in words ---------------------------------------------------------------------------------
def _get(obj: Any, *names: str) -> Any:
    for name in names:
        if isinstance(obj, Mapping) and name in obj:
            return obj[name]
        if hasattr(obj, name):
            return getattr(obj, name)
    return None


def _lines(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [line for line in value.splitlines()] if value else []
    return [str(v) for v in value]


def preview_parts(preview: Any, players: list[str]) -> dict[str, Any]:
    """What a try shows: ``error`` (message and line), ``public`` lines, ``private`` (player, lines), counter and
    garnet changes, values kept, what opens next or the end, and the answers used."""
    error = _get(preview, "error", "problem")
    line = _get(preview, "line")
    if error is not None and not isinstance(error, str):
        line = line or _get(error, "line")
        error = _get(error, "message") or str(error)
    private = _get(preview, "private", "private_lines") or {}
    counters = _get(preview, "counters", "counter_changes") or {}
    garnets = _get(preview, "garnets", "garnet_changes") or {}
    changes = []
    for name in players:
        parts = [f"{key} {'+' if delta > 0 else ''}{delta}" for key, delta in (counters.get(name) or {}).items()
                 if isinstance(delta, int) and delta]
        if isinstance(garnets, Mapping) and garnets.get(name):
            parts.append(f"garnets {'+' if garnets[name] > 0 else ''}{garnets[name]}")
        if parts:
            changes.append((name, parts))
    answers = _get(preview, "answers") or {}
    ruling = _get(preview, "ruling") or {}
    return {
        "error": error, "line": line,
        "public": _lines(_get(preview, "public", "announce", "public_lines")),
        "private": [(name, _lines(private.get(name))) for name in players if _lines(private.get(name))],
        "changes": changes,
        "revealed": bool(_get(preview, "reveal", "revealed") or (isinstance(ruling, Mapping) and ruling.get("reveal"))),
        "host": _lines(_get(preview, "host")),
        "debug": _lines(_get(preview, "debug")),
        "kept": dict(_get(preview, "values", "kept") or {}),
        "next": _get(preview, "next", "next_phase"),
        "end": ending_words(_get(preview, "end", "ending")),
        "answers": [(name, answers[name]) for name in players if name in answers],
        "ruling": ruling,
    }


def next_words(doc: dict[str, Any], value: Any) -> str:
    """``bid:2`` as the host reads it: ``Bid, round 2 of 3`` (``end``: the end; unknown: as given)."""
    if not isinstance(value, str) or not value:
        return ""
    if value == "end":
        return "the end of the match"
    key, _, number = value.partition(":")
    phase = next((p for p in doc.get("phases", []) if p.get("key") == key), None)
    if phase is None:
        return value
    repeat = int(phase.get("repeat", 1))
    if repeat > 1 and number.isdigit():
        return f"{phase['name']}, round {number} of {repeat}"
    return str(phase["name"])


def ending_words(ending: Any) -> str:
    """The end a try reached, in words: placement, Tokens of Life, ECs or the EC decision."""
    if not ending:
        return ""
    if not isinstance(ending, Mapping):
        return str(ending)
    parts = []
    placement = ending.get("placement")
    if isinstance(placement, Mapping) and placement:
        ranked = sorted(placement, key=lambda name: (placement[name], str(name)))
        parts.append("placement " + ", ".join(f"{placement[n]}. {n}" for n in ranked))
    elif isinstance(placement, list) and placement:
        parts.append("placement " + ", ".join(f"{i}. {n}" for i, n in enumerate(placement, start=1)))
    tol = ending.get("tol")
    if isinstance(tol, Mapping) and tol:
        parts.append("Tokens of Life " + ", ".join(f"{n} ×{k}" for n, k in tol.items()))
    if ending.get("ec"):
        parts.append("Elimination Candidates " + ", ".join(map(str, ending["ec"])))
    decide = ending.get("ec_decide")
    if isinstance(decide, Mapping):
        between = decide.get("between") or decide.get("candidates") or []
        parts.append(f"{', '.join(map(str, decide.get('deciders') or []))} decide the EC among {', '.join(map(str, between))}")
    return "; ".join(parts) or "the match ends"
