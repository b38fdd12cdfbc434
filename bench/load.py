"""Load: players clicking at a fixed offered rate (open loop) on a big database, on SQLite and on
PostgreSQL, with one and with two bot processes.

    python -m bench.load [--backends sqlite postgres] [--processes 1 2] [--rates 50 100 200 400]
                         [--seconds 20] [--stored 10000] [--active 1000] [--pictures/--no-pictures]

The database holds `--stored` games, `--active` of them running 2-player Roll & Write tables (the
rest finished, cloned from one recorded game). Clicks are scheduled at a fixed rate whatever the
latency (open loop: a slow click does not slow the offered load, it queues), each on a random active
game for a player who owes a decision, as the bot serves it: the button of the panel they have open
carries its version and stamp, so the click reads the game once (load, apply, store), and the outcome
is their next panel. The pictures the bot's policy sends are drawn in the drawing process
(`rendering.pool`, as the bot does): a player's sheet when they open their panel from the round's post
(an interaction before the click, not in its time; in steady state every player has their panel open
before the clock runs, `--burst`: nobody has, as if all 2,000 players came at once), none between
decisions (the panel's text changes), and when a round ends the turn post's lead picture. With several
processes the rate is split between them and each plays its own half of the games.

Prints per backend, processes and offered rate: the achieved clicks per second, p99 latency from a
click's scheduled moment to its move stored, p50 and p99 to its pictures drawn, and each process's
peak memory (and its drawing process's). Compare figures within one run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service import GameClosed, GameMovedOn, NotYourTurn, TableService
from bot.service.outcomes import Panel
from bot.storage import storage_for
from engine.core import Rng, get_game

KIND = "rollwrite"


async def _prepare(database: str, stored: int, active: int) -> None:
    """Fill an empty database: `active` running games and `stored - active` finished ones."""
    storage = storage_for(database, "unused")
    await storage.open()
    service = TableService(storage)
    engine = get_game(KIND)
    # One finished game, played by random choices, is the template of every finished game.
    template = await service.lobby.create(KIND, creator_id=1, guild_id=1, channel_id=1, seed=1)
    await service.lobby.join(template.id, 2)
    await service.lobby.start(template.id, 1)
    rng = Rng(7)
    while (row := await service.game(template.id)).status == "active":
        state = engine.load(row.state or "")
        seat = engine.to_act(state)[0]
        user = row.user_of(seat)
        decision = await service.play.decision(template.id, user)
        await service.play.act_by_index(template.id, user, decision.version, rng.below(len(decision.options)))
    for i in range(active):
        game = await service.lobby.create(KIND, creator_id=10_000 + 2 * i, guild_id=1, channel_id=1, seed=100 + i)
        await service.lobby.join(game.id, 10_001 + 2 * i)
        await service.lobby.start(game.id, 10_000 + 2 * i)
    columns, games = await storage.read_table("games")
    _, seats = await storage.read_table("seats")
    seat_columns = await storage.table_columns("seats")
    action_columns, actions = await storage.read_table("actions")
    first = max(row[columns.index("id")] for row in games) + 1
    base = next(row for row in games if row[columns.index("id")] == template.id)
    base_seats = [s for s in seats if s[seat_columns.index("game_id")] == template.id]
    base_actions = [a for a in actions if a[action_columns.index("game_id")] == template.id]
    chunk = 500
    for start in range(0, stored - active - 1, chunk):
        ids = range(first + start, first + min(start + chunk, stored - active - 1))
        await storage.write_table("games", columns, [_with(base, columns, id=g) for g in ids])
        await storage.write_table("seats", seat_columns,
                                  [_with(s, seat_columns, game_id=g) for g in ids for s in base_seats])
        await storage.write_table("actions", action_columns,
                                  [_with(a, action_columns, game_id=g) for g in ids for a in base_actions])
    await storage.close()


def _with(row: tuple[Any, ...], columns: list[str], **changes: Any) -> tuple[Any, ...]:
    values = list(row)
    for name, value in changes.items():
        values[columns.index(name)] = value
    return tuple(values)


#: A turn post's story as long as a Roll & Write round's (the lead picture wraps it).
STORY = ("Round 4: Player took set 2 (die 5, 3 employees), recorded 3 circles in Tea field and shipped 2 cargo "
         "(4 VP). Player took set 1 and acquired a technology.")


@dataclass
class Tables:
    """What the players of this process have in front of them: who owes a decision in each game (the post that
    pinged them), and the panel each has open (the version and stamp its buttons carry, how many options)."""

    waiting: dict[int, list[int]] = field(default_factory=dict)
    panels: dict[tuple[int, int], tuple[int, str, int]] = field(default_factory=dict)

    def keep(self, game_id: int, user: int, panel: Panel | None) -> None:
        if panel is not None and panel.decision is not None:
            d = panel.decision
            self.panels[(game_id, user)] = (d.version, d.stamp, len(d.options))
        else:
            self.panels.pop((game_id, user), None)


async def _look(service: TableService, tables: Tables, game_id: int) -> None:
    """Who owes a decision in `game_id`, as the post that pinged them says (one read)."""
    row = await service.game(game_id)
    engine = get_game(row.kind)
    seats = engine.to_act(engine.load(row.state or "")) if row.status == "active" else []
    tables.waiting[game_id] = [u for u in (row.user_of(s) for s in seats) if u is not None]


async def _open(service: TableService, tables: Tables, game_id: int, user: int) -> Panel:
    """`user` opens their panel from the post (one read of the game), as the bot serves it."""
    panel = await service.play.panel(game_id, user)
    tables.keep(game_id, user, panel)
    return panel


async def _click(service: TableService, game_id: int, rng: Rng, pictures: bool, tables: Tables) -> float | None:
    """One player's click as the bot serves it: the seconds until its move was stored, or None if the game had
    nothing to do.

    The player clicks a button of the panel they have open; the button carries the version and stamp the panel
    was shown at, so the click reads the game once (load, apply, store). A player with no panel open (their
    round began in a post) first opens one: a read of its own, and with `pictures` their sheet, drawn in the
    drawing process (`rendering.pool`); in the bot that is an interaction before the click, so it is not
    counted in the click's time. Between decisions the panel's text changes (no picture); when the click ends
    the round, the turn post's lead picture, and the clicker's sheet if their next round starts in the panel
    they have open."""
    if game_id not in tables.waiting:
        await _look(service, tables, game_id)
    if not tables.waiting[game_id]:
        return None
    user = rng.choice(tables.waiting[game_id])
    engine = get_game(KIND)
    drawn = []
    sheet = lead = None
    if pictures:
        from rendering import lead_picture_for, picture_for
        from rendering.pool import draw

        lead, sheet = lead_picture_for(KIND), picture_for(KIND)
    if (game_id, user) not in tables.panels:
        panel = await _open(service, tables, game_id, user)
        if panel.decision is None:
            del tables.waiting[game_id]  # moved on: look again next time
            return None
        if sheet is not None and panel.state is not None and panel.seat is not None:
            drawn.append(draw(sheet, engine.view(panel.state, panel.seat), "Player"))
    version, stamp, count = tables.panels[(game_id, user)]
    started = time.perf_counter()
    try:
        outcome = await service.play.act_by_index(game_id, user, version, rng.below(count), stamp)
    except (GameMovedOn, NotYourTurn, GameClosed):
        stored = time.perf_counter() - started
        tables.panels.pop((game_id, user), None)  # the bot shows the current panel: opened again next time
        tables.waiting.pop(game_id, None)
        await asyncio.gather(*drawn)
        return stored
    stored = time.perf_counter() - started
    tables.keep(game_id, user, outcome.panel)
    tables.waiting[game_id] = list(outcome.waiting_on) if not outcome.finished else []
    for other in outcome.newly_waiting:
        if other != user:
            tables.panels.pop((game_id, other), None)  # their round begins in the post: they open a new panel
    if pictures and outcome.state is not None and outcome.newly_waiting:
        if lead is not None:
            names = ["Player"] * len(outcome.game.seats)
            drawn.append(draw(lead, engine.view(outcome.state, None), names=names, story=STORY))
        seat = outcome.game.seat_of(user)
        if sheet is not None and user in outcome.newly_waiting and seat is not None:
            drawn.append(draw(sheet, engine.view(outcome.state, seat), "Player"))
    await asyncio.gather(*drawn)
    return stored


async def _worker(database: str, go_file: str, rate: float, seconds: float, games: list[int],
                  pictures: bool, seed: int) -> dict[str, Any]:
    storage = storage_for(database, "unused")
    await storage.open()
    service = TableService(storage)
    rng = Rng(seed)
    while not os.path.exists(go_file):
        await asyncio.sleep(0.005)
    tables = Tables()
    if os.environ.get("BENCH_LOAD_BURST") != "1":
        # Steady state: every player owing a decision has their panel open before the clock runs (a player
        # makes ~10 decisions a round and opens their panel at the first). `--burst`: nobody's is.
        for game_id in games:
            await _look(service, tables, game_id)
            for user in tables.waiting[game_id]:
                await _open(service, tables, game_id, user)
    if pictures:
        from rendering.pool import pool

        workers = pool()
        if workers is not None:  # the drawing process starts (and warms up) before the clock runs
            workers.submit(os.getpid).result()
    latencies: list[float] = []
    stored: list[float] = []
    tasks: list[asyncio.Task[None]] = []
    start = time.perf_counter()
    cpu_start = time.process_time()

    async def one(scheduled: float, game_id: int) -> None:
        begun = time.perf_counter()
        took = await _click(service, game_id, Rng(rng.below(1 << 30)), pictures, tables)
        if took is not None:
            latencies.append(time.perf_counter() - scheduled)
            stored.append(begun - scheduled + took)

    n = int(rate * seconds)
    for i in range(n):
        scheduled = start + i / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(scheduled, rng.choice(games))))
    await asyncio.gather(*tasks)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    await storage.close()
    drawing = 0.0
    if pictures:
        from rendering.pool import shutdown

        shutdown()  # waits for the drawing process to end, so its peak memory is counted
        drawing = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"latencies": latencies, "stored": stored, "wall": wall, "cpu_ms_per_click": cpu * 1000 / max(1, n),
            "maxrss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "drawing_mib": drawing}


def _run_level(database: str, processes: int, rate: float, seconds: float, games: list[int],
               pictures: bool, tmp: Path) -> dict[str, Any]:
    go = tmp / f"go-{processes}-{rate}-{time.time()}"
    share = [games[i::processes] for i in range(processes)]
    workers = [subprocess.Popen(
        [sys.executable, "-m", "bench.load", "--worker", database, str(go), str(rate / processes), str(seconds),
         ",".join(map(str, share[i])), "1" if pictures else "0", str(i + 1)],
        stdout=subprocess.PIPE, text=True) for i in range(processes)]
    time.sleep(2.0)
    go.touch()
    results = [json.loads(w.communicate()[0].strip().splitlines()[-1]) for w in workers]
    latencies = sorted(x for r in results for x in r["latencies"])
    stored = sorted(x for r in results for x in r["stored"])
    wall = max(r["wall"] for r in results)
    return {
        "achieved": len(latencies) / wall,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "stored_p99_ms": stored[int(len(stored) * 0.99) - 1] * 1000,
        "cpu_ms": statistics.mean(r["cpu_ms_per_click"] for r in results),
        "rss": [round(r["maxrss_mib"]) for r in results],
        "drawing_rss": [round(r.get("drawing_mib", 0)) for r in results],
    }


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        database, go, rate, seconds, games, pictures, seed = sys.argv[2:9]
        result = asyncio.run(_worker(database, go, float(rate), float(seconds), [int(g) for g in games.split(",")],
                                     pictures == "1", int(seed)))
        print(json.dumps(result))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgres"])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--rates", type=float, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--active", type=int, default=1_000)
    parser.add_argument("--pictures", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--burst", action="store_true",
                        help="every player opens their panel on their first click (the start of a busy evening)")
    args = parser.parse_args()
    if args.burst:
        os.environ["BENCH_LOAD_BURST"] = "1"
    print(f"{args.stored} stored games, {args.active} active 2-player {KIND} tables; "
          f"{args.seconds:g} s per rate; pictures {'on' if args.pictures else 'off'}"
          f"{' (burst: every first click opens a panel)' if args.burst else ''}")
    print("p99 stored: click to its move stored (goal 150 ms); p50/p99: click to its pictures drawn, the last step "
          "before they are posted (goal p99 1 s); CPU: the bot process's CPU ms per click (its event loop and its "
          "database thread; the drawing process not counted); peak MiB: each bot process / its drawing process")
    print(f"{'backend':>9} {'procs':>5} {'offered/s':>9} {'achieved/s':>10} {'p99 stored':>10} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'CPU ms':>7} {'peak MiB':>9}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for backend in args.backends:
            cluster = None
            if backend == "postgres":
                from tests.harness.postgres_cluster import PostgresCluster

                cluster = PostgresCluster().start()
                database = cluster.create_database("bench")
            else:
                database = f"sqlite:{tmp / 'bench.sqlite3'}"
            try:
                t0 = time.perf_counter()
                asyncio.run(_prepare(database, args.stored, args.active))
                print(f"  ({backend}: database prepared in {time.perf_counter() - t0:.0f} s)")
                games = asyncio.run(_active_ids(database))
                for processes in args.processes:
                    for rate in args.rates:
                        r = _run_level(database, processes, rate, args.seconds, games, args.pictures, tmp)
                        memory = " ".join(f"{a}/{b}" for a, b in zip(r["rss"], r["drawing_rss"], strict=True))
                        print(f"{backend:>9} {processes:>5} {rate:>9.0f} {r['achieved']:>10.1f} "
                              f"{r['stored_p99_ms']:>10.1f} {r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f} "
                              f"{r['cpu_ms']:>7.1f} {memory:>9}",
                              flush=True)
                        if r["achieved"] < 0.9 * rate or r["p99_ms"] > 2000:
                            break  # this rate no longer holds; the next would not either
            finally:
                if cluster is not None:
                    cluster.stop()


async def _active_ids(database: str) -> list[int]:
    storage = storage_for(database, "unused")
    await storage.open()
    ids = [g.id for g in await storage.list_games(statuses=("active",), limit=1_000_000)]
    await storage.close()
    return ids


if __name__ == "__main__":
    main()
