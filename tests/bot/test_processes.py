"""Several bot processes on one database, on each backend: what must happen once happens
once. Each test starts two real processes (`process_worker.py`) and releases them at the same moment."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service import TableService
from engine.core import register, unregister
from tests.toygame import COUNTING

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def database(backend: str, request: pytest.FixtureRequest, db_path: Path) -> str:
    return request.getfixturevalue("postgres_url") if backend == "postgres" else str(db_path)


def _race(task: str, database: str, tmp_path: Path, *args: str, processes: int = 2) -> list[dict]:
    go = tmp_path / f"go-{task}"
    workers = [
        subprocess.Popen([sys.executable, "-m", "tests.bot.process_worker", task, database, str(go), *args],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(processes)
    ]
    time.sleep(1.0 if task != "open" else 0.3)  # both are connected and waiting
    go.touch()
    results = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err[-3000:]
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


@pytest.mark.slow
def test_concurrent_first_opens_of_a_new_database_both_succeed(database: str, tmp_path: Path) -> None:
    """Two processes opening a brand-new database at once: both migrate-or-wait, neither refuses it."""
    for attempt in range(5):
        target = database if "://" in database else str(tmp_path / f"fresh-{attempt}.sqlite3")
        go_dir = tmp_path / f"a{attempt}"
        go_dir.mkdir()
        results = _race("open", target, go_dir)
        assert results == [{"opened": True}, {"opened": True}]
        if "://" in database:
            break  # one PostgreSQL database per test: the first attempt is the fresh one


def test_two_first_starts_agree_on_one_daily_secret(database: str, tmp_path: Path) -> None:
    """Both processes must play the same dice: the secret generated on first start is stored once."""
    secrets = [r["secret"] for r in _race("secret", database, tmp_path, processes=3)]
    assert len(set(secrets)) == 1 and len(secrets[0]) == 64


@pytest.mark.slow
async def test_racing_clicks_from_two_processes_apply_exactly_once(database: str, tmp_path: Path,
                                                                   storage) -> None:
    """1 000 clicks race in pairs across two processes: each game moves exactly once."""
    register(COUNTING)
    try:
        service = TableService(storage)
        ids = []
        for _ in range(500):
            game = await service.lobby.create("counting", creator_id=1, options={"rounds": 5})
            await service.lobby.start(game.id, 1)
            ids.append(game.id)
        results = _race("clicks", database, tmp_path, ",".join(map(str, ids)))
        assert sum(r["applied"] for r in results) == len(ids)
        assert sum(r["applied"] + r["stale"] for r in results) == 2 * len(ids)
        for gid in ids:
            game = await storage.get_game(gid)
            assert game.version == 1 and len(await storage.actions(gid)) == 1
    finally:
        unregister(COUNTING.name)


async def test_two_sweeps_at_once_deliver_each_reminder_and_announcement_once(database: str, tmp_path: Path,
                                                                             storage) -> None:
    """Two processes sweep one database at the same moment: every due reminder goes out once, and each
    server's daily announcement is claimed by exactly one of them."""
    register(COUNTING)
    try:
        service = TableService(storage)
        ids = []
        for n in range(30):
            game = await service.lobby.create("counting", creator_id=1 + n, options={"rounds": 5},
                                        table_rules={"reminder_hours": 1.0})
            await service.lobby.join(game.id, 100 + n)
            await service.lobby.start(game.id, 1 + n)
            ids.append(game.id)
        for guild in (7, 8, 9):
            await storage.set_setting(guild, "announce_channel", str(guild * 10))
        later = time.time() + 2 * 3600  # the storage stamps waits with the real clock
        results = _race("sweep", database, tmp_path, str(later))
        reminded = [gid for r in results for gid in r["reminded"]]
        assert sorted(reminded) == sorted(ids)  # each of the 30 games reminded exactly once in all
        announced = [g for r in results for g in r["announced"]]
        assert sorted(announced) == [7, 8, 9]
    finally:
        unregister(COUNTING.name)
