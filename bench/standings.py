"""Standings benchmark: a big server's leaderboard, profile and history query times.

Run: .venv/bin/python bench/standings.py [games] [players]   (default 10 000 finished games, 2 000 players)
Set DATABASE_URL=postgresql://… to run it on PostgreSQL instead of a temporary SQLite file.

Stores N finished table games (Duel, Yokohama and Roll & Write, 2-4 players, random places, 5 servers)
as game rows, then records each result through `record_finish` — the same transaction a finishing
game runs, OpenSkill update included — and times: that per-game recording, `rebuild-ratings`, and
the queries behind the commands (`/standings` page with your own place, `/profile` with its chart
data, `/history`, and drawing the rating chart). Prints figures only (p50 / p95 over repeated
calls); Discord's limit for a first answer is 3 s.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.discord_app.standings_views import rating_chart
from bot.service import ratings
from bot.service.standings import Standings
from bot.storage import FinishedGame, FinishedSeat, Storage, storage_for
from bot.storage.copy import Copyable

KINDS = (("duel", 2, 2), ("yokohama", 2, 4), ("rollwrite", 2, 4))
GUILDS = (11, 12, 13, 14, 15)
REPEAT = 30


def timed(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"


async def build(storage: Storage, games: int, players: int) -> list[FinishedGame]:
    """Game rows (bulk) and the results to record, in finishing order."""
    rng = random.Random(12)
    now = time.time() - games * 60
    rows, seats, results = [], [], []
    for game_id in range(1, games + 1):
        kind, low, high = rng.choice(KINDS)
        guild = rng.choice(GUILDS)
        people = rng.sample(range(1, players + 1), rng.randint(low, high))
        finished = now + game_id * 60
        rows.append((game_id, kind, "table", guild, 100 + guild, people[0], game_id, "{}", "{}", "finished", None, 1,
                     None, None, finished - 3600, finished, None, None))
        scores = [rng.randint(20, 120) for _ in people]
        seats += [(game_id, user, seat, finished - 3600, False) for seat, user in enumerate(people)]
        places = [1 + sum(1 for other in scores if other > score) for score in scores]
        results.append(FinishedGame(
            game_id=game_id, kind=kind, mode="table", guild_id=guild, finished_at=finished, rated=True,
            why_unrated=None,
            seats=[FinishedSeat(user, seat, places[seat], scores[seat], False) for seat, user in enumerate(people)]))
    copyable: Copyable = storage  # type: ignore[assignment]
    await copyable.write_table("games", ["id", "kind", "mode", "guild_id", "channel_id", "creator_id", "seed",
                                         "options", "table_rules", "status", "state", "version", "result",
                                         "daily_date", "created_at", "updated_at", "waiting_since", "reminded_at"],
                               rows)
    await copyable.write_table("seats", ["game_id", "user_id", "seat", "joined_at", "resigned"], seats)
    return results


async def main(games: int, players: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        storage = storage_for(os.environ.get("DATABASE_URL"), Path(tmp) / "bench.sqlite3")
        await storage.open()
        try:
            results = await build(storage, games, players)
            t0 = time.perf_counter()
            per_game = []
            for result in results:
                t = time.perf_counter()
                await storage.record_finish(result, ratings.rate)
                per_game.append(time.perf_counter() - t)
            print(f"{type(storage).__name__}: {games} finished games, {players} players, {len(GUILDS)} servers")
            print(f"recording each result with its rating update: {timed(per_game)} "
                  f"({time.perf_counter() - t0:.1f} s in all)")
            standings = Standings(storage)
            t0 = time.perf_counter()
            rated, stored = await standings.rebuild()
            print(f"rebuild-ratings: {time.perf_counter() - t0:.2f} s for {rated} games, {stored} ratings")

            rng = random.Random(5)
            viewers = [rng.randint(1, players) for _ in range(REPEAT)]
            for label, scope in (("this server", GUILDS[0]), ("everyone", ratings.EVERYONE)):
                samples, size = [], 0
                for i, viewer in enumerate(viewers):
                    t = time.perf_counter()
                    board = await standings.board("yokohama", scope, viewer=viewer, page=i % 5)
                    samples.append(time.perf_counter() - t)
                    size = board.players
                print(f"/standings Yokohama, {label} ({size} rated players), page + your place: {timed(samples)}")
            samples, charts, points = [], [], 0
            for viewer in viewers:
                t = time.perf_counter()
                profile = await standings.profile(viewer, GUILDS[0])
                samples.append(time.perf_counter() - t)
                points = max(points, sum(len(r.points) for r in profile.games))
                t = time.perf_counter()
                await asyncio.to_thread(rating_chart, profile, f"player {viewer}")
                charts.append(time.perf_counter() - t)
            print(f"/profile queries (3 games, ranks here and everywhere, chart data): {timed(samples)}")
            print(f"/profile rating chart (up to {points} points), off the event loop: {timed(charts)}")
            samples = []
            for i, viewer in enumerate(viewers):
                t = time.perf_counter()
                await standings.history(viewer, page=i % 3)
                samples.append(time.perf_counter() - t)
            print(f"/history page: {timed(samples)}")
        finally:
            await storage.close()


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:3]]
    asyncio.run(main(*(arguments + [10_000, 2_000][len(arguments):])))
