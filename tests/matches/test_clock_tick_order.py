"""The Celery beat's tick hands due phases to the workers before it runs the other apps' sweeps, and runs one
sweep at a time: a mass of phases opened at once (thousands of opening emails to note) never holds up the
resolutions that players wait for."""

from __future__ import annotations

import pytest

from genius.matches import scheduler, tasks
from genius.matches.services import lifecycle

pytestmark = pytest.mark.django_db


class FakeRedis:
    """The few Redis calls the tick makes, on a dict."""

    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    def set(self, key: str, value, nx: bool = False, ex: int | None = None) -> bool:
        if nx and key in self.data:
            return False
        self.data[key] = str(value).encode()
        return True

    def get(self, key: str) -> bytes | None:
        return self.data.get(key)

    def delete(self, key: str) -> None:
        self.data.pop(key, None)

    def pipeline(self, transaction: bool = False):
        return FakePipe(self)


class FakePipe:
    def __init__(self, client: FakeRedis) -> None:
        self.client, self.calls = client, []

    def set(self, *args, **kwargs) -> None:
        self.calls.append((args, kwargs))

    def execute(self) -> list[bool]:
        return [self.client.set(*args, **kwargs) for args, kwargs in self.calls]


@pytest.fixture
def tick(monkeypatch):
    """The tick with its Redis faked, the due phases and what happened, in order."""
    client, happened = FakeRedis(), []
    monkeypatch.setattr(tasks, "_marks", lambda: client)
    monkeypatch.setattr(lifecycle, "due_phase_ids", lambda: [1, 2, 3])
    monkeypatch.setattr(tasks.resolve_phases, "delay", lambda ids: happened.append(("handed out", tuple(ids))))
    monkeypatch.setattr(scheduler, "_sweeps", [lambda: happened.append(("swept",))])
    return client, happened


def test_the_tick_hands_out_due_phases_before_it_sweeps(tick):
    client, happened = tick
    assert tasks.close_due_phases() == 3
    assert happened == [("handed out", (1, 2, 3)), ("swept",)]
    assert client.get("genius:sweeping") is None, "the sweep's mark is released after it"


def test_a_tick_that_finds_a_sweep_running_hands_out_due_phases_and_leaves_the_sweep_alone(tick):
    client, happened = tick
    client.set("genius:sweeping", "another worker's", nx=True)
    assert tasks.close_due_phases() == 3
    assert happened == [("handed out", (1, 2, 3))]
    assert client.get("genius:sweeping") == b"another worker's", "another sweep's mark is left as it was"
