"""Markdown written by hosts is shown as Markdown, and never as HTML or script."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from genius.matches.safe_markdown import render, render_with_toc
from tests.security.strategies import hostile_text


@pytest.mark.parametrize("text", [
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href='javascript:alert(1)'>x</a>",
    "[x](javascript:alert(1))", "[x](JaVaScRiPt:alert(1))", "[x](data:text/html,<script>alert(1)</script>)",
    "<iframe src=//evil>", "<svg onload=alert(1)>", "<div style='x'>", "![p](https://track.example/p.png)",
    "```\n<script>\n```", "<!-- <script> -->", "[x][r]\n\n[r]: javascript:alert(1)",
])
def test_raw_html_and_script_links_never_reach_the_page(text):
    lowered = render(text).lower()
    assert not re.search(r"<(script|img|iframe|svg|div|style)\b", lowered)
    assert not re.search(r"<[a-z][^>]*\son\w+\s*=", lowered)  # no tag carries an event handler
    assert not re.search(r"<[a-z][^>]*(href|src)\s*=\s*[\"']?\s*(javascript|data):", lowered)


def test_markdown_is_rendered():
    html = render("## Win\n\n**Bid** [here](https://example.org) and `code`\n\n- a\n- b")
    assert "<h2>Win</h2>" in html and "<strong>Bid</strong>" in html and "<code>code</code>" in html
    assert 'href="https://example.org"' in html and 'rel="nofollow noopener noreferrer"' in html and "<li>a</li>" in html


def test_a_rules_page_gets_a_table_of_contents_with_prefixed_ids():
    shown = render_with_toc("## One\n\ntext\n\n## Two\n\n### Two b")
    assert 'id="r-one"' in shown.html and 'href="#r-two"' in shown.toc
    assert render_with_toc("## Only one").toc == ""


@settings(max_examples=60, deadline=None)
@given(st.one_of(hostile_text, st.text()))
def test_any_text_renders_without_failing_or_raw_tags(text):
    html = render(text)
    assert "<script" not in html.lower()
