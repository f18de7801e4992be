"""The admin's user pages, under the user-name policy (``genius.accounts.forms``), with each profile."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from genius.accounts.forms import AdminAddUserForm, AdminChangeUserForm
from genius.accounts.models import Profile
from genius.accounts.people import without_guests
from genius.engine_forms.fields import WHOLE_NUMBER_OVERRIDES

User = get_user_model()

if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class PolicyUserAdmin(UserAdmin):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    add_form = AdminAddUserForm
    form = AdminChangeUserForm

    def get_search_results(self, request, queryset, search_term):
        """The user list; a host's pick-list (the autocomplete of seats and season players) leaves out guests."""
        queryset, duplicates = super().get_search_results(request, queryset, search_term)
        if request.path.endswith("/autocomplete/"):
            queryset = without_guests(queryset)
        return queryset, duplicates


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["user", "time_zone", "email_due", "email_hour", "email_turn"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]
