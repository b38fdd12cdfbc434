"""Plays Counting as fast as it can and prints "ack <version>" after every stored action.

`test_crash.py` runs this in a subprocess and kills it with SIGKILL at random moments, then
checks that every acknowledged action survived and that the stored game replays.
"""

from __future__ import annotations

import asyncio
import sys

from bot.service import TableService
from bot.storage import SQLiteStorage
from engine.core import register
from tests.toygame import COUNTING


async def main(path: str) -> None:
    register(COUNTING)
    storage = SQLiteStorage(path)
    await storage.open()
    service = TableService(storage)
    while True:
        game = await service.lobby.create("counting", creator_id=1, options={"rounds": 10_000})
        await service.lobby.start(game.id, 1)
        while True:
            outcome = await service.play.act(game.id, 1, {"pick": 2})
            print(f"ack {game.id} {outcome.game.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
