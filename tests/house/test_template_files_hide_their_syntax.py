"""No template file holds syntax that Django prints as text.

Django reads a tag, a variable or a ``{# #}`` comment only on one line: a ``{#`` closed on a later line is not a
comment but text, printed on the page (issue 37: a two-line ``{# #}`` in ``templates/games/match.html`` showed
above every match board). A comment over several lines is a ``{% comment %}`` block. Every template file is
read by Django's own lexer: any ``{#``, ``{%`` or ``{{`` left in its text (outside ``{% comment %}`` and
``{% verbatim %}``) fails, with the file and line.
"""

from __future__ import annotations

from pathlib import Path

from django.template.base import Lexer, TokenType

ROOT = Path(__file__).resolve().parents[2]
#: The template files: the site's folder, each app's ``templates``, and any template kept with a game.
TEMPLATE_SUFFIXES = (".html", ".txt", ".xml", ".svg")
OPENINGS = ("{#", "{%", "{{")


def template_files(root: Path = ROOT) -> list[Path]:
    found = [p for p in (root / "templates").rglob("*") if p.is_file()]
    found += [p for p in (root / "genius").rglob("templates/**/*") if p.is_file()]
    found += [p for p in (root / "games").rglob("*") if p.is_file() and p.suffix in TEMPLATE_SUFFIXES]
    return sorted(set(found))


def syntax_shown_as_text(source: str) -> list[tuple[int, str]]:
    """(line, text) of every template opening Django would print as text."""
    found = []
    commented = 0
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            word = token.contents.split()[0] if token.contents.split() else ""
            commented += {"comment": 1, "endcomment": -1, "verbatim": 1, "endverbatim": -1}.get(word, 0)
        elif token.token_type == TokenType.TEXT and not commented:
            for offset, line in enumerate(token.contents.split("\n")):
                marks = [mark for mark in OPENINGS if mark in line]
                if marks:
                    found.append(((token.lineno or 1) + offset, line.strip()[:80]))
    return found


def test_no_template_file_holds_syntax_django_would_print_as_text():
    files = template_files()
    assert any(p.name == "match.html" for p in files) and any("/genius/" in p.as_posix() for p in files)
    problems = [f"{path.relative_to(ROOT)}:{line}: {text}"
                for path in files for line, text in syntax_shown_as_text(path.read_text(encoding="utf-8"))]
    assert not problems, "a {# #} comment over several lines is text in Django: use {% comment %}\n" + "\n".join(
        problems)


def test_the_scan_sees_a_comment_over_two_lines_and_passes_the_right_ones():
    assert syntax_shown_as_text("<p>\n{# a note\n   on two lines #}\n</p>") == [(2, "{# a note")]
    assert syntax_shown_as_text("{{ a\n }}")
    assert syntax_shown_as_text("{% if\n x %}")
    assert not syntax_shown_as_text("{# one line #}{% comment %}\n{# a\n b #}\n{% endcomment %}{{ x }}")
    assert not syntax_shown_as_text("{% verbatim %}{{ shown on purpose }}{% endverbatim %}")


def test_the_scan_finds_a_bad_template_anywhere(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "genius" / "app" / "templates" / "app").mkdir(parents=True)
    (tmp_path / "games" / "a_game").mkdir(parents=True)
    (tmp_path / "genius" / "app" / "templates" / "app" / "page.html").write_text("{# x\n#}")
    (tmp_path / "games" / "a_game" / "part.html").write_text("ok")
    assert [p.name for p in template_files(tmp_path)] == ["part.html", "page.html"]
