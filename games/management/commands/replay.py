"""``manage.py replay FILE``: play a match file through its engine and print the result as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

from games.engines import matchfile
from games.engines.matchfile import MatchFileError


class Command(BaseCommand):
    help = "Play a match file through the game's engine (no database, no clock) and print the result as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the match file (JSON), or - for standard input")
        parser.add_argument("--until", type=int, default=None, help="stop after N phases")
        parser.add_argument("--progress", action="store_true", help="show progress on standard error")

    def handle(self, *args, **options) -> None:
        path = options["file"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_bytes()
        except OSError as exc:
            self._fail(f"cannot read {path}: {exc.strerror}")
        try:
            doc = matchfile.parse(text)
            progress = self._progress if options["progress"] else None
            result = matchfile.replay(doc, until=options["until"], progress=progress)
        except MatchFileError as exc:
            self._fail(str(exc))
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))

    def _progress(self, done: int, total: int) -> None:
        width = 30
        filled = int(width * done / max(total, 1))
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} phases")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def _fail(self, message: str) -> None:
        sys.stderr.write(f"replay: {message}\n")
        sys.exit(2)
