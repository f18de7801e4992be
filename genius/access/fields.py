"""The form fields a host page uses to pick what it acts on, limited to the host's own communities."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest

from genius.access import hosts


class HostedCommunityField(forms.ModelChoiceField):
    """A required choice among the communities a host runs; left empty, it is the only one they run (if one)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(required=True, empty_label=None)
        super().__init__(*args, **kwargs)

    def clean(self, value: Any) -> Any:
        hosted = self.queryset
        if value in self.empty_values and hosted is not None and hosted.count() == 1:
            return hosted.get()
        return super().clean(value)


def community_field(user: Any, *, label: str = "Community") -> forms.ModelChoiceField:
    """A required choice among the communities ``user`` hosts (the only one is chosen already)."""
    hosted = hosts.hosted_communities(user).order_by("name", "pk")
    return HostedCommunityField(hosted, label=label,
                                help_text="Its hosts run it; only its members take its lobbies' seats.")


def preselect_community(form: forms.Form, request: HttpRequest) -> None:
    """``?community=<slug>`` (the links on a community's page) chooses that community in ``form``'s community
    field when the user hosts it; any other value, or a posted form, leaves the field as it was."""
    field = form.fields.get("community")
    slug = request.GET.get("community", "")
    if form.is_bound or not isinstance(field, forms.ModelChoiceField) or field.queryset is None:
        return
    if not slug or len(slug) > 50:
        return
    chosen = field.queryset.filter(slug=slug).values_list("pk", flat=True).first()
    if chosen is not None:
        field.initial = chosen


def season_field(user: Any) -> forms.ModelChoiceField:
    """An optional choice among the seasons ``user`` hosts (``hosts.hosted_seasons``: of their communities, not
    one they play in: a lobby they make there would not be theirs to host)."""
    seasons = hosts.hosted_seasons(user).order_by("-created", "-pk")
    return forms.ModelChoiceField(seasons, required=False, empty_label="No season")
