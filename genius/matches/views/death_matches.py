"""Death Matches: the host's page to set one up for two members of the community, in any game whose spec
offers a Death Match (the JSON a live page reads, hints and clocks, is in ``views.hints_and_clock_json``). Nobody
is drafted: the match waits in its lobby until both players accept, and starts then
(``services.seat_answers``).

Views call services and the engine's own checks; no rule lives here, and no game is named.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.engines.spec import GameSpec
from genius.access.fields import community_field, preselect_community
from genius.access.guards import host_required
from genius.access.hosts import hosted_community_ids, scoped
from genius.accounts.people import without_guests
from genius.communities.models import Membership
from genius.core.errors import ServiceError
from genius.engine_forms.fields import WholeNumberField
from genius.matches.services import seat_answers
from genius.matches.services.engines import (
    death_match_games,
    first_death_match_game,
    spec_of,
)
from genius.seasons.models import Season

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
    first: forms.ModelChoiceField[User] = forms.ModelChoiceField(queryset=None, label="First seat",
                                                                 help_text="Without a Choose Layout holder, the first "
                                                                           "seat picks a board first.")
    second: forms.ModelChoiceField[User] = forms.ModelChoiceField(queryset=None, label="Second seat")
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

    def __init__(self, *args: Any, host: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = Membership.objects.filter(community_id__in=hosted_community_ids(host)).values("user_id")
        users = without_guests(get_user_model().objects.filter(is_active=True, pk__in=members)).order_by("username")
        for seat in ("first", "second"):
            seat_field = self.fields[seat]
            assert isinstance(seat_field, forms.ModelChoiceField)
            seat_field.queryset = users
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = death_match_games()
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
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
        first, second, season = data.get("first"), data.get("second"), data.get("season")
        if self.game_spec() is None:
            self.add_error("game", "No game here can be played as a Death Match.")
        if first and second and first == second:
            self.add_error("second", "Choose two different players.")
        community = season.community if season is not None else data.get("community")
        for key in ("first", "second"):
            user = data.get(key)
            if not user:
                continue
            if community is not None and not Membership.objects.filter(community=community, user=user).exists():
                self.add_error(key, f"{user} is not a member of {community.name}: a Death Match is played between "
                                    "the community's members.")
            elif season is not None and not season.players.filter(user=user).exists():
                self.add_error(key, f"{user} does not play in {season}.")
            elif season is not None and season.players.filter(user=user, eliminated_at__isnull=False).exists():
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


def _error_field(message: str, field: str | None = None) -> str | None:
    """The form field a refusal is about (its field, or ``… boards: board 2 …`` → boards), or None."""
    if field == BOARDS_KEY or "boards:" in message:
        return "boards"
    if field == RESERVE_KEY or "reserve_s:" in message:
        return "reserve_seconds"
    return None


@require_http_methods(["GET", "POST"])
@host_required
def new_death_match(request: HttpRequest) -> HttpResponse:
    """Hosts only: set up a Death Match for two members, in any game offering one; it starts once both accept."""
    form = DeathMatchForm(request.POST or None, host=request.user)
    form.fields["community"] = community_field(request.user)
    preselect_community(form, request)
    cast(forms.ModelChoiceField, form.fields["season"]).queryset = scoped(Season.objects.all(), request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            first, second = data["first"], data["second"]
            match = seat_answers.create_asking(
                [first, second], host=request.user, game=form.game_slug(), season=data["season"], seed=data["seed"],
                config=form.config(),
                title=data["title"] or f"Death Match: {first.get_username()} vs {second.get_username()}",
                turn_seconds=data["turn_seconds"], community_id=data["community"].pk,
            )
        except ServiceError as exc:
            form.add_error(_error_field(exc.message, exc.field), exc.message)
        else:
            messages.success(request, f"{match.title} is set up: it starts as soon as both players accept (each is "
                                      "told, and may decline; you are told if one does).")
            return redirect("match", pk=match.pk)
    return render(request, "games/dm/new.html", {"form": form},
                  status=400 if form.errors else 200)
