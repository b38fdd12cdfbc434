"""Scopes, lobby races, failing bot seats and damaged files at the service and storage: one scoped lookup
for every game number,
lobby changes as compare-and-set on the lobby's version (real races, both backends), a bot seat whose AI
and fallback both fail never hides a saved move, and a cut or padded SQLite file refused untouched."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main as cli_main
from bot.service import GameClosed, GameNotFound, ServiceError, TableService
from bot.service.scope import acting_as
from bot.service.standings import Standings
from bot.storage import SQLiteStorage, Storage, StorageError
from engine.core import State, register, unregister
from tests.toygame import COUNTING

ALICE, BOB, CAROL, MALLORY = 101, 202, 303, 666
HOME, ELSEWHERE = 1, 2
#: Join-versus-start races run per backend and per order (the issue's report: 50 of 60 pairs left a ghost).
RACE_PAIRS = 30


def _absent_text(game_id: int) -> str:
    return f"There is no game #{game_id}."


async def _refusal(call: Any) -> str:
    try:
        await call
    except ServiceError as exc:
        return str(exc)
    raise AssertionError("the call was not refused")


# ----- one scoped lookup ------------------------------------------------------------------------------
async def test_another_users_private_game_does_not_exist_for_anyone_else(service: TableService) -> None:
    """Regression: `/admin end` from any server ended another user's solo game or daily attempt by number."""
    solo = await service.lobby.create("counting", creator_id=ALICE, guild_id=HOME, channel_id=5, mode="solo")
    await service.lobby.start(solo.id, ALICE)
    never_used = solo.id + 1000
    for where in (HOME, ELSEWHERE, None):  # even from the owner's own server, and from a direct message
        with acting_as(MALLORY, where):
            calls = [service.admin.end_game(solo.id, MALLORY, "mine now"), service.status(solo.id),
                     service.play.decision(solo.id, MALLORY), service.play.act(solo.id, MALLORY, {"pick": 1}),
                     service.play.resign(solo.id, MALLORY), service.lobby.join(solo.id, MALLORY),
                     Standings(service.storage).game_log(solo.id)]
            for call in calls:
                assert await _refusal(call) == _absent_text(solo.id)  # word for word "no such game"
            assert await _refusal(service.status(never_used)) == _absent_text(never_used)
    # The terminal (no caller) still cannot end it in another person's name.
    assert await _refusal(service.admin.end_game(solo.id, MALLORY)) == _absent_text(solo.id)
    assert (await service.game(solo.id)).status == "active"
    with acting_as(ALICE, None):  # its owner reaches it from anywhere, and may end it
        assert (await service.admin.end_game(solo.id, ALICE, "done")).status == "abandoned"


async def test_a_table_exists_only_in_its_own_server_never_from_a_direct_message(service: TableService) -> None:
    table = await service.lobby.create("counting", creator_id=ALICE, guild_id=HOME, channel_id=5)
    await service.lobby.join(table.id, BOB)
    await service.lobby.start(table.id, ALICE)
    for where in (ELSEWHERE, None):
        with acting_as(ALICE, where):  # even a seated player: the server comes from the request, not the game
            for call in (service.status(table.id), service.play.decision(table.id, ALICE),
                         Standings(service.storage).game_log(table.id), service.admin.end_game(table.id, ALICE)):
                assert await _refusal(call) == _absent_text(table.id)
    with acting_as(MALLORY, HOME):  # an admin of the table's own server may end it
        assert (await service.admin.end_game(table.id, MALLORY, "stuck")).status == "abandoned"


async def test_out_of_range_game_numbers_are_refused_like_absent_ones(service: TableService) -> None:
    """Regression: a log request with a 25-digit number raised OverflowError ("Something went wrong")."""
    with acting_as(ALICE, HOME):
        for number in (10**25, 2**63, -1, 0):
            with pytest.raises(GameNotFound):
                await Standings(service.storage).game_log(number)
            with pytest.raises(GameNotFound):
                await service.status(number)


# ----- lobby changes are compare-and-set ------------------------------------------------------------------
async def _join_or_closed(service: TableService, game_id: int, user_id: int) -> str:
    try:
        await service.lobby.join(game_id, user_id)
    except GameClosed as exc:
        assert "started without you" in str(exc) or "already started" in str(exc), str(exc)
        return "refused"
    return "joined"


async def _race_once(service: TableService, join_first: bool, joiner: int) -> tuple[str, list[int]]:
    lobby = await service.lobby.create("counting", creator_id=ALICE, guild_id=HOME, channel_id=joiner)
    await service.lobby.join(lobby.id, BOB)
    join = _join_or_closed(service, lobby.id, joiner)
    start = service.lobby.start(lobby.id, ALICE)
    results = await asyncio.gather(*((join, start) if join_first else (start, join)))
    told = results[0] if join_first else results[1]
    game = await service.game(lobby.id)
    assert game.status == "active"
    ghosts = [s.user_id for s in game.seats if s.seat is None]
    return told, ghosts


async def test_join_racing_start_never_leaves_a_ghost_seat(service: TableService) -> None:
    """Regression: 50 of 60 join/start pairs told the joiner "You joined" and started without them."""
    told: dict[str, int] = {"joined": 0, "refused": 0}
    for pair in range(RACE_PAIRS):
        joiner = 10_000 + pair
        outcome, ghosts = await _race_once(service, join_first=pair % 2 == 0, joiner=joiner)
        assert ghosts == [], f"pair {pair}: seat rows without a seat number: {ghosts}"
        games = await service.games_of(joiner)
        if outcome == "joined":  # told it joined: then it plays (seated with a number in the started game)
            assert games and games[0].status == "active" and joiner in games[0].players
        else:  # told the game started without it: then it is in no game at all
            assert games == []
        told[outcome] += 1
    # Both orders were really raced: some joins landed before the start and were started with everyone.
    assert told["joined"] > 0
    assert told["joined"] + told["refused"] == RACE_PAIRS


async def test_add_bot_racing_start_never_leaves_a_ghost_seat(service: TableService) -> None:
    for pair in range(RACE_PAIRS // 3):
        lobby = await service.lobby.create("counting", creator_id=ALICE, guild_id=HOME, channel_id=pair + 1)
        await service.lobby.join(lobby.id, BOB)
        add = service.lobby.add_bot(lobby.id, BOB)
        start = service.lobby.start(lobby.id, ALICE)
        results = await asyncio.gather(add, start, return_exceptions=True)
        assert not [r for r in results if isinstance(r, BaseException) and not isinstance(r, GameClosed)], results
        game = await service.game(lobby.id)
        assert [s.user_id for s in game.seats if s.seat is None] == []


async def test_a_stale_lobby_version_is_refused_by_storage(storage: Storage, counting_game: None) -> None:
    """Every lobby write names the version it read; an older one changes nothing."""
    service = TableService(storage)
    lobby = await service.lobby.create("counting", creator_id=ALICE, guild_id=HOME, channel_id=5)
    read = lobby.version
    await service.lobby.join(lobby.id, BOB)
    from bot.storage import StaleVersion

    with pytest.raises(StaleVersion):
        await storage.add_seat(lobby.id, CAROL, max_seats=4, expected_version=read)
    with pytest.raises(StaleVersion):
        await storage.start_game(lobby.id, [ALICE], "{}", expected_version=read)
    with pytest.raises(StaleVersion):
        await storage.remove_seats(lobby.id, [BOB], expected_version=read)
    game = await service.game(lobby.id)
    assert game.status == "lobby" and sorted(s.user_id for s in game.seats) == [ALICE, BOB]


# ----- a failing bot seat ---------------------------------------------------------------------------------
@pytest.fixture
def broken_ai(monkeypatch: pytest.MonkeyPatch, counting_game: None) -> dict[str, bool]:
    """Counting's AI and its greedy fallback both raise while `broken["on"]`."""
    broken = {"on": True}
    ai, auto = COUNTING.ai_action, COUNTING.auto_action

    def ai_action(state: State, seat: int, **kwargs: Any) -> Any:
        if broken["on"]:
            raise RuntimeError("the AI fell over")
        return ai(state, seat, **kwargs)

    def auto_action(state: State, seat: int) -> Any:
        if broken["on"]:
            raise RuntimeError("the fallback fell over too")
        return auto(state, seat)

    monkeypatch.setattr(COUNTING, "ai_action", ai_action)
    monkeypatch.setattr(COUNTING, "auto_action", auto_action)
    return broken


async def test_a_failing_bot_seat_never_hides_the_saved_move(storage: Storage, broken_ai: dict[str, bool],
                                                             caplog: pytest.LogCaptureFixture) -> None:
    """Regression: the exception escaped `act()` after the person's move was stored (a raw error reply)."""
    service = TableService(storage, ai_budget_s=0.01, new_seed=lambda: 7)
    lobby = await service.lobby.create("counting", creator_id=ALICE, guild_id=HOME, channel_id=5)
    await service.lobby.add_bot(lobby.id, ALICE)
    outcome = await service.lobby.start(lobby.id, ALICE)
    if outcome.bot_turn is not None:  # the bot sat first and is stuck already: let it move, then break it again
        broken_ai["on"] = False
        await service.admin.retry_bot(lobby.id, ALICE)
        broken_ai["on"] = True
    game = await service.game(lobby.id)
    decision = await service.play.decision(game.id, ALICE)
    outcome = await service.play.act_by_index(game.id, ALICE, decision.version, 0)  # must not raise
    assert [a.user_id for a in outcome.applied] == [ALICE]
    stuck = outcome.bot_turn
    assert stuck is not None and stuck.bots_stuck == [game.seat_of(-1)]
    stored = await storage.actions(game.id)
    assert stored[-1].user_id == ALICE  # the person's move is saved
    assert "could not move" in caplog.text
    marked = await storage.get_game(game.id)
    assert marked is not None and marked.fault and "could not move" in marked.fault
    assert await storage.waiting_games(before=10**12, after=None, limit=10) == []  # the sweep leaves it alone
    broken_ai["on"] = False  # the cause is fixed: an admin retries and the bot moves; the mark is gone
    retried = await service.admin.retry_bot(game.id, MALLORY)
    assert not retried.bots_stuck and [a.origin for a in retried.applied] == ["auto"]
    assert (await storage.get_game(game.id)).fault is None  # type: ignore[union-attr]


# ----- a damaged SQLite file -------------------------------------------------------------------------------
async def _made_database(path: Path) -> None:
    register(COUNTING)
    try:
        storage = SQLiteStorage(path)
        await storage.open()
        service = TableService(storage)
        for channel in range(1, 120):
            await service.lobby.create("counting", creator_id=ALICE, guild_id=HOME, channel_id=channel)
        await storage.close()
    finally:
        unregister(COUNTING.name)


@pytest.mark.parametrize("damage", ["cut 1000 bytes", "cut a page", "padded a page"])
def test_a_cut_or_padded_database_file_is_refused_and_left_untouched(
        tmp_path: Path, damage: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: a file cut short by 1,000 bytes passed check-db (rc 0) and the bot wrote into it."""
    path = tmp_path / "games.sqlite3"
    asyncio.run(_made_database(path))
    whole = path.read_bytes()
    page = int.from_bytes(whole[16:18], "big")
    damaged = {"cut 1000 bytes": whole[:-1000], "cut a page": whole[:-page],
               "padded a page": whole + bytes(page)}[damage]
    path.write_bytes(damaged)
    with pytest.raises(StorageError, match="left untouched"):
        asyncio.run(SQLiteStorage(path).open())
    assert path.read_bytes() == damaged
    assert not (tmp_path / "games.sqlite3-wal").exists()
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert cli_main(["check-db", "--db", str(path)]) != 0
    said = capsys.readouterr().err
    assert ("appended" if damage.startswith("padded") else "cut short") in said, said
    assert path.read_bytes() == damaged


def test_check_db_runs_sqlites_full_integrity_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A file of the right length whose index no longer matches its table: check-db says so (rc 1)."""
    path = tmp_path / "games.sqlite3"
    asyncio.run(_made_database(path))
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(path, copy)
    conn = sqlite3.connect(copy)
    conn.execute("PRAGMA writable_schema = ON")
    # Break the channel index behind SQLite's back: rows keep their values, the index keeps the old ones.
    conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'channel_id, status', 'status, channel_id') "
                 "WHERE name = 'games_by_channel'")
    conn.commit()
    conn.close()
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert cli_main(["check-db", "--db", str(path)]) == 0  # the sound file passes
    capsys.readouterr()
    rc = cli_main(["check-db", "--db", str(copy)])
    out = capsys.readouterr()
    assert rc != 0 and "integrity" in (out.out + out.err)


def test_a_database_file_another_process_is_still_writing_is_not_called_cut_short(tmp_path: Path) -> None:
    """Regression (the full suite under load): two bot processes starting at once on a new file; the second
    read the header's new page count before the first had written the pages it counts ("44 pages declared,
    36 present"), with no log left beside it, and refused to start. A length that settles within a few
    pauses is a write in progress; one that stays short is damage (the test above)."""
    import threading

    from bot.storage.sqlite import SIZE_RECHECK_PAUSE_S

    path = tmp_path / "games.sqlite3"
    asyncio.run(_made_database(path))
    whole = path.read_bytes()
    page = int.from_bytes(whole[16:18], "big")
    path.write_bytes(whole[:-page])  # page 1 already counts the last page; the writer is about to add it
    writer = threading.Timer(SIZE_RECHECK_PAUSE_S * 1.5, lambda: path.write_bytes(whole))
    writer.start()

    async def opened_and_checked() -> list[str]:
        storage = SQLiteStorage(path)
        await storage.open()
        try:
            return await storage.integrity_problems()
        finally:
            await storage.close()

    try:
        assert asyncio.run(opened_and_checked()) == []
    finally:
        writer.join()
