"""The community forms. They only carry what was typed; ``genius.communities.services`` checks it all."""

from __future__ import annotations

from typing import Any

from django import forms

from genius.communities.models import Community, Role
from genius.communities.services import DESCRIPTION_MAX, NAME_MAX, SLUG_MAX


def clean_text(value: Any) -> str:
    """Typed text as the page may show it back: a lone surrogate or a NUL becomes U+FFFD."""
    return "".join("\ufffd" if ch == "\x00" or 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in str(value or ""))


class _Echoing(forms.Form):
    """A form that never echoes a character the page cannot carry."""

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        if data is not None:
            data = data.copy()
            for key in list(data.keys()):
                data[key] = clean_text(data.get(key))
        super().__init__(data, *args, **kwargs)


class CommunityForm(_Echoing):
    name = forms.CharField(max_length=NAME_MAX * 4, label="Name")
    slug = forms.CharField(max_length=SLUG_MAX * 4, required=False, label="Address",
                           help_text="/c/<address>/: lower-case letters, digits and dashes. Empty: made from the name.",
                           widget=forms.TextInput(attrs={"autocapitalize": "off", "spellcheck": "false"}))
    description = forms.CharField(max_length=DESCRIPTION_MAX * 2, required=False, label="Description",
                                  widget=forms.Textarea(attrs={"rows": 4}))
    webhook_url = forms.CharField(max_length=1000, required=False, label="Discord webhook",
                                  help_text="Optional: announcements of its seasons go here (a season's own wins).")
    visibility = forms.ChoiceField(choices=Community.Visibility.choices, initial=Community.Visibility.PUBLIC,
                                   label="Who finds it")
    joining = forms.ChoiceField(choices=Community.Joining.choices, initial=Community.Joining.REQUEST,
                                label="How people join")


class SettingsForm(CommunityForm):
    """An owner's edit: everything but the address."""

    slug = None  # type: ignore[assignment]  # Django's way to drop an inherited field


class InvitationForm(_Echoing):
    days = forms.CharField(label="Valid for (days)", initial="7", max_length=20,
                           widget=forms.TextInput(attrs={"inputmode": "numeric"}))
    uses = forms.CharField(label="Number of uses", initial="10", max_length=20,
                           widget=forms.TextInput(attrs={"inputmode": "numeric"}))


class RoleForm(_Echoing):
    role = forms.ChoiceField(choices=Role.choices, label="Role")
