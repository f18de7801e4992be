"""Types: mypy (with django-stubs) finds no error in genius/ and games/ beyond the shrinking list of those
still to fix (types-baseline.txt), and the ratchet that holds it fails on a new error and on a fixed one."""

from __future__ import annotations

from collections import Counter

from genius.testing import typecheck

OUTPUT = """genius/a.py:3: error: Incompatible return value type (got "int", expected "str")  [return-value]
genius/a.py:9: note: See https://example.invalid
genius/b.py:12:5: error: Name "x" is not defined  [name-defined]
"""


def test_mypys_errors_are_read_without_their_line_numbers():
    assert typecheck.findings(OUTPUT) == Counter({
        'genius/a.py: Incompatible return value type (got "int", expected "str")  [return-value]': 1,
        'genius/b.py: Name "x" is not defined  [name-defined]': 1,
    })


def test_a_new_error_and_a_fixed_one_are_both_reported():
    found = typecheck.findings(OUTPUT)
    listed = typecheck.read_baseline("# header\ngenius/b.py: Name \"x\" is not defined  [name-defined]\n"
                                     "genius/c.py: gone  [misc]\n")
    new, fixed = typecheck.compare(found, listed)
    assert new == ['genius/a.py: Incompatible return value type (got "int", expected "str")  [return-value]']
    assert fixed == ["genius/c.py: gone  [misc]"]


def test_the_same_error_twice_in_a_file_needs_two_entries():
    found = typecheck.findings(OUTPUT + OUTPUT)
    new, fixed = typecheck.compare(found, typecheck.findings(OUTPUT))
    assert len(new) == 2 and not fixed


def test_mypy_finds_no_type_error_beyond_the_baseline(capsys):
    code = typecheck.main([])
    out = capsys.readouterr()
    assert code == 0, out.out + out.err
