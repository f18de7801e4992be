"""``manage.py simulate-season``: a whole season played by bots through the services, on a fake clock.

Each episode's Main Match is one of the games (by default Trail Trouble with
10 players, Rituals Gone Bad with 7, Blob Party with 7); its decisions and
Death Matches (Bigfoot Sighting) follow, their items given by the other players
still in (printed with the episode's announcements, as is a starting order
taken from the previous Main Match's placement). The clock jumps from deadline to
deadline (nothing sleeps), so a season takes a minute or two. The standings
are printed after each episode; a progress bar runs on standard error (on a terminal).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from games.kit.numbers import INT64_MAX, INT64_MIN, int_argument
from genius.core.errors import ServiceError
from genius.matches import events
from genius.matches.models import GarnetEntry, Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import GAME_TITLES, available_games, engine_of, spec_of
from genius.progress import bar
from genius.seasons.models import Decision, Episode, Season, SeasonPlayer
from genius.seasons.services.death_matches import create_death_match, default_dm_game, picks_to_play, two_player_games
from genius.seasons.services.decisions import close_due_decisions
from genius.seasons.services.episodes import create_episode
from genius.seasons.services.standings import players_still_in, standings

NAMES = ["ada", "bram", "cleo", "dax", "eve", "finn", "gus", "hana", "ivo", "juno", "kai", "lea", "milo", "nia",
         "otto", "pia", "quin", "rex", "sol", "tess"]
#: Every installed game that is not only a Death Match, in registry order; a game that plays hosts' designs is
#: left out (it needs a design a host chooses, which a simulation has not got).
DEFAULT_GAMES = ",".join(slug for slug, _ in available_games()
                         if not spec_of(slug).offers.death_match and spec_of(slug).design_tools is None)
#: A drawn Death Match is played again at once (a new match); a simulation gives up after this many.
MAX_REPLAYS = 5


class Command(BaseCommand):
    help = "Play a whole season with bots (Main Matches, decisions, Death Matches) and print the standings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int_argument(2, 1000), default=10, help="players in the season (default 10)")
        parser.add_argument("--games", default=DEFAULT_GAMES,
                            help=f"the Main Matches, in order, comma-separated (default {DEFAULT_GAMES})")
        parser.add_argument("--episodes", type=int_argument(1, 1000), default=None,
                            help="episodes to play, cycling through --games (default: one per game)")
        parser.add_argument("--dm-game", default=None, help="the Death Match game (default: the first game offering one)")
        parser.add_argument("--garnets", type=int_argument(0, 1000), default=2, help="each player's starting wallet (default 2)")
        parser.add_argument("--seed", type=int_argument(INT64_MIN, INT64_MAX), default=1, help="the season's seed: the same seed plays the same")
        parser.add_argument("--name", default="", help="the season's name (default: Simulated season N)")
        parser.add_argument("--live", action="store_true", help="push live updates as usual (slower)")
        parser.add_argument("--progress", action="store_true",
                            help="draw the progress bar on standard error even when it is no terminal")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")

    def handle(self, *args, **options) -> None:
        games = [g.strip() for g in options["games"].split(",") if g.strip()]
        for game in games:
            try:
                engine_of(game)
            except KeyError:
                raise CommandError(f"there is no game called {game!r}") from None
        dm_game = options["dm_game"] or default_dm_game()
        if dm_game not in dict(two_player_games()):
            raise CommandError(f"{dm_game!r} is not a two-player game here")
        if options["players"] < 2:
            raise CommandError("a season needs at least 2 players")
        self.rng = random.Random(options["seed"])
        self.progress: bool | None = False if options["no_progress"] else (True if options["progress"] else None)
        self.now = timezone.now()
        season = self._season(options)
        episodes = options["episodes"] or len(games)
        self.stdout.write(f"Season {season.name} (/seasons/{season.slug}/): {options['players']} players, "
                          f"{episodes} episodes, Death Matches in {GAME_TITLES.get(dm_game, dm_game)}.")
        with self._pushes(options["live"]):
            for number in range(episodes):
                if players_still_in(season).count() < 2:
                    self.stdout.write("One player is left: the season is over.")
                    break
                episode = self._episode(season, games[number % len(games)], dm_game, number + 1, episodes)
                self._print_standings(season, f"Standings after episode {episode.number}")
        self.stdout.write(self.style.SUCCESS(f"Done: {players_still_in(season).count()} players still in."))

    # --- set-up --------------------------------------------------------------------------------------------

    def _season(self, options) -> Season:
        n = 1
        while Season.objects.filter(slug=f"sim-{n}").exists():
            n += 1
        season = Season.objects.create(name=options["name"] or f"Simulated season {n}", slug=f"sim-{n}")
        users = get_user_model()
        names = [NAMES[i % len(NAMES)] + (str(i // len(NAMES) + 1) if i >= len(NAMES) else "")
                 for i in range(options["players"])]
        for name in names:  # the same bot users in every simulated season: the same seed plays the same
            user = users.objects.filter(username=f"sim-{name}").first() or users.objects.create_user(f"sim-{name}")
            SeasonPlayer.objects.create(season=season, user=user)
            if options["garnets"]:
                GarnetEntry.objects.create(user=user, season=season, amount=options["garnets"],
                                           reason="starting wallet")
        return season

    @contextmanager
    def _pushes(self, keep: bool) -> Iterator[None]:
        """Nobody watches a simulation: skip the live pushes unless asked for."""
        if keep:
            yield
            return
        with events.unheard():
            yield

    # --- one episode -----------------------------------------------------------------------------------------

    def _episode(self, season: Season, game: str, dm_game: str, number: int, total: int) -> Episode:
        engine = engine_of(game)
        still = [p.user.get_username() for p in players_still_in(season)]
        extra = max(len(still) - engine.max_players, 0)
        sit_out = sorted(self.rng.sample(still, extra)) if extra else []
        try:
            match = create_episode(
                season.pk, game=game, seed=self.rng.randrange(1, 2**31), sit_out=sit_out, house_bots=True,
                bot_players=True, start=True, now=self.now,
            )
        except ServiceError as exc:
            raise CommandError(exc.message) from None
        label = f"episode {number}/{total} · {GAME_TITLES.get(game, game)}"
        self._play(match, label, spec_of(game).phases or None)  # the spec's usual phase count (a decision may add one)
        episode = match.episode
        if episode is None:  # create_episode's match is the episode's Main Match
            raise CommandError(f"{match.title} belongs to no episode")
        self._settle_decisions(episode)
        for _ in range(MAX_REPLAYS + 1):
            picks = picks_to_play(episode)
            if not picks:
                break
            for pick in picks:
                dm = pick.death_matches.exclude(status=Match.Status.FINISHED).first()  # a draw's replay, started
                if dm is None:
                    dm = create_death_match(pick.pk, game=dm_game, seed=self.rng.randrange(1, 2**31),
                                            start=True, now=self.now)
                self._settle_decisions(episode)  # its items, given by players (it starts once all are given)
                dm.refresh_from_db()
                if dm.status == Match.Status.LOBBY:
                    raise CommandError(f"{dm.title} did not start once its items were given")
                self._play(dm, f"{label} · Death Match {dm.seats.first()} vs {dm.seats.last()}", None)
        for row in episode.announcements.order_by("created", "pk"):
            self.stdout.write(f"  {row.text}")
        return episode

    def _advance_to(self, moment: datetime | None) -> None:
        if moment is not None and moment > self.now:
            self.now = moment

    def _play(self, match: Match, label: str, expected: int | None) -> None:
        """Play a match to its end, jumping the clock to each deadline."""
        with bar(expected, label, "phase", force=self.progress, file=self.stderr) as progress:
            while True:
                match.refresh_from_db()
                if match.status == Match.Status.FINISHED:
                    break
                phase = match.current_phase
                if phase is None:
                    raise CommandError(f"{match.title} is stuck: no open phase")
                self._advance_to(phase.deadline)
                lifecycle.resolve_phase(phase.pk, now=self.now)
                self.now += timedelta(milliseconds=1)
                if expected is not None and progress.n >= expected:  # a decision added a phase
                    progress.total = progress.n + 1
                progress.update(1)

    def _settle_decisions(self, episode: Episode) -> None:
        """Decisions the bots left open (a player who sat out the Main Match, e.g. giving an item) are drawn at
        their deadlines."""
        while True:
            due = episode.decisions.filter(status=Decision.Status.OPEN).order_by("deadline").first()
            if due is None:
                return
            self._advance_to(due.deadline)
            close_due_decisions(self.now)

    # --- output ----------------------------------------------------------------------------------------------

    def _print_standings(self, season: Season, title: str) -> None:
        self.stdout.write(f"\n{title}")
        self.stdout.write(f"  {'player':<14} {'ToL':>3} {'garnets':>7}  status")
        for row in standings(season):
            entry = row.entry
            if row.still_in:
                status = "still in"
            else:
                where = entry.eliminated_in.episode.number if entry.eliminated_in and entry.eliminated_in.episode else "?"
                status = f"eliminated in episode {where}"
            self.stdout.write(f"  {entry.user.get_username():<14} {row.tol:>3} {row.garnets:>7}  {status}")
        self.stdout.write("")
