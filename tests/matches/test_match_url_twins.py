"""The match page's address a move goes back to, built from the route reversed once per script prefix
(``genius.matches.match_urls.match_url``), is the route's own (``match_url_plainly``) under any prefix."""

from __future__ import annotations

from django.urls import get_script_prefix, set_script_prefix

from genius.matches.match_urls import match_url, match_url_plainly


def test_the_match_url_a_move_goes_back_to_is_the_routes_own_under_any_script_prefix():
    before = get_script_prefix()
    try:
        for prefix in ("/", "/genius/", "/987654321/"):
            set_script_prefix(prefix)
            for pk in (1, 42, 987654321, 10**12):
                assert match_url(pk) == match_url_plainly(pk)
    finally:
        set_script_prefix(before)
