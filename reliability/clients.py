"""Players and open pages over the real ASGI server: HTTP with a cookie jar, and the live page's websocket.

``Player`` signs in and sends moves through the match page's form, as a browser would. ``LivePage``
behaves like ``static/genius/live.js``: it keeps the match's sequence number, reconnects with the
same back-off when the socket closes, and on ``hello`` with another number fetches ``/live/``.
"""

from __future__ import annotations

import http.cookiejar
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

TIMEOUT = 30


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D401 - keep the 302 as the answer
        return None


@dataclass
class Answer:
    """One HTTP request's outcome: ``saved``, ``refused`` (a clear 400), ``unavailable`` (the 503 page),
    ``ok`` (any other success), or ``error`` (a server error or no answer)."""

    kind: str
    status: int
    text: str
    sent_at: float
    answered_at: float


def classify(status: int, body: str) -> str:
    if status in (200, 302):
        return "ok"
    if status == 400:
        return "refused"
    if status == 503 and "Try again" in body:
        return "unavailable"
    return "error"


class Player:
    """A signed-in person using the site through its pages."""

    def __init__(self, base: str, username: str, password: str) -> None:
        self.base = base.rstrip("/")
        self.username = username
        self.password = password
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect)

    def _cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def request(self, path: str, data: dict | None = None) -> Answer:
        body = None if data is None else urllib.parse.urlencode(data, doseq=True).encode()
        req = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + path})
        sent = time.monotonic()
        try:
            with self.opener.open(req, timeout=TIMEOUT) as resp:
                status, text = resp.status, resp.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            status, text = exc.code, exc.read().decode("utf-8", "replace")
        except OSError as exc:  # refused, reset, timed out: the server gave no answer
            return Answer("error", 0, f"no answer: {exc}", sent, time.monotonic())
        return Answer(classify(status, text), status, text, sent, time.monotonic())

    def login(self) -> None:
        first = self.request("/accounts/login/")
        if first.status != 200:
            raise RuntimeError(f"the login page answered {first.status}")
        answer = self.request("/accounts/login/", {"csrfmiddlewaretoken": self._cookie("csrftoken"),
                                                   "login": self.username, "password": self.password})
        if answer.status != 302:
            raise RuntimeError(f"{self.username} could not sign in ({answer.status})")

    def submit(self, match_id: int, phase_number: int, fields: dict) -> Answer:
        """Post a move through the match page's form; a 302 back to the match page means it was saved."""
        data = {"csrfmiddlewaretoken": self._cookie("csrftoken"), "phase": str(phase_number), **fields}
        answer = self.request(f"/matches/{match_id}/submit/", data)
        if answer.kind == "ok" and answer.status == 302:
            answer.kind = "saved"
        return answer

    def session_cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


class LivePage(threading.Thread):
    """An open match page's live connection, run in a thread until ``stop()``."""

    def __init__(self, base: str, match_id: int, cookie: str = "") -> None:
        super().__init__(daemon=True)
        self.base = base.rstrip("/")
        self.match_id = match_id
        self.cookie = cookie
        self.seq = -1
        self.connects = 0
        self.closes = 0
        self.resyncs = 0
        self.errors: list[str] = []
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.socket = None

    def _resync(self) -> None:
        req = urllib.request.Request(f"{self.base}/matches/{self.match_id}/live/",
                                     headers={"Cookie": self.cookie} if self.cookie else {})
        with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
            data = json.loads(resp.read())
        with self.lock:
            self.seq = int(data["seq"])
            self.resyncs += 1

    def _on(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "hello":
            if message.get("seq") != self.seq:
                self._resync()
        elif kind == "update":
            seq = int(message["seq"])
            if message.get("full") or seq in (self.seq, self.seq + 1):
                with self.lock:
                    self.seq = seq
            elif seq > self.seq + 1:
                self._resync()

    def run(self) -> None:
        from websockets.sync.client import connect

        url = self.base.replace("http://", "ws://") + f"/ws/matches/{self.match_id}/"
        headers = {"Origin": self.base, **({"Cookie": self.cookie} if self.cookie else {})}
        retry = 0.5
        try:
            self._resync()  # the page as loaded
        except OSError as exc:
            self.errors.append(f"first load: {exc}")
        while not self.stopping.is_set():
            try:
                with connect(url, additional_headers=headers, open_timeout=10, close_timeout=2) as ws:
                    self.socket = ws
                    self.connects += 1
                    retry = 0.5
                    while not self.stopping.is_set():
                        try:
                            raw = ws.recv(timeout=0.5)
                        except TimeoutError:
                            continue
                        self._on(json.loads(raw))
            except Exception as exc:  # closed, refused, or the server went away: reconnect like live.js
                if self.stopping.is_set():
                    break
                self.closes += 1
                self.errors.append(type(exc).__name__)
            finally:
                self.socket = None
            self.stopping.wait(retry)
            retry = min(retry * 2, 10.0)

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=15)
