"""Host-only pages that set up a match with its game's own settings.

Trail Trouble: the host types each round's four forks in the community's
notation (one fork a line), previews them parsed back into canonical text and
words (or sees each error with its line, column and what was expected, beside
the round's box), gives the starting order, and creates the match as an open
lobby, optionally with bot seats for a quick test. While the match is still a
lobby the same page changes its setup.

No rules live here: the forks are read by the engine's parser
(``games/trail_trouble/forks.py``), the order is checked against the seats by
the engine when the match starts, and matches and seats are made by
``genius.matches.services.lifecycle``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from games.trail_trouble.config import PLAYERS, ROUNDS
from games.trail_trouble.forks import FORKS_PER_ROUND, Fork, ForkSyntaxError, describe_path, format_fork, preview_round
from games.trail_trouble.texts import path_cost_words
from genius.live import presenters
from genius.matches.fields import WholeNumberField
from genius.matches.models import Match, Season
from genius.matches.services import lifecycle
from genius.matches.services.errors import ServiceError

GAME = "trail-trouble"
#: The longest seat name the lobby accepts (genius.matches.services.lifecycle.add_seat).
NAME_MAX = 40
END_OF_LINE = "the end of the line"

# --- reading what the host typed ---------------------------------------------------------------


@dataclass
class ForkShown:
    """One parsed fork, as the preview shows it: canonical text and both paths in words with costs."""

    number: int
    text: str
    left: str
    right: str
    left_cost: str
    right_cost: str


@dataclass
class RoundShown:
    """One round's box: what was typed, the forks parsed back, or the error with the line it points at."""

    number: int
    text: str
    forks: list[ForkShown] = field(default_factory=list)
    error: str = ""
    error_where: str = ""
    error_line: str = ""
    caret: str = ""

    @property
    def field(self) -> str:
        return round_field(self.number)


def round_field(number: int) -> str:
    return f"round_{number}"


def names_from_text(text: str) -> list[str]:
    """One name a line, spaces around a name dropped, blank lines skipped."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def show_fork(number: int, fork: Fork) -> ForkShown:
    return ForkShown(
        number, format_fork(fork), describe_path(fork.left), describe_path(fork.right),
        path_cost_words(fork.left), path_cost_words(fork.right),
    )


def error_words(exc: ForkSyntaxError) -> str:
    """``expected ':coin:' or ':position:' after '+3', found ':coins:'``."""
    if not exc.found:
        return f"expected {exc.expected}"
    found = exc.found if exc.found == END_OF_LINE else f"\u201c{exc.found.strip()}\u201d"
    return f"expected {exc.expected}, found {found}"


def read_round(number: int, text: str) -> RoundShown:
    """Parse one round's box with the engine's parser; an error keeps its line and column as typed."""
    shown = RoundShown(number, text)
    if not text.strip():
        shown.error = f"Type the {FORKS_PER_ROUND} forks of round {number}, one fork a line."
        return shown
    try:
        forks = preview_round(text)
    except ForkSyntaxError as exc:
        shown.error_where = f"Line {exc.line}, column {exc.column}"
        shown.error = error_words(exc)
        lines = text.splitlines()
        if 1 <= exc.line <= len(lines):
            shown.error_line = lines[exc.line - 1].replace("\t", " ")
            shown.caret = " " * (exc.column - 1) + "^"
        return shown
    shown.forks = [show_fork(n, fork) for n, fork in enumerate(forks, start=1)]
    return shown


def canonical_forks(rounds: list[RoundShown]) -> list[list[str]]:
    """The config's ``forks``: 4 rounds x 4 fork lines in canonical text."""
    return [[f.text for f in r.forks] for r in rounds]


# --- the form ------------------------------------------------------------------------------------


def _textarea(rows: int, placeholder: str = "") -> forms.Textarea:
    return forms.Textarea(
        attrs={"rows": rows, "spellcheck": "false", "autocapitalize": "off", "autocomplete": "off",
               "placeholder": placeholder}
    )


EXAMPLE_ROUND = (
    "+1 :coin: / -1 :coin:, +3 :position:\n"
    "If <2 :people:, +2 :position: / +1 :coin:\n"
    "If >3 :people:, +2 :coin: / +:garnet:, -2 :coin:\n"
    "If >2 :peopleahead:, +2 :position: / +2 :coin:"
)


class TrailTroubleSetupForm(forms.Form):
    """The host's Trail Trouble setup: forks, starting order, bot seats and (for a new match) its settings."""

    title = forms.CharField(max_length=120, required=False, help_text="Leave empty for \u201cTrail Trouble\u201d.")
    season = forms.ModelChoiceField(Season.objects.all(), required=False, empty_label="No season")
    seed = WholeNumberField(required=False, min_value=0, help_text="Leave empty to draw one.")
    round_minutes = WholeNumberField(
        min_value=1, max_value=7 * 24 * 60, initial=24 * 60, label="Length of a round (minutes)",
        help_text="1440 is a day, as the seed says.",
    )
    order = forms.CharField(required=False, strip=False, widget=_textarea(10, "first (front of the trail)\nsecond\n…"))
    bots = forms.CharField(required=False, strip=False, widget=_textarea(4, "bo\ncy"))

    def __init__(self, *args: Any, editing: Match | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.editing = editing
        self.rounds: list[RoundShown] = []
        for number in range(1, ROUNDS + 1):
            self.fields[round_field(number)] = forms.CharField(
                required=False, strip=False, widget=_textarea(5, EXAMPLE_ROUND), label=f"Round {number}"
            )
        if editing is not None:  # a lobby's title, season, seed and clock stay as they are (the admin has them)
            for name in ("title", "season", "seed", "round_minutes"):
                del self.fields[name]

    # -- what the lobby already has (editing) or will have (new) --
    def seated(self) -> list[str]:
        if self.editing is None:
            return []
        return list(self.editing.seats.order_by("position").values_list("name", flat=True))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.rounds = [read_round(n, data.get(round_field(n)) or "") for n in range(1, ROUNDS + 1)]
        for shown in self.rounds:
            if shown.error:
                where = f"{shown.error_where}: " if shown.error_where else ""
                self.add_error(shown.field, f"Round {shown.number}: {where}{shown.error}.")
        order = names_from_text(data.get("order", ""))
        bots = names_from_text(data.get("bots", ""))
        data["order_names"], data["bot_names"] = order, bots
        self._check_order(order)
        self._check_bots(bots, order)
        return data

    def _check_order(self, order: list[str]) -> None:
        if not order:
            return
        too_long = [n for n in order if len(n) > NAME_MAX]
        twice = [n for n in dict.fromkeys(order) if order.count(n) > 1]
        if too_long:
            self.add_error("order", f"A seat name is at most {NAME_MAX} characters: {too_long[0][:NAME_MAX]}\u2026")
        elif twice:
            self.add_error("order", f"{twice[0]} is named more than once; each seat comes once, front to back.")
        elif len(order) != PLAYERS:
            self.add_error(
                "order", f"Name all {PLAYERS} seats, one a line, front to back (you named {len(order)}), "
                "or leave the order empty for the seat order."
            )
        else:
            outside = [n for n in self.seated() if n not in order]
            if outside:
                self.add_error("order", f"{outside[0]} has a seat in this lobby but is not in the starting order.")

    def _check_bots(self, bots: list[str], order: list[str]) -> None:
        if not bots:
            return
        seated = self.seated()
        twice = [n for n in dict.fromkeys(bots) if bots.count(n) > 1 or n in seated]
        too_long = [n for n in bots if len(n) > NAME_MAX]
        if too_long:
            self.add_error("bots", f"A seat name is at most {NAME_MAX} characters: {too_long[0][:NAME_MAX]}\u2026")
        elif twice:
            self.add_error("bots", f"There would be two seats called {twice[0]}.")
        elif len(seated) + len(bots) > PLAYERS:
            free = PLAYERS - len(seated)
            self.add_error("bots", f"Trail Trouble has {PLAYERS} seats; {free} are free, not {len(bots)}.")
        elif order and "order" not in self.errors:
            outside = [n for n in bots if n not in order]
            if outside:
                self.add_error("bots", f"{outside[0]} would take a seat but is not in the starting order.")

    def config(self) -> dict[str, Any]:
        """The match's config: ``forks`` (canonical text) and, when given, ``order``."""
        config: dict[str, Any] = {"forks": canonical_forks(self.rounds)}
        if self.cleaned_data["order_names"]:
            config["order"] = list(self.cleaned_data["order_names"])
        return config


def initial_for(match: Match) -> dict[str, str]:
    """A lobby's setup as the form shows it."""
    config = match.config or {}
    initial = {"order": "\n".join(config.get("order") or [])}
    for number, lines in enumerate(config.get("forks") or [], start=1):
        initial[round_field(number)] = lines if isinstance(lines, str) else "\n".join(lines)
    return initial


# --- the writes (services, in one transaction each) ------------------------------------------------


def create_lobby(form: TrailTroubleSetupForm) -> Match:
    """A new Trail Trouble lobby with the host's setup, and its bot seats; nothing is kept if a seat fails."""
    data = form.cleaned_data
    with transaction.atomic():
        match = lifecycle.create_match(
            game=GAME, title=data["title"].strip(), season=data["season"], seed=data["seed"],
            config=form.config(), phase_seconds=data["round_minutes"] * 60,
        )
        for name in data["bot_names"]:
            lifecycle.add_seat(match, name=name, is_bot=True)
    return match


def change_lobby(match_id: int, form: TrailTroubleSetupForm) -> Match:
    """Replace a lobby's forks and order and add bot seats; refused once the match has started."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.LOBBY:
            raise ServiceError("This match has started: its forks and starting order can no longer change.")
        config = {k: v for k, v in (match.config or {}).items() if k not in ("forks", "order")}
        match.config = {**config, **form.config()}
        match.save(update_fields=["config"])
        for name in form.cleaned_data["bot_names"]:
            lifecycle.add_seat(match, name=name, is_bot=True)
    return match


# --- pages -------------------------------------------------------------------------------------------


def _refuse_non_host(request: HttpRequest) -> HttpResponse | None:
    if request.user.is_staff:
        return None
    return render(request, "games/host/forbidden.html", status=403)


def _rounds(form: TrailTroubleSetupForm) -> list[RoundShown]:
    """The rounds as checked; an unbound form shows what parses of its initial text, without errors."""
    if form.is_bound:
        return form.rounds
    rounds = [read_round(n, form[round_field(n)].value() or "") for n in range(1, ROUNDS + 1)]
    return [r if not r.error else RoundShown(r.number, r.text) for r in rounds]


def _page(request: HttpRequest, form: TrailTroubleSetupForm, *, editing: Match | None, status: int = 200) -> HttpResponse:
    seated = form.seated()
    if form.is_bound:
        order = form.cleaned_data.get("order_names", [])
    else:
        order = names_from_text(form["order"].value() or "")
    ctx = {
        "form": form,
        "settings": [form[name] for name in ("title", "season", "seed", "round_minutes") if name in form.fields],
        "rounds": _rounds(form),
        "editing": editing,
        "players": PLAYERS,
        "example": EXAMPLE_ROUND,
        "order_preview": [] if "order" in form.errors else order,
        "seated": seated,
        "not_seated": [n for n in order if n not in seated] if editing is not None else [],
    }
    return render(request, "games/host/trail_trouble.html", ctx, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def new_trail_trouble(request: HttpRequest) -> HttpResponse:
    """New Trail Trouble match: type the forks, preview them, create the lobby (staff only)."""
    refused = _refuse_non_host(request)
    if refused is not None:
        return refused
    if request.method == "GET":
        return _page(request, TrailTroubleSetupForm(), editing=None)
    form = TrailTroubleSetupForm(request.POST)
    valid = form.is_valid()
    if request.POST.get("action") == "create" and valid:
        try:
            match = create_lobby(form)
        except ServiceError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            bots = len(form.cleaned_data["bot_names"])
            messages.success(request, _created_words(match, bots))
            return redirect("match", pk=match.pk)
    return _page(request, form, editing=None, status=200 if form.is_valid() else 400)


@login_required
@require_http_methods(["GET", "POST"])
def trail_trouble_setup(request: HttpRequest, pk: int) -> HttpResponse:
    """Change a Trail Trouble lobby's forks and starting order, or add bot seats (staff only)."""
    refused = _refuse_non_host(request)
    if refused is not None:
        return refused
    match = get_object_or_404(Match, pk=pk)
    if match.game != GAME:
        raise Http404
    if not presenters.is_host_of(match, request.user):  # seated staff: a player here, never shown the forks
        return render(request, "games/host/forbidden.html", {"seated": True}, status=403)
    if match.status != Match.Status.LOBBY:
        messages.error(request, "This match has started: its forks and starting order can no longer change.")
        return redirect("match", pk=pk)
    if request.method == "GET":
        form = TrailTroubleSetupForm(initial=initial_for(match), editing=match)
        return _page(request, form, editing=match)
    form = TrailTroubleSetupForm(request.POST, editing=match)
    valid = form.is_valid()
    if request.POST.get("action") == "save" and valid:
        try:
            change_lobby(match.pk, form)
        except ServiceError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, "The setup is saved. Start the match when all ten seats are taken.")
            return redirect("match", pk=pk)
    return _page(request, form, editing=match, status=200 if form.is_valid() else 400)


def _created_words(match: Match, bots: int) -> str:
    free = match.seats_wanted - bots
    if free == 0:
        return f"\u201c{match.title}\u201d is created with {bots} bot seats: start it below."
    seats = "1 seat is" if free == 1 else f"{free} seats are"
    return (f"\u201c{match.title}\u201d is created as an open lobby: {seats} free for players to take. "
            "Start it when it is full.")
