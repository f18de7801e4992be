"""``manage.py startgame SLUG``: write a new game's folder, a tiny playable game that passes the kit.

It writes ``games/<slug_with_underscores>/`` (engine with its ``spec``, observer.py (what each viewer sees), RULES.md,
board_svg.py, leaks.py) and ``tests/<slug_with_underscores>/test_rules.py`` from the templates in
``startgame_files/``, then prints the next steps. A bad
slug or a folder that exists already: exit status 2 and one line, nothing written.
See docs/NEW_GAME.md.
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from string import Template

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engines import registry

SLUG = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_SLUG = 40
#: Folder names under games/ that are not games.
TAKEN = {"engines", "kit"}


def check_slug(slug: str) -> str:
    """The package name of ``slug`` (``toss-up`` → ``toss_up``), or CommandError (exit 2)."""
    if len(slug) > MAX_SLUG or not SLUG.fullmatch(slug):
        raise CommandError(
            f"{slug!r} is not a game slug: use lower-case ASCII letters and digits in words joined by "
            f"single hyphens, starting with a letter, at most {MAX_SLUG} characters (e.g. toss-up)",
            returncode=2,
        )
    package = slug.replace("-", "_")
    if package in TAKEN or keyword.iskeyword(package) or slug in registry.GAME_MODULES:
        raise CommandError(f"{slug!r} is taken: pick another name for the game", returncode=2)
    return package


def title_of(slug: str) -> str:
    return " ".join(word.capitalize() for word in slug.split("-"))


def class_of(slug: str) -> str:
    return "".join(word.capitalize() for word in slug.split("-")) + "Engine"


class Command(BaseCommand):
    help = "Write a new game's folder: a tiny playable engine with its spec, rules page, board and tests."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the game's slug, e.g. toss-up (its folder: games/toss_up)")
        parser.add_argument("--into", default=None,
                            help="the project folder to write into (default: this project; tests use a tmp dir)")

    def handle(self, *args, **options) -> None:
        slug = options["slug"]
        package = check_slug(slug)
        root = Path(options["into"] or settings.BASE_DIR)
        game_dir, test_dir = root / "games" / package, root / "tests" / package
        for folder in (game_dir, test_dir):
            if folder.exists():
                raise CommandError(f"{folder} exists already: startgame never writes over a folder", returncode=2)
        names = {"slug": slug, "package": package, "title": title_of(slug), "cls": class_of(slug)}
        files = {game_dir / name: text for name, text in GAME_FILES.items()}
        files |= {test_dir / name: text for name, text in TEST_FILES.items()}
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(Template(text).substitute(names), encoding="utf-8")
            self.stdout.write(f"wrote {path}")
        self.stdout.write(NEXT_STEPS.substitute(names))


NEXT_STEPS = Template("""
Next steps (docs/NEW_GAME.md walks through each):
  1. Register the game: add this line to GAME_MODULES in games/engines/registry.py
         "$slug": "games.$package.engine",
  2. Run its tests, and the standard kit every game gets:
         .venv/bin/python -m pytest tests/$package tests/games -q
  3. Try it: bin/run, log in as admin / admin, create a $title match in /admin/ and play it.
  4. Now make it your game: the rules in games/$package/engine.py, what each viewer sees in observer.py,
     RULES.md, board_svg.py, leaks.py.
""")

#: The new game's files as written (``$title``, ``$cls``, ``$slug`` and ``$package`` filled in), kept as
#: ``startgame_files/<folder>/<name>-tpl`` beside this module (as Django keeps its ``startapp`` templates).
FILES = Path(__file__).with_name("startgame_files")


def templates(folder: str) -> dict[str, str]:
    """The files of ``folder`` (``game`` or ``tests``) by the name they are written as."""
    return {path.name.removesuffix("-tpl"): path.read_text(encoding="utf-8")
            for path in sorted((FILES / folder).glob("*-tpl"))}


GAME_FILES = templates("game")
TEST_FILES = templates("tests")
