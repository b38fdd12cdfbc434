"""Shared fixtures: a fresh database per test — SQLite and PostgreSQL, every storage and service
test runs on both — and the service over it.

The PostgreSQL cluster is started once per test session (only if a test asks for it) in a temporary
directory and stopped at the end. Without PostgreSQL on the machine those tests are skipped, except
in CI (`CI=true`), where a missing PostgreSQL is a failure.
"""

from __future__ import annotations

import gc
import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.service import TableService
from bot.storage import SQLiteStorage, Storage
from engine.core import register, unregister
from tests.harness.postgres_cluster import PostgresCluster, PostgresUnavailable
from tests.toygame import COUNTING, TURNS


def pytest_collection_finish(session: pytest.Session) -> None:
    """Keep the collected tests and the imported modules out of every later garbage collection.

    A worker's heap holds thousands of collected tests and every module of the bot; a full
    collection walked all of it again and again (up to 2 s at a test's teardown). Freezing what
    exists after collection, and collecting the youngest objects less often, leaves the
    collector only the tests' own garbage. It changes no test's behaviour: objects still die.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


@pytest.fixture
def counting_game() -> Iterator[None]:
    """Make the test-only Counting game findable by name for the duration of a test."""
    register(COUNTING)
    register(TURNS)
    yield
    unregister(COUNTING.name)
    unregister(TURNS.name)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    try:
        cluster = PostgresCluster().start()
    except PostgresUnavailable as exc:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"PostgreSQL is required in CI: {exc}")
        pytest.skip(f"PostgreSQL is not available here: {exc}")
    yield cluster
    cluster.stop()


_databases = itertools.count(1)


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> Iterator[str]:
    """A fresh, empty database in the session's cluster, dropped when the test is done with it."""
    name = f"test_{os.getpid()}_{next(_databases)}"
    yield postgres_cluster.create_database(name)
    postgres_cluster.drop_database(name)


BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def make_storage(backend: str, request: pytest.FixtureRequest, db_path: Path):
    """A factory of unopened storages on this test's one database (several = several processes' views)."""
    if backend == "postgres":
        url = request.getfixturevalue("postgres_url")

        def factory() -> Storage:
            from bot.storage.postgres import PostgresStorage

            return PostgresStorage(url)
    else:
        def factory() -> Storage:
            return SQLiteStorage(db_path)
    return factory


@pytest.fixture
async def storage(make_storage) -> AsyncIterator[Storage]:
    store = make_storage()
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def service(storage: Storage, counting_game: None) -> TableService:
    return TableService(storage)


async def execute_raw(storage: Storage, sql: str, *params: object) -> None:
    """Run one SQL statement behind the service's back (to tamper with a stored game in a test).

    Written with `?` placeholders; turned into `$1, $2, …` for PostgreSQL.
    """
    from bot.storage.postgres import PostgresStorage

    if isinstance(storage, PostgresStorage):
        numbers = itertools.count(1)
        parts = sql.split("?")
        pg_sql = parts[0] + "".join(f"${next(numbers)}{part}" for part in parts[1:])
        await storage.pool.execute(pg_sql, *params)
        return
    assert isinstance(storage, SQLiteStorage)
    import sqlite3

    conn = sqlite3.connect(storage.path)
    try:
        conn.execute(sql, params)
        conn.commit()
    finally:
        conn.close()
