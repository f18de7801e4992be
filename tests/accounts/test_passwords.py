"""A forgotten password is reset from the log-in page, by an emailed link, on pages in the site's look."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from genius.accounts import guests, passwords

pytestmark = pytest.mark.django_db
ADDRESS = "203.0.113.77"
SITE_LOOK = 'href="/static/genius/site.css"'


@pytest.fixture(autouse=True)
def _fresh_brake():
    for address in (ADDRESS, "127.0.0.1", "203.0.113.78"):
        passwords.forget_resets(address)
    yield
    for address in (ADDRESS, "127.0.0.1", "203.0.113.78"):
        passwords.forget_resets(address)


@pytest.fixture
def ana_with_email(ana):
    ana.email = "ana@example.org"
    ana.save()
    return ana


def reset_link(message) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body)
    assert found, message.body
    return found.group(1)


def test_the_log_in_page_links_forgot_your_password(client):
    page = client.get(reverse("login")).content.decode()
    assert f'href="{reverse("password_reset")}"' in page and "Forgot your password?" in page


@pytest.mark.parametrize("name", ["password_reset", "password_reset_done", "password_reset_complete"])
def test_the_reset_pages_look_like_the_site_not_the_django_admin(client, name):
    page = client.get(reverse(name))
    assert page.status_code == 200
    html = page.content.decode()
    assert SITE_LOOK in html and "Django administration" not in html and "admin/css" not in html


def test_the_password_change_pages_look_like_the_site(client, ana):
    client.force_login(ana)
    for name in ("password_change", "password_change_done"):
        html = client.get(reverse(name)).content.decode()
        assert SITE_LOOK in html and "Django administration" not in html


def test_the_email_backend_is_configured_from_the_environment():
    assert settings.EMAIL_BACKEND  # console by default (README: EMAIL_BACKEND)
    assert "EMAIL_BACKEND" in (settings.BASE_DIR / "genius" / "settings.py").read_text()


def test_a_forgotten_password_is_reset_by_the_emailed_link(ana_with_email):
    client = Client(REMOTE_ADDR=ADDRESS)
    sent = client.post(reverse("password_reset"), {"email": "ana@example.org"})
    assert sent.status_code == 302 and sent["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Genius: choose a new password" and "ana" in message.body
    page = client.get(reset_link(message), follow=True)
    html = page.content.decode()
    assert "Choose a new password" in html and SITE_LOOK in html
    done = client.post(page.redirect_chain[-1][0], {"new_password1": "brand-new-pass-42",
                                                     "new_password2": "brand-new-pass-42"})
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")
    ana_with_email.refresh_from_db()
    assert ana_with_email.check_password("brand-new-pass-42")


def test_a_reset_link_works_once_and_then_says_so(ana_with_email):
    client = Client(REMOTE_ADDR=ADDRESS)
    client.post(reverse("password_reset"), {"email": "ana@example.org"})
    link = reset_link(mail.outbox[0])
    page = client.get(link, follow=True)
    client.post(page.redirect_chain[-1][0], {"new_password1": "brand-new-pass-42", "new_password2": "brand-new-pass-42"})
    again = Client().get(link, follow=True).content.decode()
    assert "This link no longer works" in again and f'href="{reverse("password_reset")}"' in again


def test_an_unknown_address_is_told_the_same_and_gets_no_email(client):
    sent = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert sent.status_code == 302 and sent["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


def test_a_guest_has_no_password_to_reset():
    guest = guests.new_guest()
    guest.email = "guest@example.org"
    guest.save()
    Client(REMOTE_ADDR=ADDRESS).post(reverse("password_reset"), {"email": "guest@example.org"})
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
    assert "action" not in form or 'action=""' in form  # posts to itself
    assert get_user_model().objects.count() == 0
