"""Tournament benchmark: what a 64-player Swiss Duel tournament costs.

Run: .venv/bin/python -m bench.tournament [players] [rounds]   (default 64 players, 6 rounds)
Set DATABASE_URL=postgresql://… to run it on PostgreSQL instead of a temporary SQLite file.

Through the real service and storage: 64 players sign up, the tournament starts, and every round is
paired (`TournamentService.pair`, the pure Swiss pairing over the standings so far: timed alone), stored
with the round's compare-and-set, its 32 tables created (engine set-up and one transaction per table),
played out by a resignation each (the write, the result, the ratings: what a finishing game costs), and
closed by the scheduler's pass. Prints per round: the pairing alone, opening the round (pairing + storing +
tables), finishing its games, and the scheduler's pass; then `/tournament standings` (read + compute, p50
over repeats), the standings picture, and the rows the tournament keeps in storage.
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

from bot.discord_app.cogs.tournaments import standings_rows
from bot.service import TableService
from bot.service.tournaments import TournamentService, standings
from bot.storage import storage_for
from rendering.tournament import standings_picture

REPEAT = 20


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


async def run(players: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        storage = storage_for(os.environ.get("DATABASE_URL"), Path(tmp) / "bench.sqlite3")
        await storage.open()
        try:
            ts = TournamentService(TableService(storage, ai_budget_s=0.01))
            t = await ts.create("duel", "swiss", guild_id=1, channel_id=2, organiser_id=3, rounds=rounds,
                                signup_hours=0, max_players=players, name="Bench Swiss")
            started = time.perf_counter()
            for user in range(1000, 1000 + players):
                await ts.join(t.id, user)
            print(f"{players} players, {rounds} rounds of Swiss Duel on "
                  f"{'PostgreSQL' if os.environ.get('DATABASE_URL') else 'SQLite'}")
            print(f"sign-up of {players} players: {ms(time.perf_counter() - started)} "
                  f"({ms((time.perf_counter() - started) / players)} each)")
            rng = random.Random(7)
            clock = time.perf_counter()
            await ts.start(t.id)
            print(f"start (round 1 paired, stored, its tables created): {ms(time.perf_counter() - clock)}")
            print("round | pairing alone | finish its games | scheduler pass: close it, pair + store + create the next")
            for round_number in range(1, rounds + 1):
                t = await ts.tournament(t.id)
                results = await storage.pairing_results(t.id)  # type: ignore[attr-defined]
                clock = time.perf_counter()
                for _ in range(REPEAT):
                    ts.pair(t, results, round_number)
                pairing = (time.perf_counter() - clock) / REPEAT
                pairings = await storage.pairings(t.id, round_number)  # type: ignore[attr-defined]
                clock = time.perf_counter()
                for p in pairings:
                    if p.game_id is not None:
                        await ts.tables.play.resign(p.game_id, p.players[rng.randrange(2)])
                finishing = time.perf_counter() - clock
                clock = time.perf_counter()
                events = await ts.tick()
                sweep = time.perf_counter() - clock
                kinds = ",".join(f"{e.kind} {e.round}" for e in events)
                print(f"{round_number:5} | {ms(pairing):>13} | {ms(finishing):>16} | {ms(sweep)} ({kinds})")
            samples = []
            for _ in range(REPEAT):
                clock = time.perf_counter()
                t, lines, results = await ts.standings(t.id)
                samples.append(time.perf_counter() - clock)
            compute = []
            for _ in range(REPEAT):
                clock = time.perf_counter()
                standings(t, results)
                compute.append(time.perf_counter() - clock)
            print(f"standings (read every pairing with its game's result + compute): p50 "
                  f"{ms(statistics.median(samples))}; compute alone p50 {ms(statistics.median(compute))}")
            headers, rows = standings_rows(t, lines, [f"Player {line.user_id}" for line in lines])
            clock = time.perf_counter()
            picture = standings_picture(t.name, "Yokohama Duel · Swiss", headers, rows)
            drawn = time.perf_counter() - clock
            print(f"standings picture ({len(rows)} rows): {ms(drawn)}, {len(picture) // 1024} KiB")
            counts = await storage.tournament_rows(t.id)  # type: ignore[attr-defined]
            print("storage rows: " + ", ".join(f"{table} {n}" for table, n in counts.items())
                  + f"; status {t.status}")
        finally:
            await storage.close()


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    asyncio.run(run(players, rounds))


if __name__ == "__main__":
    main()
