"""``manage.py replay FILE``: play a match file through its engine and print the result as JSON.

Any file that is not a valid match file (MATCHFILE.md) gets exit status 2 and one line on
standard error, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import NoReturn

from django.core.management.base import BaseCommand, CommandParser
from tqdm import tqdm

from games.engines import matchfile
from games.engines.matchfile import MatchFileError
from games.kit.numbers import int_argument
from genius.progress import bar


class Command(BaseCommand):
    help = "Play a match file through the game's engine (no database, no clock) and print the result as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the match file (JSON), or - for standard input")
        parser.add_argument("--until", type=int_argument(0, matchfile.MAX_PHASES), default=None,
                            help="stop after N phases")
        parser.add_argument("--progress", action="store_true",
                            help="draw a progress bar on standard error (even when it is no terminal)")

    def handle(self, *args, **options) -> None:
        path = options["file"]
        try:
            text = self._read(path)
        except OSError as exc:
            self._fail(f"cannot read {path}: {exc.strerror or exc}")
        try:
            doc = matchfile.parse(text)
            with bar(unit="phase", desc="replay", force=options["progress"]) as progress:
                result = matchfile.replay(doc, until=options["until"], progress=_advance(progress))
            out = json.dumps(result, indent=2, ensure_ascii=False)
        except MatchFileError as exc:
            self._fail(str(exc))
        except Exception as exc:  # an engine that fails on a file it should have refused: still one line
            self._fail(f"this file could not be played ({type(exc).__name__}: {_first_line(exc)}); "
                       "please report it with the file")
        self.stdout.write(out)

    @staticmethod
    def _read(path: str) -> bytes:
        """At most one byte more than a match file may hold (the parser refuses the rest unread)."""
        if path == "-":
            return sys.stdin.buffer.read(matchfile.MAX_BYTES + 1)
        with open(path, "rb") as handle:
            return handle.read(matchfile.MAX_BYTES + 1)

    def _fail(self, message: str) -> NoReturn:
        line = " ".join(message.split())  # one line, whatever the message holds
        encoding = sys.stderr.encoding or "utf-8"
        sys.stderr.write(f"replay: {line}\n".encode(encoding, "backslashreplace").decode(encoding))
        sys.exit(2)


def _advance(progress: tqdm) -> Callable[[int, int], None]:
    """The replay's progress callback: move the bar to ``done`` of ``total`` phases."""

    def advance(done: int, total: int) -> None:
        progress.total = total
        progress.update(done - progress.n)

    return advance


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0][:200] if text else "no message"
