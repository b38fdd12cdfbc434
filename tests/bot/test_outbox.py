"""The outbox on both backends: each owed post claimed and sent on its own, so a Discord 5xx or a process
killed mid-way loses no post and sends none twice; a tournament's table starts, round posts and podium are
owed in the transactions that cause them."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bot.service import TableService
from bot.service.outbox import LEASE_S, MAX_ATTEMPTS, backoff, deliver
from bot.service.tournaments import TournamentService
from bot.storage import OutboxItem, Storage

GUILD, CHANNEL, ORGANISER = 7, 70, 1


class ServerError(Exception):
    """Stands for Discord's 503 or a dropped connection."""


class Killed(BaseException):
    """The process dies in the middle of a send."""


async def test_a_failed_send_holds_back_only_its_own_item(storage: Storage) -> None:
    for n in range(4):
        assert await storage.add_outbox(f"post:{n}", "test", GUILD, {"n": n}, now=100.0)
    assert not await storage.add_outbox("post:0", "test", GUILD, {"n": 0}, now=100.0)  # owed once
    sent: Counter[int] = Counter()

    async def send(item: OutboxItem) -> None:
        if item.payload["n"] == 1 and sent[1] == 0 and item.attempts == 1:
            raise ServerError("503 Service Unavailable")
        sent[item.payload["n"]] += 1

    clock = [100.0]
    first = await deliver(storage, send, lambda: clock[0])
    assert sorted(i.payload["n"] for i in first.sent) == [0, 2, 3] and [i.key for i in first.failed] == ["post:1"]
    assert (await deliver(storage, send, lambda: clock[0])).sent == []  # not yet due again
    clock[0] += backoff(1)
    again = await deliver(storage, send, lambda: clock[0])
    assert [i.key for i in again.sent] == ["post:1"]
    assert sent == {0: 1, 1: 1, 2: 1, 3: 1}
    assert await storage.outbox_items(unsent_only=True) == []


async def test_a_process_killed_mid_send_loses_nothing_and_repeats_nothing_else(make_storage) -> None:
    storage = make_storage()
    await storage.open()
    for n in range(3):
        await storage.add_outbox(f"post:{n}", "test", GUILD, {"n": n}, now=100.0)
    sent: list[int] = []

    async def dies_on_the_second(item: OutboxItem) -> None:
        if item.payload["n"] == 1:
            raise Killed
        sent.append(item.payload["n"])

    with pytest.raises(Killed):
        await deliver(storage, dies_on_the_second, lambda: 100.0)
    await storage.close()
    storage = make_storage()  # the restarted process
    await storage.open()
    try:
        async def send(item: OutboxItem) -> None:
            sent.append(item.payload["n"])

        now = [101.0]
        await deliver(storage, send, lambda: now[0])
        assert sent == [0, 2]  # the one it held is leased until its lease runs out; none lost, none twice
        now[0] = 100.0 + LEASE_S
        await deliver(storage, send, lambda: now[0])
        assert sorted(sent) == [0, 1, 2]
    finally:
        await storage.close()


async def test_an_item_that_never_goes_is_given_up_after_its_attempts(storage: Storage) -> None:
    await storage.add_outbox("post:x", "test", GUILD, {}, now=0.0)

    async def always_fails(item: OutboxItem) -> None:
        raise ServerError("502")

    for attempt in range(MAX_ATTEMPTS):
        await deliver(storage, always_fails, lambda at=attempt * 3600.0: at)  # type: ignore[misc]
    [item] = await storage.outbox_items()
    assert item.sent_at is not None and item.last_error and "given up" in item.last_error


async def test_a_tournaments_posts_are_owed_with_the_changes_that_cause_them(storage: Storage) -> None:
    """Every table's start post survives a 5xx on another table's: 3 tables, the second fails once."""
    seeds = itertools.count(1)
    ts = TournamentService(TableService(storage, ai_budget_s=0.05), new_seed=lambda: next(seeds))
    t = await ts.create("duel", "swiss", guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, rounds=1)
    for user in range(101, 107):
        await ts.join(t.id, user)
    await ts.start(t.id)
    kinds = Counter(i.kind for i in await storage.outbox_items())
    assert kinds == {"round": 1, "table": 3}
    posted: Counter[str] = Counter()

    async def send(item: OutboxItem) -> None:
        if item.payload.get("board") == 2 and item.attempts == 1:
            raise ServerError("503")
        posted[item.key] += 1

    now = ts.tables.now()
    await deliver(storage, send, lambda: now)
    assert len(posted) == 3 and all(v == 1 for v in posted.values())  # the round and tables 1 and 3
    await deliver(storage, send, lambda: now + backoff(1))
    assert len(posted) == 4 and all(v == 1 for v in posted.values())
    for p in await storage.pairings(t.id, 1):
        await ts.tables.play.resign(p.game_id or 0, p.players[0])
    await ts.tick()
    assert [i.key for i in await storage.outbox_items(kind="final", unsent_only=True)] == [f"final:{t.id}"]


async def test_tables_left_unposted_before_the_outbox_become_items(tmp_path) -> None:
    """A database of the schema before the outbox, with a tournament table created but never posted: the
    migration owes its start post (and nothing for a table already posted)."""
    import json
    import sqlite3

    from bot.storage import SQLiteStorage
    from bot.storage.schema import MIGRATIONS

    path = tmp_path / "before-outbox.sqlite3"
    conn = sqlite3.connect(path)
    for number, script in enumerate(MIGRATIONS[:6]):
        conn.executescript(script)
        conn.execute(f"PRAGMA user_version = {number + 1}")
    conn.execute("INSERT INTO tournaments (id, guild_id, channel_id, organiser_id, kind, format, name, rounds, "
                 "max_players, seed, status, round, created_at) VALUES (3, 7, 70, 1, 'duel', 'swiss', 'T', 2, 8, 1, "
                 "'running', 1, 100.0)")
    for game_id, announced in ((11, 0), (12, 1)):
        conn.execute("INSERT INTO games (id, kind, creator_id, seed, status, created_at, updated_at) "
                     "VALUES (?, 'duel', 1, 1, 'active', 100.0, 100.0)", (game_id,))
        conn.execute("INSERT INTO tournament_pairings (tournament_id, round, board, players, seed, game_id, "
                     "announced) VALUES (3, 1, ?, '[101, 102]', 1, ?, ?)", (game_id - 10, game_id, announced))
    conn.commit()
    conn.close()
    storage = SQLiteStorage(path)
    await storage.open()
    try:
        [item] = await storage.outbox_items()
        assert (item.key, item.kind, item.guild_id) == ("table:11", "table", 7)
        assert item.payload == {"tournament": 3, "round": 1, "board": 1, "game": 11}
        assert json.loads(json.dumps(item.payload)) == item.payload
    finally:
        await storage.close()
