"""Every answer carries a Content-Security-Policy that runs only the site's own script files (issue 37): no inline
script, no ``on…=`` handler, no ``javascript:`` address, no eval; never framed, no plugins, forms posted to the
site (and Discord's sign-in), live updates over the site's own websockets. The pages hold nothing the policy
would block (a guard over every template and script file)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client, override_settings

from genius.middleware import content_security_policy

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def _directives(header: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for part in header.split(";"):
        name, *values = part.split()
        found[name] = values
    return found


@pytest.mark.parametrize("path", ["/", "/c/", "/accounts/login/", "/accounts/signup/", "/admin/login/",
                                  "/no-such-page/", "/static/genius/live.js", "/static/vendor/pico.min.css"])
def test_every_answer_carries_the_content_security_policy(client, path):
    response = client.get(path)
    assert response.status_code in (200, 302, 404)
    policy = _directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["default-src"] == ["'self'"]
    assert policy["form-action"][0] == "'self'" and policy["img-src"] == ["'self'", "data:"]
    assert policy["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"]
    assert not any("unsafe-eval" in value or "*" in value for values in policy.values() for value in values)
    assert all("unsafe-inline" not in values for name, values in policy.items() if name != "style-src")


def test_a_match_page_and_the_admin_carry_the_policy(client, host):
    from genius.matches.services import lifecycle

    match = lifecycle.create_match(game="rituals-gone-bad", title="Watched", seed=3)
    client.force_login(host)
    for path in (f"/matches/{match.pk}/", "/admin/", "/designs/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "script-src 'self';" in response["Content-Security-Policy"]


def test_a_refused_host_name_gets_the_policy_without_naming_it():
    response = Client(HTTP_HOST="evil.example").get("/")
    assert response.status_code == 400
    assert "evil.example" not in response["Content-Security-Policy"]
    assert "connect-src 'self';" in response["Content-Security-Policy"]


def test_forms_may_be_sent_on_to_discords_sign_in_only():
    with override_settings(DISCORD_API_URL="https://discord.com/api"):
        assert _directives(content_security_policy("genius.example"))["form-action"] == [
            "'self'", "https://discord.com"]
    with override_settings(DISCORD_API_URL="not an address"):
        assert _directives(content_security_policy("genius.example"))["form-action"] == ["'self'"]


# --- the guard: nothing in the pages that the policy would block -----------------------------------------------

def _page_files() -> list[Path]:
    folders = [ROOT / "templates", *ROOT.glob("genius/*/templates"), ROOT / "games", ROOT / "static" / "genius",
               *ROOT.glob("genius/*/static")]
    return sorted(p for folder in folders for p in folder.rglob("*")
                  if p.is_file() and p.suffix in (".html", ".svg", ".txt", ".xml"))


def _script_files() -> list[Path]:
    folders = [ROOT / "static" / "genius", *ROOT.glob("genius/*/static"), *ROOT.glob("games/*/static")]
    return sorted(p for folder in folders for p in folder.rglob("*.js") if p.is_file())


TAG = re.compile(r"<[a-zA-Z][^<>]*>")
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/(?:ld\+)?json\")[^>]*>", re.I)
HANDLER = re.compile(r"(?:^|\s)(?:data-)?on[a-z]+\s*=", re.I)
EVAL_ATTRIBUTES = re.compile(r"\b(?:data-)?hx-(?:on\b|on:|on-|vars\b)|hx-vals\s*=\s*['\"]\s*(?:js|javascript):"
                             r"|hx-trigger\s*=\s*['\"][^'\"]*\[", re.I)


def test_no_template_has_an_inline_script_a_handler_or_a_javascript_address():
    files = _page_files()
    assert any(p.name == "base.html" for p in files) and len(files) > 50
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        where = str(path.relative_to(ROOT))
        found += [f"{where}: inline script {m.group(0)!r}" for m in INLINE_SCRIPT.finditer(text)]
        for tag in TAG.findall(text):
            if HANDLER.search(tag):
                found.append(f"{where}: handler in {tag[:80]!r}")
            if EVAL_ATTRIBUTES.search(tag):
                found.append(f"{where}: htmx eval in {tag[:80]!r}")
        if re.search(r"javascript:", text, re.I):
            found.append(f"{where}: javascript: address")
    assert found == []


def test_no_script_file_evaluates_strings_or_sets_a_handler_attribute():
    files = _script_files()
    assert any(p.name == "live.js" for p in files)
    banned = re.compile(r"\beval\s*\(|new\s+Function\s*\(|set(?:Timeout|Interval)\s*\(\s*['\"`]"
                        r"|setAttribute\(\s*['\"]on|javascript:|hx-on", re.I)
    found = [f"{p.relative_to(ROOT)}: {m.group(0)!r}" for p in files
             for m in banned.finditer(p.read_text(encoding="utf-8", errors="replace"))]
    assert found == []


def test_htmx_is_told_not_to_eval():
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    assert '"allowEval": false' in base
