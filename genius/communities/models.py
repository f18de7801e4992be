"""A community, its members with their roles, its invitation links and the requests to join it.

Written only through :mod:`genius.communities.services`. A role is a :class:`Role` value: code compares roles
with the enum's members, never with text a person typed (a posted role is parsed into a ``Role`` first).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Role(models.TextChoices):
    """A member's role: owners manage roles; hosts (and owners) run the community; members play in it."""

    OWNER = "owner"
    HOST = "host"
    MEMBER = "member"


#: The roles that run a community's seasons, lobbies, designs, rulings and exports.
HOSTING_ROLES = (Role.OWNER, Role.HOST)


class Community(models.Model):
    """A group that hosts seasons and lobbies on the site, at ``/c/<slug>/``."""

    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public: listed for everyone"
        UNLISTED = "unlisted", "Unlisted: only people with its address find it"

    class Joining(models.TextChoices):
        OPEN = "open", "Anyone signed in joins at once"
        REQUEST = "request", "People ask; a host accepts"
        INVITATION = "invitation", "By invitation link only"

    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=50, unique=True, help_text="Its address: /c/<slug>/.")
    description = models.TextField(max_length=2000, blank=True)
    webhook_url = models.URLField(
        max_length=500, blank=True,
        help_text="Optional Discord (or other) webhook for announcements; a season's own webhook wins.")
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    joining = models.CharField(max_length=10, choices=Joining.choices, default=Joining.REQUEST)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="communities_created")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name_plural = "communities"

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """One person's place in a community, with their role."""

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=6, choices=Role.choices, default=Role.MEMBER)
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["community", "joined", "pk"]
        constraints = [models.UniqueConstraint(fields=["community", "user"], name="one_membership_per_community")]

    def __str__(self) -> str:
        return f"{self.user} in {self.community} ({self.get_role_display()})"

    @property
    def hosts(self) -> bool:
        """Whether this role runs the community (owner or host)."""
        return Role(self.role) in HOSTING_ROLES


class Invitation(models.Model):
    """A link that lets people join: it expires, and it admits at most ``max_uses`` people."""

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=43, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    expires_at = models.DateTimeField()
    max_uses = models.PositiveIntegerField()
    uses = models.PositiveIntegerField(default=0)
    revoked = models.BooleanField(default=False)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"Invitation to {self.community}"

    def usable(self, now=None) -> bool:
        """Whether the link still admits someone: not revoked, not expired, uses left."""
        now = now or timezone.now()
        return not self.revoked and self.expires_at > now and self.uses < self.max_uses


class JoinRequest(models.Model):
    """Someone asks to join a community whose joining is by request; a host accepts or declines."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests")
    message = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(default=timezone.now)
    answered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [models.UniqueConstraint(fields=["community", "user"], condition=Q(status="pending"),
                                               name="one_pending_request_per_person")]
