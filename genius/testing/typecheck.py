"""The type check's ratchet: mypy over ``genius/`` and ``games/`` ([tool.mypy] in pyproject.toml), held to a list.

``types-baseline.txt`` lists the errors mypy still finds (file, message and code; no line numbers, so
moving code does not touch it). ``bin/test`` runs this before the tests:

- an error that is not in the list fails the run: type the new code (no ``# type: ignore`` sprinkles);
- an error in the list that mypy no longer finds fails it too, so the list only shrinks: take it out
  with ``--update`` (which also takes in the errors of code that merely moved: look at its diff).

The list is empty once the site is clean; then this is plain ``mypy``.

    python -m genius.testing.typecheck            check
    python -m genius.testing.typecheck --update   write the list anew from mypy's findings
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "types-baseline.txt"
#: ``genius/x.py:12: error: Message  [code]`` (mypy's --show-error-codes form, one error a line).
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+(?::\d+)?: error: (?P<message>.*)$")


def findings(output: str) -> Counter[str]:
    """mypy's errors as ``path: message`` lines, counted (the same error twice in a file counts twice)."""
    found: Counter[str] = Counter()
    for line in output.splitlines():
        match = ERROR.match(line)
        if match:
            found[f"{match['path']}: {match['message']}"] += 1
    return found


def read_baseline(text: str) -> Counter[str]:
    return Counter(line for line in text.splitlines() if line.strip() and not line.startswith("#"))


def compare(found: Counter[str], listed: Counter[str]) -> tuple[list[str], list[str]]:
    """The errors mypy found beyond the list, and the listed ones it no longer finds."""
    return sorted((found - listed).elements()), sorted((listed - found).elements())


def run_mypy() -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--show-error-codes",
                           "--no-pretty", "--no-color-output"], cwd=ROOT, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def main(argv: list[str]) -> int:
    code, output = run_mypy()
    found = findings(output)
    if code not in (0, 1) or (code == 1 and not found):  # mypy itself failed (a crash, a bad config)
        print(output, file=sys.stderr)
        return 2
    if "--update" in argv:
        header = "# mypy's errors still to fix (genius/testing/typecheck.py); this list only shrinks.\n"
        BASELINE.write_text(header + "".join(f"{line}\n" for line in sorted(found.elements())))
        print(f"types-baseline.txt: {sum(found.values())} errors listed")
        return 0
    new, fixed = compare(found, read_baseline(BASELINE.read_text() if BASELINE.exists() else ""))
    for line in new:
        print(f"new type error: {line}")
    for line in fixed:
        print(f"fixed, take it out of types-baseline.txt (--update): {line}")
    if new or fixed:
        print(f"types: {len(new)} new errors, {len(fixed)} fixed ones still listed", file=sys.stderr)
        return 1
    print(f"types: mypy finds nothing new ({sum(found.values())} errors listed in types-baseline.txt still to fix)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
