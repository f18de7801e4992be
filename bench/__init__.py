"""Benchmarks against real PostgreSQL and Redis: ``bin/bench`` (see docs/PERFORMANCE.md)."""
