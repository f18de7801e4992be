"""A person's own pages: sign-up, the profile, and the accounts' pages (django-allauth's, in the site's look).

The addresses people used before allauth keep working: the names ``login``, ``logout``, ``signup``,
``password_reset`` and ``password_change`` point at allauth's pages, and the old paths send on to them.
"""

from allauth.account import views as allauth_views
from django.contrib.auth.decorators import login_required
from django.urls import include, path, re_path

from genius.accounts import passwords, views

#: Under ``accounts/``.
account_urlpatterns = [
    path("signup/", views.SignUp.as_view(), name="account_signup"),
    path("signup/", views.SignUp.as_view(), name="signup"),
    path("login/", views.LogIn.as_view(), name="login"),
    path("logout/", allauth_views.logout, name="logout"),
    path("password/reset/", passwords.PasswordReset.as_view(), name="account_reset_password"),
    path("password/reset/", passwords.PasswordReset.as_view(), name="password_reset"),
    path("password/change/", login_required(passwords.PasswordChange.as_view()), name="account_change_password"),
    path("password/change/", login_required(passwords.PasswordChange.as_view()), name="password_change"),
    path("password/set/", login_required(passwords.PasswordSet.as_view()), name="account_set_password"),
    # Before allauth: Django's own addresses.
    path("password_reset/", views.moved("account_reset_password")),
    path("password_reset/done/", views.moved("account_reset_password_done")),
    path("password_change/", views.moved("account_change_password")),
    path("password_change/done/", views.moved("profile")),
    re_path(r"^reset/(?P<uidb64>[^/]+)/(?P<token>[^/]+)/$", views.old_reset_link),
    path("reset/done/", views.moved("account_login")),
    path("", include("allauth.urls")),
]

urlpatterns = [
    path("signup/", views.moved("account_signup")),
    path("me/profile/", views.profile, name="profile"),
    path("me/profile/confirm/", views.send_confirmation, name="profile-confirm-email"),
]
