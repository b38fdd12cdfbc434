"""A person's data on request, on both backends: the export holds everything about them and nothing hidden of
others; forgetting leaves no trace of their id in any table, while the other players' games still replay,
their results and ratings stand, and a running game goes on with the AI in the forgotten seat."""

from __future__ import annotations

import json

import pytest

from bot.service import TableService, check_all
from bot.service.errors import ServiceError
from bot.service.privacy import Privacy
from bot.service.standings import Standings
from bot.service.tournaments import TournamentService
from bot.storage import Storage
from bot.storage.privacy import ANONYMOUS_BASE, is_anonymous

# Ids shaped like Discord's, so a search of every table for one of them finds nothing else by chance.
ALICE, BOB, CAROL = 811111111111111111, 822222222222222222, 833333333333333333
GUILD, OTHER_GUILD = 900000000000000001, 900000000000000002


async def _started(service: TableService, *users: int, guild: int = GUILD, **options: object) -> int:
    game = await service.lobby.create("counting", creator_id=users[0], guild_id=guild, channel_id=5,
                                      options=options or None)
    for user in users[1:]:
        await service.lobby.join(game.id, user)
    await service.lobby.start(game.id, users[0])
    return game.id


async def _play_out(service: TableService, gid: int, moves: int | None = None) -> None:
    done = 0
    while moves is None or done < moves:
        status = await service.status(gid)
        if status.status != "active":
            return
        await service.play.act(gid, status.waiting_on[0], {"pick": 1 + done % 3})
        done += 1


async def _everything(storage: Storage) -> dict[str, list[tuple[object, ...]]]:
    return {t: (await storage.read_table(t))[1] for t in await storage.table_names()}  # type: ignore[attr-defined]


def _mentions(tables: dict[str, list[tuple[object, ...]]], user: int) -> list[str]:
    """Where `user`'s id appears in any table: as a column's value, or inside a stored text (JSON)."""
    found = []
    for table, rows in tables.items():
        for row in rows:
            for value in row:
                if value == user or (isinstance(value, str) and str(user) in value):
                    found.append(f"{table}: {row}")
    return found


async def _scene(service: TableService) -> dict[str, int]:
    finished = await _started(service, ALICE, BOB, rounds=1)
    await _play_out(service, finished)
    running = await _started(service, ALICE, BOB, CAROL, rounds=3)
    await _play_out(service, running, moves=2)
    lobby = await service.lobby.create("counting", creator_id=CAROL, guild_id=GUILD, channel_id=5)
    await service.lobby.join(lobby.id, ALICE)
    elsewhere = await _started(service, ALICE, CAROL, guild=OTHER_GUILD, rounds=1)
    await _play_out(service, elsewhere)
    await service.storage.set_notify(ALICE, "dm")
    await service.storage.start_away(GUILD, ALICE, 1000.0, 2000.0)
    tournaments = TournamentService(service)
    t = await tournaments.create("duel", "swiss", guild_id=GUILD, channel_id=5, organiser_id=ALICE)
    await tournaments.join(t.id, ALICE)
    await tournaments.join(t.id, BOB)
    return {"finished": finished, "running": running, "lobby": lobby.id, "elsewhere": elsewhere,
            "tournament": t.id}


async def test_the_export_holds_every_kind_of_record_and_no_hidden_state(service: TableService) -> None:
    ids = await _scene(service)
    data = await Privacy(service).export(ALICE)
    assert {g["id"] for g in data["games"]} == {ids["finished"], ids["running"], ids["lobby"], ids["elsewhere"]}
    assert data["daily_attempts"] == []
    assert data["moves"] and all(m["game_id"] in ids.values() for m in data["moves"])
    mine = [(gid, e.seq) for gid in (ids["finished"], ids["running"], ids["elsewhere"])
            for e in await service.storage.actions(gid) if e.user_id == ALICE]
    assert [(m["game_id"], m["seq"]) for m in data["moves"]] == mine
    assert {r["game_id"] for r in data["results"]} == {ids["finished"], ids["elsewhere"]}
    assert data["settings"]["notify"] == "dm"
    assert data["away"] == [{"guild_id": GUILD, "started_at": 1000.0, "until": 2000.0}]
    assert [e["tournament_id"] for e in data["tournament_entries"]] == [ids["tournament"]]
    assert [t["id"] for t in data["tournaments_organised"]] == [ids["tournament"]]
    text = json.dumps(data)
    assert '"state"' not in text  # no game's state: it holds other seats' hidden picks
    assert str(BOB) not in text and str(CAROL) not in text  # nobody else's id either
    json.loads((await Privacy(service).export_json(ALICE)).decode())


async def test_forgetting_leaves_no_trace_and_keeps_the_others_whole(service: TableService,
                                                                      storage: Storage) -> None:
    ids = await _scene(service)
    standings = Standings(storage)
    await standings.rebuild()
    before = {(r.kind, r.scope, r.user_id): r.display for r in await storage.all_ratings()}
    bob_before = await Privacy(service).export(BOB)

    forgotten = await Privacy(service).forget(ALICE)

    assert is_anonymous(forgotten.anonymous) and forgotten.anonymous > ANONYMOUS_BASE
    assert sorted(forgotten.left) == sorted([ids["running"], ids["lobby"]])
    assert _mentions(await _everything(storage), ALICE) == []
    empty = await Privacy(service).export(ALICE)
    assert all(not empty[k] for k in ("games", "moves", "results", "ratings", "settings", "away",
                                      "tournament_entries", "tournaments_organised"))
    # The running game goes on: the forgotten seat is resigned and played by the AI; the lobby lost a seat.
    running = await storage.get_game(ids["running"])
    assert running is not None and running.status == "active"
    assert running.is_seated(forgotten.anonymous) and running.seat_of(forgotten.anonymous) in running.resigned_seats()
    lobby = await storage.get_game(ids["lobby"])
    assert lobby is not None and not lobby.is_seated(forgotten.anonymous)
    # Ratings rebuilt from the results are the same figures, under the anonymous id.
    await standings.rebuild()
    after = {(r.kind, r.scope, r.user_id): r.display for r in await storage.all_ratings()}
    assert after == {(k, s, forgotten.anonymous if u == ALICE else u): d for (k, s, u), d in before.items()}
    # Every game still replays from its seed and log, the running one played to its end.
    await _play_out(service, ids["running"])
    assert all(r.ok for r in await check_all(storage))
    bob_after = await Privacy(service).export(BOB)
    assert [r["place"] for r in bob_after["results"]][:len(bob_before["results"])] == \
        [r["place"] for r in bob_before["results"]]


async def test_a_server_forgets_a_member_only_in_its_own_games(service: TableService, storage: Storage) -> None:
    ids = await _scene(service)
    forgotten = await Privacy(service).forget(ALICE, guild_id=OTHER_GUILD)
    elsewhere = await storage.get_game(ids["elsewhere"])
    assert elsewhere is not None and elsewhere.is_seated(forgotten.anonymous)
    data = await Privacy(service).export(ALICE)
    assert ids["elsewhere"] not in {g["id"] for g in data["games"]}
    assert {ids["finished"], ids["running"]} <= {g["id"] for g in data["games"]}
    assert data["settings"] is not None  # a server cannot delete a person's own settings
    assert not any(r["scope"] == OTHER_GUILD for r in data["ratings"])


async def test_two_people_forgotten_get_two_anonymous_seats(service: TableService, storage: Storage) -> None:
    gid = await _started(service, ALICE, BOB, rounds=1)
    await _play_out(service, gid)
    first = await Privacy(service).forget(ALICE)
    second = await Privacy(service).forget(BOB)
    assert first.anonymous != second.anonymous
    game = await storage.get_game(gid)
    assert game is not None and {s.user_id for s in game.seats} == {first.anonymous, second.anonymous}
    assert all(r.ok for r in await check_all(storage))


async def test_bots_and_anonymous_seats_cannot_be_forgotten(service: TableService) -> None:
    for who in (-1, ANONYMOUS_BASE + 1):
        with pytest.raises(ServiceError):
            await Privacy(service).forget(who)


async def test_a_write_prepared_before_the_forgetting_fails_its_compare_and_set(service: TableService,
                                                                                storage: Storage) -> None:
    """Forgetting changes the seats of a running game in the same transaction as a version bump: a move
    written on the version read before it is refused (StaleVersion), never applied to the old seats."""
    from bot.storage import NewAction, StaleVersion

    gid = await _started(service, ALICE, BOB, CAROL, rounds=3)
    game = await storage.get_game(gid)
    assert game is not None and game.state is not None
    await storage.forget_player(CAROL)
    with pytest.raises(StaleVersion):
        await storage.record(gid, game.version, [NewAction(0, ALICE, "player", {"pick": 1})], game.state)
