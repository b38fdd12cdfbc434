"""What the table flow asks of players: clicks per decision, single-option panels, bytes uploaded.

    python -m bench.table_flow [--games 3] [--rollwrite-bytes]

Part 1 plays whole games of every game through the table service with seeded random choices,
the way the Discord panels offer them: a player opens their panel once each time they become
newly waiting (one click on the turn post), then clicks one button or menu entry per decision
(plus page arrows past 25 options). It prints, per game, the decisions the players made, the
decisions they were shown with a single option, and the clicks per decision.

Part 2 (`--rollwrite-bytes`) plays a 2-player Roll & Write table through the real cogs in the
fake Discord (tests/harness) and prints the bytes of every picture the bot uploaded.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bot.service import TableService
from bot.storage import SQLiteStorage
from engine.core import Rng, get_game

PAGE = 25


@dataclass
class Tally:
    decisions: int = 0  # decisions a player was shown and made
    single: int = 0  # of those, with exactly one option
    clicks: int = 0  # panel opens + option clicks + page arrows
    games: int = 0

    def line(self, kind: str) -> str:
        per = self.clicks / self.decisions if self.decisions else 0.0
        return (f"{kind:10s} games {self.games:3d}  decisions shown {self.decisions:6d}  "
                f"single-option {self.single:5d} ({self.single / max(self.decisions, 1):5.1%})  "
                f"clicks/decision {per:4.2f}  clicks/game {self.clicks / max(self.games, 1):6.1f}")


async def play_one(service: TableService, kind: str, players: int, seed: int, tally: Tally,
                   max_decisions: int) -> None:
    users = [seed * 100 + p for p in range(1, players + 1)]
    row = await service.create(kind, creator_id=users[0], seed=seed)
    for user in users[1:]:
        await service.join(row.id, user)
    outcome = await service.start(row.id, users[0])
    rng = Rng(seed)
    panel_open: set[int] = set()
    waiting = set(outcome.waiting_on)
    for _ in range(max_decisions):
        status = await service.status(row.id)
        if status.status != "active" or not status.waiting_on:
            break
        user = rng.choice(status.waiting_on)
        if user not in panel_open:  # one click on the turn post opens the panel
            tally.clicks += 1
            panel_open.add(user)
        decision = await service.decision(row.id, user)
        tally.decisions += 1
        if len(decision.options) == 1:
            tally.single += 1
        index = rng.randint(0, len(decision.options) - 1)
        tally.clicks += 1 + index // PAGE  # page arrows to reach the option, then the click
        outcome = await service.act_by_index(row.id, user, decision.version, index)
        now = set(outcome.waiting_on)
        # Whoever is newly waiting got a turn post and opens a panel from it; the panel stays open otherwise.
        panel_open -= set(outcome.newly_waiting)
        if outcome.finished:
            break
        waiting = now
    del waiting
    tally.games += 1


async def flow(games: int) -> None:
    setups = [("duel", 2, 2000), ("yokohama", 3, 1500), ("rollwrite", 2, 2000)]
    with tempfile.TemporaryDirectory() as tmp:
        storage = SQLiteStorage(Path(tmp) / "bench.sqlite3")
        await storage.open()
        service = TableService(storage)
        for kind, players, cap in setups:
            try:
                get_game(kind)
            except KeyError:
                continue
            tally = Tally()
            for seed in range(1, games + 1):
                await play_one(service, kind, players, seed, tally, cap)
            print(tally.line(kind), flush=True)
        await storage.close()


async def rollwrite_bytes() -> None:
    # The fake Discord and the clicking player live with the tests; this benchmark borrows them.
    from bot.discord_app.client import YokohamaBot
    from bot.settings import Settings
    from tests.harness.discord_fake import FakeDiscord
    from tests.rollwrite_discord.helpers import Clock, choose_auto, open_panel, owing_users

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bot.sqlite3"
        storage = SQLiteStorage(path)
        await storage.open()
        bot = YokohamaBot(Settings(database_path=path), storage,
                          TableService(storage, clock=Clock(), new_seed=lambda: 20261129))
        async with FakeDiscord(bot, validate=False) as fake:
            alice, bob = fake.user("alice"), fake.user("bob")
            [lobby] = await fake.command("rollwrite new", user=alice, options={})
            await fake.click(user=bob, message=lobby, label="Join")
            sent = await fake.click(user=alice, message=lobby, label="Start")
            start = next(s for s in sent if "has started. Seat order" in (s.content or ""))
            game_id = int(start.content.split("#", 1)[1].split("*", 1)[0])
            users = {alice.id: alice, bob.id: bob}
            panels = {u.id: await open_panel(fake, u, start) for u in (alice, bob)}
            clicks = 0
            while waiting := await owing_users(fake, game_id):
                await choose_auto(fake, users[waiting[0]], panels[waiting[0]], game_id)
                clicks += 1
            uploads = [f for s in fake.sent for f in s.files]
            total = sum(len(f.data) for f in uploads)
            print(f"rollwrite 2-player table: {clicks} decisions clicked, {len(uploads)} pictures uploaded, "
                  f"{total / 1e6:.2f} MB", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="whole games per game kind")
    parser.add_argument("--rollwrite-bytes", action="store_true", help="also measure Roll & Write uploads")
    args = parser.parse_args()
    asyncio.run(flow(args.games))
    if args.rollwrite_bytes:
        asyncio.run(rollwrite_bytes())


if __name__ == "__main__":
    main()
