"""Settings, read from the environment with safe defaults for the embedded mode.

Embedded (no variables set): SQLite, the in-memory channel layer, and the phase
clock inside the web process. Production: DATABASE_URL (PostgreSQL), REDIS_URL
(channel layer and Celery broker), SECRET_KEY, DEBUG=0, ALLOWED_HOSTS.
"""

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

#: Every variable is read here and only here, with its default beside it (the README's tables list them all;
#: tests/security/test_game_night_brakes.py holds the two together). Elsewhere code reads ``settings.NAME``.
env = environ.Env()


def env_list(name: str, default: str) -> list[str]:
    """A comma-separated variable as a list, each entry stripped, empty entries dropped."""
    return [item.strip() for item in env.str(name, default=default).split(",") if item.strip()]


# Three ways to run, told apart by DEBUG:
#   not set  the embedded default (bin/run, the tests, manage.py commands): no debug pages, plain HTTP
#            on this machine, a random secret key made once and kept in .secret_key (git ignores it);
#   DEBUG=1  a developer's run: the same with Django's debug pages, which show every frame's variables
#            (the whole game state): never for a site other people use;
#   DEBUG=0  production (the compose file): SECRET_KEY required, HTTPS enforced (SECURE_* relax it).
DEBUG = env.bool("DEBUG", default=False)
PRODUCTION = "DEBUG" in os.environ and not DEBUG
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY and PRODUCTION:
    raise ImproperlyConfigured("Set SECRET_KEY: production (DEBUG=0) refuses to start without its own key.")
if not SECRET_KEY:
    from genius.localkey import local_secret_key

    SECRET_KEY = local_secret_key(Path(env.str("GENIUS_SECRET_KEY_FILE", default=str(BASE_DIR / ".secret_key"))))
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "axes",
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "genius.accounts.discord",  # sign in with Discord: allauth's provider, its endpoints from DISCORD_API_URL
    "genius.matches",
    "genius.seasons",
    "genius.live",
    "genius.hosting",
    "genius.designs",
    "genius.notify",
    "genius.accounts",
    "genius.challenges",
    "genius.communities",
    "genius.talk",
    "genius.polls",
    "genius.timed",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "genius.accounts.middleware.TimeZoneMiddleware",  # times in the viewer's zone (profile, else browser)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "genius.middleware.DatabaseUnavailableMiddleware",
    "axes.middleware.AxesMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

# Static files are served by WhiteNoise in every mode: collected (collectstatic) in production,
# straight from the app and static folders otherwise (no collectstatic needed, no debug pages either).
MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = not PRODUCTION
# Collected files get hashed names and gzipped copies: served compressed and cached for a year (genius/staticstorage.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "genius.staticstorage.SiteStaticStorage"},
}
# Pages compressed too (a match page's 50 KB of board is 8 KB gzipped). Django's GZipMiddleware pads each answer
# with random bytes against BREACH, and the CSRF token in a page is masked afresh for every answer.
MIDDLEWARE.insert(2, "django.middleware.gzip.GZipMiddleware")
# A Content-Security-Policy on every answer, static files included: scripts from the site's own files only, no
# inline script or eval, never framed (genius/middleware.py).
MIDDLEWARE.insert(1, "genius.middleware.ContentSecurityPolicyMiddleware")

ROOT_URLCONF = "genius.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "genius.matches.context.games",
                "genius.matches.context.host",
                "genius.challenges.context.challenges",
            ],
        },
    },
]
WSGI_APPLICATION = None
ASGI_APPLICATION = "genius.asgi.application"

DATABASE_URL = env.str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
DATABASES = {"default": {**env.db_url_config(DATABASE_URL), "CONN_MAX_AGE": 0}}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # CONN_MAX_AGE > 0 leaks a connection per ASGI request thread: use the pool instead.
    # A request waits at most DB_POOL_TIMEOUT seconds for a connection, then gets the "try again" page.
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": 1,
            "max_size": env.int("DB_POOL_MAX", default=20),
            "timeout": env.float("DB_POOL_TIMEOUT", default=10.0),
        },
        # Django prepares nothing (a pooler in transaction mode would lose the statements); our connections stay
        # in psycopg's own pool, so the submission's hot statements are prepared once per connection
        # (genius.core.prepared). None would forbid even that; nothing else is prepared automatically.
        "prepare_threshold": 2**31 - 1,
    }
    DATABASES["default"]["TEST"] = {"NAME": env.str("TEST_DATABASE_NAME", default="test_genius")}
    # A worker frozen or cut off half-way through a resolution must not hold its phase locked for ever:
    # PostgreSQL ends a transaction left idle this many seconds, which releases its locks (docs/RELIABILITY.md).
    if _idle := env.int("DB_IDLE_TRANSACTION_TIMEOUT", default=60):
        DATABASES["default"]["OPTIONS"]["options"] = f"-c idle_in_transaction_session_timeout={_idle * 1000}"
else:
    # A room of players submitting at once: each writing transaction takes SQLite's write lock when it
    # begins (BEGIN IMMEDIATE) and waits up to 20 s for it, instead of failing half-way ("database is
    # locked") when a reader turns writer; WAL lets pages read while a move is written.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
    if _test_file := env.str("GENIUS_TEST_SQLITE_FILE", default=""):  # browser tests: the live server shares it
        DATABASES["default"]["TEST"] = {"NAME": _test_file}

REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "genius.live.layer.RedisChannelLayer",  # channels-redis, its group send in fewer round trips
            # redis-py 8: no socket timeout (it races the layer's blocking read) and a large pool.
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None, "max_connections": 1000}]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# With Redis, the cache holds sessions, written through to the database: a signed-in request costs
# no session query. It is only a help: while Redis is down sessions are read from the database
# (genius.accounts.sessions). Embedded (one process, no Redis), sessions stay in the database.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "genius.accounts.sessions.SharedClientRedisCache",  # one redis.Redis per pool
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "genius",
            "OPTIONS": {"pool_class": "genius.accounts.sessions.SharedConnectionPool",
                        "socket_timeout": 1, "socket_connect_timeout": 1},
        }
    }
    SESSION_ENGINE = "genius.accounts.sessions"
else:  # embedded: one process's memory is no place for sessions another process may end
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "genius"}}
    SESSION_ENGINE = "django.contrib.sessions.backends.db"

# The phase clock: "embedded" runs it inside the web process; "celery" leaves it to beat.
GENIUS_CLOCK = env.str("GENIUS_CLOCK", default="celery" if REDIS_URL else "embedded")
# Reliability runs only (bin/reliability): seconds a resolution sleeps half-way, to be killed there. Off: 0.
GENIUS_TEST_RESOLVE_DELAY = env.float("GENIUS_TEST_RESOLVE_DELAY", default=0.0)

CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes a prefork worker's whole connection pool after every task when this is unset, so
# each task opened a new PostgreSQL connection (a new server process, its caches cold): a mass deadline made 572
# connections for 400 tasks. With it the fixup leaves the pool open (it would close it every this many tasks), and
# genius.celery gives the task's connection back to the pool after each task instead (docs/PERFORMANCE.md).
CELERY_DB_REUSE_MAX = 1_000_000
CELERY_TASK_ALWAYS_EAGER = False
CELERY_BEAT_SCHEDULE = {
    "close-due-phases": {"task": "genius.matches.tasks.close_due_phases", "schedule": 1.0},
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # login throttling
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
# Log-in throttling, three locks of 15 minutes (why these three: genius/accounts/throttle.py):
# 5 failures for one name from one address; 10 from one address over any names; 10 on one name
# from any addresses. The last two never hold an account at an address it has signed in from.
AXES_ENABLED = env.bool("AXES_ENABLED", default=True)
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
GENIUS_LOGIN_ADDRESS_LIMIT = env.int("GENIUS_LOGIN_ADDRESS_LIMIT", default=10)
GENIUS_LOGIN_ACCOUNT_LIMIT = env.int("GENIUS_LOGIN_ACCOUNT_LIMIT", default=10)
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = "genius.accounts.throttle.lockout_parameters"
AXES_CLIENT_IP_CALLABLE = "genius.accounts.addresses.client_address"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
# allauth's log-in form names its field "login": axes reads the name from the credentials, else from that field.
AXES_USERNAME_CALLABLE = "genius.accounts.throttle.username_of"
# The proxies (load balancers) whose X-Forwarded-For is believed: addresses or CIDR networks,
# comma-separated. Empty (the embedded default): the peer's address is the client's.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES: {_proxy!r} is not an address or a network (like 10.0.0.0/8).") from None
# Sign-ups per client address and hour: accounts made, and tries (each post of the form). A game night on
# one network (one address behind its router) signs up 10 people or more.
GENIUS_SIGNUPS_PER_HOUR = env.int("GENIUS_SIGNUPS_PER_HOUR", default=20)
GENIUS_SIGNUP_ATTEMPTS_PER_HOUR = env.int("GENIUS_SIGNUP_ATTEMPTS_PER_HOUR", default=60)
# Practice matches started per hour: per account once signed up, per address for visitors and guests.
GENIUS_PRACTICE_PER_HOUR = env.int("GENIUS_PRACTICE_PER_HOUR", default=20)
# Password-reset emails asked for per client address and hour.
GENIUS_PASSWORD_RESETS_PER_HOUR = env.int("GENIUS_PASSWORD_RESETS_PER_HOUR", default=10)
# The brakes above count in the default cache with django-ratelimit (genius/accounts/brakes.py); a cache that
# does not answer lets requests through. Not an installed app: its checks refuse the embedded mode's
# in-memory cache, which is right there (one process), and production's cache is Redis.
RATELIMIT_FAIL_OPEN = True
# Communities one person creates per hour.
GENIUS_COMMUNITIES_PER_HOUR = env.int("GENIUS_COMMUNITIES_PER_HOUR", default=3)
# "Try these rules" (genius/designs/previews.py): tries per account and minute (one at a time besides), and
# how long a try waits for the previews' own rules worker (never the phase clock's) before it is told "busy".
GENIUS_TRIES_PER_MINUTE = env.int("GENIUS_TRIES_PER_MINUTE", default=10)
GENIUS_TRY_WAIT_SECONDS = env.float("GENIUS_TRY_WAIT_SECONDS", default=2.0)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "my-matches"
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth; genius/accounts/allauth_adapter.py). People log in by user name; an email address is
# optional and confirmed by a link before any reminder or password reset goes to it (ACCOUNT_EMAIL_VERIFICATION
# "optional": the account works at once, its address waits for the click).
ACCOUNT_ADAPTER = "genius.accounts.allauth_adapter.AccountAdapter"
SOCIALACCOUNT_ADAPTER = "genius.accounts.allauth_adapter.SocialAccountAdapter"
ACCOUNT_FORMS = {"signup": "genius.accounts.forms.SignUpForm", "reset_password": "genius.accounts.forms.ResetPasswordForm"}
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_UNIQUE_EMAIL = True  # among confirmed addresses: an unconfirmed claim never blocks the address's owner
# Sign-up never says whether an address is an account's: it signs up with the address unconfirmed, and the mail
# to the address says it is already an account's instead of sending a link (genius/accounts/allauth_adapter.py).
ACCOUNT_PREVENT_ENUMERATION = "strict"
ACCOUNT_CHANGE_EMAIL = True  # one address: a new one replaces the old once confirmed
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False  # no mail to an address that is no confirmed account's
ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # the link opens a page with a button: mail scanners do not confirm
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_SESSION_REMEMBER = True  # as before: a log-in lasts the session cookie's age, no "remember me" box
ACCOUNT_USERNAME_MIN_LENGTH = 1  # the name policy (genius.accounts.names) says the rest, in its own words
ACCOUNT_PRESERVE_USERNAME_CASING = True
# Log-ins are braked by axes (above), sign-ups and reset emails by the site's hourly brakes: allauth's own
# per-minute limits for those would be a second, differently worded lock.
ACCOUNT_RATE_LIMITS = {"login": False, "login_failed": False, "signup": False}
SOCIALACCOUNT_AUTO_SIGNUP = True
SOCIALACCOUNT_EMAIL_AUTHENTICATION = False  # never sign into an account because a provider says it has its address
SOCIALACCOUNT_STORE_TOKENS = False
# Sign in with Discord: off unless both keys are set (an application at Discord's developer portal, its
# redirect URL <site>/accounts/discord/login/callback/). DISCORD_API_URL is where its endpoints are (tests: a stand-in).
GENIUS_DISCORD_CLIENT_ID = env.str("GENIUS_DISCORD_CLIENT_ID", default="")
GENIUS_DISCORD_SECRET = env.str("GENIUS_DISCORD_SECRET", default="")
DISCORD_API_URL = "https://discord.com/api"
SOCIALACCOUNT_PROVIDERS: dict = {"discord": {"APPS": [], "SCOPE": ["identify", "email"]}}
if GENIUS_DISCORD_CLIENT_ID and GENIUS_DISCORD_SECRET:
    SOCIALACCOUNT_PROVIDERS["discord"]["APPS"] = [
        {"client_id": GENIUS_DISCORD_CLIENT_ID, "secret": GENIUS_DISCORD_SECRET, "key": ""}]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
#: The site's static folder, the apps', and each registered game's own ``static/`` folder (its page parts).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "genius.matches.staticfinders.GameFolderFinder",
]
STATIC_ROOT = BASE_DIR / "staticfiles"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

#: Season webhooks may post to loopback and private addresses (tests with a local receiver only).
WEBHOOKS_ALLOW_PRIVATE = env.bool("WEBHOOKS_ALLOW_PRIVATE", default=False)
#: Season webhooks: tries of one delivery, the first retry's wait (doubled each time), and each post's time-out.
GENIUS_WEBHOOK_MAX_ATTEMPTS = env.int("GENIUS_WEBHOOK_MAX_ATTEMPTS", default=6)
GENIUS_WEBHOOK_BACKOFF_S = env.float("GENIUS_WEBHOOK_BACKOFF_S", default=2.0)
GENIUS_WEBHOOK_TIMEOUT_S = env.float("GENIUS_WEBHOOK_TIMEOUT_S", default=10.0)

#: Seconds between two looks at /me/due/ from an open page (the in-page alerts); 5 while a live turn is owed.
GENIUS_DUE_POLL_SECONDS = env.int("GENIUS_DUE_POLL_SECONDS", default=30)
#: Phases (and decisions) shorter than this many minutes get no email of their own: what is due in them goes into
#: one digest a person an hour at most (genius/notify/digests.py); 0 mails every phase on its own.
GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES = env.int("GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES", default=15)

#: Live sockets one client address and one session may hold open in a web process (0: no bound); see genius/live/caps.py.
GENIUS_SOCKETS_PER_ADDRESS = env.int("GENIUS_SOCKETS_PER_ADDRESS", default=50)
GENIUS_SOCKETS_PER_SESSION = env.int("GENIUS_SOCKETS_PER_SESSION", default=8)

#: Where links in emails point.
GENIUS_SITE_URL = env.str("GENIUS_SITE_URL", default="http://127.0.0.1:8000")

EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="genius@localhost")

# Upload limit for match files (also checked by the importer).
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

if PRODUCTION:
    # Secure by default; behind plain HTTP (a local compose run) set SECURE_COOKIES=0 SECURE_SSL_REDIRECT=0.
    SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000)  # a year
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
    SECURE_CONTENT_TYPE_NOSNIFF = True

# Every module logs under its own name (``logging.getLogger(__name__)``): the site's under ``genius``, the games'
# under ``games``; both parents go to the console at GENIUS_LOG_LEVEL.
_LOG_LEVEL = env.str("GENIUS_LOG_LEVEL", default="INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "genius": {"handlers": ["console"], "level": _LOG_LEVEL},
        "games": {"handlers": ["console"], "level": _LOG_LEVEL},
    },
}
