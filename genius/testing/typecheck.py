"""The type check: mypy over ``genius/`` and ``games/`` ([tool.mypy] in pyproject.toml) finds no error.

``bin/test`` runs this before the tests; any error fails the run (type the code: a ``# type: ignore[code]``
only with its reason, where the stubs cannot say what the code does). mypy's own failure (a crash, a bad
config) is told apart from a finding.

    python -m genius.testing.typecheck
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: ``genius/x.py:12: error: Message  [code]`` (mypy's --show-error-codes form, one error a line).
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+(?::\d+)?: error: (?P<message>.*)$")


def findings(output: str) -> list[str]:
    """mypy's error lines (its notes left out)."""
    return [line for line in output.splitlines() if ERROR.match(line)]


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
    if found:
        print(output, end="")
        print(f"types: mypy finds {len(found)} error{'' if len(found) == 1 else 's'}", file=sys.stderr)
        return 1
    print("types: mypy finds no error")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
