"""Shared fixtures: a fresh SQLite database per test and the service over it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.service import TableService
from bot.storage import SQLiteStorage
from engine.core import register, unregister
from tests.toygame import COUNTING


@pytest.fixture
def counting_game() -> Iterator[None]:
    """Make the test-only Counting game findable by name for the duration of a test."""
    register(COUNTING)
    yield
    unregister(COUNTING.name)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[SQLiteStorage]:
    store = SQLiteStorage(db_path)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def service(storage: SQLiteStorage, counting_game: None) -> TableService:
    return TableService(storage)
