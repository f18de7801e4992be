"""The Celery app: workers resolve phases; one beat sweeps for due phases every second."""

import os

from celery import Celery
from celery.signals import task_postrun, worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius.settings")

app = Celery("genius")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _freeze_start_up_objects(**_: object) -> None:
    """Each worker process: its start-up objects out of the garbage collector's sight (genius.warmup)."""
    from genius.warmup import warm_up_and_freeze

    warm_up_and_freeze()


@task_postrun.connect
def _give_connections_back(**_: object) -> None:
    """After each task: its database connections back to the process's pool (kept open: ``CELERY_DB_REUSE_MAX``),
    a broken one thrown away there, as Django does at the end of a request."""
    from django.db import close_old_connections

    close_old_connections()
