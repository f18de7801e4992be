"""Death Matches: the host's page to set one up for any two players in any game whose spec offers a
Death Match, and the JSON a live match page reads when the game's spec offers it (the seat's legal
moves with an instant check of a typed move; the clocks).

Views call services and the engine's own checks; no rule lives here, and no game is named.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from games.engines.protocol import EngineError, SubmissionError
from games.engines.spec import GameSpec, Offers
from genius.accounts.people import without_guests
from genius.communities.fields import community_field
from genius.live import presenters
from genius.matches.access import host_required, scoped
from genius.matches.fields import WholeNumberField
from genius.matches.models import Match, Phase, Season, Submission
from genius.matches.services import lifecycle
from genius.matches.services.engines import (
    death_match_games,
    engine_of,
    first_death_match_game,
    may_submit,
    spec_of,
)
from genius.matches.services.errors import ServiceError

SEAT_CHOICES = (("", "nobody"), ("first", "the first seat"), ("second", "the second seat"))
#: The config keys the page fills, each only when the chosen game's spec declares it.
ITEMS_KEY, BOARDS_KEY, RESERVE_KEY = "items", "boards", "reserve_s"


# --- the host's page: a new Death Match --------------------------------------------------------------


def all_items() -> list[tuple[str, str]]:
    """Every Death Match item of every game offering Death Matches (item key, title), each key once."""
    seen: dict[str, str] = {}
    for slug, _ in death_match_games():
        for key, title in spec_of(slug).offers.death_match_items:
            seen.setdefault(key, title)
    return list(seen.items())


class DeathMatchForm(forms.Form):
    """Which game, who plays, and the settings of the match (items and boards may be left to the seed).

    The games are those whose spec offers a Death Match; the item fields are their specs' Death Match
    items, each used only for a game whose spec lists it.
    """

    game = forms.ChoiceField(choices=(), required=False, label="Game",
                             help_text="Every game that can be played as a Death Match here.")
    first = forms.ModelChoiceField(queryset=None, label="First seat",
                                   help_text="Without a Choose Layout holder, the first seat picks a board first.")
    second = forms.ModelChoiceField(queryset=None, label="Second seat")
    season = forms.ModelChoiceField(queryset=Season.objects.none(), required=False,
                                    help_text="Optional: the season this Death Match belongs to (its community "
                                              "wins).")
    title = forms.CharField(required=False, max_length=120, help_text="Leave empty for “Death Match: A vs B”.")
    turn_seconds = WholeNumberField(initial=60, min_value=5, max_value=3600, label="Turn length (seconds)",
                                      help_text="Each turn lasts this long (each set-up step: 2 minutes).")
    reserve_seconds = WholeNumberField(initial=300, min_value=10, max_value=3600, label="Reserve time (seconds)",
                                         help_text="Each player's reserve for the whole match (games with a "
                                                   "reserve).")
    draw_items = forms.BooleanField(initial=True, required=False, label="Draw the items at random from the seed",
                                    help_text="Untick to give each item below (an item given to nobody is not played).")
    boards = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        label="Boards (optional)", help_text="Leave empty to generate them from the seed.",
    )
    seed = WholeNumberField(required=False, min_value=0, help_text="Leave empty to draw one.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        users = without_guests(get_user_model().objects.filter(is_active=True)).order_by("username")  # no guests
        self.fields["first"].queryset = users
        self.fields["second"].queryset = users
        self.fields["game"].choices = death_match_games()
        self.fields["game"].initial = first_death_match_game()
        for key, title in all_items():
            self.fields[key] = forms.ChoiceField(choices=SEAT_CHOICES, required=False, label=title)

    def item_fields(self) -> list[forms.BoundField]:
        """The item fields, for the template."""
        return [self[key] for key, _ in all_items()]

    def game_spec(self) -> GameSpec | None:
        """The chosen game's spec (the first Death Match game when none is chosen); None when there is none."""
        game = self.cleaned_data.get("game") or first_death_match_game()
        return spec_of(game) if game else None

    def game_slug(self) -> str:
        """The chosen game (``clean`` refused the form when there is none)."""
        spec = self.game_spec()
        return spec.slug if spec else ""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        first, second, season = data.get("first"), data.get("second"), data.get("season")
        if self.game_spec() is None:
            self.add_error("game", "No game here can be played as a Death Match.")
        if first and second and first == second:
            self.add_error("second", "Choose two different players.")
        if season is not None:
            for key in ("first", "second"):
                user = data.get(key)
                if user and season.players.filter(user=user, eliminated_at__isnull=False).exists():
                    self.add_error(key, f"{user} has been eliminated from {season}.")
        return data

    def config(self) -> dict[str, Any]:
        """The engine's settings from the form (items by seat name): only keys the game's spec declares."""
        data = self.cleaned_data
        spec = self.game_spec()
        names = {"first": data["first"].get_username(), "second": data["second"].get_username()}
        config: dict[str, Any] = {}
        if spec is None:
            return config
        if spec.config_field(RESERVE_KEY) is not None:
            config[RESERVE_KEY] = data["reserve_seconds"]
        if spec.config_field(ITEMS_KEY) is not None and not data.get("draw_items"):
            items = spec.offers.death_match_items
            config[ITEMS_KEY] = {item: names[data[item]] for item, _ in items if data.get(item)}
        if spec.config_field(BOARDS_KEY) is not None and data.get("boards", "").strip():
            config[BOARDS_KEY] = data["boards"].strip()
        return config


def _error_field(message: str) -> str | None:
    """The form field a start-up refusal is about (``… boards: board 2 …`` → boards), or None."""
    if "boards:" in message:
        return "boards"
    if "reserve_s:" in message:
        return "reserve_seconds"
    return None


@require_http_methods(["GET", "POST"])
@host_required
def new_death_match(request: HttpRequest) -> HttpResponse:
    """Hosts only: set up a Death Match for any two players, in any game offering one, and start it."""
    form = DeathMatchForm(request.POST or None)
    form.fields["community"] = community_field(request.user)
    cast(forms.ModelChoiceField, form.fields["season"]).queryset = scoped(Season.objects.all(), request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            first, second = data["first"], data["second"]
            match = lifecycle.start_match_between(
                [first, second], game=form.game_slug(), season=data["season"], seed=data["seed"], config=form.config(),
                title=data["title"] or f"Death Match: {first.get_username()} vs {second.get_username()}",
                turn_seconds=data["turn_seconds"], community_id=data["community"].pk,
            )
        except ServiceError as exc:
            form.add_error(_error_field(exc.message), exc.message)
        else:
            messages.success(request, f"{match.title} has started.")
            return redirect("match", pk=match.pk)
    return render(request, "games/dm/new.html", {"form": form},
                  status=400 if form.errors else 200)


# --- the live page's JSON ----------------------------------------------------------------------------------


def _match_offering(pk: int, offered: str) -> Match:
    """The match, when its game's spec offers ``offered`` (a field of :class:`Offers`); else 404."""
    match = get_object_or_404(Match, pk=pk)
    try:
        offers: Offers = spec_of(match.game).offers
    except KeyError:
        raise Http404 from None
    if not getattr(offers, offered):  # a declared field of the spec, not a probe of the engine
        raise Http404
    return match


@require_GET
def move_hints(request: HttpRequest, pk: int) -> JsonResponse:
    """The seat's legal moves for the open phase (games whose spec offers ``move_hints``); with any of the
    phase's form fields in the query, that submission checked.

    ``{"phase": 7, "player": "ana", "legal": {...}, "check": {"ok": false, "field": "move", "error": "…"}}``
    """
    match = _match_offering(pk, "move_hints")
    seat = match.seats.filter(user=request.user).first() if request.user.is_authenticated else None
    if seat is None:
        return JsonResponse({"error": "Only the players of this match have moves to make."}, status=403)
    phase = presenters.open_phase(match)
    engine = engine_of(match.game)
    acting = (phase is not None and phase.status == Phase.Status.OPEN and match.state is not None
              and may_submit(match, phase, seat.name))
    body: dict[str, Any] = {
        "phase": phase.number if phase else 0,
        "player": seat.name,
        "legal": engine.legal_moves(match.state, seat.name) if acting else {},
    }
    if not acting:
        if request.GET:
            body["check"] = {"ok": False, "field": "", "error": "You have no move to make now."}
        return JsonResponse(body)
    names = {f.name for f in engine.form_fields(match.state, seat.name)}
    asked = {key: request.GET[key] for key in request.GET if key in names}
    if asked:
        try:
            payload = engine.parse_form(match.state, seat.name, asked)
            body["check"] = {"ok": True, "payload": payload}
        except SubmissionError as exc:
            body["check"] = {"ok": False, "field": exc.field, "error": exc.message}
        except EngineError as exc:
            body["check"] = {"ok": False, "field": "", "error": str(exc)}
    return JsonResponse(body)


@require_GET
def live_clock(request: HttpRequest, pk: int) -> JsonResponse:
    """The clocks, for everyone (games whose spec offers ``live_clock``): the open phase's deadline, each
    player's reserve and, on reserve time, when the reserve began and who is still to move (the dealer
    announces it)."""
    match = _match_offering(pk, "live_clock")
    phase = presenters.open_phase(match)
    engine = engine_of(match.game)
    players = [s.name for s in match.seats.order_by("position")]
    reserve = {}
    if match.state is not None:
        reserve = {name: engine.observer.player_state(match.state, name).get("reserve_s") for name in players}
    body: dict[str, Any] = {"seq": match.seq, "status": match.status, "phase": None, "reserve_s": reserve,
                            "now": timezone.now().isoformat(timespec="milliseconds")}  # the pages count from it
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
