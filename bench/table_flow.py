"""What the table flow asks of players: clicks per decision and per turn, formality panels, pings, bytes.

    python -m bench.table_flow [--games 3] [--bytes | --bytes-only]

Part 1 plays whole games of every game through the table service with seeded random choices,
the way the Discord panels offer them: a player opens their panel once each time they become
newly waiting (one click on the turn post), then clicks one button or menu entry per decision
(plus page arrows past 25 options). It prints, per game, the decisions the players made, the
decisions they were shown with a single option and of those the formality panels (a lone option
the engine calls a formality: the goal is 0), clicks per decision and per turn post, and
the people each game's turn posts ping.

Part 2 (`--bytes`) plays a 2-player Duel, a 3-player Yokohama game and a 2-player Roll & Write table
through the real cogs in the fake Discord (tests/harness), between people and once more with one person
against the bot, each player opening their panel from the post that asks them to act unless the panel
they have open offers a decision, and prints clicks per turn, pings per game, single-option panels and
the bytes of every picture the bot uploaded (the goals: at most 1.5 MB a Duel, 0.4 MB a Yokohama
round, 1.5 MB a Roll & Write table game).
"""

from __future__ import annotations

import argparse
import asyncio
import json
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
    formality: int = 0  # of those, a lone option the engine calls a formality (the goal: 0)
    clicks: int = 0  # panel opens + option clicks + page arrows
    turns: int = 0  # turn posts: someone new must act, or the game ended
    pings: int = 0  # people a turn post notifies (never the mover)
    games: int = 0

    def line(self, kind: str) -> str:
        per = self.clicks / self.decisions if self.decisions else 0.0
        return (f"{kind:10s} games {self.games:3d}  decisions shown {self.decisions:6d}  "
                f"single-option {self.single:5d} ({self.single / max(self.decisions, 1):5.1%}), "
                f"formality panels {self.formality}  clicks/decision {per:4.2f}  "
                f"clicks/turn {self.clicks / max(self.turns, 1):4.2f}  "
                f"clicks/game {self.clicks / max(self.games, 1):6.1f}  "
                f"pings/game {self.pings / max(self.games, 1):5.1f}")


async def play_one(service: TableService, kind: str, players: int, seed: int, tally: Tally,
                   max_decisions: int) -> None:
    users = [seed * 100 + p for p in range(1, players + 1)]
    row = await service.lobby.create(kind, creator_id=users[0], seed=seed)
    for user in users[1:]:
        await service.lobby.join(row.id, user)
    outcome = await service.lobby.start(row.id, users[0])
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
        decision = await service.play.decision(row.id, user)
        tally.decisions += 1
        if len(decision.options) == 1:
            tally.single += 1
            _, engine, state = await service.load(row.id)
            tally.formality += bool(engine.is_formality(state, decision.seat))
        index = rng.randint(0, len(decision.options) - 1)
        tally.clicks += 1 + index // PAGE  # page arrows to reach the option, then the click
        outcome = await service.play.act_by_index(row.id, user, decision.version, index)
        now = set(outcome.waiting_on)
        if outcome.newly_waiting or outcome.finished:
            tally.turns += 1
            seated = [u for u in users if u != user] if outcome.finished else outcome.newly_waiting
            tally.pings += len([u for u in seated if u != user])
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


#: Goals for the bytes a game uploads, in MB: per 2-player Duel game, per 3-player Yokohama
#: round, per 2-player Roll & Write table game.
BYTE_GOALS = {"duel": 1.5, "yokohama": 0.4, "rollwrite": 1.5}


def _pinged(sent: Any) -> list[int]:
    """The users a message notifies: mentioned in its text and let through by its allowed_mentions."""
    allowed = (sent.body.get("allowed_mentions") or {}).get("users") or []
    return [int(u) for u in allowed if f"<@{int(u)}>" in (sent.content or "")]


async def _start_table(fake: Any, kind: str, people: list[Any], players: int, bots: int) -> None:
    """Open the table and start it: against `bots` bots at once, or a lobby the others join."""
    if bots:
        options: dict[str, Any] = {"game": kind, "opponent": "bot"}
        if players > 2:
            options["players"] = players
        await fake.command("table new", user=people[0], options=options)
        return
    if kind == "rollwrite":
        [lobby] = await fake.command("rollwrite new", user=people[0], options={})
    else:
        [lobby] = await fake.command("table new", user=people[0], options={"game": kind})
    for person in people[1:]:
        await fake.click(user=person, message=lobby, label="Join")
    await fake.click(user=people[0], message=lobby, label="Start")


def _lone_option_panels(sent: list[Any]) -> int:
    """How many panels shown to a player offered one option alone (a button to press, nothing to weigh)."""
    lone = 0
    for m in sent:
        if not (m.kind in ("edit_original", "update") or (m.kind == "followup" and m.ephemeral)):
            continue
        picks = [c for c in m.custom_ids() if c.startswith(("yk:do:", "yk:sel:", "yk:ms:"))]
        if len(picks) == 1 and picks[0].startswith("yk:do:"):
            lone += 1
    return lone


async def table_run(kind: str, players: int, seed: int = 20261129, *, bots: int = 0,
                    max_rounds: int | None = None) -> dict[str, float]:
    """Play one whole table game through the real cogs in the fake Discord (each player opens their panel
    from the turn post that pings them, unless the panel they have open already offers a decision, and clicks
    what the greedy player would) and print what it asked of the players and uploaded: clicks per turn (a
    turn: one player's decisions under one turn marker; clicks: panel opens and every button or menu pick),
    pings per game, panels whose only option was a formality, and the bytes of every picture. With `bots`,
    the first player plays against that many bots (`/table new opponent: bot`); their turns are not counted.
    """
    # The fake Discord and the clicking player live with the tests; this benchmark borrows them.
    from bot.discord_app.client import YokohamaBot
    from bot.settings import Settings
    from tests.bot.discord_app.games.rollwrite.helpers import Clock, choose_auto, open_panel, owing_users
    from tests.bot.discord_app.games.yokohama.helpers import choose_greedy
    from tests.harness.discord_fake import FakeDiscord

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bot.sqlite3"
        storage = SQLiteStorage(path)
        await storage.open()
        budget = 0.05
        bot = YokohamaBot(Settings(database_path=path, ai_budget_s=budget), storage,
                          TableService(storage, now=Clock(), new_seed=lambda: seed, ai_budget_s=budget))
        async with FakeDiscord(bot, validate=False) as fake:
            people = [fake.user(name) for name in ("akiko", "benedikt", "chiara", "daisuke")[:players - bots]]
            await _start_table(fake, kind, people, players, bots)
            [row] = await storage.list_games(statuses=("active",))
            game_id = row.id
            first_payload = len(fake.payloads)
            users = {u.id: u for u in people}
            panels: dict[int, Any] = {}
            turns = 0
            last_turn: tuple[int, str] | None = None
            decisions = 0
            while waiting := await owing_users(fake, game_id):
                _, engine, state = await bot.service.load(game_id)
                if max_rounds is not None and kind == "yokohama" and int(state["round"]) > max_rounds:
                    break
                user = users[waiting[0]]
                # A turn: one player's decisions in a row under one turn marker (Yokohama has none: in a row,
                # with no one else's move in between).
                marker = engine.turn_marker(state)
                if marker is None:
                    marker = sum(1 for e in await storage.actions(game_id) if e.user_id != user.id)
                mark = (user.id, json.dumps(marker))
                if mark != last_turn:
                    turns += 1
                    last_turn = mark
                posts = [m for m in fake.sent if m.kind in ("channel_message", "followup", "edit_message")
                         and not m.ephemeral and f"yk:open:{game_id}" in m.custom_ids()]
                live = user.id in panels and any(
                    c.startswith(("yk:do:", "yk:sel:", "yk:ms:", "yk:pg:"))
                    for c in fake.message_view(panels[user.id]).custom_ids())
                if not live:
                    if posts:
                        panels[user.id] = await open_panel(fake, user, posts[-1])
                    else:  # a private game against the bot: the panel is the command's answer
                        panels[user.id] = (await fake.command("table panel", user=user,
                                                              options={"game": game_id}))[-1]
                panel = panels[user.id]
                if kind == "yokohama":
                    await choose_greedy(fake, user, panel, game_id)
                else:
                    await choose_auto(fake, user, panel, game_id)
                await bot.bot_turns.wait()
                decisions += 1
            clicks = sum(1 for p in fake.payloads[first_payload:] if p.get("type") in (2, 3))
            lone = _lone_option_panels(fake.sent)
            pings = sum(len(_pinged(m)) for m in fake.sent if not m.ephemeral)
            _, engine, state = await bot.service.load(game_id)
            public = sum(len(f.data) for m in fake.sent if not m.ephemeral for f in m.files)
            private = sum(len(f.data) for m in fake.sent if m.ephemeral for f in m.files)
            total = (public + private) / 1e6
            who = f"{players - bots} vs {bots} bot{'s' if bots > 1 else ''}" if bots else f"{players} people"
            line = (f"{kind:9s} {who:14s}: {decisions} decisions, {turns} turns, {clicks} clicks = "
                    f"{clicks / max(turns, 1):.2f} clicks/turn, {pings} pings, "
                    f"{lone} single-option panels; {total:.2f} MB of pictures "
                    f"({public / 1e6:.2f} public, {private / 1e6:.2f} private)")
            if kind == "yokohama":
                rounds = max(1, int(state["round"]) - 1)
                line += f", {rounds} rounds: {total / rounds:.2f} MB a round"
                total /= rounds
            if not bots:
                goal = BYTE_GOALS[kind]
                line += f" (bytes goal {goal:g} MB: {'within' if total <= goal else 'OVER'})"
            print(line, flush=True)
        await storage.close()
    return {"clicks": clicks, "turns": turns, "pings": pings, "lone": lone}


async def table_bytes(kind: str, players: int, seed: int = 20261129) -> None:
    await table_run(kind, players, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="whole games per game kind")
    parser.add_argument("--bytes", action="store_true", help="also play whole games in the fake Discord (all games)")
    parser.add_argument("--bytes-only", action="store_true", help="only the games in the fake Discord")
    args = parser.parse_args()
    if not args.bytes_only:
        asyncio.run(flow(args.games))
    if args.bytes or args.bytes_only:
        for kind, players, bots in (("duel", 2, 0), ("yokohama", 3, 0), ("rollwrite", 2, 0),
                                    ("duel", 2, 1), ("yokohama", 3, 2), ("rollwrite", 2, 1)):
            asyncio.run(table_run(kind, players, bots=bots))


if __name__ == "__main__":
    main()
