"""Death Matches: the host's page to set one up for any two players, and the JSON the live
Bigfoot Sighting page reads (the seat's legal moves with an instant check of a typed move, and the clocks).

Views call services and the engine's own checks; no rule lives here.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from games.bigfoot_sighting.engine import ITEMS
from games.engines.protocol import EngineError, SubmissionError
from genius.live import presenters
from genius.matches.fields import WholeNumberField
from genius.matches.models import Match, Phase, Season, Submission
from genius.matches.services import lifecycle
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import ServiceError

GAME = "bigfoot-sighting"
SEAT_CHOICES = (("", "nobody"), ("first", "the first seat"), ("second", "the second seat"))


# --- the host's page: a new Death Match --------------------------------------------------------------


class DeathMatchForm(forms.Form):
    """Who plays, and the settings of the match (items and boards may be left to the seed)."""

    first = forms.ModelChoiceField(queryset=None, label="First seat",
                                   help_text="Without a Choose Layout holder, the first seat picks a board first.")
    second = forms.ModelChoiceField(queryset=None, label="Second seat")
    season = forms.ModelChoiceField(queryset=Season.objects.all(), required=False,
                                    help_text="Optional: the season this Death Match belongs to.")
    title = forms.CharField(required=False, max_length=120, help_text="Leave empty for “Death Match: A vs B”.")
    turn_seconds = WholeNumberField(initial=60, min_value=5, max_value=3600, label="Turn length (seconds)",
                                      help_text="Each turn, and each set-up step, lasts this long.")
    reserve_seconds = WholeNumberField(initial=300, min_value=10, max_value=3600, label="Reserve time (seconds)",
                                         help_text="Each player's reserve for the whole match.")
    draw_items = forms.BooleanField(initial=True, required=False, label="Draw the items at random from the seed",
                                    help_text="Untick to give each item below (an item given to nobody is not played).")
    plus_1_5 = forms.ChoiceField(choices=SEAT_CHOICES, required=False, label=ITEMS["plus_1_5"])
    choose_layout = forms.ChoiceField(choices=SEAT_CHOICES, required=False, label=ITEMS["choose_layout"])
    extra_tree = forms.ChoiceField(choices=SEAT_CHOICES, required=False, label=ITEMS["extra_tree"])
    mulligan = forms.ChoiceField(choices=SEAT_CHOICES, required=False, label=ITEMS["mulligan"])
    boards = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        label="Candidate boards (optional)",
        help_text="Three boards as text, one row a line, cells . T F A–E split by spaces, a blank line between "
                  "boards. Leave empty to generate them from the seed.",
    )
    seed = WholeNumberField(required=False, min_value=0, help_text="Leave empty to draw one.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        users = get_user_model().objects.filter(is_active=True).order_by("username")
        self.fields["first"].queryset = users
        self.fields["second"].queryset = users

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        first, second, season = data.get("first"), data.get("second"), data.get("season")
        if first and second and first == second:
            self.add_error("second", "Choose two different players.")
        if season is not None:
            for key in ("first", "second"):
                user = data.get(key)
                if user and season.players.filter(user=user, eliminated_at__isnull=False).exists():
                    self.add_error(key, f"{user} has been eliminated from {season}.")
        return data

    def config(self) -> dict[str, Any]:
        """The engine's settings from the form (items by seat name)."""
        data = self.cleaned_data
        names = {"first": data["first"].get_username(), "second": data["second"].get_username()}
        config: dict[str, Any] = {"reserve_s": data["reserve_seconds"]}
        if not data.get("draw_items"):
            config["items"] = {item: names[data[item]] for item in ITEMS if data.get(item)}
        if data.get("boards", "").strip():
            config["boards"] = data["boards"].strip()
        return config


def create_death_match(*, first: Any, second: Any, season: Season | None, title: str, turn_seconds: int,
                       config: dict[str, Any], seed: int | None) -> Match:
    """A running Bigfoot Sighting match for two players; nothing is kept when it cannot start."""
    with transaction.atomic():
        match = lifecycle.create_match(
            game=GAME, title=title or f"Death Match: {first.get_username()} vs {second.get_username()}",
            season=season, seats_wanted=2, seed=seed, config=config, turn_seconds=turn_seconds,
        )
        lifecycle.add_seat(match, user=first)
        lifecycle.add_seat(match, user=second)
        return lifecycle.start_match(match.pk)


def _error_field(message: str) -> str | None:
    """The form field a start-up refusal is about (``… boards: board 2 …`` → boards), or None."""
    if "boards:" in message:
        return "boards"
    if "reserve_s:" in message:
        return "reserve_seconds"
    return None


@require_http_methods(["GET", "POST"])
@login_required
def new_death_match(request: HttpRequest) -> HttpResponse:
    """Hosts only: set up a Bigfoot Sighting Death Match for any two players and start it."""
    if not request.user.is_staff:
        return render(request, "games/host/forbidden.html", status=403)
    form = DeathMatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = create_death_match(
                first=data["first"], second=data["second"], season=data["season"], title=data["title"],
                turn_seconds=data["turn_seconds"], config=form.config(), seed=data["seed"],
            )
        except ServiceError as exc:
            form.add_error(_error_field(exc.message), exc.message)
        else:
            messages.success(request, f"{match.title} has started.")
            return redirect("match", pk=match.pk)
    return render(request, "games/bigfoot_sighting/new_dm.html", {"form": form},
                  status=400 if form.errors else 200)


# --- the live page's JSON ----------------------------------------------------------------------------------


def _bigfoot_match(pk: int) -> Match:
    match = get_object_or_404(Match, pk=pk)
    if match.game != GAME:
        raise Http404
    return match


@require_GET
def bigfoot_moves(request: HttpRequest, pk: int) -> JsonResponse:
    """The seat's legal moves for the open phase; with ``move``, ``tree`` or ``board``, that submission checked.

    ``{"phase": 7, "player": "ana", "legal": {...}, "check": {"ok": false, "field": "move", "error": "…"}}``
    """
    match = _bigfoot_match(pk)
    seat = match.seats.filter(user=request.user).first() if request.user.is_authenticated else None
    if seat is None:
        return JsonResponse({"error": "Only the players of this match have moves to make."}, status=403)
    phase = presenters.open_phase(match)
    engine = engine_of(match.game)
    acting = (phase is not None and phase.status == Phase.Status.OPEN and match.state is not None
              and seat.name in phase.actors)
    body: dict[str, Any] = {
        "phase": phase.number if phase else 0,
        "player": seat.name,
        "legal": engine.legal_moves(match.state, seat.name) if acting else {},
    }
    asked = {key: request.GET[key] for key in ("move", "tree", "board", "mulligan") if key in request.GET}
    if asked:
        if not acting:
            body["check"] = {"ok": False, "field": "", "error": "You have no move to make now."}
        else:
            try:
                payload = engine.parse_form(match.state, seat.name, asked)
                body["check"] = {"ok": True, "payload": payload}
            except SubmissionError as exc:
                body["check"] = {"ok": False, "field": exc.field, "error": exc.message}
            except EngineError as exc:
                body["check"] = {"ok": False, "field": "", "error": str(exc)}
    return JsonResponse(body)


@require_GET
def bigfoot_clock(request: HttpRequest, pk: int) -> JsonResponse:
    """The clocks, for everyone: the open phase's deadline, each player's reserve and, on reserve time,
    when the reserve began and who is still to move (the dealer announces it)."""
    match = _bigfoot_match(pk)
    phase = presenters.open_phase(match)
    engine = engine_of(match.game)
    players = [s.name for s in match.seats.order_by("position")]
    reserve = {}
    if match.state is not None:
        reserve = {name: engine.player_state(match.state, name).get("reserve_s") for name in players}
    body: dict[str, Any] = {"seq": match.seq, "status": match.status, "phase": None, "reserve_s": reserve}
    if phase is not None:
        waiting: list[str] = []
        if phase.reserve_from is not None:
            moved = set(phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", flat=True))
            waiting = [name for name in phase.actors if name not in moved]
        body["phase"] = {
            "number": phase.number, "name": phase.name, "kind": phase.kind, "status": phase.status,
            "deadline": phase.deadline.isoformat() if phase.deadline else None,
            "reserve_from": phase.reserve_from.isoformat() if phase.reserve_from else None,
            "waiting": waiting,
        }
    return JsonResponse(body)
