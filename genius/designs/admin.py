"""Game designs in the Django admin: listed, the document shown as pretty JSON, edits validated whole."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import HttpRequest
from django.utils.html import format_html

from genius.access.admin_scope import CommunityScoped
from genius.designs.documents import DesignError, validate_design
from genius.designs.forms import sentence
from genius.designs.models import GameDesign
from genius.designs.services import kept
from genius.engine_forms.fields import WHOLE_NUMBER_OVERRIDES


class DesignJSONField(forms.JSONField):
    """The document as JSON text: bad JSON is a clear message on the field, never a 500."""

    default_error_messages = {"invalid": "This is not valid JSON: check the commas, quotes and brackets."}


class GameDesignForm(forms.ModelForm):
    """A design edited in the admin: the document is saved only if ``validate_design`` accepts it whole."""

    document = DesignJSONField(widget=forms.Textarea(attrs={"rows": 24, "cols": 100}))

    class Meta:
        model = GameDesign
        fields = ["owner", "community", "document", "is_template"]

    def clean_document(self) -> dict[str, Any]:
        try:
            return validate_design(self.cleaned_data.get("document"))
        except DesignError as exc:
            raise ValidationError([sentence(str(p)) for p in exc.problems]) from None

    def save(self, commit: bool = True) -> GameDesign:
        design = super().save(commit=False)
        design.title = design.document["title"]
        if commit:
            design.save()
        return design


@admin.register(GameDesign)
class GameDesignAdmin(CommunityScoped):
    """Designs of the host's communities (their current owners and hosts keep them, whoever made them), and their
    own designs of no community (``genius.designs.services.kept_by``)."""

    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    form = GameDesignForm
    list_display = ["title", "owner", "is_template", "updated"]
    list_filter = ["is_template"]
    search_fields = ["title", "owner__username"]
    readonly_fields = ["title", "pretty_document", "created", "updated"]
    autocomplete_fields = ["owner"]
    fields = ["title", "owner", "community", "is_template", "pretty_document", "document", "created", "updated"]

    def scope(self, request: HttpRequest) -> Q:
        return kept(request.user)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name == "owner" and not request.user.is_superuser:
            # ``request.user`` is a lazy object: its type is not the user model (a 500 on the host's design pages)
            field.queryset = (field.queryset | get_user_model()._default_manager.filter(pk=request.user.pk)).distinct()
        return field

    @admin.display(description="The document as saved")
    def pretty_document(self, design: GameDesign) -> str:
        if design.pk is None:
            return "—"
        text = json.dumps(design.document, ensure_ascii=False, indent=2)
        return format_html('<pre style="white-space: pre-wrap; max-height: 30rem; overflow: auto">{}</pre>', text)
