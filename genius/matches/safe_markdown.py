"""Markdown written by people (a host's rules, announcements) turned into HTML that is safe to show.

Raw HTML in the text is never passed through: Python-Markdown's HTML block and inline HTML readers are
switched off, so ``<script>`` is shown as the text it is; the result is then sanitized by ``nh3``
(allowed tags only, no attributes but a few, links only to http(s)/mailto, no images) in case a
Markdown construct builds something unexpected. Ours (``RULES.md``) is rendered elsewhere, unsanitized.
"""

from __future__ import annotations

from dataclasses import dataclass

import markdown
import nh3
from django.utils.safestring import SafeString, mark_safe

#: The tags Markdown produces that a host's text may use (no images: no tracking pixels on our pages).
TAGS = {
    "a", "abbr", "blockquote", "br", "code", "del", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "li",
    "ol", "p", "pre", "strong", "table", "tbody", "td", "th", "thead", "tr", "ul",
}
ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}, "td": {"align"}, "th": {"align"},
              **{f"h{n}": {"id"} for n in range(1, 7)}}
SCHEMES = {"http", "https", "mailto"}
#: Headings' ids are prefixed, so a host's heading never takes the id of a part of our page.
ID_PREFIX = "r-"


@dataclass(frozen=True)
class Rendered:
    """Safe HTML of a text, and its table of contents (empty when it has fewer than two headings)."""

    html: SafeString
    toc: SafeString


def _slug(value: str, separator: str) -> str:
    from markdown.extensions.toc import slugify_unicode

    return ID_PREFIX + (slugify_unicode(value, separator) or "part")


def _markdown(toc: bool) -> markdown.Markdown:
    extensions = ["tables", "fenced_code", "sane_lists"] + (["toc"] if toc else [])
    md = markdown.Markdown(extensions=extensions,
                           extension_configs={"toc": {"toc_depth": "2-3", "permalink": False, "slugify": _slug}})
    md.preprocessors.deregister("html_block")  # raw HTML blocks: shown as text
    md.inlinePatterns.deregister("html")  # inline tags: shown as text
    return md


def clean(html: str) -> str:
    """``html`` with only the allowed tags, attributes and link schemes kept."""
    return nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, url_schemes=SCHEMES, link_rel="nofollow noopener noreferrer",
                     strip_comments=True)


def _text(text: str) -> str:
    """``text`` with lone surrogates (which no page can carry) replaced by U+FFFD."""
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text or "")


def render(text: str) -> SafeString:
    """``text`` (Markdown, possibly hostile) as safe HTML."""
    return mark_safe(clean(_markdown(toc=False).convert(_text(text))))  # noqa: S308 - sanitized just above


def render_with_toc(text: str) -> Rendered:
    """``text`` as safe HTML with a table of contents of its level 2 and 3 headings (for a rules page)."""
    md = _markdown(toc=True)
    html = clean(md.convert(_text(text)))
    toc = md.toc if md.toc.count("<li") >= 2 else ""  # type: ignore[attr-defined]  # the toc extension adds it
    return Rendered(mark_safe(html), mark_safe(clean(toc)))  # noqa: S308 - sanitized
