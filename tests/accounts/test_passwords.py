"""A forgotten password is reset from the log-in page, by an emailed link sent only to a confirmed address,
on pages in the site's look; Django's old addresses send on to allauth's."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from genius.accounts import guests, passwords
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.django_db
ADDRESS = "203.0.113.77"
SITE_LOOK = 'href="/static/genius/site.css"'
NEW = "brand-new-pass-42"


@pytest.fixture(autouse=True)
def _fresh_brake():
    cache.clear()  # allauth's own per-address limits (5 reset emails a minute to one address) count there too
    for address in (ADDRESS, "127.0.0.1", "203.0.113.78"):
        passwords.forget_resets(address)
    yield
    for address in (ADDRESS, "127.0.0.1", "203.0.113.78"):
        passwords.forget_resets(address)


@pytest.fixture
def ana_with_email(ana):
    return confirm(ana, "ana@example.org")


def reset_link(message) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", message.body)
    assert found, message.body
    return found.group(1)


def choose_new_password(client: Client, link: str):
    page = client.get(link, follow=True)
    return page, client.post(page.redirect_chain[-1][0], {"password1": NEW, "password2": NEW})


def test_the_log_in_page_links_forgot_your_password(client):
    page = client.get(reverse("account_login")).content.decode()
    assert f'href="{reverse("account_reset_password")}"' in page and "Forgot your password?" in page


@pytest.mark.parametrize("name", ["account_reset_password", "account_reset_password_done",
                                  "account_reset_password_from_key_done", "account_login", "account_signup"])
def test_the_account_pages_look_like_the_site_not_the_django_admin(client, name):
    page = client.get(reverse(name))
    assert page.status_code == 200
    html = page.content.decode()
    assert SITE_LOOK in html and "Django administration" not in html and "admin/css" not in html


def test_the_password_change_page_looks_like_the_site(client, ana):
    client.force_login(ana)
    html = client.get(reverse("account_change_password")).content.decode()
    assert SITE_LOOK in html and "Django administration" not in html


@pytest.mark.parametrize(("old", "new"), [
    ("/accounts/password_reset/", "account_reset_password"),
    ("/accounts/password_reset/done/", "account_reset_password_done"),
    ("/accounts/password_change/", "account_change_password"),
    ("/accounts/reset/done/", "account_login"),
    ("/signup/", "account_signup"),
])
def test_the_old_addresses_send_on_to_the_new_pages(client, old, new):
    response = client.get(old)
    assert response.status_code == 302 and response["Location"] == reverse(new)


def test_an_old_reset_link_asks_for_a_new_one(client):
    response = client.get("/accounts/reset/MQ/abc-123/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("account_reset_password")
    assert "no longer works" in response.content.decode()


def test_the_old_names_still_reverse(client):
    assert reverse("login") == "/accounts/login/" and reverse("logout") == "/accounts/logout/"
    assert reverse("signup") == reverse("account_signup") and reverse("password_reset") == reverse("account_reset_password")


def test_the_email_backend_is_configured_from_the_environment():
    assert settings.EMAIL_BACKEND  # console by default (docs/OPERATIONS.md: EMAIL_BACKEND)
    assert "EMAIL_BACKEND" in (settings.BASE_DIR / "genius" / "settings.py").read_text()


def test_a_forgotten_password_is_reset_by_the_emailed_link(ana_with_email):
    client = Client(REMOTE_ADDR=ADDRESS)
    sent = client.post(reverse("password_reset"), {"email": "ana@example.org"})
    assert sent.status_code == 302 and sent["Location"] == reverse("account_reset_password_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Genius: choose a new password" and "ana" in message.body
    page, done = choose_new_password(client, reset_link(message))
    html = page.content.decode()
    assert "Choose a new password" in html and SITE_LOOK in html
    assert done.status_code == 302 and done["Location"] == reverse("account_reset_password_from_key_done")
    ana_with_email.refresh_from_db()
    assert ana_with_email.check_password(NEW)


def test_an_address_not_confirmed_gets_no_reset_link(ana):
    ana.email = "ana@example.org"
    ana.save()
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=ana, email="ana@example.org", verified=False, primary=True)
    sent = Client(REMOTE_ADDR=ADDRESS).post(reverse("password_reset"), {"email": "ana@example.org"})
    assert sent.status_code == 302 and sent["Location"] == reverse("account_reset_password_done")
    assert mail.outbox == []


def test_someone_elses_unconfirmed_claim_on_an_address_gets_no_reset_link(ana_with_email, ben):
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=ben, email="ben@example.org", verified=False, primary=True)
    Client(REMOTE_ADDR=ADDRESS).post(reverse("password_reset"), {"email": "ben@example.org"})
    assert mail.outbox == []


def test_a_reset_link_works_once_and_then_says_so(ana_with_email):
    client = Client(REMOTE_ADDR=ADDRESS)
    client.post(reverse("password_reset"), {"email": "ana@example.org"})
    link = reset_link(mail.outbox[0])
    choose_new_password(client, link)
    again = Client().get(link, follow=True).content.decode()
    assert "This link does not work" in again and f'href="{reverse("account_reset_password")}"' in again


def test_an_unknown_address_is_told_the_same_and_gets_no_email(client):
    sent = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert sent.status_code == 302 and sent["Location"] == reverse("account_reset_password_done")
    assert mail.outbox == []


def test_a_guest_has_no_password_to_reset():
    guest = confirm(guests.new_guest(), "guest@example.org")
    Client(REMOTE_ADDR=ADDRESS).post(reverse("password_reset"), {"email": guest.email})
    assert mail.outbox == []


def test_reset_emails_are_braked_per_address(settings, ana_with_email):
    settings.GENIUS_PASSWORD_RESETS_PER_HOUR = 2
    client = Client(REMOTE_ADDR=ADDRESS)
    for _ in range(2):
        assert client.post(reverse("password_reset"), {"email": "ana@example.org"}).status_code == 302
    refused = client.post(reverse("password_reset"), {"email": "ana@example.org"})
    assert refused.status_code == 429 and "Too many password-reset emails" in refused.content.decode()
    assert len(mail.outbox) == 2
    other = Client(REMOTE_ADDR="203.0.113.78")
    assert other.post(reverse("password_reset"), {"email": "ana@example.org"}).status_code == 302


@pytest.mark.parametrize("email", ["%C2%B2%40example.org", "ana%40ex%D0%B0mple.org", "%40everyone", "%ED%A0%80%40x.org",
                                   "a" * 300])
def test_odd_addresses_get_a_clear_answer_never_a_500(client, email):
    """Sent as the raw form body (a lone surrogate cannot be typed as text): ², a Cyrillic look-alike, @everyone."""
    response = client.post(reverse("password_reset"), f"email={email}",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code in (200, 302)
    assert mail.outbox == []


def test_the_reset_pages_need_no_script():
    html = Client().get(reverse("password_reset")).content.decode()
    form = re.search(r'<form method="post"[^>]*>', html).group(0)
    assert f'action="{reverse("account_reset_password")}"' in form
    assert "<script" not in html.split("<main", 1)[1]
    assert get_user_model().objects.count() == 0
