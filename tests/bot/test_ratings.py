"""Ratings and standings through the table service, on both storage backends.

The rules under test are written for players in docs/ratings.md.
"""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.service import TableService
from bot.service.ratings import EVERYONE, display_rating, places_of, rate
from bot.service.standings import Standings
from bot.storage import FinishedGame, FinishedSeat, GameRow, SeatRow, Storage
from engine.core import get_game
from tests.conftest import execute_raw

ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
GUILD, OTHER_GUILD = 1, 2


async def play(service: TableService, picks: dict[int, int], *, guild: int = GUILD, channel: int = 7,
               rules: dict | None = None, resign: int | None = None) -> GameRow:
    """A Counting table where each user always picks `picks[user]` (1-3); `resign` resigns after one turn."""
    users = list(picks)
    game = await service.lobby.create("counting", creator_id=users[0], guild_id=guild, channel_id=channel,
                                table_rules=rules)
    for user in users[1:]:
        await service.lobby.join(game.id, user)
    await service.lobby.start(game.id, users[0])
    turns = 0
    while (status := await service.status(game.id)).status == "active":
        if resign is not None and turns == 1:
            await service.play.resign(game.id, resign)
            resign = None
            continue
        user = status.waiting_on[0]
        await service.play.act(game.id, user, {"pick": picks[user]})
        turns += 1
    return await service.game(game.id)


def openskill_after(results: list[list[tuple[int, int]]]) -> dict[int, tuple[float, float]]:
    """OpenSkill's own computation: each game is [(user, place), ...], applied in order."""
    model = PlackettLuce()
    current: dict[int, object] = {}
    for game in results:
        teams = [[current.get(user) or model.rating()] for user, _ in game]
        after = model.rate(teams, ranks=[place for _, place in game])
        for (user, _), (rating,) in zip(game, after, strict=True):
            current[user] = rating
    return {user: (r.mu, r.sigma) for user, r in current.items()}  # type: ignore[attr-defined]


async def ratings_by_user(storage: Storage, kind: str = "counting", scope: int = EVERYONE) -> dict[int, tuple]:
    return {r.user_id: (r.mu, r.sigma, r.games, r.wins) for r in await storage.all_ratings()
            if r.kind == kind and r.scope == scope}


async def test_ratings_of_a_known_sequence_match_openskill(service: TableService, storage: Storage) -> None:
    await play(service, {ALICE: 3, BOB: 1})
    await play(service, {BOB: 3, CAROL: 1, ALICE: 2})
    await play(service, {CAROL: 3, ALICE: 1})
    expected = openskill_after([
        [(ALICE, 1), (BOB, 2)],
        [(BOB, 1), (ALICE, 2), (CAROL, 3)],
        [(CAROL, 1), (ALICE, 2)],
    ])
    for scope in (EVERYONE, GUILD):
        stored = await ratings_by_user(storage, scope=scope)
        assert {u: (mu, sigma) for u, (mu, sigma, _, _) in stored.items()} == expected
        assert {u: (games, wins) for u, (_, _, games, wins) in stored.items()} == {
            ALICE: (3, 1), BOB: (2, 1), CAROL: (2, 1)}
    board = await Standings(storage).board("counting", EVERYONE, viewer=None)
    assert [line.rating.display for line in board.lines] == sorted(
        (display_rating(*expected[u]) for u in expected), reverse=True)


async def test_rebuild_gives_exactly_the_stored_values(service: TableService, storage: Storage) -> None:
    await play(service, {ALICE: 3, BOB: 1})
    await play(service, {BOB: 2, CAROL: 3, DAVE: 1}, guild=OTHER_GUILD)
    await play(service, {CAROL: 1, ALICE: 3, BOB: 2}, resign=BOB)
    await play(service, {DAVE: 3, ALICE: 1})
    incremental = (await storage.all_ratings(), await storage.rating_history_rows())
    assert len(incremental[0]) == 4 + 4 + 3  # everyone, GUILD (games 1, 3, 4), OTHER_GUILD (game 2)
    await execute_raw(storage, "DELETE FROM ratings")
    await execute_raw(storage, "DELETE FROM rating_history")
    rated, stored = await Standings(storage).rebuild()
    assert (rated, stored) == (4, len(incremental[0]))
    assert (await storage.all_ratings(), await storage.rating_history_rows()) == incremental


async def test_a_game_is_rated_once(service: TableService, storage: Storage) -> None:
    game = await play(service, {ALICE: 3, BOB: 1})
    before = await storage.all_ratings()
    assert await Standings(storage).record(game) is False
    assert await Standings(storage).record_pending() == 0
    assert await storage.all_ratings() == before


async def test_a_result_missed_at_the_end_is_caught_up(service: TableService, storage: Storage) -> None:
    await play(service, {ALICE: 3, BOB: 1})
    await play(service, {ALICE: 1, BOB: 3})
    incremental = await storage.all_ratings()
    for table in ("rating_history", "ratings", "finished_seats", "finished_games"):
        await execute_raw(storage, f"DELETE FROM {table}")
    assert await Standings(storage).record_pending() == 2
    assert await storage.all_ratings() == incremental


async def test_ratings_per_server_and_for_everyone(service: TableService, storage: Storage) -> None:
    await play(service, {ALICE: 3, BOB: 1}, guild=GUILD)
    await play(service, {ALICE: 1, CAROL: 3}, guild=OTHER_GUILD)
    assert set(await ratings_by_user(storage, scope=GUILD)) == {ALICE, BOB}
    assert set(await ratings_by_user(storage, scope=OTHER_GUILD)) == {ALICE, CAROL}
    everyone = await ratings_by_user(storage)
    assert everyone[ALICE][2:] == (2, 1)
    assert (await ratings_by_user(storage, scope=GUILD))[ALICE][2:] == (1, 1)


async def test_a_resigned_player_ranks_last(service: TableService, storage: Storage) -> None:
    """docs/ratings.md: a player who resigns ranks last, whatever their score; the bot plays their seat on."""
    game = await play(service, {ALICE: 3, BOB: 1, CAROL: 2}, resign=ALICE)
    assert game.status == "finished"
    places = {s.user_id: places_of(game)[s.seat] for s in game.seats}
    assert places[ALICE] == 3 and sorted(places.values()) == [1, 2, 3]
    stored = await ratings_by_user(storage)
    expected = openskill_after([[(u, places[u]) for u in sorted(places, key=lambda u: game.seat_of(u))]])
    assert {u: v[:2] for u, v in stored.items()} == expected
    assert stored[ALICE][3] == 0


async def test_resigning_from_a_duel_is_a_loss(service: TableService, storage: Storage) -> None:
    game = await play(service, {ALICE: 3, BOB: 1}, resign=ALICE)
    assert (game.result or {}).get("reason") == "forfeit"
    stored = await ratings_by_user(storage)
    assert stored[BOB][3] == 1 and stored[ALICE][3] == 0
    assert stored[BOB][0] > stored[ALICE][0]


async def test_a_forfeit_on_the_deadline_counts_as_a_loss(service: TableService, storage: Storage) -> None:
    """docs/ratings.md: a player whose table forfeits them at the deadline lost the game."""
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=GUILD, channel_id=7,
                                table_rules={"deadline_hours": 1.0, "deadline_action": "forfeit"})
    await service.lobby.join(game.id, BOB)
    await service.lobby.start(game.id, ALICE)
    late = (await service.status(game.id)).waiting_on[0]
    other = BOB if late == ALICE else ALICE
    await service.clock.sweep(now=service.now() + 7200)
    finished = await service.game(game.id)
    assert finished.status == "finished"
    stored = await ratings_by_user(storage)
    assert stored[late][3] == 0 and stored[other][3] == 1


@pytest.mark.parametrize("why", ["solo", "abandoned", "bot seat"])
async def test_games_that_are_not_rated(service: TableService, storage: Storage, why: str) -> None:
    if why == "solo":
        game = await play(service, {ALICE: 3})
        assert game.status == "finished"
        [facts] = await storage.finished_games()
        assert not facts.rated and facts.why_unrated == "a solo game"
    elif why == "abandoned":
        created = await service.lobby.create("counting", creator_id=ALICE, guild_id=GUILD, channel_id=7)
        await service.lobby.join(created.id, BOB)
        await service.lobby.start(created.id, ALICE)
        await execute_raw(storage, "UPDATE games SET status = 'abandoned' WHERE id = ?", created.id)
        assert await Standings(storage).record(await service.game(created.id)) is False
        assert await Standings(storage).rebuild() == (0, 0)
        assert await storage.finished_games() == []
    else:
        game = await play(service, {ALICE: 3, BOB: 1})
        await execute_raw(storage, "DELETE FROM finished_seats")
        await execute_raw(storage, "DELETE FROM finished_games")
        game.result = {**(game.result or {}), "bot_seats": [1]}
        await execute_raw(storage, "DELETE FROM ratings")
        assert await Standings(storage).record(game)
        [facts] = await storage.finished_games()
        assert facts.why_unrated == "a seat was played by the bot from the start"
    assert await storage.all_ratings() == []


async def test_a_game_against_the_bot_is_never_rated(service: TableService, storage: Storage) -> None:
    """docs/ratings.md: a game with a seat played by the bot from the start is not rated (a bot seat is a
    seat whose user id is negative; it must not rate the person, nor enter a leaderboard itself)."""
    game = await service.lobby.create("counting", creator_id=ALICE, guild_id=GUILD, channel_id=7)
    await service.lobby.add_bot(game.id, ALICE)
    await service.lobby.start(game.id, ALICE)
    while (await service.status(game.id)).status == "active":
        await service.play.act(game.id, ALICE, {"pick": 3})
    [facts] = await storage.finished_games()
    assert not facts.rated and facts.why_unrated == "a seat was played by the bot from the start"
    assert await storage.all_ratings() == []
    await Standings(storage).rebuild()
    assert await storage.all_ratings() == []


def test_tied_places_are_rated_as_ties() -> None:
    """docs/ratings.md: players who share a place (a shared victory) are rated as a tie."""
    seats = [FinishedSeat(ALICE, 0, 1, 50, False), FinishedSeat(BOB, 1, 1, 50, False),
             FinishedSeat(CAROL, 2, 3, 20, False)]
    game = FinishedGame(game_id=1, kind="rollwrite", mode="table", guild_id=None, finished_at=0.0, rated=True,
                        why_unrated=None, seats=seats)
    new = {r.user_id: r for r in rate(game, {})}
    model = PlackettLuce()
    a, b, c = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 1, 3])
    assert (new[ALICE].mu, new[BOB].mu, new[CAROL].mu) == (a[0].mu, b[0].mu, c[0].mu)
    assert new[ALICE].mu == new[BOB].mu > new[CAROL].mu
    assert new[ALICE].wins == new[BOB].wins == 1


def test_a_shared_duel_victory_gives_both_first_place() -> None:
    """Duel rulebook, end of game: "If the tie persists, both players share the victory." Both rank first."""
    from tests.engine.duel.test_scoring import _tie_on_total_except

    duel = get_game("duel")
    state = _tie_on_total_except({0: {"money": 4}, 1: {"money": 4}})
    assert duel.places(state) == [1, 1]
    row = GameRow(id=1, kind="duel", mode="table", guild_id=GUILD, channel_id=7, creator_id=ALICE, seed=1,
                  options={}, table_rules={}, status="finished", state=duel.dump(state), version=1,
                  result={"scores": duel.scores(state), "ranking": duel.ranking(state), "forfeited": [],
                          "reason": "completed"},
                  daily_date=None, created_at=0.0, updated_at=0.0, waiting_since=None, reminded_at=None,
                  seats=[SeatRow(ALICE, 0, 0.0, False), SeatRow(BOB, 1, 0.0, False)])
    assert places_of(row) == [1, 1]
    row.result["forfeited"] = [0]  # type: ignore[index]
    assert places_of(row) == [2, 1]


async def test_leaderboard_pages_and_your_own_place(service: TableService, storage: Storage) -> None:
    players = list(range(1000, 1013))
    for loser, winner in zip(players, players[1:], strict=False):
        await play(service, {winner: 3, loser: 1})
    standings = Standings(storage)
    first = await standings.board("counting", GUILD, viewer=players[0])
    assert (first.players, first.pages, len(first.lines)) == (13, 2, 10)
    assert [line.rank for line in first.lines] == sorted(line.rank for line in first.lines)
    assert first.you is not None and first.you.rating.user_id == players[0]
    assert first.you.rank > 10 and first.you.provisional
    second = await standings.board("counting", GUILD, viewer=players[0], page=5)
    assert second.page == 1 and len(second.lines) == 3
    assert {line.rating.user_id for line in first.lines + second.lines} == set(players)


async def test_profile_and_history(service: TableService, storage: Storage) -> None:
    await play(service, {ALICE: 3, BOB: 1})
    await play(service, {ALICE: 1, BOB: 3})
    await play(service, {ALICE: 2})
    standings = Standings(storage)
    profile = await standings.profile(ALICE, GUILD)
    [record] = profile.games
    assert record.rating is not None and (record.rating.games, record.rating.wins) == (2, 1)
    assert record.finished == 3 and record.best is not None and record.average is not None
    assert len(record.points) == 2 and record.points[-1].display == record.rating.display
    assert len(profile.recent) == 3 and profile.recent[0].mode == "table"
    page = await standings.history(ALICE)
    assert page.total == 3 and [len(g.seats) for g in page.games] == [1, 2, 2]
    assert (await standings.history(CAROL)).total == 0


def test_rebuild_ratings_command(tmp_path, counting_game: None, capsys) -> None:
    """`yokohama-bot rebuild-ratings` recomputes the stored ratings and leaves them exactly as they were."""
    import asyncio

    from bot.cli import main
    from bot.storage import SQLiteStorage

    db = tmp_path / "cli.sqlite3"

    async def make() -> list:
        storage = SQLiteStorage(db)
        await storage.open()
        service = TableService(storage)
        await play(service, {ALICE: 3, BOB: 1})
        await play(service, {BOB: 3, CAROL: 1})
        stored = await storage.all_ratings()
        await storage.close()
        return stored

    async def ratings_now() -> list:
        storage = SQLiteStorage(db)
        await storage.open()
        try:
            return await storage.all_ratings()
        finally:
            await storage.close()

    before = asyncio.run(make())
    assert main(["rebuild-ratings", "--db", str(db)]) == 0
    assert "Rebuilt 6 ratings from 2 rated games." in capsys.readouterr().out
    assert asyncio.run(ratings_now()) == before


async def test_profile_keeps_games_against_the_bot_apart(service: TableService, storage: Storage) -> None:
    """/profile mixed games against the bot into best and average; they get their own line."""
    await play(service, {ALICE: 1, BOB: 3})
    people = (await Standings(storage).profile(ALICE, GUILD)).games[0]
    for _ in range(2):
        game = await service.lobby.create("counting", creator_id=ALICE, guild_id=GUILD, channel_id=7)
        await service.lobby.add_bot(game.id, ALICE)
        await service.lobby.start(game.id, ALICE)
        while (await service.status(game.id)).status == "active":
            await service.play.act(game.id, ALICE, {"pick": 3})
    [record] = (await Standings(storage).profile(ALICE, GUILD)).games
    assert (record.finished, record.best, record.average) == (1, people.best, people.average)
    assert record.against_bot is not None and record.against_bot[0] == 2
    from bot.discord_app.standings_views import profile_text

    text = profile_text(await Standings(storage).profile(ALICE, GUILD), "Alice", None)
    assert "**Counting against the bot**: 2 games" in text and "over 1 game between people" in text
