"""Tournaments through the service on both backends: Swiss pairing without rematches and byes that count
as wins, round robin, groups seated by standing, same-dice rounds, leaving, the scheduler run by two
processes at once, and a process killed between pairing and table creation."""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter

import pytest

from bot.service import TableService
from bot.service.errors import GameNotFound, ServiceError
from bot.service.outbox import deliver
from bot.service.scope import acting_as
from bot.service.tournaments import (
    TournamentService,
    group_sizes,
    round_robin_pairs,
    swiss_pairs,
)
from bot.storage import OutboxItem, Storage
from engine.core import get_game

GUILD, CHANNEL, ORGANISER = 7, 70, 1


def _tournaments(storage: Storage) -> TournamentService:
    seeds = itertools.count(1000)
    return TournamentService(TableService(storage, ai_budget_s=0.05), new_seed=lambda: next(seeds))


async def _signed_up(ts: TournamentService, kind: str, format: str, players: int, **kw: object):
    t = await ts.create(kind, format, guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, **kw)  # type: ignore[arg-type]
    for user in range(101, 101 + players):
        await ts.join(t.id, user)
    return t


async def _posted_tables(ts: TournamentService) -> list:  # type: ignore[type-arg]
    """Send every owed table start post through the outbox (as the sweep does); what each showed."""
    shown = []

    async def send(item: OutboxItem) -> None:
        if item.kind == "table":
            found = await ts.table_post(item.payload)
            assert found is not None
            shown.append(found)

    await deliver(ts.store, send, ts.tables.now)  # type: ignore[arg-type]
    return shown


async def _finish_round(ts: TournamentService, tid: int, loser: callable = min) -> None:  # type: ignore[valid-type]
    """Every running table of the current round ends: `loser` of its players resigns."""
    t = await ts.tournament(tid)
    for p in await ts.store.pairings(tid, t.round):
        if p.game_id is None:
            continue
        game = await ts.tables.storage.get_game(p.game_id)
        assert game is not None
        if game.status == "active":
            await ts.tables.play.resign(p.game_id, loser(p.players))


def test_swiss_pairs_avoid_rematches_and_give_the_bye_to_the_lowest_without_one() -> None:
    order = [1, 2, 3, 4, 5]
    pairs, bye = swiss_pairs(order, {1: {2}, 2: {1}, 3: {4}, 4: {3}}, had_bye={5})
    assert bye == 4  # 5 had a bye: the next lowest
    assert all(b not in {1: {2}, 2: {1}, 3: {4}}.get(a, set()) for a, b in pairs)
    assert sorted(u for pair in pairs for u in pair) == [1, 2, 3, 5]
    # Everyone has met everyone else: a rematch is the only way, and the pairing still comes out.
    everyone = {u: {v for v in range(1, 5) if v != u} for u in range(1, 5)}
    pairs, bye = swiss_pairs([1, 2, 3, 4], everyone, set())
    assert bye is None and len(pairs) == 2


def test_round_robin_meets_everyone_once_and_groups_are_three_or_four() -> None:
    players = [1, 2, 3, 4, 5]
    met = Counter()
    for r in range(1, 6):
        for a, b in round_robin_pairs(players, r):
            if a is not None and b is not None:
                met[frozenset((a, b))] += 1
    assert len(met) == 10 and set(met.values()) == {1}
    assert {n: group_sizes(n) for n in (3, 4, 6, 7, 8, 9, 10, 11)} == {
        3: [3], 4: [4], 6: [3, 3], 7: [4, 3], 8: [4, 4], 9: [3, 3, 3], 10: [4, 3, 3], 11: [4, 4, 3]}


async def test_a_swiss_duel_of_seven_over_three_rounds(storage: Storage) -> None:
    ts = _tournaments(storage)
    t = await _signed_up(ts, "duel", "swiss", 7, rounds=3)
    events = await ts.start(t.id)
    assert [e.kind for e in events] == ["started", "round"]
    seen: set[frozenset[int]] = set()
    byes: list[int] = []
    for round_number in (1, 2, 3):
        t = await ts.tournament(t.id)
        assert (t.status, t.round) == ("running", round_number)
        pairings = await ts.store.pairings(t.id, round_number)
        tables = [p for p in pairings if not p.bye]
        assert len(tables) == 3 and all(p.game_id for p in tables)  # created with the round
        for p in tables:
            pair = frozenset(p.players)
            assert pair not in seen  # no rematch
            seen.add(pair)
            game = await storage.get_game(p.game_id or 0)
            assert game is not None and game.table_rules["tournament"] == t.id and game.status == "active"
        [bye] = [p.players[0] for p in pairings if p.bye]
        assert bye not in byes
        byes.append(bye)
        assert await ts.tick() == []  # nothing to do while the tables play
        await _finish_round(ts, t.id, loser=max)
        events = await ts.tick()
        assert [e.kind for e in events] == (["round"] if round_number < 3 else ["finished"])
    t, lines, _ = await ts.standings(t.id)
    assert t.status == "finished"
    assert sum(line.points for line in lines) == 9 + 3  # 9 games, 3 byes
    assert [line.rank for line in lines] == sorted(line.rank for line in lines)
    assert all(line.played + line.byes == 3 for line in lines)
    # The byes count as wins; the Buchholz is the sum of the opponents' points.
    by_user = {line.user_id: line for line in lines}
    for line in lines:
        assert line.buchholz == sum(by_user[o].points for o in line.opponents)
    # Tournament games are rated like any other table.
    finished = await storage.finished_games()
    assert len(finished) == 9 and all(f.rated for f in finished)


async def test_leaving_forfeits_the_game_of_the_round_and_every_later_one(storage: Storage) -> None:
    ts = _tournaments(storage)
    t = await _signed_up(ts, "duel", "swiss", 4, rounds=2)
    await ts.start(t.id)
    [first, *_] = [p for p in await ts.store.pairings(t.id, 1) if not p.bye]
    leaver, opponent = first.players
    t, outcomes = await ts.leave(t.id, leaver)
    assert [o.finished for o in outcomes] == [True]
    game = await storage.get_game(first.game_id or 0)
    assert game is not None and game.result is not None and game.result["reason"] == "forfeit"
    other = [p for p in await ts.store.pairings(t.id, 1) if p is not first and p.players != first.players]
    for p in other:  # nothing else is disturbed
        assert (await storage.get_game(p.game_id or 0)).status == "active"  # type: ignore[union-attr]
    await _finish_round(ts, t.id)
    await ts.tick()
    round_two = await ts.store.pairings(t.id, 2)
    assert leaver not in {u for p in round_two for u in p.players}  # never paired again
    assert [p.players for p in round_two if p.bye] != []  # three left: one has a bye
    with pytest.raises(ServiceError, match="already left"):
        await ts.leave(t.id, leaver)


async def test_round_robin_and_the_minimum_and_the_scope(storage: Storage) -> None:
    ts = _tournaments(storage)
    with pytest.raises(ServiceError, match="Swiss or round robin"):
        await ts.create("duel", "groups", guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER)
    t = await _signed_up(ts, "duel", "roundrobin", 3)
    with acting_as(5, GUILD + 1), pytest.raises(GameNotFound, match=f"no tournament #{t.id}"):
        await ts.tournament(t.id)  # another server's tournament does not exist there
    await ts.start(t.id)
    for _ in range(3):
        await _finish_round(ts, t.id)
        await ts.tick()
    t, lines, results = await ts.standings(t.id)
    assert t.status == "finished" and t.rounds == 3
    games = [r.pairing.players for r in results if not r.pairing.bye]
    assert sorted(map(sorted, games)) == [[101, 102], [101, 103], [102, 103]]
    assert [r.pairing.players for r in results if r.pairing.bye] and all(line.byes == 1 for line in lines)
    alone = await _signed_up(ts, "duel", "swiss", 1)
    with pytest.raises(ServiceError, match="at least 2 players"):
        await ts.start(alone.id)


async def test_yokohama_groups_are_seated_by_standing(storage: Storage) -> None:
    ts = _tournaments(storage)
    t = await _signed_up(ts, "yokohama", "groups", 7, rounds=2)
    await ts.start(t.id)
    first = await ts.store.pairings(t.id, 1)
    assert sorted(len(p.players) for p in first) == [3, 4]
    # Each table: its first player in the seat order wins (the others resign), so the standings split.
    for p in first:
        for user in p.players[1:]:
            await ts.tables.play.resign(p.game_id or 0, user)
    await ts.tick()
    _, lines, _ = await ts.standings(t.id)
    second = await ts.store.pairings(t.id, 2)
    top_group = max(second, key=lambda p: (len(p.players), -p.board))
    leaders = {line.user_id for line in lines[:4]}
    assert set(top_group.players) == leaders  # the four best so far sit together


async def test_same_dice_rounds_share_one_seed_and_rank_by_score(storage: Storage) -> None:
    ts = _tournaments(storage)
    t = await _signed_up(ts, "rollwrite", "samedice", 3, rounds=1)
    await ts.start(t.id)
    pairings = await ts.store.pairings(t.id, 1)
    assert len(pairings) == 3 and len({p.seed for p in pairings}) == 1
    engine = get_game("rollwrite")
    # Each player plays their own sheet on the same dice (the greedy player, a little differently each).
    for turn, p in enumerate(pairings):
        while True:
            game, _, state = await ts.tables.load(p.game_id or 0)
            if game.status != "active" or state is None:
                break
            [seat] = engine.to_act(state)
            options = engine.legal(state, seat)
            choice = options[turn % len(options)] if turn == 2 else engine.auto_action(state, seat)
            await ts.tables.play.act(game.id, p.players[0], choice)
    await ts.tick()
    t, lines, results = await ts.standings(t.id)
    assert t.status == "finished"
    totals = {r.pairing.players[0]: r.result["scores"][0]["total"] for r in results}  # type: ignore[index]
    assert [line.user_id for line in lines] == sorted(totals, key=lambda u: (-totals[u], u))
    assert [line.points for line in lines] == sorted(totals.values(), reverse=True)


async def test_two_processes_run_the_scheduler_once(make_storage) -> None:
    one, two = make_storage(), make_storage()
    await one.open()
    await two.open()
    try:
        a, b = _tournaments(one), _tournaments(two)
        t = await _signed_up(a, "duel", "swiss", 8, rounds=2, signup_hours=1)
        later = a.tables.now() + 2 * 3600
        first = await asyncio.gather(a.tick(later), b.tick(later))
        assert sorted(e.kind for events in first for e in events) == ["round", "started"]
        pairings = await one.pairings(t.id, 1)
        assert len(pairings) == 4 and all(p.game_id for p in pairings)
        assert len(await one.list_games(statuses=("active",))) == 4  # one table per pairing, not two
        claimed = await asyncio.gather(_posted_tables(a), _posted_tables(b))
        assert sorted(p.board for posts in claimed for _, p, _ in posts) == [1, 2, 3, 4]  # each posted once
        await _finish_round(a, t.id)
        second = await asyncio.gather(a.tick(), b.tick())
        assert [e.kind for events in second for e in events] == ["round"]
        assert len(await one.list_games(statuses=("active",))) == 4
    finally:
        await one.close()
        await two.close()


async def test_a_kill_between_pairing_and_table_creation_loses_and_doubles_nothing(make_storage) -> None:
    storage = make_storage()
    await storage.open()
    ts = _tournaments(storage)
    t = await _signed_up(ts, "duel", "swiss", 6, rounds=2)

    class Killed(BaseException):
        pass

    made = 0
    create = storage.create_pairing_game

    async def dies_after_one(*args: object, **kwargs: object) -> int | None:
        nonlocal made
        if made == 1:
            raise Killed  # the process dies: pairings stored, one table created, two not
        made += 1
        return await create(*args, **kwargs)  # type: ignore[arg-type]

    storage.create_pairing_game = dies_after_one  # type: ignore[method-assign]
    with pytest.raises(Killed):
        await ts.start(t.id)
    await storage.close()
    # A new process on the same database.
    storage = make_storage()
    await storage.open()
    try:
        ts = _tournaments(storage)
        pairings = await storage.pairings(t.id, 1)
        assert len(pairings) == 3 and sum(p.game_id is not None for p in pairings) == 1
        assert await ts.tick() == []  # the round was opened before the kill: no second pairing
        pairings_after = await storage.pairings(t.id, 1)
        assert [p.players for p in pairings_after] == [p.players for p in pairings]  # the same pairings
        assert all(p.game_id for p in pairings_after)
        assert len(await storage.list_games(statuses=("active",))) == 3  # every table once
        assert await ts.tick() == [] and len(await storage.list_games(statuses=("active",))) == 3
        posted = await _posted_tables(ts)
        assert sorted(p.board for _, p, _ in posted) == [1, 2, 3] and await _posted_tables(ts) == []
    finally:
        await storage.close()


async def test_a_cancel_stops_the_rounds_and_lets_the_tables_play_on(make_storage) -> None:
    """Cancelled after a kill between pairing and table creation: the table made is still posted and plays on
    (rated), the missing ones are never made; a cancel racing the round's close leaves no round opened
    after it."""
    storage = make_storage()
    await storage.open()
    try:
        ts = _tournaments(storage)
        t = await _signed_up(ts, "duel", "swiss", 6, rounds=3)
        create = storage.create_pairing_game
        made = 0

        class Killed(BaseException):
            pass

        async def dies_after_one(*args: object, **kwargs: object) -> int | None:
            nonlocal made
            if made == 1:
                raise Killed
            made += 1
            return await create(*args, **kwargs)  # type: ignore[arg-type]

        storage.create_pairing_game = dies_after_one  # type: ignore[method-assign]
        with pytest.raises(Killed):
            await ts.start(t.id)
        storage.create_pairing_game = create  # type: ignore[method-assign]
        cancelled, running = await ts.cancel(t.id)
        assert cancelled.status == "cancelled" and cancelled.round == 1 and len(running) == 1
        with pytest.raises(ServiceError, match="already cancelled"):
            await ts.cancel(t.id)
        assert await ts.tick() == []
        assert sum(p.game_id is not None for p in await storage.pairings(t.id, 1)) == 1  # none made after it
        [missing, *_] = [p for p in await storage.pairings(t.id, 1) if p.game_id is None]
        assert await create(missing, kind="duel", guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANISER,
                            options={}, table_rules={}, state="{}") is None  # a creation racing the cancel
        [(_, posted, outcome)] = await _posted_tables(ts)  # the table made before the kill is still posted
        assert posted.game_id == running[0] and outcome.waiting_on
        await ts.tables.play.resign(running[0], posted.players[0])  # it plays to its end
        assert await ts.tick() == [] and await storage.pairings(t.id, 2) == []
        assert (await ts.tournament(t.id)).status == "cancelled"
        # A second tournament: its round's close and a cancel at once. Either the cancel lands first (no
        # round 2), or round 2 opens and is then cancelled; never a round after the cancel.
        t2 = await _signed_up(ts, "duel", "swiss", 4, rounds=3)
        await ts.start(t2.id)
        await _finish_round(ts, t2.id)
        events, (after, _) = await asyncio.gather(ts.tick(), ts.cancel(t2.id))
        assert after.status == "cancelled"
        rounds = {p.round for p in await storage.pairings(t2.id)}
        assert rounds == ({1, 2} if any(e.kind == "round" for e in events) else {1})
        assert await ts.tick() == [] and {p.round for p in await storage.pairings(t2.id)} == rounds
    finally:
        await storage.close()


@pytest.mark.parametrize("rule", ["forfeit", "bot"])
async def test_a_table_past_its_deadline_is_settled_by_the_organisers_rule(storage: Storage, rule: str) -> None:
    ts = _tournaments(storage)
    t = await _signed_up(ts, "duel", "swiss", 2, rounds=1, deadline_hours=2, timeout_rule=rule)
    await ts.start(t.id)
    [p] = await ts.store.pairings(t.id, 1)
    game = await storage.get_game(p.game_id or 0)
    assert game is not None and game.table_rules["deadline_hours"] == 2.0
    assert game.table_rules["deadline_action"] == ("forfeit" if rule == "forfeit" else "auto")
    later = ts.tables.now() + 3 * 3600
    events = await ts.tables.clock.sweep(later)
    assert [e.kind for e in events] == ["deadline"]
    game = await storage.get_game(p.game_id or 0)
    assert game is not None
    if rule == "forfeit":
        # Both players owed the opening decision (the setup both make at once) and both were late: the bot
        # plays it for them, and the game goes on; a forfeit is only for a missed real turn.
        assert game.status == "active" and len(await storage.actions(game.id)) >= 2
        engine = get_game("duel")
        late = engine.to_act(engine.load(game.state or ""))
        events = await ts.tables.clock.sweep(later + 3 * 3600)
        assert [e.kind for e in events] == ["deadline"]
        game = await storage.get_game(p.game_id or 0)
        assert game is not None and game.status == "finished"
        assert game.result is not None and game.result["forfeited"] == late and game.result["reason"] == "deadline"
        await ts.tick()
        t, lines, _ = await ts.standings(t.id)
        assert t.status == "finished" and sorted(line.points for line in lines) == [0, 1]
    else:
        # The bot played the late turn; the game goes on for its players, still rated, still theirs.
        assert game.status == "active" and not game.bot_seats() and len(await storage.actions(game.id)) >= 1
        assert await ts.tick() == []  # the round is still running


async def test_round_robin_after_a_player_left_gives_their_opponents_a_win(storage: Storage) -> None:
    ts = _tournaments(storage)
    t = await _signed_up(ts, "duel", "roundrobin", 4)
    await ts.start(t.id)
    await _finish_round(ts, t.id)
    await ts.tick()
    leaver = 101
    await ts.leave(t.id, leaver)  # forfeits the round-2 game (their opponent wins it)
    await _finish_round(ts, t.id)
    await ts.tick()
    third = await ts.store.pairings(t.id, 3)
    assert [p.players for p in third if p.bye] != [] and leaver not in {u for p in third for u in p.players}
    await _finish_round(ts, t.id)
    await ts.tick()
    t, lines, _ = await ts.standings(t.id)
    assert t.status == "finished" and t.rounds == 3
    assert all(line.played + line.byes == 3 for line in lines if not line.left)


async def test_a_same_dice_tournament_whose_players_all_left_ends(storage: Storage) -> None:
    ts = _tournaments(storage)
    t = await _signed_up(ts, "rollwrite", "samedice", 2, rounds=3)
    await ts.start(t.id)
    for user in (101, 102):
        await ts.leave(t.id, user)
    await ts.tick()
    t = await ts.tournament(t.id)
    assert t.status == "finished" and await ts.store.pairings(t.id, 2) == []
