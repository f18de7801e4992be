"""One host guard: ``genius/access/hosts.py`` decides who may host, and every host-only page wears its guard.

The URL resolver is walked: a page is host-only by its name (``host`` in it, or one of the host's match and
Death Match pages) or by the guard's marker; each must carry the marker, and a signed-in player who is not a
host is refused it. And no module under ``genius/`` reads ``is_staff`` (hosting comes from a community role) (the accounts' name
policy and the management commands set it up or read it for their own ends, not to let someone in).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from genius.access import guards, hosts

GENIUS = Path(__file__).resolve().parents[2] / "genius"
#: Host-only pages whose name does not say "host".
HOST_PAGES = {"match-export", "match-control", "dm-new"}
#: Pages another library guards: Django's admin (its own staff check) and log-in pages.
NOT_OURS = {"admin"}
#: Where ``is_staff`` may be read for something other than letting someone in.
STAFF_READERS_ALLOWED = ("accounts/",)


def site_pages() -> Iterator[tuple[str, str, URLPattern]]:
    """(route, name, pattern) of every URL of the site, leaving out the admin's."""

    def walk(patterns, prefix: str) -> Iterator[tuple[str, str, URLPattern]]:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if entry.namespace in NOT_OURS:
                    continue
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                yield prefix + str(entry.pattern), entry.name or "", entry

    yield from walk(get_resolver().url_patterns, "")


def marker_of(view) -> str | None:
    """The guard's marker on a view or on anything it wraps (None: unguarded)."""
    while view is not None:
        found = getattr(view, guards.MARKER, None)
        if found is not None:
            return found
        view = getattr(view, "__wrapped__", None)
    return None


def host_only(route: str, name: str, pattern: URLPattern) -> bool:
    return "host" in name or route.startswith("host/") or name in HOST_PAGES or marker_of(pattern.callback) is not None


def host_pages() -> list[tuple[str, str, URLPattern]]:
    return [page for page in site_pages() if host_only(*page)]


def test_every_host_only_page_wears_the_one_host_guard():
    pages = host_pages()
    names = {name for _, name, _ in pages}
    assert {"host-index", "host-new-lobby", "host-lobby-setup", "season-host"} | HOST_PAGES <= names
    unguarded = [name for _, name, pattern in pages if marker_of(pattern.callback) is None]
    assert not unguarded, f"host-only pages without the guard of genius.access.guards: {unguarded}"


def test_the_guard_marker_says_what_the_page_is_about():
    by_name = {name: marker_of(pattern.callback) for _, name, pattern in host_pages()}
    assert by_name["host-index"] == by_name["host-new-lobby"] == by_name["dm-new"] == "site"
    assert by_name["host-lobby-setup"] == by_name["match-export"] == by_name["match-control"] == "match"
    assert by_name["season-host"] == "season"


def staff_reads(root: Path = GENIUS) -> list[str]:
    """``path:line`` of every read of ``is_staff`` (``x.is_staff`` or the name as a string, as in ``getattr``)
    under ``root`` outside the allowed places."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        if where.startswith(STAFF_READERS_ALLOWED) or "/management/commands/" in where or "/migrations/" in where:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr == "is_staff") or (
                    isinstance(node, ast.Constant) and node.value == "is_staff"):
                found.append(f"{where}:{node.lineno}")
    return found


def test_only_the_access_module_reads_is_staff():
    assert not staff_reads(), "read is_staff through genius.access.hosts (may_host, is_host_of, ...)"


def test_the_scan_finds_a_staff_check_anywhere_else(tmp_path):
    (tmp_path / "seasons").mkdir()
    (tmp_path / "seasons" / "views.py").write_text(
        "def page(request):\n    return request.user.is_staff or getattr(request.user, 'is_staff')\n")
    (tmp_path / "accounts").mkdir()
    (tmp_path / "accounts" / "forms.py").write_text("def reserved(user):\n    return not user.is_staff\n")
    assert staff_reads(tmp_path) == ["seasons/views.py:2", "seasons/views.py:2"]


def converters_of(route: str) -> set[str]:
    """The names a full route takes, its includes' prefixes too (``designs/<int:pk>/phases/<str:key>/``)."""
    return set(re.findall(r"<(?:\w+:)?(\w+)>", route))


def url_of(route: str, name: str, match, season) -> str:
    keys = converters_of(route)
    kwargs = {"pk": match.pk} if "pk" in keys else {}
    if "slug" in keys:
        kwargs["slug"] = season.slug if name.startswith("season") else match.game
    kwargs.update({key: "x" for key in keys - {"pk", "slug"}})  # e.g. a design's phase and field keys
    return reverse(name, kwargs=kwargs)


@pytest.mark.django_db
def test_a_signed_in_player_who_is_not_a_host_is_refused_every_host_page(rgb_match, ana):
    client = Client()
    client.force_login(ana)
    for route, name, _pattern in host_pages():
        url = url_of(route, name, rgb_match, rgb_match.season)
        for method in (client.get, client.post):
            status = method(url).status_code
            assert status in (403, 404, 405), f"{name} answered {status} to a player"


@pytest.mark.django_db
def test_a_host_without_a_seat_opens_the_host_pages_a_seated_staff_user_does_not(rgb_match, host, make_user):
    seated = make_user("chief", staff=True)
    rgb_match.seats.filter(name="cat").update(user=seated, is_bot=False)
    as_host, as_seated = Client(), Client()
    as_host.force_login(host)
    as_seated.force_login(seated)
    export = reverse("match-export", args=[rgb_match.pk])
    assert as_host.get(export).status_code == 200
    assert as_seated.get(export).status_code == 404
    assert as_host.get(reverse("host-index")).status_code == as_seated.get(reverse("host-index")).status_code == 200
    assert hosts.is_host_of(rgb_match, host) and not hosts.is_host_of(rgb_match, seated)
