"""Scale-out tests use the real-services fixtures (PostgreSQL, Redis, Celery processes)."""

from tests.real_services.conftest import _real_services_only, celery_procs, flush_redis  # noqa: F401
