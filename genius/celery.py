"""The Celery app: workers resolve phases; one beat sweeps for due phases every second."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius.settings")

app = Celery("genius")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
