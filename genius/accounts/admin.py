"""The admin's user pages, under the user-name policy (``genius.accounts.forms``)."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from genius.accounts.forms import AdminAddUserForm, AdminChangeUserForm

User = get_user_model()

if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class PolicyUserAdmin(UserAdmin):
    add_form = AdminAddUserForm
    form = AdminChangeUserForm
