"""A page's form as a browser would post it, unchanged: every box's value (checked boxes and radios only, the
selected options, textareas' text), for tests that save a page back as it was shown."""

from __future__ import annotations

import html
from html.parser import HTMLParser
from typing import Any


class _FormReader(HTMLParser):
    def __init__(self, form_id: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.done = form_id, False, False
        self.values: list[tuple[str, str]] = []
        self.textarea: str | None = None
        self.text: list[str] = []
        self.select: str | None = None
        self.option: tuple[str, bool] | None = None
        self.option_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a: dict[str, Any] = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form" and not self.done and not self.inside:
            self.inside = (a.get("id") == self.form_id) if self.form_id else "design-form" in a.get("class", "").split()
            return
        if not self.inside or (tag != "option" and not a.get("name")):
            return
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "file", "image", "reset"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.values.append((a["name"], a.get("value", "on" if kind in ("checkbox", "radio") else "")))
        elif tag == "textarea":
            self.textarea, self.text = a["name"], []
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and self.select is not None:
            self.option, self.option_text = (a.get("value"), "selected" in a), []

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text.append(data)
        if self.option is not None:
            self.option_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.inside:
            self.inside, self.done = False, True
        elif tag == "textarea" and self.textarea is not None:
            text = "".join(self.text)
            self.values.append((self.textarea, text[1:] if text.startswith("\n") else text))
            self.textarea = None
        elif tag == "option" and self.option is not None and self.select is not None:
            value, selected = self.option
            if selected:
                self.values.append((self.select, value if value is not None else "".join(self.option_text)))
            self.option = None
        elif tag == "select":
            self.select = None


def form_values(page: str, form_id: str | None = None) -> dict[str, list[str]]:
    """The values the form ``form_id`` (else the page's first designer form) would send, by name."""
    reader = _FormReader(form_id)
    reader.feed(page)
    out: dict[str, list[str]] = {}
    for name, value in reader.values:
        out.setdefault(html.unescape(name), []).append(value)
    return out
