"""Forms that give users names (sign-up, the admin's add-user and change-user forms), the profile and the
password reset's email form.

They all apply ``names.problem`` and refuse a name that looks like one already taken (sign-up through
allauth's adapter, ``genius.accounts.allauth_adapter``). Accounts made in code (``User.objects.create_user``,
the demo, bots) are the system's own and skip the forms; ``manage.py check_usernames`` reports any stored
name that breaks the policy. An email address is confirmed by a link before anything is sent to it
(``genius.accounts.email_addresses``).
"""

from __future__ import annotations

from allauth.account.forms import ResetPasswordForm as AllauthResetPasswordForm
from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import password_validators_help_texts
from django.core.exceptions import ValidationError

from genius.accounts import email_addresses as emails
from genius.accounts import names
from genius.accounts.models import Profile, profile_of, validate_zone

TAKEN = "This name is taken: it looks like the name of an existing account."
#: The sign-up page's hint under the name, in sentences.
USERNAME_HINT = (f"Use {names.MIN_LENGTH} to {names.MAX_LENGTH} characters, starting with a letter or a digit: letters "
                 "a–z and A–Z, digits, _ (underscore), - (hyphen) and . (full stop). "
                 f"Names starting with {names.GUEST_PREFIX} are kept for guests.")


def _printable(value: object) -> object:
    """``value`` with lone surrogates as U+FFFD (as Django reads them from a request), so that a
    form showing it back can be encoded."""
    if isinstance(value, str):
        return "".join("\ufffd" if "\ud800" <= char <= "\udfff" else char for char in value)
    return value


def validate_user_name(value: str) -> None:
    """Django validator for the policy (``names.problem``)."""
    error = names.problem(value)
    if error:
        raise ValidationError(error, code="user_name")


def lookalike_taken(name: str, *, exclude_pk: int | None = None) -> bool:
    """Whether an existing account's name looks like ``name`` (same canonical form)."""
    users = get_user_model().objects.all()
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    return names.is_lookalike(name, users.values_list("username", flat=True).iterator())


class UserNameField(forms.CharField):
    """A user name as typed (no silent normalisation), checked against the policy."""

    default_validators = [validate_user_name]

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_length", names.MAX_LENGTH)
        kwargs.setdefault("help_text", names.RULE)
        super().__init__(**kwargs)
        # The policy gives one clear message for every length; Django's own would repeat it.
        self.validators = [validate_user_name]

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "autocapitalize": "none", "autocomplete": "username"}


class _NamePolicyMixin:
    """Shows bad input back safely and refuses look-alikes of taken names."""

    instance: User  # the account the form edits (a new one at sign-up), as every user form has

    def __init__(self, *args, **kwargs) -> None:
        data = args[0] if args else kwargs.get("data")
        if data is not None and any(isinstance(v, str) and _printable(v) != v for v in data.values()):
            clean = {key: _printable(value) for key, value in data.items()}
            if args:
                args = (clean, *args[1:])
            else:
                kwargs["data"] = clean
        super().__init__(*args, **kwargs)

    def _check_lookalike(self, name: str) -> str:
        if name and lookalike_taken(name, exclude_pk=self.instance.pk):
            raise ValidationError(TAKEN, code="lookalike")
        return name


class TimeZoneField(forms.CharField):
    """An IANA time zone name (``Europe/Paris``), checked with ``zoneinfo``; empty is allowed."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 64)
        kwargs.setdefault("label", "Time zone")
        kwargs.setdefault("help_text", "Times are shown in this zone, e.g. Europe/Paris. Empty: your browser's zone.")
        super().__init__(**kwargs)
        self.validators.append(validate_zone)

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "list": "time-zones", "autocomplete": "off",
                "autocapitalize": "none", "spellcheck": "false", "data-time-zone": ""}


def validate_mail_domain(value: str) -> None:
    """The address's domain can be written for mail (IDNA): Django's check lets ``example.org\ufffd`` through,
    which the mail backend then cannot send to."""
    try:
        value.rpartition("@")[2].encode("idna")
    except UnicodeError:
        raise ValidationError("This address's domain (after the @) is not a valid domain name.",
                              code="email_domain") from None


def email_field() -> forms.EmailField:
    return forms.EmailField(required=False, label="Email", max_length=254, validators=[validate_mail_domain],
                            help_text="Where we tell you that your move is due. Optional; never shown to others.",
                            widget=forms.EmailInput(attrs={"autocomplete": "email"}))


class SignUpForm(_NamePolicyMixin, AllauthSignupForm):
    """Sign-up (allauth's form): a name that follows the policy and looks like no other, a password, and
    optionally an email address (confirmed by a link before anything is sent to it) and a time zone (the page
    fills in the browser's)."""

    time_zone = TimeZoneField()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.order_fields(["username", "email", "time_zone", "password1", "password2"])
        # The policy gives one clear message for every length (allauth's field would add its own at 150).
        username = self.fields["username"]
        username.help_text, username.max_length, username.validators = USERNAME_HINT, None, []
        username.widget.attrs.update(autocapitalize="none", maxlength=str(names.MAX_LENGTH))
        username.widget.attrs.pop("placeholder", None)
        self.fields["email"] = email_field()
        self.fields["time_zone"].widget.attrs["data-prefill-zone"] = ""  # me.js fills in the browser's zone
        # Django's password hints are a list, which the page shows as text: one sentence after another, spaced.
        self.fields["password1"].help_text = " ".join(password_validators_help_texts())
        for name in ("password1", "password2"):
            self.fields[name].widget.attrs.pop("placeholder", None)

    def save(self, request):
        user = super().save(request)
        Profile.objects.update_or_create(user=user, defaults={"time_zone": self.cleaned_data.get("time_zone") or "",
                                                              "is_guest": False})  # a guest who signs up
        return user


class ResetPasswordForm(AllauthResetPasswordForm):
    """"Forgot your password?": the link goes only to a confirmed address of an account with a password."""

    users: list

    def clean_email(self) -> str:
        email = super().clean_email()
        self.users = [user for user in self.users
                      if user.has_usable_password() and emails.is_confirmed(user, email)]
        return email


class ProfileForm(_NamePolicyMixin, forms.ModelForm):
    """The profile page: the email address (a new one is confirmed by a link before it replaces the old),
    the time zone and the email choices."""

    email = email_field()
    time_zone = TimeZoneField()

    class Meta:
        model = Profile
        fields = ["time_zone", "email_due", "email_hour", "email_turn"]

    field_order = ["email", "time_zone", "email_due", "email_hour", "email_turn"]

    def __init__(self, *args, user, **kwargs) -> None:
        self.user = user
        kwargs.setdefault("instance", profile_of(user))
        super().__init__(*args, **kwargs)
        self.fields["email"].initial = emails.wanted(user)

    def clean_email(self) -> str:
        """Any address (the page never says whether it is another account's, as sign-up does not): one another
        account confirmed gets a note that it is already an account's instead of a link, and stays theirs."""
        return self.cleaned_data.get("email") or ""

    def save(self, commit: bool = True, *, request=None) -> Profile:
        """Save the choices; a changed address is sent its confirmation link (``request``: for the link)."""
        profile = super().save(commit=False)
        profile.user = self.user
        if commit:
            profile.save()
            if "email" in self.changed_data:
                emails.change(request, self.user, self.cleaned_data.get("email") or "")
        return profile


class AdminAddUserForm(_NamePolicyMixin, AdminUserCreationForm):
    """The admin's "add user" form, under the same policy as sign-up."""

    class Meta(AdminUserCreationForm.Meta):
        field_classes = {"username": UserNameField}

    def clean_username(self) -> str:
        return self._check_lookalike(super().clean_username())


class AdminChangeUserForm(_NamePolicyMixin, UserChangeForm):
    """The admin's user page: a new name follows the policy; a kept one is left alone."""

    def clean_username(self) -> str:
        name = self.cleaned_data["username"]
        if "username" in self.changed_data:
            error = names.problem(name, reserved=not self.instance.is_staff)
            if error:
                raise ValidationError(error, code="user_name")
            self._check_lookalike(name)
        return name
