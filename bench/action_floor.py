"""One action through the service against its floor, on SQLite and on PostgreSQL.

    python -m bench.action_floor [--game duel] [--actions 300] [--backends sqlite postgres]

The floor is what any design must pay for one move: parse the stored state (JSON load), write it
back (JSON dump), and one version-checked write of the game row with its log entry, committed.
An action through the service (`act_by_index`: load, apply, store, the turn story, and
the mover's next decision, built from the state in hand) is measured on the same game positions,
alternating with the floor so both see the same machine load. The click (the action plus the mover's
next decision, asked of the service afterwards where the outcome does not carry it) is printed beside
it, so a version whose outcome lacks it compares like with like. Prints the medians and their ratio (aim:
within 2x).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import ServiceError, TableService
from bot.storage import NewAction, storage_for
from engine.core import Rng, get_game


async def _measure(database: str, kind: str, actions: int) -> tuple[list[float], list[float], list[float]]:
    storage = storage_for(database, "unused")
    await storage.open()
    service = TableService(storage)
    engine = get_game(kind)
    players = max(engine.min_players, 2)
    rng = Rng(5)

    async def new_game() -> int:
        row = await service.lobby.create(kind, creator_id=1, seed=rng.below(1 << 30))
        for user in range(2, players + 1):
            await service.lobby.join(row.id, user)
        await service.lobby.start(row.id, 1)
        return row.id

    floor_game = await new_game()
    game_id = await new_game()
    floor: list[float] = []
    action: list[float] = []
    click: list[float] = []
    while len(action) < actions:
        row = await service.game(game_id)
        if row.status != "active":
            game_id = await new_game()
            continue
        state = engine.load(row.state or "")
        seat = engine.to_act(state)[0]
        user = row.user_of(seat)
        assert user is not None
        decision = await service.play.decision(game_id, user)
        choice = rng.below(len(decision.options))
        # The floor, on a game of its own with this game's current state text.
        text = row.state or ""
        target = await service.game(floor_game)
        start = time.perf_counter()
        dumped = json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
        await storage.record(floor_game, target.version, [NewAction(0, 1, "player", {"pick": 0})], dumped)
        floor.append(time.perf_counter() - start)
        start = time.perf_counter()
        outcome = await service.play.act_by_index(game_id, user, decision.version, choice, decision.stamp)
        action.append(time.perf_counter() - start)
        # The click as a whole also shows the mover's next decision: built into the outcome now;
        # a service without `Outcome.panel` is asked for it afterwards, as its Discord layer did.
        start = time.perf_counter()
        if getattr(outcome, "panel", None) is None and outcome.game.status == "active":
            with contextlib.suppress(ServiceError):
                await service.play.decision(game_id, user)
        click.append(action[-1] + time.perf_counter() - start)
    await storage.close()
    return floor, action, click


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="duel")
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgres"])
    args = parser.parse_args()
    print(f"{args.game}: {args.actions} actions, each beside its floor (JSON load + dump + one versioned write)")
    with tempfile.TemporaryDirectory() as tmp:
        for backend in args.backends:
            cluster = None
            if backend == "postgres":
                from tests.harness.postgres_cluster import PostgresCluster

                cluster = PostgresCluster().start()
                database = cluster.create_database("floor")
            else:
                database = f"sqlite:{Path(tmp) / 'floor.sqlite3'}"
            try:
                floor, action, click = asyncio.run(_measure(database, args.game, args.actions))
            finally:
                if cluster is not None:
                    cluster.stop()
            f, a, c = (statistics.median(x) * 1000 for x in (floor, action, click))
            print(f"  {backend:>8}: floor median {f:.2f} ms, action median {a:.2f} ms, ratio {a / f:.2f}x; "
                  f"click (action + the mover's next decision) {c:.2f} ms, {c / f:.2f}x")


if __name__ == "__main__":
    main()
