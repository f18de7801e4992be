"""The repeated parts of the host's ruling form as Django formsets: a row of boxes a seat (:class:`SeatBoxes`: a
private message, counter changes, a garnet change, and at the end a place and Tokens of Life) and, for each phase
that may open next, a row a field of its form (:class:`FieldEditBoxes`).

How many rows there are is the engine's ``RulingForm``'s to say, never the posted management form's
(:class:`DesignedRows`): a management form that is missing or counts otherwise (a page made for another match
or state, or a forged post) is refused with a clear message, and the rows still show what was posted. Each box
reads only what was typed (text that can be stored, numbers in ASCII digits within range); the engine's
``check_ruling`` judges the whole ruling (``genius.engine_forms.rulings``).
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.forms.formsets import (
    INITIAL_FORM_COUNT,
    MAX_NUM_FORM_COUNT,
    MIN_NUM_FORM_COUNT,
    TOTAL_FORM_COUNT,
    ManagementForm,
)

from games.kit.numbers import NumberError, parse_int
from genius.engine_forms.moves import Carried

#: What the boxes of changes and field bounds hold at most.
MAX_CHANGE = 1_000_000
UNSTORABLE = "This text holds a character that cannot be stored (a NUL or a lone surrogate)."
OUT_OF_DATE = ("This page was made for another state of the match (it sent {sent} rows of {what}; the match has "
               "{count}): nothing was saved, and a saved draft is kept. Check the boxes and send them again.")


def unstorable(text: str) -> bool:
    """Whether ``text`` holds what the database cannot store (a NUL, a lone surrogate)."""
    return "\x00" in text or any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)


class Text(Carried):
    """Text as typed, refused when it cannot be stored."""

    def validate(self, value: Any) -> None:
        super().validate(value)
        if unstorable(value or ""):
            raise ValidationError(UNSTORABLE, code="unstorable")


class NumberBox(Text):
    """A whole number in ASCII digits within ``lo..hi`` (empty: None); a refusal names ``what`` it is."""

    def __init__(self, *, what: str, lo: int, hi: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.what, self.lo, self.hi = what, lo, hi

    def clean(self, value: Any) -> int | None:
        text = super().clean(value).strip()
        if not text:
            return None
        try:
            return parse_int(text, lo=self.lo, hi=self.hi)
        except NumberError as exc:
            raise ValidationError(f"{self.what}: {exc.message}.", code="number") from None


class DesignedRows(forms.BaseFormSet):
    """A formset of one row a ``rows`` entry (the keywords of that row's form), as the design counts them.

    Bound, it is valid only when the posted management form counts the same rows (``what`` names them in the
    refusal); :attr:`counts` is the management form as the design counts them, for the page to send back.
    """

    what = "rows"

    def __init__(self, data: Any = None, *, rows: list[dict[str, Any]], prefix: str | None = None,
                 **kwargs: Any) -> None:
        self.rows = rows
        sent = None if data is None else data.get(f"{prefix or self.get_default_prefix()}-{TOTAL_FORM_COUNT}")
        refusal = self._out_of_date(sent)
        super().__init__(data, prefix=prefix, error_messages={  # Django's own checks say it as clean does
            "missing_management_form": refusal, "too_many_forms": refusal, "too_few_forms": refusal}, **kwargs)

    def total_form_count(self) -> int:
        return len(self.rows)

    def initial_form_count(self) -> int:
        return len(self.rows)

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        return {**super().get_form_kwargs(index), **(self.rows[index] if index is not None else {})}

    @property
    def counts(self) -> ManagementForm:
        """The management form as the design counts the rows, whatever was posted."""
        count = len(self.rows)
        return ManagementForm(auto_id=self.auto_id, prefix=self.prefix, initial={
            TOTAL_FORM_COUNT: count, INITIAL_FORM_COUNT: count, MIN_NUM_FORM_COUNT: 0, MAX_NUM_FORM_COUNT: count})

    def clean(self) -> None:
        counted = str(len(self.rows))
        if any(self.data.get(self.add_prefix(name)) != counted for name in (TOTAL_FORM_COUNT, INITIAL_FORM_COUNT)):
            raise ValidationError(self._out_of_date(self.data.get(self.add_prefix(TOTAL_FORM_COUNT))), code="count")

    def _out_of_date(self, sent: str | None) -> str:
        shown = "none" if sent is None else repr(sent[:20])
        return OUT_OF_DATE.format(sent=shown, what=self.what, count=len(self.rows))


class SeatBoxes(forms.Form):
    """One seat's boxes; the place and Tokens of Life are read only when the match ends (``ending``)."""

    def __init__(self, *args: Any, seat: str, counters: tuple[tuple[str, str], ...], now: dict[str, int],
                 wallet: int, seats: int, ending: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seat, self.wallet = seat, wallet
        self.standing = [(label, now.get(key, 0)) for key, label in counters]
        self.fields["private"] = Text(label=f"Private message to {seat}")
        for key, label in counters:
            self.fields[f"counter-{key}"] = NumberBox(label=f"{label} change for {seat}", what=f"{label} of {seat}",
                                                      lo=-MAX_CHANGE, hi=MAX_CHANGE)
        self.fields["garnets"] = NumberBox(label=f"Garnet change for {seat}", what=f"Garnets of {seat}",
                                           lo=-MAX_CHANGE, hi=MAX_CHANGE)
        if ending:
            self.fields["place"] = NumberBox(label=f"Place of {seat}", what=f"Place of {seat}", lo=1, hi=seats)
            self.fields["tol"] = NumberBox(label=f"Tokens of Life for {seat}", what=f"Tokens of Life of {seat}",
                                           lo=0, hi=100)
        else:  # not read: shown as typed
            self.fields["place"] = Carried(label=f"Place of {seat}")
            self.fields["tol"] = Carried(label=f"Tokens of Life for {seat}")
        self.counter_keys = [key for key, _ in counters]

    def wallet_note(self) -> str:
        return f"wallet {self.wallet}"

    def counter_boxes(self) -> list[tuple[forms.BoundField, str]]:
        """Each counter's box, with what the seat has now."""
        return [(self[f"counter-{key}"], f"now {value}")
                for key, (_, value) in zip(self.counter_keys, self.standing, strict=True)]

    def is_open(self) -> bool:
        """Whether the row shows unfolded: something is typed in it, or refused."""
        names = ["private", "garnets", *(f"counter-{key}" for key in self.counter_keys)]
        refused = self.is_bound and any(name in self.errors for name in names)
        return refused or any(self[name].value() for name in names)


class SeatRows(DesignedRows):
    what = "players"


#: The seats' rows: one :class:`SeatBoxes` a seat.
SeatFormSet = cast(type[SeatRows], forms.formset_factory(SeatBoxes, formset=SeatRows, extra=0))


#: A field kind → the boxes that change it (beside its label).
EDIT_BOXES = {"choice": ("options",), "choices": ("options",), "number": ("min", "max"), "text": ("max_length",)}


class FieldEditBoxes(forms.Form):
    """The boxes of one field of a next phase's form: its label, and its options, range or longest answer."""

    def __init__(self, *args: Any, number: int, kind: str, judged: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.number, self.kind = number, kind
        self.fields["label"] = Text(label=f"Field {number + 1}: label")
        boxes = EDIT_BOXES.get(kind, ())
        if "options" in boxes:
            self.fields["options"] = Text(label="Options, one per line", widget=forms.Textarea)
        read: dict[str, Any] = {"lo": -MAX_CHANGE, "hi": MAX_CHANGE, "what": "This number"} if judged else {}
        if "min" in boxes:
            self.fields["min"] = NumberBox(label="Lowest", **read) if judged else Text(label="Lowest")
            self.fields["max"] = NumberBox(label="Highest", **read) if judged else Text(label="Highest")
        if "max_length" in boxes:
            longest = "Longest answer (characters)"
            self.fields["max_length"] = NumberBox(label=longest, what="The longest answer", lo=1, hi=100_000) \
                if judged else Text(label=longest)

    def edited(self, doc: dict[str, Any]) -> dict[str, Any]:
        """``doc`` (the field as designed) as these boxes change it (call once valid)."""
        doc = dict(doc)
        data = self.cleaned_data
        doc["label"] = data["label"].strip()
        if "options" in self.fields:
            options = [line.strip() for line in data["options"].splitlines() if line.strip()]
            doc["options"] = options
            if self.kind == "choice" and doc.get("default") not in options:
                doc["default"] = None
            if self.kind == "choices":
                doc["default"] = [d for d in doc.get("default") or [] if d in options]
        for key in ("min", "max", "max_length"):
            if data.get(key) is not None:
                doc[key] = data[key]
        return doc


class FieldEdits(DesignedRows):
    what = "fields of the next form"


#: A next phase's form: one :class:`FieldEditBoxes` a field.
FieldEditFormSet = cast(type[FieldEdits], forms.formset_factory(FieldEditBoxes, formset=FieldEdits, extra=0))


def field_values(doc: dict[str, Any]) -> dict[str, str]:
    """The edit boxes of a field document, as text."""
    out = {"label": str(doc.get("label", ""))}
    boxes = EDIT_BOXES.get(str(doc.get("kind", "")), ())
    if "options" in boxes:
        out["options"] = "\n".join(str(o) for o in doc.get("options") or [])
    for key in boxes:
        if key != "options":
            out[key] = str(doc.get(key, ""))
    return out
