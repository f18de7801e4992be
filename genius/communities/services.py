"""Every change to a community: create it, join it (openly, by request, by invitation), roles, removal.

Check, then do: each function refuses with a :class:`ServiceError` naming the field at fault before it writes,
inside one transaction with the rows it counts locked. Who may do what is decided by the member's
:class:`~genius.communities.models.Role` (owners manage roles; owners and hosts run the community).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from genius.accounts import brakes
from genius.accounts.guests import is_guest_account
from genius.communities.models import HOSTING_ROLES, Community, Invitation, JoinRequest, Membership, Role
from genius.core import safe_http
from genius.core.errors import ServiceError
from genius.engine_forms.fields import id_from

NAME_MAX = 80
DESCRIPTION_MAX = 2000
SLUG_MAX = 50
#: Addresses the community pages use themselves (``/c/new/``, ``/c/join/<token>/``).
RESERVED_SLUGS = frozenset({"new", "join", "mine", "admin", "api"})
SLUG_PATTERN = re.compile(r"^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$")
MENTIONS = re.compile(r"@\s*(everyone|here)\b", re.IGNORECASE)
INVITATION_DAYS_MAX = 90
INVITATION_USES_MAX = 1000


class NotAllowed(ServiceError):
    """The person's role does not allow this (the page answers 404 or 403, never a hint of what is there)."""


# --- reading roles ---------------------------------------------------------------------------------------------


def membership_of(community: Community, user: Any) -> Membership | None:
    """``user``'s membership of ``community`` (None: signed out or not a member)."""
    if user is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(community=community, user=user).first()


def role_of(community: Community, user: Any) -> Role | None:
    """``user``'s role in ``community`` as a :class:`Role` (None: not a member)."""
    membership = membership_of(community, user)
    return Role(membership.role) if membership else None


def runs(community: Community, user: Any) -> bool:
    """Whether ``user`` is an owner or a host of ``community``."""
    return role_of(community, user) in HOSTING_ROLES


def visible_communities(user: Any):
    """The communities listed for ``user``: every public one, and the unlisted ones they belong to."""
    public = Community.objects.filter(visibility=Community.Visibility.PUBLIC)
    if user is None or not user.is_authenticated:
        return public
    return (public | Community.objects.filter(memberships__user=user)).distinct()


# --- text checks -----------------------------------------------------------------------------------------------


def _unprintable(text: str) -> str | None:
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") and ch not in "\n\r\t":
            return f"U+{ord(ch):04X}"
    return None


#: Format characters a name may hold: the joiners of emoji sequences and of scripts such as Persian.
JOINERS = frozenset("\u200c\u200d")


def _invisible(text: str) -> str | None:
    """The first invisible format character (a direction override, a zero-width space…), as ``U+XXXX``."""
    for ch in text:
        if unicodedata.category(ch) == "Cf" and ch not in JOINERS:
            return f"U+{ord(ch):04X}"
    return None


def check_name(name: Any) -> str:
    """A community's name, trimmed; refused when empty, too long, unprintable or a mass mention."""
    name = unicodedata.normalize("NFC", str(name or "")).strip()
    if not name:
        raise ServiceError("Give the community a name.", "name")
    if len(name) > NAME_MAX:
        raise ServiceError(f"A name has at most {NAME_MAX} characters (this one has {len(name)}).", "name")
    bad = (_unprintable(name) or _invisible(name)
           or ("line break" if "\n" in name or "\r" in name or "\t" in name else None))
    if bad:
        raise ServiceError(f"A name cannot hold an invisible or control character ({bad}).", "name")
    if MENTIONS.search(name):
        raise ServiceError("A name cannot mention @everyone or @here: announcements would ping everyone.", "name")
    if not any(ch.isalnum() for ch in name):
        raise ServiceError("A name needs at least one letter or digit.", "name")
    return name


def check_description(text: Any) -> str:
    text = str(text or "").strip()
    if len(text) > DESCRIPTION_MAX:
        raise ServiceError(f"A description has at most {DESCRIPTION_MAX} characters.", "description")
    bad = _unprintable(text)
    if bad:
        raise ServiceError(f"The description holds a character that cannot be shown ({bad}).", "description")
    return text


def check_slug(slug: Any, *, exclude_pk: int | None = None) -> str:
    """An address chosen by hand: lower-case letters, digits and dashes, not taken, not one of the pages' own."""
    slug = str(slug or "").strip()
    if not slug:
        raise ServiceError("Give the community an address.", "slug")
    if len(slug) > SLUG_MAX:
        raise ServiceError(f"An address has at most {SLUG_MAX} characters.", "slug")
    if not SLUG_PATTERN.match(slug):
        raise ServiceError("An address uses lower-case letters a–z, digits and dashes (not at either end).", "slug")
    if slug in RESERVED_SLUGS:
        raise ServiceError(f"“{slug}” is kept for the site's own pages: choose another address.", "slug")
    taken = Community.objects.filter(slug=slug)
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    if taken.exists():
        raise ServiceError(f"The address /c/{slug}/ is taken: choose another.", "slug")
    return slug


def slug_for(name: str) -> str:
    """A free address made from ``name`` (``community`` when it has no Latin letter or digit)."""
    base = slugify(name)[: SLUG_MAX - 6].strip("-") or "community"
    if base in RESERVED_SLUGS:
        base = f"{base}-community"
    slug, n = base, 1
    while Community.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def check_webhook(url: Any) -> str:
    url = str(url or "").strip()
    if not url:
        return ""
    if len(url) > 500:
        raise ServiceError("A webhook address has at most 500 characters.", "webhook_url")
    try:
        URLValidator(schemes=["https"])(url)
    except ValidationError:
        raise ServiceError("A webhook address is an https:// address (Discord: the channel's webhook URL).",
                           "webhook_url") from None
    try:
        safe_http.check_without_lookup(url)
    except safe_http.WebhookRefused as exc:
        raise ServiceError(str(exc), "webhook_url") from None
    return url


def _choice(enum: type, value: Any, field: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        raise ServiceError("Choose one of the listed options.", field) from None


# --- creating and editing --------------------------------------------------------------------------------------


#: The creation brake's group (``genius.accounts.brakes``), counted per account.
CREATIONS = "communities-made"


def _creator(user: Any) -> str:
    return f"user:{user.pk}"


def create_community(user: Any, *, name: Any, slug: Any = "", description: Any = "", webhook_url: Any = "",
                     visibility: Any = Community.Visibility.PUBLIC,
                     joining: Any = Community.Joining.REQUEST) -> Community:
    """A new community with ``user`` as its owner. At most ``GENIUS_COMMUNITIES_PER_HOUR`` (3) a person an hour."""
    if user is None or not user.is_authenticated:
        raise NotAllowed("Log in to create a community.")
    if is_guest_account(user):
        raise NotAllowed("Guests play practice matches only: sign up to create a community.")
    limit = int(settings.GENIUS_COMMUNITIES_PER_HOUR)
    if brakes.used(CREATIONS, _creator(user)) >= limit:
        raise ServiceError(f"You created {limit} communities in the last hour: try again later.")
    name = check_name(name)
    description = check_description(description)
    slug = check_slug(slug) if str(slug or "").strip() else slug_for(name)
    webhook_url = check_webhook(webhook_url)
    visibility = _choice(Community.Visibility, visibility, "visibility")
    joining = _choice(Community.Joining, joining, "joining")
    try:
        with transaction.atomic():
            community = Community.objects.create(
                name=name, slug=slug, description=description, webhook_url=webhook_url, visibility=visibility,
                joining=joining, created_by=user)
            Membership.objects.create(community=community, user=user, role=Role.OWNER)
    except IntegrityError:
        raise ServiceError(f"The address /c/{slug}/ was just taken: choose another.", "slug") from None
    brakes.count(CREATIONS, _creator(user))
    return community


def seat_first_owner(community: Community, user: Any) -> Membership:
    """``user`` owns ``community`` (made by a site administrator in the admin, with its first owner named)."""
    membership, _ = Membership.objects.update_or_create(community=community, user=user,
                                                        defaults={"role": Role.OWNER})
    return membership


def update_community(by: Any, community: Community, *, name: Any, description: Any, webhook_url: Any,
                     visibility: Any, joining: Any) -> Community:
    """Owners change the name, description, webhook, visibility and joining (the address stays)."""
    _require(community, by, (Role.OWNER,))
    community.name = check_name(name)
    community.description = check_description(description)
    community.webhook_url = check_webhook(webhook_url)
    community.visibility = _choice(Community.Visibility, visibility, "visibility")
    community.joining = _choice(Community.Joining, joining, "joining")
    community.save()
    return community


# --- who may ---------------------------------------------------------------------------------------------------


def _require(community: Community, user: Any, roles: tuple[Role, ...]) -> Membership:
    membership = membership_of(community, user)
    if membership is None or Role(membership.role) not in roles:
        raise NotAllowed("Only the community's " + " and ".join(r.label.lower() + "s" for r in roles) + " may do this.")
    return membership


# --- joining ---------------------------------------------------------------------------------------------------


def _admit(community: Community, user: Any) -> Membership:
    membership, _ = Membership.objects.get_or_create(community=community, user=user,
                                                     defaults={"role": Role.MEMBER})
    JoinRequest.objects.filter(community=community, user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.ACCEPTED, answered=timezone.now())
    return membership


def _may_join(community: Community, user: Any) -> None:
    if user is None or not user.is_authenticated:
        raise NotAllowed("Log in to join a community.")
    if is_guest_account(user):
        raise NotAllowed("Guests play practice matches only: sign up to join a community.")
    if membership_of(community, user):
        raise ServiceError(f"You are already a member of {community.name}.")


def join_open(user: Any, community: Community) -> Membership:
    """Join a community whose joining is open."""
    _may_join(community, user)
    if Community.Joining(community.joining) != Community.Joining.OPEN:
        raise ServiceError(f"{community.name} is not open to join: ask to join, or use an invitation link.")
    with transaction.atomic():
        return _admit(community, user)


def request_to_join(user: Any, community: Community, message: Any = "") -> JoinRequest:
    """Ask to join a community whose joining is by request (or open: then it is joined at once, by the caller)."""
    _may_join(community, user)
    if Community.Joining(community.joining) != Community.Joining.REQUEST:
        raise ServiceError(f"{community.name} takes members by invitation link only.")
    message = str(message or "").strip()
    if len(message) > 300 or _unprintable(message):
        raise ServiceError("A message has at most 300 printable characters.", "message")
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(community=community, user=user, message=message)
    except IntegrityError:
        raise ServiceError("You already asked: the hosts will answer.") from None


def pending_requests(community: Community):
    return JoinRequest.objects.filter(community=community, status=JoinRequest.Status.PENDING).select_related("user")


def answer_request(by: Any, community: Community, request_id: int, *, accept: bool) -> JoinRequest:
    """A host accepts (the person becomes a member) or declines a request to join."""
    _require(community, by, HOSTING_ROLES)
    with transaction.atomic():
        request = (JoinRequest.objects.select_for_update()
                   .filter(pk=request_id, community=community, status=JoinRequest.Status.PENDING).first())
        if request is None:
            raise ServiceError("That request was already answered or withdrawn.")
        request.status = JoinRequest.Status.ACCEPTED if accept else JoinRequest.Status.DECLINED
        request.answered_by, request.answered = by, timezone.now()
        request.save()
        if accept:
            Membership.objects.get_or_create(community=community, user=request.user, defaults={"role": Role.MEMBER})
    return request


# --- invitations -----------------------------------------------------------------------------------------------


def new_invitation_token() -> str:
    """A fresh link token: 24 random bytes, 32 URL-safe characters (``invitation_for`` takes up to 43)."""
    return secrets.token_urlsafe(24)


def check_invitation_days(days: Any) -> int:
    """How many days a link lasts: a whole number from 1 to :data:`INVITATION_DAYS_MAX`, else a ServiceError."""
    return _whole(days, "days", 1, INVITATION_DAYS_MAX)


def check_invitation_uses(uses: Any) -> int:
    """How many people a link admits: a whole number from 1 to :data:`INVITATION_USES_MAX`, else a ServiceError."""
    return _whole(uses, "uses", 1, INVITATION_USES_MAX)


def check_invitation_terms(days: Any, uses: Any) -> tuple[int, int]:
    """An invitation's days and uses as whole numbers, or a :class:`ServiceError` naming the field at fault."""
    return check_invitation_days(days), check_invitation_uses(uses)


def fill_invitation(invitation: Invitation, by: Any, *, days: int, uses: int) -> Invitation:
    """Give an unsaved invitation its token, creator, expiry and uses (terms already checked); not saved."""
    invitation.token = new_invitation_token()
    invitation.created_by = by
    invitation.expires_at = timezone.now() + timedelta(days=days)
    invitation.max_uses = uses
    return invitation


def make_invitation(by: Any, community: Community, *, days: Any, uses: Any) -> Invitation:
    """A link that admits up to ``uses`` people for ``days`` days (hosts and owners)."""
    _require(community, by, HOSTING_ROLES)
    days, uses = check_invitation_terms(days, uses)
    invitation = fill_invitation(Invitation(community=community), by, days=days, uses=uses)
    invitation.save()
    return invitation


def _whole(value: Any, field: str, low: int, high: int) -> int:
    text = str(value if value is not None else "").strip()
    if not (text.isascii() and text.isdigit()):
        raise ServiceError(f"Type a whole number from {low} to {high} (digits 0–9).", field)
    number = int(text)
    if not low <= number <= high:
        raise ServiceError(f"Type a whole number from {low} to {high}.", field)
    return number


def revoke_invitation(by: Any, community: Community, invitation_id: int) -> None:
    _require(community, by, HOSTING_ROLES)
    Invitation.objects.filter(pk=invitation_id, community=community).update(revoked=True)


def invitation_for(token: Any) -> Invitation | None:
    """The invitation behind a link (None: no such link)."""
    token = str(token or "")
    if not token or len(token) > 43 or not token.isascii():
        return None
    return Invitation.objects.select_related("community").filter(token=token).first()


def join_by_invitation(user: Any, token: Any) -> Membership:
    """Join with an invitation link: refused once it expired, ran out of uses or was withdrawn."""
    invitation = invitation_for(token)
    if invitation is None:
        raise ServiceError("This invitation link does not exist: ask the host for a new one.")
    community = invitation.community
    _may_join(community, user)
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.revoked:
            raise ServiceError("This invitation link was withdrawn: ask the host for a new one.")
        if invitation.expires_at <= timezone.now():
            raise ServiceError("This invitation link has expired: ask the host for a new one.")
        if invitation.uses >= invitation.max_uses:
            raise ServiceError("This invitation link has been used as many times as it allows: ask the host "
                               "for a new one.")
        invitation.uses += 1
        invitation.save(update_fields=["uses"])
        return _admit(community, user)


# --- roles and removal -----------------------------------------------------------------------------------------


def _other(community: Community, user_id: Any) -> Membership:
    pk = id_from(str(user_id))
    if pk is None:  # not ASCII digits, or beyond what a row id can be
        raise ServiceError("No such member.")
    membership = Membership.objects.select_for_update().filter(community=community, user_id=pk).first()
    if membership is None:
        raise ServiceError("No such member.")
    return membership


OWNER_NEEDED = "keeps at least one owner: make someone else an owner first."


def keep_an_owner(memberships: list[Membership]) -> None:
    """Refuse (``ServiceError`` on ``role``) when removing or demoting ``memberships`` would leave a community
    without an owner. Inside a transaction: the communities' owners are locked while counted."""
    leaving = {m.pk for m in memberships}
    for community_id in sorted({m.community_id for m in memberships if Role(m.role) == Role.OWNER}):
        owners = Membership.objects.select_for_update().filter(community_id=community_id, role=Role.OWNER)
        if not {pk for (pk,) in owners.values_list("pk")} - leaving:
            name = Community.objects.filter(pk=community_id).values_list("name", flat=True).first()
            raise ServiceError(f"{name} {OWNER_NEEDED}", "role")


def hand_ownership_on(user: Any) -> list[Community]:
    """Before ``user``'s account is deleted: each community they alone own passes to its longest-standing host,
    else its longest-standing member, so no community is left without an owner. Returns the communities
    handed on (a community with nobody else in it keeps no owner: there is nobody to run it)."""
    handed: list[Community] = []
    with transaction.atomic():
        mine = Membership.objects.filter(user=user, role=Role.OWNER).select_related("community")
        for membership in mine:
            others = Membership.objects.select_for_update().filter(community_id=membership.community_id)
            if others.filter(role=Role.OWNER).exclude(user=user).exists():
                continue
            heir = (others.filter(role=Role.HOST).exclude(user=user).order_by("joined", "pk").first()
                    or others.exclude(user=user).order_by("joined", "pk").first())
            if heir is not None:
                heir.role = Role.OWNER
                heir.save(update_fields=["role"])
                handed.append(membership.community)
    return handed


def set_role(by: Any, community: Community, user_id: Any, role: Any) -> Membership:
    """An owner gives a member a role (:class:`Role`); a community always keeps at least one owner."""
    role = _choice(Role, role, "role")
    _require(community, by, (Role.OWNER,))
    with transaction.atomic():
        membership = _other(community, user_id)
        if role != Role.OWNER:
            keep_an_owner([membership])
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def remove_member(by: Any, community: Community, user_id: Any) -> None:
    """Hosts remove members; owners remove anyone but the last owner. A removed person keeps their name on
    finished matches (seats are not touched) and loses the community's lobbies and host pages."""
    mine = _require(community, by, HOSTING_ROLES)
    with transaction.atomic():
        membership = _other(community, user_id)
        if Role(membership.role) in HOSTING_ROLES and Role(mine.role) != Role.OWNER:
            raise NotAllowed("Only owners remove hosts and owners.")
        keep_an_owner([membership])
        membership.delete()


def leave(user: Any, community: Community) -> None:
    """Leave a community (its last owner cannot: they name another owner first)."""
    with transaction.atomic():
        membership = Membership.objects.select_for_update().filter(community=community, user=user).first()
        if membership is None:
            raise ServiceError(f"You are not a member of {community.name}.")
        try:
            keep_an_owner([membership])
        except ServiceError:
            raise ServiceError("You are its only owner: make someone else an owner before you leave.") from None
        membership.delete()


def members_by_role(community: Community) -> dict[Role, list]:
    """The members grouped by role, owners first (for the community's page)."""
    grouped: dict[Role, list] = {role: [] for role in Role}
    for membership in community.memberships.select_related("user").order_by("joined", "pk"):
        grouped[Role(membership.role)].append(membership)
    return grouped
