"""Types: the check that bin/test runs once (mypy with django-stubs over genius/ and games/) fails on any error
and tells mypy's own failure apart."""

from __future__ import annotations

import pytest

from genius.testing import typecheck

OUTPUT = """genius/a.py:3: error: Incompatible return value type (got "int", expected "str")  [return-value]
genius/a.py:9: note: See https://example.invalid
genius/b.py:12:5: error: Name "x" is not defined  [name-defined]
"""


def test_mypys_errors_are_read_and_its_notes_left_out():
    assert typecheck.findings(OUTPUT) == [
        'genius/a.py:3: error: Incompatible return value type (got "int", expected "str")  [return-value]',
        'genius/b.py:12:5: error: Name "x" is not defined  [name-defined]',
    ]


def test_one_error_fails_the_check_and_is_shown(monkeypatch, capsys):
    monkeypatch.setattr(typecheck, "run_mypy", lambda: (1, OUTPUT))
    assert typecheck.main([]) == 1
    out = capsys.readouterr()
    assert 'Name "x" is not defined' in out.out and "2 errors" in out.err


@pytest.mark.parametrize("code, output", [(2, "mypy: error: bad config\n"), (1, "Traceback: a crash\n")])
def test_mypy_failing_itself_is_not_taken_for_a_pass(monkeypatch, capsys, code, output):
    monkeypatch.setattr(typecheck, "run_mypy", lambda: (code, output))
    assert typecheck.main([]) == 2
    assert output.strip() in capsys.readouterr().err
