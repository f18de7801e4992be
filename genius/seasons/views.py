"""Season pages: standings, episodes, announcements, the host's season tools, wallets and decisions.

They call ``genius.seasons.services`` / ``notify`` and hold no rules. Garnet
wallets are private (templates/games/season_rules.html): a player sees their own, the host sees all.
"""

from __future__ import annotations

from typing import Any, TypedDict

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.engines import house_bots
from games.engines.spec import GameSpec
from genius.access import hosts
from genius.access.guards import season_host_required
from genius.accounts.requests import SignedInRequest
from genius.communities.models import Membership, Role
from genius.core.errors import ServiceError
from genius.engine_forms.config import config_value
from genius.engine_forms.fields import WholeNumberField, choice_field, id_from
from genius.hosting.forms import config_field
from genius.matches.models import GarnetEntry, Match, TolEntry, garnet_balance, tol_balance
from genius.matches.results import Results, results
from genius.matches.services.engines import GAME_TITLES, available_games, spec_of
from genius.notify import webhooks
from genius.notify.models import WebhookDelivery
from genius.seasons import invitations
from genius.seasons.host_views import AddPlayersForm
from genius.seasons.models import Decision, Episode, Season, SeasonPlayer
from genius.seasons.services.death_matches import create_death_match, default_dm_game, picks_to_play, two_player_games
from genius.seasons.services.decisions import close_decision_now, decide, open_decisions, option_users
from genius.seasons.services.episodes import HOUSE_BOT, create_episode, episode_stage
from genius.seasons.services.recording import item_title
from genius.seasons.services.standings import MIN_PLAYERS, Standing, players_still_in, standings


class StandingRow(TypedDict):
    """A line of the standings: the player's standing, and whether the viewer may see their garnets."""

    s: Standing
    show_garnets: bool


class EpisodeForm(forms.Form):
    """The host's next episode: a Main Match for the players still in."""

    game = forms.ChoiceField(choices=())
    seed = WholeNumberField(required=False, help_text="Leave empty to draw one.")
    phase_minutes = WholeNumberField(initial=24 * 60, min_value=1, max_value=30 * 24 * 60,
                                       label="Phase length (minutes)", help_text="1440 = 24 hours.")
    decision_minutes = WholeNumberField(initial=24 * 60, min_value=1, max_value=30 * 24 * 60,
                                          label="Length of each post-game decision (minutes)")
    reminder_minutes = WholeNumberField(initial=3 * 60, min_value=0, max_value=30 * 24 * 60,
                                          label="Reminder email before a deadline (minutes)", help_text="0: none.")
    sit_out = forms.MultipleChoiceField(choices=(), required=False, label="Players who sit out this episode",
                                        widget=forms.CheckboxSelectMultiple)
    house_bots = forms.BooleanField(required=False, label="Fill empty seats with house bots")
    start = forms.BooleanField(required=False, initial=True, label="Start at once")

    def __init__(self, season: Season, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "game").choices = [(s, t) for s, t in available_games() if s not in dict(two_player_games())]
        names = [p.user.get_username() for p in players_still_in(season)]
        choice_field(self, "sit_out").choices = [(n, n) for n in names]


class GameSettingsForm(forms.Form):
    """One game's own settings for the next episode, generated from its spec's config fields (as the host's
    set-up pages): settings that name seats choose among the players still in (and house bots). Prefixed by
    the game's slug, so that every game's settings sit in one page and only the chosen game's are read."""

    def __init__(self, spec: GameSpec, seats: list[str], data: Any = None, *, user: Any = None) -> None:
        super().__init__(data, prefix=spec.slug)
        self.spec = spec
        for f in spec.config:
            field = config_field(f, seats, spec.max_players, user=user)
            if f.from_placement:
                field.help_text = ("Leave empty: the placement of the previous Main Match, best placed first "
                                   "(players who did not play it after them, drawn); in the first episode, "
                                   + (f.help[:1].lower() + f.help[1:] if f.help else "drawn."))
            self.fields[f.key] = field

    def config(self) -> dict[str, Any]:
        """The settings the host gave (empty ones left out, durations in seconds)."""
        values = {f.key: config_value(f, self.cleaned_data.get(f.key)) for f in self.spec.config}
        return {k: v for k, v in values.items() if v is not None}


def _settings_forms(season: Season, data: Any = None, user: Any = None) -> dict[str, GameSettingsForm]:
    """Every Main Match game's settings form (bound to ``data`` when posted; ``user``: the host, whose game
    designs a design setting offers)."""
    names = [p.user.get_username() for p in players_still_in(season)]
    forms_by_game = {}
    for slug, _ in available_games():
        spec = spec_of(slug)
        if slug in dict(two_player_games()) or not spec.config:
            continue
        bots = [HOUSE_BOT.format(n) for n in range(1, max(spec.max_players - len(names), 0) + 1)]
        forms_by_game[slug] = GameSettingsForm(spec, names + bots, data, user=user)
    return forms_by_game


class DeathMatchForm(forms.Form):
    """The host's one click from a pick: the game (Bigfoot Sighting by default)."""

    pick = WholeNumberField(min_value=1, widget=forms.HiddenInput)
    game = forms.ChoiceField(choices=())
    start = forms.BooleanField(required=False, label="Start at once")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "game").choices = two_player_games()
        self.fields["game"].initial = default_dm_game()


def _episode_summary(episode: Episode) -> dict[str, Any]:
    """What the season page shows of an episode (public: no private balances)."""
    main = episode.main_match
    outcome = (main.outcome or {}) if main and main.status == Match.Status.FINISHED else {}
    return {
        "episode": episode,
        "stage": episode_stage(episode),
        "main": main,
        "game": GAME_TITLES.get(main.game, main.game) if main else "",
        "tol": {n: c for n, c in (outcome.get("tol") or {}).items() if c},
        "placement": _placement(main),
        "ec": outcome.get("ec") or [],
        "house_bots": house_bots.of(main.state or {}) if main else [],
        # (decision, the item it gives or ""), (Death Match, how many of its items are still to be given)
        "decisions": [(d, item_title(d)) for d in episode.decisions.select_related("decider", "choice", "match")],
        "death_matches": [(m, _items_pending(m)) for m in
                          episode.matches.filter(kind="death").prefetch_related("seats").order_by("pk")],
        "eliminated": list(SeasonPlayer.objects.filter(eliminated_in__episode=episode).select_related("user")),
        "announcements": list(episode.announcements.order_by("created", "pk")),
    }


def _items_pending(match: Match) -> int:
    """How many of a Death Match's items are still to be given (by players, in a season)."""
    return match.season_decisions.filter(kind=Decision.Kind.GIVE_ITEM).exclude(status=Decision.Status.DECIDED).count()


def _announcement_groups(season: Season) -> list[dict[str, Any]]:
    """The season's announcements grouped by episode, newest first, each as chat-ready text."""
    groups: dict[int, dict[str, Any]] = {}
    for row in season.announcements.select_related("episode").order_by("created", "pk"):
        number = row.episode.number if row.episode else 0
        group = groups.setdefault(number, {"title": f"episode {number}" if number else "the season", "lines": []})
        group["lines"].append(row.text)
    out = []
    for number in sorted(groups, reverse=True):
        group = groups[number]
        group["text"] = f"**{season.name} — {group['title']}**\n" + "\n".join(group["lines"])
        out.append(group)
    return out


def _placement(match: Match | None) -> Results | None:
    """A finished match's public results, best first, ties read as ties (``genius.matches.results``)."""
    if match is None:
        return None
    return results(match) or None


def season_detail(request: HttpRequest, slug: str, *, episode_form: EpisodeForm | None = None,
                  settings_forms: dict[str, GameSettingsForm] | None = None, status: int = 200) -> HttpResponse:
    """Standings, episodes with their results, announcements; the host's tools for staff."""
    season = get_object_or_404(Season, slug=slug)
    host = hosts.is_season_host(season, request.user)
    user = request.user if request.user.is_authenticated else None
    me = user.pk if user else None
    rows = [StandingRow(s=s, show_garnets=host or s.entry.user_id == me) for s in standings(season)]
    episodes = [_episode_summary(e) for e in season.episodes.order_by("-number")]
    ctx: dict[str, Any] = {
        "season": season,
        "rows": rows,
        "still_in": sum(1 for r in rows if r["s"].still_in),
        "episodes": episodes,
        "loose_matches": season.matches.filter(episode__isnull=True).order_by("created"),
        "announcements": _announcement_groups(season),
        "my_decisions": list(open_decisions(user, season)) if user else [],
        "is_player": me is not None and season.players.filter(user_id=me).exists(),
        "host": host,
        "invitation": invitations.waiting_invitation(season, user),
        "begun": invitations.has_begun(season),
        "min_players": MIN_PLAYERS,
    }
    ctx["may_leave"] = ctx["is_player"] and not ctx["begun"]
    if not host and user is not None and hosts.hosts_community(season.community_id, user):
        ctx["host_plays"] = _host_plays(season, user)  # a host who plays: why the host tools are not here
    if host:
        last = season.episodes.order_by("-number").first()
        settings_forms = settings_forms or _settings_forms(season, user=request.user)
        chosen = (episode_form or EpisodeForm(season))["game"].value()
        ctx.update({
            "episode_form": episode_form or EpisodeForm(season),
            "game_settings": [{"form": f, "title": f.spec.title, "open": slug == chosen or bool(f.errors)}
                              for slug, f in settings_forms.items()],
            "can_start_episode": last is None or episode_stage(last) == "Over",
            "picks": [{"pick": p, "form": DeathMatchForm(initial={"pick": p.pk}),
                       "running": p.death_matches.exclude(status=Match.Status.FINISHED).first()}
                      for e in season.episodes.all() for p in picks_to_play(e)],
            "open_decisions": Decision.objects.filter(episode__season=season, status=Decision.Status.OPEN)
            .select_related("decider"),
            "deliveries": season.webhook_deliveries.exclude(status=WebhookDelivery.Status.SENT)[:20],
            "webhook": webhooks.webhook_of(season.pk),  # its own, else its community's
            "add_players_form": AddPlayersForm(),
            "roster": invitations.roster(season),
        })
    return render(request, "games/season.html", ctx, status=status)


def _host_plays(season: Season, user: Any) -> dict[str, Any]:
    """What a host of the season's community who plays in it reads instead of the host tools: who runs it
    (the community's hosts who do not play) and, for an owner, where to name one."""
    if season.community_id is None:  # no community, no host
        return {"co_hosts": [], "owner": False}
    playing = set(season.players.values_list("user_id", flat=True)) | set(
        season.invitations.filter(status=invitations.Status.WAITING).values_list("user_id", flat=True))
    hosts = (Membership.objects.filter(community_id=season.community_id, role__in=[Role.OWNER, Role.HOST])
             .exclude(user_id__in=playing).select_related("user").order_by("user__username"))
    owner = Membership.objects.filter(community_id=season.community_id, user=user, role=Role.OWNER).exists()
    return {"co_hosts": [m.user.get_username() for m in hosts], "owner": owner}


@require_POST
@login_required
def season_play(request: SignedInRequest, slug: str) -> HttpResponse:
    """``/seasons/<slug>/play/``: an invited member accepts or declines; a player leaves before the first
    episode. The season page says what happened."""
    season = get_object_or_404(Season, slug=slug)
    action = request.POST.get("action", "")
    try:
        if action == "accept":
            invitations.accept(season, request.user)
            messages.success(request, f"You play in {season.name}: its next Main Match seats you.")
        elif action == "decline":
            invitations.decline(season, request.user)
            messages.success(request, f"You declined: you do not play in {season.name}. Its hosts see your answer.")
        elif action == "leave":
            invitations.leave(season, request.user)
            messages.success(request, f"You left {season.name} before its first episode: you do not play in it.")
        else:
            messages.error(request, "Choose accept, decline or leave.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("season", slug=season.slug)


@require_POST
@season_host_required
def season_host(request: HttpRequest, season: Season) -> HttpResponse:
    """The host's season tools: a new episode, a Death Match from a pick, closing a decision, a webhook retry."""
    slug = season.slug
    action = request.POST.get("action", "")
    try:
        if action == "episode":
            return _create_episode(request, season)
        if action == "death_match":
            form = DeathMatchForm(request.POST)
            if not form.is_valid():
                raise ServiceError("Choose a two-player game for the Death Match.")
            pick = get_object_or_404(Decision, pk=form.cleaned_data["pick"], episode__season=season)
            match = create_death_match(pick.pk, game=form.cleaned_data["game"],
                                       start=form.cleaned_data["start"])
            messages.success(request, f"Created: {match.title}.")
            return redirect("match", pk=match.pk)
        if action == "close_decision":
            decision = get_object_or_404(Decision, pk=_int(request.POST.get("decision")), episode__season=season)
            close_decision_now(decision.pk)
            messages.success(request, "The decision was closed and drawn at random.")
        elif action == "retry_webhook":
            delivery = get_object_or_404(WebhookDelivery, pk=_int(request.POST.get("delivery")), season=season)
            webhooks.retry(delivery.pk)
            messages.success(request, "The announcement is being sent again.")
        else:
            messages.error(request, f"Unknown action {action!r}.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("season", slug=slug)


def _create_episode(request: HttpRequest, season: Season) -> HttpResponse:
    """The next episode from the host's form and the chosen game's settings; on any error the page comes back
    with what the host typed and the error beside its field."""
    form = EpisodeForm(season, request.POST)
    settings_forms = _settings_forms(season, request.POST, user=request.user)
    settings = settings_forms.get(form["game"].value() or "")
    valid = form.is_valid()
    if settings is not None and not settings.is_valid():
        valid = False
    if valid:
        data = form.cleaned_data
        try:
            match = create_episode(
                season.pk, game=data["game"], seed=data["seed"], config=settings.config() if settings else {},
                phase_seconds=data["phase_minutes"] * 60, decision_seconds=data["decision_minutes"] * 60,
                reminder_lead_seconds=data["reminder_minutes"] * 60, sit_out=data["sit_out"],
                house_bots=data["house_bots"], start=data["start"],
            )
        except ServiceError as exc:
            if exc.field in form.fields:
                form.add_error(exc.field, exc.message)
            elif settings is not None and exc.field in settings.fields:
                settings.add_error(exc.field, exc.message)
            else:
                form.add_error(None, exc.message)
        else:
            messages.success(request, f"Episode created: {match.title}.")
            return redirect("match", pk=match.pk)
    messages.error(request, "The episode was not created: see the form below.")
    return season_detail(request, season.slug, episode_form=form, settings_forms=settings_forms, status=400)


def _int(value: str | None) -> int:
    """A row id posted by a button (ASCII digits); anything else is no such row."""
    found = id_from(value)
    if found is None:
        raise Http404
    return found


@login_required
def season_wallet(request: SignedInRequest, slug: str) -> HttpResponse:
    """A player's garnets and ToL in a season: the balance (the sum of the ledger) and every row of it.

    Private: a player sees their own; the host may open anyone's (``?player=name``).
    """
    season = get_object_or_404(Season, slug=slug)
    user = request.user
    name = request.GET.get("player")
    if name and name != user.get_username():
        if not hosts.is_season_host(season, request.user):
            raise Http404
        user = get_object_or_404(get_user_model(), username=name)
    garnets = GarnetEntry.objects.filter(user=user, season=season).select_related("match").order_by("created", "pk")
    tols = TolEntry.objects.filter(user=user, season=season).select_related("match").order_by("created", "pk")
    return render(request, "games/season_wallet.html", {
        "season": season, "owner": user, "garnets": garnets, "tols": tols,
        "garnet_balance": garnet_balance(user.pk, season.pk), "tol_balance": tol_balance(user.pk, season.pk),
        "entry": season.players.filter(user=user).first(),
    })


def decision_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A season decision: its decider gets the form; everyone sees who decides what and, once made, the choice."""
    decision = get_object_or_404(Decision.objects.select_related("episode__season", "match", "decider", "choice"), pk=pk)
    user = request.user if request.user.is_authenticated else None
    mine = user is not None and decision.decider_id == user.pk
    error = ""
    status = 200
    if request.method == "POST":
        if user is None or not mine:
            raise Http404
        try:
            decide(decision.pk, user, choice=request.POST.get("choice"),
                   leave=request.POST.get("leave") == "1")
            messages.success(request, "Your decision is recorded.")
            return redirect("decision", pk=pk)
        except ServiceError as exc:
            error, status = exc.message, 400
            decision.refresh_from_db()
    return render(request, "games/decision.html", {
        "decision": decision, "item_title": item_title(decision), "season": decision.episode.season,
        "mine": mine, "error": error,
        "options": option_users(decision) if decision.status == Decision.Status.OPEN else [],
        "tol_held": tol_balance(decision.decider_id, decision.episode.season_id) if mine else None,
        "host": hosts.is_season_host(decision.episode.season, request.user),
    }, status=status)


def season_rules(request: HttpRequest) -> HttpResponse:
    """How a season runs here: the shared frame and the rulings made where the rules are silent.

    The games it names come from the registry and their specs: the default Death Match game, each Death Match
    game's items, the games whose starting order follows the placement."""
    dm_game = default_dm_game()
    specs = [spec_of(slug) for slug, _ in available_games()]
    return render(request, "games/season_rules.html", {
        "dm_game": GAME_TITLES[dm_game] if dm_game else "",
        "dm_items": [(spec.title, [title for _, title in spec.offers.death_match_items]) for spec in specs
                     if spec.offers.death_match and spec.offers.death_match_items],
        "placement_games": [spec.title for spec in specs if any(f.from_placement for f in spec.config)],
        "min_players": MIN_PLAYERS,
    })
