"""A bot process as far as backups go: plays Counting without a pause (a live database) while the backup
schedule (`bot.backup.Schedule`) takes its backup, copied a page at a time, saying "copying" at each step.

`test_backup.py` kills it with SIGKILL in the middle of that copy and checks what is left in the folder.
Arguments: the database, the backup folder.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from bot import backup
from bot.service import TableService
from bot.storage import SQLiteStorage
from engine.core import register
from tests.toygame import COUNTING


async def play(service: TableService) -> None:
    game = await service.lobby.create("counting", creator_id=1, options={"rounds": 10_000})
    await service.lobby.start(game.id, 1)
    while True:
        await service.play.act(game.id, 1, {"pick": 2})
        await asyncio.sleep(0)


def slowly(status: int, remaining: int, total: int) -> None:
    print(f"copying {remaining} of {total}", flush=True)
    time.sleep(0.05)


async def main(database: str, folder: str) -> None:
    register(COUNTING)
    storage = SQLiteStorage(database)
    await storage.open()
    backup.STEP_PAGES = 1  # one page per step: the copy lasts long enough to be killed in the middle
    schedule = backup.Schedule(Path(database), Path(folder), hours=24, keep=3)
    player = asyncio.create_task(play(TableService(storage)))
    await schedule.forever(lambda made: print(f"made {made}", flush=True), progress=slowly)
    player.cancel()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
