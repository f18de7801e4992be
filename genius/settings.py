"""Settings, read from the environment with safe defaults for the embedded mode.

Embedded (no variables set): SQLite, the in-memory channel layer, and the phase
clock inside the web process. Production: DATABASE_URL (PostgreSQL), REDIS_URL
(channel layer and Celery broker), SECRET_KEY, DEBUG=0, ALLOWED_HOSTS.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG", True)
_DEV_KEY = "genius-embedded-dev-key-not-for-production"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_KEY)
if not DEBUG and SECRET_KEY == _DEV_KEY:
    raise ImproperlyConfigured("Set SECRET_KEY: production (DEBUG=0) refuses to start with the development key.")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

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
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.middleware.DatabaseUnavailableMiddleware",
    "axes.middleware.AxesMiddleware",
]

if not DEBUG:  # production serves the collected static files itself
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")

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
            ],
        },
    },
]
WSGI_APPLICATION = None
ASGI_APPLICATION = "genius.asgi.application"

DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # CONN_MAX_AGE > 0 leaks a connection per ASGI request thread: use the pool instead.
    # A request waits at most DB_POOL_TIMEOUT seconds for a connection, then gets the "try again" page.
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": 1,
            "max_size": int(os.environ.get("DB_POOL_MAX", "20")),
            "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "10")),
        }
    }
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("TEST_DATABASE_NAME", "test_genius")}
    # A worker frozen or cut off half-way through a resolution must not hold its phase locked for ever:
    # PostgreSQL ends a transaction left idle this many seconds, which releases its locks (docs/RELIABILITY.md).
    if _idle := int(os.environ.get("DB_IDLE_TRANSACTION_TIMEOUT", "60")):
        DATABASES["default"]["OPTIONS"]["options"] = f"-c idle_in_transaction_session_timeout={_idle * 1000}"
else:
    DATABASES["default"]["OPTIONS"] = {"timeout": 20}
    if os.environ.get("GENIUS_TEST_SQLITE_FILE"):  # browser tests: the live server process shares the file
        DATABASES["default"]["TEST"] = {"NAME": os.environ["GENIUS_TEST_SQLITE_FILE"]}

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py 8: no socket timeout (it races the layer's blocking read) and a large pool.
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None, "max_connections": 1000}]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# With Redis, the cache holds sessions, written through to the database: a signed-in request costs
# no session query. It is only a help: while Redis is down sessions are read from the database
# (games.sessions). Embedded (one process, no Redis), sessions stay in the database.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "genius",
            "OPTIONS": {"pool_class": "games.sessions.SharedConnectionPool",
                        "socket_timeout": 1, "socket_connect_timeout": 1},
        }
    }
    SESSION_ENGINE = "games.sessions"
else:  # embedded: one process's memory is no place for sessions another process may end
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "genius"}}
    SESSION_ENGINE = "django.contrib.sessions.backends.db"

# The phase clock: "embedded" runs it inside the web process; "celery" leaves it to beat.
GENIUS_CLOCK = os.environ.get("GENIUS_CLOCK", "celery" if REDIS_URL else "embedded")
# Reliability runs only (bin/reliability): seconds a resolution sleeps half-way, to be killed there. Off: 0.
GENIUS_TEST_RESOLVE_DELAY = float(os.environ.get("GENIUS_TEST_RESOLVE_DELAY", "0") or 0)

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = False
CELERY_BEAT_SCHEDULE = {
    "close-due-phases": {"task": "games.tasks.close_due_phases", "schedule": 1.0},
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # login throttling
    "django.contrib.auth.backends.ModelBackend",
]
# Five failed log-ins for one user name from one address lock that pair out for 15 minutes.
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "my-matches"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

#: Where links in emails point.
GENIUS_SITE_URL = os.environ.get("GENIUS_SITE_URL", "http://127.0.0.1:8000")

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "genius@localhost")

# Upload limit for match files (also checked by the importer).
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

if not DEBUG:
    # Secure by default; behind plain HTTP (a local compose run) set SECURE_COOKIES=0 SECURE_SSL_REDIRECT=0.
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"games": {"handlers": ["console"], "level": os.environ.get("GENIUS_LOG_LEVEL", "INFO")}},
}
