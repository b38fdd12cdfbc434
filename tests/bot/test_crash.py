"""Kill the process between or during actions: every acknowledged action survives."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service import check_all
from bot.storage import SQLiteStorage

ROOT = Path(__file__).resolve().parents[2]


def _run_and_kill(db: Path, acks_before_kill: int) -> dict[int, int]:
    """Start the worker, kill -9 it after some acknowledgements; return the last ack per game."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tests.bot.crash_worker", str(db)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)
    acked: dict[int, int] = {}
    seen = 0
    deadline = time.monotonic() + 60
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            _, game, version = line.split()
            acked[int(game)] = int(version)
            seen += 1
            if seen >= acks_before_kill or time.monotonic() > deadline:
                break
        # No pause: the worker is usually in the middle of its next write when the signal lands.
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()
    return acked


@pytest.mark.slow
async def test_killed_process_loses_no_acknowledged_action(tmp_path: Path, counting_game: None) -> None:
    db = tmp_path / "crash.sqlite3"
    all_acked: dict[int, int] = {}
    for kills, acks in enumerate((5, 40, 1, 120, 17)):
        acked = _run_and_kill(db, acks)
        assert acked, f"the worker acknowledged nothing before kill {kills}"
        all_acked.update(acked)
        storage = SQLiteStorage(db)
        await storage.open()
        try:
            for game_id, version in all_acked.items():
                game = await storage.get_game(game_id)
                assert game is not None and game.version >= version, (game_id, version)
            results = await check_all(storage)
            assert results and all(r.ok for r in results), [r for r in results if not r.ok]
        finally:
            await storage.close()
