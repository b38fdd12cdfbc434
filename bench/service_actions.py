"""How long one action takes through the table service (load, apply, store), alone and
with many games being played at once on one SQLite file.

    python -m bench.service_actions [--game rollwrite] [--actions 30] [--concurrency 1 200]

Prints, per concurrency level, the median and 95th-percentile latency of one action and
the total actions per second, plus the ratio to the single-game latency (this machine is
shared and noisy: compare the figures of one run with each other, not with another run).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import TableService
from bot.storage import SQLiteStorage
from engine.core import Rng, get_game


async def _play(service: TableService, game_id: int, actions: int, rng: Rng, latencies: list[float]) -> None:
    for _ in range(actions):
        status = await service.status(game_id)
        if status.status != "active":
            return
        user = rng.choice(status.waiting_on)
        decision = await service.play.decision(game_id, user)
        choice = rng.choice(decision.options)
        start = time.perf_counter()
        await service.play.act(game_id, user, choice.action, expected_version=decision.version)
        latencies.append(time.perf_counter() - start)


async def _level(kind: str, players: int, games: int, actions: int) -> tuple[list[float], float]:
    with tempfile.TemporaryDirectory() as tmp:
        storage = SQLiteStorage(Path(tmp) / "bench.sqlite3")
        await storage.open()
        service = TableService(storage)
        ids = []
        for i in range(games):
            row = await service.lobby.create(kind, creator_id=1000 * i + 1, seed=i)
            for p in range(2, players + 1):
                await service.lobby.join(row.id, 1000 * i + p)
            await service.lobby.start(row.id, 1000 * i + 1)
            ids.append(row.id)
        latencies: list[float] = []
        start = time.perf_counter()
        await asyncio.gather(*(_play(service, gid, actions, Rng(gid), latencies) for gid in ids))
        wall = time.perf_counter() - start
        await storage.close()
    return latencies, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="rollwrite")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--actions", type=int, default=30, help="actions per game")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 200])
    args = parser.parse_args()
    engine = get_game(args.game)
    players = args.players or max(engine.min_players, min(2, engine.max_players))
    print(f"game={args.game} players={players} actions/game={args.actions}")
    print(f"{'games':>6} {'actions':>8} {'median ms':>10} {'p95 ms':>8} {'actions/s':>10} {'median vs 1 game':>17}")
    base = None
    for games in args.concurrency:
        latencies, wall = asyncio.run(_level(args.game, players, games, args.actions))
        median = statistics.median(latencies) * 1000
        p95 = statistics.quantiles(latencies, n=20)[-1] * 1000 if len(latencies) > 20 else max(latencies) * 1000
        base = base or median
        print(f"{games:>6} {len(latencies):>8} {median:>10.2f} {p95:>8.2f} {len(latencies) / wall:>10.0f} "
              f"{median / base:>16.1f}x")


if __name__ == "__main__":
    main()
