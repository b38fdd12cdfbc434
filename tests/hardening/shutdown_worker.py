"""The real bot process without a network, for `test_shutdown.py`.

Run as `python -m tests.hardening.shutdown_worker DATABASE`: it runs `bot.discord_app.runner.serve` with a
bot whose login and gateway are replaced by "wait until closed" (everything else is the real bot: cogs,
dynamic items, the service, the storage threads), plays moves through the service without pause, and
prints "ready" and then "ack <game> <version>" after every stored move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from pathlib import Path

from bot.discord_app.client import YokohamaBot
from bot.discord_app.runner import serve
from bot.service import ServiceError
from bot.settings import Settings
from bot.storage import Storage
from engine.core import register
from tests.toygame import COUNTING


class OfflineBot(YokohamaBot):
    async def login(self, token: str) -> None:
        await self._async_setup_hook()
        await self.setup_hook()

    async def sync_commands(self) -> None:
        return None

    async def connect(self, *, reconnect: bool = True) -> None:
        player = asyncio.create_task(self._play_forever())
        print("ready", flush=True)
        try:
            while not self.is_closed():
                await asyncio.sleep(0.05)
        finally:
            player.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await player

    async def _play_forever(self) -> None:
        game = await self.service.lobby.create("counting", creator_id=1, options={"rounds": 1_000_000})
        await self.service.lobby.start(game.id, 1)
        while True:
            try:
                outcome = await self.service.play.act(game.id, 1, {"pick": 1})
            except ServiceError:
                await asyncio.sleep(0.01)  # refused while shutting down: nothing changed
                continue
            print(f"ack {game.id} {outcome.game.version}", flush=True)


def make(settings: Settings, storage: Storage) -> YokohamaBot:
    return OfflineBot(settings, storage)


def main(database: str) -> int:
    register(COUNTING)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    settings = Settings(database_path=Path(database), discord_token="offline")
    return asyncio.run(serve(settings, bot_factory=make))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
