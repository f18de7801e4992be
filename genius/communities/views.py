"""Community pages: the list, creating one, its page, joining (open, by request, by invitation link), members and
roles (hosts; owners set roles), invitations (hosts) and settings (owners). Every rule is in ``services``; a
refusal is a message beside its field, and a page someone's role does not open is a 404."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from genius.accounts import next_step
from genius.communities import pages, services
from genius.communities.forms import CommunityForm, InvitationForm, SettingsForm
from genius.communities.models import HOSTING_ROLES, Community, Role
from genius.core.errors import ServiceError
from genius.engine_forms.fields import id_from


def _community(slug: str) -> Community:
    return get_object_or_404(Community, slug=slug)


def _submitted(form, action: Callable[..., Any]) -> Any:
    """``action(**form.cleaned_data)`` when the form is valid and the service agrees (else None: the refusal is
    beside its field, or above the form)."""
    if not form.is_valid():
        return None
    try:
        return action(**form.cleaned_data)
    except ServiceError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        return None


def _told(request: HttpRequest, action: Callable[[], object], done: str) -> bool:
    """Call a service's ``action`` and tell how it went: ``done`` when it did, its refusal when it did not."""
    try:
        action()
    except ServiceError as exc:
        messages.error(request, exc.message)
        return False
    messages.success(request, done)
    return True


@require_http_methods(["GET"])
def community_list(request: HttpRequest) -> HttpResponse:
    """``/c/``: the public communities, and the ones I belong to."""
    mine = (Community.objects.filter(memberships__user=request.user).distinct()
            if request.user.is_authenticated else Community.objects.none())
    public = Community.objects.filter(visibility=Community.Visibility.PUBLIC)
    return render(request, "communities/list.html", {"mine": mine, "public": public})


@require_http_methods(["GET", "POST"])
@login_required
def new_community(request: HttpRequest) -> HttpResponse:
    """``/c/new/``: anyone signed in (not a guest) creates a community and becomes its owner."""
    if request.method == "GET":
        return render(request, "communities/new.html", {"form": CommunityForm()})
    form = CommunityForm(request.POST)
    community = _submitted(form, partial(services.create_community, request.user))
    if community is not None:
        messages.success(request, f"{community.name} is created: you are its owner. Invite players below.")
        return redirect("community-invitations", slug=community.slug)
    return render(request, "communities/new.html", {"form": form}, status=400)


def community_page(request: HttpRequest, slug: str) -> HttpResponse:
    """``/c/<slug>/``: seasons, hall of fame, hosts and members, lobbies (members) and matches to watch."""
    community = _community(slug)
    role = services.role_of(community, request.user)
    rows = pages.season_rows(community)
    grouped = services.members_by_role(community)
    public = community.visibility == Community.Visibility.PUBLIC
    pending = None
    if role is None and request.user.is_authenticated:
        pending = community.join_requests.filter(user=request.user, status="pending").exists()
    return render(request, "communities/page.html", {
        "community": community, "role": role, "runs": role in HOSTING_ROLES, "is_owner": role == Role.OWNER,
        "current": [r for r in rows if not r.over], "past": [r for r in rows if r.over],
        "fame": [r for r in rows if r.over and r.winner is not None],
        "owners": grouped[Role.OWNER], "hosts": grouped[Role.HOST], "members": grouped[Role.MEMBER],
        "member_count": sum(len(people) for people in grouped.values()),
        "lobbies": pages.open_lobbies(community) if role is not None or public else None,
        "watch": pages.to_watch(community), "pending": pending,
        "may_leave": role is not None and not (role == Role.OWNER and len(grouped[Role.OWNER]) == 1),
        "open": community.joining == Community.Joining.OPEN,
        "by_request": community.joining == Community.Joining.REQUEST,
    })


@require_POST
@login_required
def join(request: HttpRequest, slug: str) -> HttpResponse:
    """Join an open community, or ask to join one that takes requests."""
    community = _community(slug)
    try:
        if community.joining == Community.Joining.OPEN:
            services.join_open(request.user, community)
            messages.success(request, f"You joined {community.name}.")
        else:
            services.request_to_join(request.user, community, request.POST.get("message", ""))
            messages.success(request, f"You asked to join {community.name}: its hosts will answer.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("community", slug=community.slug)


@require_POST
@login_required
def leave(request: HttpRequest, slug: str) -> HttpResponse:
    community = _community(slug)
    _told(request, partial(services.leave, request.user, community), f"You left {community.name}.")
    return redirect("community", slug=community.slug)


@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """``/c/join/<token>/``: an invitation link. GET shows whom it invites to, to anyone (signed out: sign up or
    log in to join, and the link is kept in the session so both come back here); POST joins."""
    found = services.invitation_for(token)
    if found is None:
        raise Http404
    community = found.community
    if not request.user.is_authenticated:
        if request.method == "POST":  # signed out meanwhile: log in, then back here
            return redirect_to_login(request.path)
        if found.usable():
            next_step.remember(request, request.path, f"join {community.name}")
    else:
        next_step.forget(request, request.path)  # back from signing up or logging in
        if request.method == "POST" and _told(request, partial(services.join_by_invitation, request.user, token),
                                              f"Welcome to {community.name}."):
            return redirect("community", slug=community.slug)
    inviter = found.created_by
    return render(request, "communities/invitation.html", {
        "community": community, "invitation": found, "usable": found.usable(),
        "member": services.role_of(community, request.user) is not None,
        "inviter": inviter.get_username() if inviter is not None else "",
        "guest": request.user.is_authenticated and services.is_guest_account(request.user),
        "members": community.memberships.count(),
    }, status=200 if request.method == "GET" else 400)


def _runner(request: HttpRequest, slug: str) -> tuple[Community, Role]:
    """The community, when the user is one of its owners or hosts (anyone else: 404, as if not there)."""
    community = _community(slug)
    role = services.role_of(community, request.user)
    if role not in HOSTING_ROLES:
        raise Http404
    return community, role


@require_http_methods(["GET", "POST"])
@login_required
def members(request: HttpRequest, slug: str) -> HttpResponse:
    """Hosts answer join requests and remove members; owners set roles."""
    community, _ = _runner(request, slug)  # the role is read again after the change
    status = 200
    if request.method == "POST":
        action, who = request.POST.get("action", ""), request.POST.get("user", "")
        try:
            if action in ("accept", "decline"):
                services.answer_request(request.user, community, _number(request.POST.get("request")),
                                        accept=action == "accept")
                messages.success(request, "Request accepted." if action == "accept" else "Request declined.")
            elif action == "role":
                changed = services.set_role(request.user, community, who, request.POST.get("role", ""))
                messages.success(request, f"{changed.user.get_username()} is now {Role(changed.role).label.lower()}.")
            elif action == "remove":
                services.remove_member(request.user, community, who)
                messages.success(request, "Removed from the community.")
            else:
                raise ServiceError("Unknown action.")
        except ServiceError as exc:
            messages.error(request, exc.message)
            status = 400
        if status == 200:
            return redirect("community-members", slug=community.slug)
    role = services.role_of(community, request.user)
    if role not in HOSTING_ROLES:  # they just gave their own role away
        return redirect("community", slug=community.slug)
    return render(request, "communities/members.html", {
        "community": community, "is_owner": role == Role.OWNER, "requests": services.pending_requests(community),
        "memberships": community.memberships.select_related("user").order_by("joined", "pk"), "roles": Role.choices,
    }, status=status)


def _number(value: object) -> int:
    number = id_from(str(value or ""))
    if number is None:  # not ASCII digits, or beyond what a row id can be
        raise ServiceError("No such request.")
    return number


@require_http_methods(["GET", "POST"])
@login_required
def invitations(request: HttpRequest, slug: str) -> HttpResponse:
    """Hosts make invitation links (expiry, number of uses) and withdraw them."""
    community, _ = _runner(request, slug)
    form, status = InvitationForm(), 200
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            try:
                services.revoke_invitation(request.user, community, _number(request.POST.get("invitation")))
            except ServiceError as exc:
                messages.error(request, exc.message)
            return redirect("community-invitations", slug=community.slug)
        form = InvitationForm(request.POST)
        if _submitted(form, partial(services.make_invitation, request.user, community)) is not None:
            messages.success(request, "A new invitation link is ready: copy it below.")
            return redirect("community-invitations", slug=community.slug)
        status = 400
    links = [(i, request.build_absolute_uri(f"/c/join/{i.token}/")) for i in community.invitations.all()]
    return render(request, "communities/invitations.html",
                  {"community": community, "form": form, "links": links}, status=status)


@require_http_methods(["GET", "POST"])
@login_required
def community_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Owners change the name, description, webhook, visibility and joining."""
    community, role = _runner(request, slug)
    if role != Role.OWNER:
        raise Http404
    initial = {f: getattr(community, f) for f in ("name", "description", "webhook_url", "visibility", "joining")}
    if request.method == "GET":
        form = SettingsForm(initial=initial)
        return render(request, "communities/settings.html", {"community": community, "form": form})
    form = SettingsForm(request.POST)
    if _submitted(form, partial(services.update_community, request.user, community)) is not None:
        messages.success(request, "Saved.")
        return redirect("community", slug=community.slug)
    return render(request, "communities/settings.html", {"community": community, "form": form}, status=400)
