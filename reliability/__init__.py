"""The reliability run (``bin/reliability``): races, crashes and outages on private service instances.

- ``infra``: a throw-away PostgreSQL cluster, Redis server and app processes (Celery, Uvicorn);
- ``stack``: all of it started together, with Django in this process pointed at it;
- ``world``: matches to run the faults on; ``clients``: people and live pages over HTTP and websockets;
- ``checks``: audits of the rows (exactly once, nothing half-written, nothing lost);
- ``races``, ``crash``, ``outages``, ``restore``: the scenarios; ``report``: the table; ``__main__``: the command.

See docs/RELIABILITY.md.
"""
