"""bin/test on a fresh machine: the throw-away PostgreSQL and Redis, or exactly what to install (no service touched)."""

from __future__ import annotations

import pytest

from genius.testing import throwaway


@pytest.fixture
def nothing_installed(monkeypatch):
    """A machine without PostgreSQL's or Redis's programs."""
    monkeypatch.setattr(throwaway.shutil, "which", lambda name: None)
    monkeypatch.setattr(throwaway.glob, "glob", lambda pattern: [])


def test_a_machine_without_the_programs_is_told_the_debian_packages_to_install(nothing_installed):
    assert throwaway.missing_tools() == ["postgres", "redis"]
    assert throwaway.tools_missing() == (
        "PostgreSQL (initdb, pg_ctl in /usr/lib/postgresql/*/bin) and redis-server not found: "
        "on Debian, apt-get install postgresql redis-server")
    assert throwaway.tools_missing(postgres=False) == "redis-server not found: on Debian, apt-get install redis-server"
    assert throwaway.tools_missing(postgres=False, redis=False) == ""


def test_the_services_step_exits_2_naming_what_to_install_when_nothing_answers(nothing_installed, monkeypatch,
                                                                                capsys):
    monkeypatch.setenv("PG_URL", "postgres://postgres@127.0.0.1:5999/test")
    monkeypatch.setenv("REDIS_TEST_URL", "redis://127.0.0.1:6999/5")
    monkeypatch.setattr(throwaway, "port_open", lambda port, host="127.0.0.1": False)
    ran = []
    monkeypatch.setattr(throwaway, "run_command", lambda *a, **k: ran.append(a))
    assert throwaway.main(["--", "pytest", "-m", "services"]) == 2
    err = capsys.readouterr().err
    assert "apt-get install postgresql redis-server" in err and "PG_URL and REDIS_TEST_URL" in err
    assert ran == []  # the tests were not run against nothing


def test_running_services_are_used_as_they_are(monkeypatch):
    monkeypatch.setenv("PG_URL", "postgres://postgres@127.0.0.1:5432/test")
    monkeypatch.setenv("REDIS_TEST_URL", "redis://127.0.0.1:6379/5")
    monkeypatch.setattr(throwaway, "port_open", lambda port, host="127.0.0.1": True)
    monkeypatch.setattr(throwaway, "PostgresCluster", None)  # never started
    monkeypatch.setattr(throwaway, "RedisServer", None)
    seen = {}

    def run(cmd, env):
        seen.update(env)
        return 7

    monkeypatch.setattr(throwaway, "run_command", run)
    assert throwaway.main(["--", "pytest"]) == 7  # the command's own status
    assert seen["DATABASE_URL"] == seen["PG_URL"] == "postgres://postgres@127.0.0.1:5432/test"
    assert seen["REDIS_URL"] == seen["REDIS_TEST_URL"] == "redis://127.0.0.1:6379/5"


def test_a_throw_away_service_keeps_the_database_and_user_of_the_url():
    assert throwaway.with_port("postgres://postgres@10.0.0.9:5999/test", 41000) == \
        "postgres://postgres@127.0.0.1:41000/test"
    assert throwaway.with_port("redis://127.0.0.1:6999/5", 42000) == "redis://127.0.0.1:42000/5"
    assert not throwaway.answers("postgres://postgres@127.0.0.1:notaport/test", 5432)
