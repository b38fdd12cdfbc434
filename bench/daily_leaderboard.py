"""Daily-challenge leaderboard benchmark: time to rank N finished attempts, cold and warm.

Run: .venv/bin/python bench/daily_leaderboard.py [attempts]
Builds N finished attempts of one day in a temporary SQLite file (every attempt replays the same
greedy game, stored with its whole action log as one versioned write), then times
`DailyService.leaderboard` the first time (every final state parsed) and again (standings cached),
and `stats` for one player. Prints figures only; compare runs as ratios on the same machine.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import TableService
from bot.service.daily import DailyService
from bot.storage import NewAction, SQLiteStorage
from engine.rollwrite import GAME


async def main(attempts: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        storage = SQLiteStorage(Path(tmp) / "bench.sqlite3")
        await storage.open()
        tables = TableService(storage)
        daily = DailyService(tables, secret="bench")
        start = time.perf_counter()
        final_state, actions = None, []
        for user in range(1, attempts + 1):
            attempt = await daily.play(user, guild_id=1 + user % 5, channel_id=10)
            if final_state is None:  # one greedy game; every attempt of the day has the same deal
                state = GAME.load(attempt.game.state)
                while not GAME.is_over(state):
                    action = GAME.auto_action(state, 0)
                    actions.append(action)
                    state = GAME.apply(state, 0, action)
                final_state = state
            result = {"scores": GAME.scores(final_state), "ranking": [0], "forfeited": [], "reason": "completed"}
            entries = [NewAction(0, user, "player", a) for a in actions]
            await storage.record(attempt.game.id, attempt.game.version, entries, GAME.dump(final_state),
                                 status="finished", result=result)
        built = time.perf_counter() - start
        size = (Path(tmp) / "bench.sqlite3").stat().st_size
        print(f"{attempts} finished attempts stored in {built:.1f} s; database {size / 1024 / 1024:.1f} MiB")

        for label in ("cold (parse every state)", "warm (cached standings)"):
            t0 = time.perf_counter()
            board = await daily.leaderboard(None, guild_id=None, viewer=attempts)
            elapsed = time.perf_counter() - t0
            print(f"global leaderboard, {label}: {elapsed * 1000:.0f} ms for {board.players} attempts "
                  f"({elapsed / board.players * 1e6:.0f} µs each)")
        t0 = time.perf_counter()
        board = await daily.leaderboard(None, guild_id=1, viewer=5)
        print(f"server leaderboard (warm): {(time.perf_counter() - t0) * 1000:.0f} ms for {board.players} attempts")
        t0 = time.perf_counter()
        await daily.stats(attempts)
        print(f"stats of one player: {(time.perf_counter() - t0) * 1000:.1f} ms")
        await storage.close()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
