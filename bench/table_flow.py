"""What the table flow asks of players: clicks per decision, single-option panels, bytes uploaded.

    python -m bench.table_flow [--games 3] [--bytes | --bytes-only]

Part 1 plays whole games of every game through the table service with seeded random choices,
the way the Discord panels offer them: a player opens their panel once each time they become
newly waiting (one click on the turn post), then clicks one button or menu entry per decision
(plus page arrows past 25 options). It prints, per game, the decisions the players made, the
decisions they were shown with a single option, and the clicks per decision.

Part 2 (`--bytes`) plays a 2-player Duel, a 3-player Yokohama game and a 2-player Roll & Write table
through the real cogs in the fake Discord (tests/harness), each player opening their panel from the
post that asks them to act, and prints the bytes of every picture the bot uploaded (issue 21's goals:
at most 5 MB a Duel, 1 MB a Yokohama round, 3 MB a Roll & Write table game).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


#: Goals of issue 21 for the bytes a game uploads, in MB: per 2-player Duel game, per 3-player Yokohama
#: round, per 2-player Roll & Write table game.
BYTE_GOALS = {"duel": 5.0, "yokohama": 1.0, "rollwrite": 3.0}


async def table_bytes(kind: str, players: int, seed: int = 20261129) -> None:
    """Play one whole table game through the real cogs in the fake Discord (each player opens their panel
    from the turn post that pings them and clicks what the greedy player would) and print the bytes of
    every picture the bot uploaded: public posts and private panels apart."""
    # The fake Discord and the clicking player live with the tests; this benchmark borrows them.
    from bot.discord_app.client import YokohamaBot
    from bot.settings import Settings
    from tests.harness.discord_fake import FakeDiscord
    from tests.rollwrite_discord.helpers import Clock, choose_auto, open_panel, owing_users
    from tests.yokohama_discord.helpers import choose_greedy

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bot.sqlite3"
        storage = SQLiteStorage(path)
        await storage.open()
        bot = YokohamaBot(Settings(database_path=path), storage,
                          TableService(storage, clock=Clock(), new_seed=lambda: seed))
        async with FakeDiscord(bot, validate=False) as fake:
            people = [fake.user(name) for name in ("akiko", "benedikt", "chiara", "daisuke")[:players]]
            if kind == "rollwrite":
                [lobby] = await fake.command("rollwrite new", user=people[0], options={})
            else:
                [lobby] = await fake.command("table new", user=people[0], options={"game": kind})
            for person in people[1:]:
                await fake.click(user=person, message=lobby, label="Join")
            await fake.click(user=people[0], message=lobby, label="Start")
            [row] = await storage.list_games(statuses=("active",))
            game_id = row.id
            users = {u.id: u for u in people}
            panels: dict[int, Any] = {}
            clicks = 0
            while waiting := await owing_users(fake, game_id):
                user = users[waiting[0]]
                posts = [m for m in fake.sent if m.kind in ("channel_message", "followup")
                         and not m.ephemeral and f"yk:open:{game_id}" in m.custom_ids()]
                latest = posts[-1]
                # A player opens their panel from the post that pings them, unless the panel they have open
                # already offers them a decision (it does after a click that began their next round).
                live = user.id in panels and any(
                    c.startswith(("yk:do:", "yk:sel:", "yk:ms:", "yk:pg:"))
                    for c in fake.message_view(panels[user.id][1]).custom_ids())
                if not live:
                    panels[user.id] = (latest, await open_panel(fake, user, latest))
                panel = panels[user.id][1]
                if kind == "yokohama":
                    await choose_greedy(fake, user, panel, game_id)
                else:
                    await choose_auto(fake, user, panel, game_id)
                clicks += 1
            _, engine, state = await bot.service.load(game_id)
            public = sum(len(f.data) for m in fake.sent if not m.ephemeral for f in m.files)
            private = sum(len(f.data) for m in fake.sent if m.ephemeral for f in m.files)
            count = sum(len(m.files) for m in fake.sent)
            total = (public + private) / 1e6
            line = (f"{kind:9s} {players}-player table: {clicks} decisions, {count} pictures, {total:.2f} MB "
                    f"({public / 1e6:.2f} public, {private / 1e6:.2f} private)")
            if kind == "yokohama":
                rounds = max(1, int(state["round"]) - 1)
                line += f", {rounds} rounds: {total / rounds:.2f} MB a round"
                total /= rounds
            goal = BYTE_GOALS[kind]
            print(f"{line} — goal {goal:.0f} MB: {'within' if total <= goal else 'OVER'}", flush=True)
        await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="whole games per game kind")
    parser.add_argument("--bytes", action="store_true", help="also measure the bytes a game uploads (all games)")
    parser.add_argument("--bytes-only", action="store_true", help="only measure the bytes")
    args = parser.parse_args()
    if not args.bytes_only:
        asyncio.run(flow(args.games))
    if args.bytes or args.bytes_only:
        for kind, players in (("duel", 2), ("yokohama", 3), ("rollwrite", 2)):
            asyncio.run(table_bytes(kind, players))


if __name__ == "__main__":
    main()
