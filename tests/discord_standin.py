"""A stand-in for Discord's OAuth2 endpoints on 127.0.0.1 (the real ones cannot be reached from the tests).

It answers what allauth's Discord provider calls, at the paths Discord has under ``/api``:

- ``GET /api/oauth2/authorize``: the person "approves" at once; it redirects to ``redirect_uri`` with a
  one-time ``code`` and the ``state`` it was given (a wrong ``client_id`` gets 400, as Discord answers);
- ``POST /api/oauth2/token``: that code (once, for the same ``redirect_uri``, with the app's id and secret)
  for an access token;
- ``GET /api/users/@me``: the Discord user of that token (``Authorization: Bearer …``).

Point the site at it with ``DISCORD_API_URL = standin.api`` and the app keys ``CLIENT_ID``/``SECRET``.
"""

from __future__ import annotations

import base64
import json
import secrets
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

CLIENT_ID = "123456789012345678"
SECRET = "stand-in-secret"


@dataclass
class DiscordUser:
    id: str
    username: str
    email: str | None = None
    verified: bool = True
    global_name: str | None = None

    def me(self) -> dict:
        return {"id": self.id, "username": self.username, "global_name": self.global_name, "discriminator": "0",
                "avatar": None, "email": self.email, "verified": self.verified, "locale": "en-US",
                "mfa_enabled": False}


@dataclass
class DiscordStandIn:
    """The server; ``user`` is who "approves" the next authorization (set it before each sign-in)."""

    user: DiscordUser
    calls: list[str] = field(default_factory=list)
    codes: dict[str, tuple[str, DiscordUser]] = field(default_factory=dict)
    tokens: dict[str, DiscordUser] = field(default_factory=dict)

    def __post_init__(self) -> None:
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def _json(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                url = urlsplit(self.path)
                standin.calls.append(f"GET {url.path}")
                if url.path == "/api/oauth2/authorize":
                    query = {k: v[0] for k, v in parse_qs(url.query).items()}
                    if query.get("client_id") != CLIENT_ID or query.get("response_type") != "code":
                        return self._json(400, {"error": "invalid_request"})
                    code = secrets.token_urlsafe(12)
                    standin.codes[code] = (query["redirect_uri"], standin.user)
                    self.send_response(302)
                    self.send_header("Location", f"{query['redirect_uri']}?{urlencode({'code': code, 'state': query.get('state', '')})}")
                    self.end_headers()
                    return None
                if url.path == "/api/users/@me":
                    token = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
                    user = standin.tokens.get(token)
                    if user is None:
                        return self._json(401, {"message": "401: Unauthorized", "code": 0})
                    return self._json(200, user.me())
                return self._json(404, {"message": "404: Not Found"})

            def do_POST(self) -> None:  # noqa: N802
                url = urlsplit(self.path)
                standin.calls.append(f"POST {url.path}")
                if url.path != "/api/oauth2/token":
                    return self._json(404, {"message": "404: Not Found"})
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(int(self.headers["Content-Length"])).decode()).items()}
                client_id, secret = form.get("client_id"), form.get("client_secret")
                if self.headers.get("Authorization", "").startswith("Basic "):
                    client_id, _, secret = base64.b64decode(self.headers["Authorization"][6:]).decode().partition(":")
                issued = standin.codes.pop(form.get("code", ""), None)
                if (client_id, secret) != (CLIENT_ID, SECRET) or issued is None or issued[0] != form.get("redirect_uri") \
                        or form.get("grant_type") != "authorization_code":
                    return self._json(400, {"error": "invalid_grant"})
                token = secrets.token_urlsafe(16)
                standin.tokens[token] = issued[1]
                return self._json(200, {"access_token": token, "token_type": "Bearer", "expires_in": 604800,
                                        "refresh_token": secrets.token_urlsafe(8), "scope": "identify email"})

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.api = f"http://127.0.0.1:{self.server.server_address[1]}/api"
        threading.Thread(target=self.server.serve_forever, daemon=True, name="discord-stand-in").start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def settings(self) -> dict:
        """The settings that turn sign-in with Discord on and point it here."""
        return {"DISCORD_API_URL": self.api,
                "SOCIALACCOUNT_PROVIDERS": {"discord": {"APPS": [{"client_id": CLIENT_ID, "secret": SECRET, "key": ""}],
                                                        "SCOPE": ["identify", "email"]}}}
