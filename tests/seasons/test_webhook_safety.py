"""Season webhooks ping nobody and reach only public addresses; failures say what failed, not what lies behind."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from genius.core import safe_http
from genius.notify import discord
from genius.seasons.models import Season

from .test_webhooks import Receiver

MENTIONS = ["@everyone", "@here", "<@123456789>", "<@!123456789>", "<@&987654321>", "<#555>", "<!channel>",
            "<!here>", "<!everyone>"]
GENERIC_FAILURE = "the webhook could not be reached (connection failed or timed out)"


@pytest.fixture
def hook():
    receiver = Receiver(failures=0)
    yield receiver
    receiver.close()


def resolving(monkeypatch, name: str, address: str) -> None:
    """DNS, as the test says: ``name`` resolves to ``address``; IP literals resolve to themselves."""
    real = socket.getaddrinfo

    def fake(host, port, *args, **kwargs):
        if host == name:
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (address, port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)


# --- mentions -------------------------------------------------------------------------------------------


def test_webhook_text_cannot_mention_anyone(hook, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    text = "**Season**\n" + " ".join(f"{m} picks @ben" for m in MENTIONS)
    assert discord.post_json(hook.url, text) == ""
    body = hook.bodies[0]["body"]
    assert body["allowed_mentions"] == {"parse": []}  # Discord: ping nobody, whatever the text says
    content = body["content"]
    for mention in [*MENTIONS, "@ben"]:
        assert mention not in content, mention
    assert content.replace(discord.ZERO_WIDTH_SPACE, "") == text  # reads the same


# --- addresses --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:8000/hook",
    "http://localhost/hook",
    "http://[::1]/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.5/hook",
    "http://172.16.0.1/hook",
    "http://192.168.1.1/hook",
    "http://100.64.0.1/hook",
    "http://0.0.0.0/hook",
    "http://224.0.0.1/hook",
    "http://240.0.0.1/hook",
    "http://[fe80::1]/hook",
    "http://[fc00::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::]/hook",
    "ftp://93.184.216.34/hook",
    "file:///etc/passwd",
    "gopher://93.184.216.34/hook",
    "https://user:secret@93.184.216.34/hook",
    "https://93.184.216.34:99999/hook",
])
def test_a_webhook_url_that_is_not_public_http_is_refused(url):
    with pytest.raises(safe_http.WebhookRefused):
        safe_http.check_webhook_url(url)


def test_a_public_https_webhook_url_is_taken():
    assert safe_http.check_webhook_url("https://93.184.216.34/api/webhooks/1/abc?wait=true") == (
        "https", "93.184.216.34", 443, "/api/webhooks/1/abc?wait=true", "93.184.216.34")


def test_a_host_name_resolving_to_a_private_address_is_refused(monkeypatch):
    resolving(monkeypatch, "hooks.example.org", "10.1.2.3")
    with pytest.raises(safe_http.WebhookRefused, match="hooks.example.org is not a public internet address"):
        safe_http.check_webhook_url("https://hooks.example.org/hook")


def test_private_webhook_addresses_are_taken_only_when_the_setting_allows_them(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    assert safe_http.check_webhook_url("http://127.0.0.1:8000/hook")[4] == "127.0.0.1"
    with pytest.raises(safe_http.WebhookRefused):
        safe_http.check_webhook_url("file:///etc/passwd")  # never another scheme


@pytest.mark.django_db
def test_a_webhook_url_to_a_private_address_is_refused_when_the_host_saves_it(client, make_user):
    client.force_login(make_user("boss", staff=True))
    data = {"name": "Season 9", "slug": "s9", "webhook_url": "http://169.254.169.254/latest/meta-data/",
            "players-TOTAL_FORMS": "0", "players-INITIAL_FORMS": "0"}
    response = client.post(reverse("admin:seasons_season_add"), data)
    assert response.status_code == 200
    assert "169.254.169.254 is not a public internet address" in response.content.decode()
    assert not Season.objects.exists()
    data["webhook_url"] = "https://93.184.216.34/api/webhooks/1/abc"
    assert client.post(reverse("admin:seasons_season_add"), data).status_code == 302
    assert Season.objects.get().webhook_url == "https://93.184.216.34/api/webhooks/1/abc"


@pytest.mark.django_db
def test_the_season_form_checks_the_webhook_url():
    from genius.seasons.admin import SeasonForm

    form = SeasonForm(data={"name": "S", "slug": "s", "webhook_url": "http://10.0.0.1/hook"})
    assert not form.is_valid() and "webhook_url" in form.errors


def test_a_webhook_url_is_checked_again_when_it_is_sent(hook, monkeypatch, settings):
    port = hook.server.server_address[1]
    url = f"http://hooks.example.org:{port}/hook"
    resolving(monkeypatch, "hooks.example.org", "93.184.216.34")
    safe_http.check_webhook_url(url)  # public when the host saved it
    resolving(monkeypatch, "hooks.example.org", "127.0.0.1")  # DNS changed since
    error = discord.post_json(url, "hello", timeout=2)
    assert error.startswith("the webhook address is refused: hooks.example.org is not a public internet address")
    assert hook.bodies == []
    settings.WEBHOOKS_ALLOW_PRIVATE = True  # the same address, allowed: the post goes to the address checked
    assert discord.post_json(url, "hello", timeout=2) == ""
    assert hook.bodies[0]["body"]["content"] == "hello"


# --- what a host is told ------------------------------------------------------------------------------------


def test_webhook_errors_shown_to_hosts_name_no_probing_details(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nobody listens there: "connection refused" underneath
    assert discord.post_json(f"http://127.0.0.1:{port}/hook", "hi", timeout=2) == GENERIC_FAILURE


def test_a_webhook_that_redirects_is_not_followed(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    seen: list[str] = []

    class Redirect(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            seen.append(self.path)
            self.send_response(307)
            self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Redirect)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/hook"
        assert discord.post_json(url, "hi", timeout=2) == "the webhook answered HTTP 307"
        assert seen == ["/hook"]
    finally:
        server.shutdown()
        server.server_close()
