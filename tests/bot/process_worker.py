"""One bot process's view of a shared database, for `test_processes.py`.

Run as `python -m tests.bot.process_worker TASK DATABASE GO_FILE [ARGS]`: it opens the storage,
waits until GO_FILE exists (so two workers start their race at the same moment), does TASK and
prints one JSON line with what it saw.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

from bot.service import GameMovedOn, TableService
from bot.service.daily import DailyService
from bot.storage import storage_for
from engine.core import register
from tests.toygame import COUNTING


async def _wait_for(go_file: str) -> None:
    deadline = time.time() + 60
    while not os.path.exists(go_file):
        if time.time() > deadline:
            raise TimeoutError("the race never started")
        await asyncio.sleep(0.005)


async def main(task: str, database: str, go_file: str, *args: str) -> None:
    register(COUNTING)
    storage = storage_for(database if "://" in database else f"sqlite:{database}", "unused")
    if task == "open":  # the race is the open itself
        await _wait_for(go_file)
        await storage.open()
        print(json.dumps({"opened": True}), flush=True)
        await storage.close()
        return
    await storage.open()
    service = TableService(storage)
    try:
        await _wait_for(go_file)
        if task == "secret":
            print(json.dumps({"secret": await DailyService(service).secret()}), flush=True)
        elif task == "sweep":
            # Both processes sweep at once, then claim the day's announcements at once.
            events = await service.clock.sweep(now=float(args[0]))
            reminded = sorted(e.game.id for e in events if e.kind == "reminder")
            daily = DailyService(service, secret="s", clock=lambda: float(args[0]))
            announced = sorted(g for g, _ in await daily.claim_announcements())
            print(json.dumps({"reminded": reminded, "announced": announced}), flush=True)
        elif task == "clicks":
            # Every game at version v gets one click from each process, expecting version v.
            applied = stale = 0
            for game_id in map(int, args[0].split(",")):
                try:
                    await service.play.act(game_id, 1, {"pick": 1}, expected_version=0)
                    applied += 1
                except GameMovedOn:
                    stale += 1
            print(json.dumps({"applied": applied, "stale": stale}), flush=True)
        else:
            raise SystemExit(f"unknown task {task}")
    finally:
        await storage.close()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
