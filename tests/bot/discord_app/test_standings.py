"""/standings, /profile, /history and /table log through the real cogs and the fake Discord.

Two tables (a Duel and a Roll & Write) are opened with /table new and the lobby buttons, played to the
end through the table service (the path every finished game takes), and then shown by the commands.
Every payload is checked against Discord's schema by the harness.
"""

from __future__ import annotations

import re

import pytest

from bot.discord_app.client import YokohamaBot
from bot.service.ratings import EVERYONE
from tests.harness.discord_fake import FakeDiscord, FakeUser
from tests.harness.discord_schema import validate_command_definitions


def bot_of(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def open_table(fake: FakeDiscord, kind: str, *players: FakeUser) -> int:
    [lobby] = await fake.command("table new", user=players[0], options={"game": kind})
    for player in players[1:]:
        await fake.click(user=player, message=lobby, label="Join")
    await fake.click(user=players[0], message=lobby, label="Start")
    games = await bot_of(fake).storage.list_games(statuses=("active",), kind=kind)
    return max(g.id for g in games)


async def play_out(fake: FakeDiscord, game_id: int, *, stop_after: int | None = None) -> None:
    """Every seat plays the bot's own choice until the game ends (or `stop_after` decisions)."""
    service = bot_of(fake).service
    played = 0
    while (status := await service.status(game_id)).status == "active":
        if stop_after is not None and played >= stop_after:
            return
        user = status.waiting_on[0]
        game, engine, state = await service.load(game_id)
        seat = game.seat_of(user)
        assert state is not None and seat is not None
        await service.play.act(game_id, user, engine.auto_action(state, seat))
        played += 1


async def test_the_commands_are_valid_for_discord(fake: FakeDiscord, discord_schema: object) -> None:
    names = {c["name"]: c for c in validate_command_definitions(fake.bot.tree)}
    assert {"standings", "profile", "history"} <= set(names)
    assert "log" in {o["name"] for o in names["table"]["options"]}


@pytest.mark.slow
async def test_finished_duel_and_roll_and_write_tables_show_everywhere(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    duel = await open_table(fake, "duel", alice, bob)
    await play_out(fake, duel)
    rollwrite = await open_table(fake, "rollwrite", alice, bob, carol)
    await play_out(fake, rollwrite)
    storage = bot_of(fake).storage
    assert {r.kind for r in await storage.ratings_of(alice.id, EVERYONE)} == {"duel", "rollwrite"}

    # /standings: the Duel leaderboard of this server names both players with rating, games and win rate.
    [board] = await fake.command("standings", user=alice, options={"game": "duel"})
    assert board.ephemeral and "Yokohama Duel" in board.content
    assert alice.mention in board.content and bob.mention in board.content
    assert "1 game ·" in board.content and "?" in board.content  # provisional after one game
    [everyone] = await fake.command("standings", user=carol, options={"game": "rollwrite", "scope": "everyone"})
    assert carol.mention in everyone.content and "everywhere" in everyone.content

    # /profile: both games with rating and rank, scores, recent results and the rating chart.
    sent = await fake.command("profile", user=bob, options={"user": alice})
    profile = sent[-1]
    assert profile.ephemeral and "alice" in profile.content
    assert "Yokohama Duel" in profile.content and "Roll & Write" in profile.content
    assert f"#{duel}" in profile.content and f"#{rollwrite}" in profile.content
    assert "best score" in profile.content and "rating **" in profile.content
    assert [f.filename for f in profile.files] == ["rating-history.png"]
    assert profile.files[0].data.startswith(b"\x89PNG")

    # /history: the finished games with players, scores and the winner.
    [history] = await fake.command("history", user=carol)
    assert history.ephemeral and f"#{rollwrite}" in history.content and f"#{duel}" not in history.content
    assert "winner" in history.content or "shared victory" in history.content
    [only_duels] = await fake.command("history", user=alice, options={"game": "duel"})
    assert f"#{duel}" in only_duels.content and f"#{rollwrite}" not in only_duels.content

    # /table log: every move in readable lines with display names, paged.
    sent = await fake.command("table log", user=carol, options={"game": duel})
    log = sent[-1]
    assert log.ephemeral and "every choice is shown" in log.content
    assert "**alice**" in log.content or "**bob**" in log.content
    assert "Player 1" not in log.content
    pages = 1
    while (button := next((b for b in log.buttons() if b["label"] == "Next ▶" and not b.get("disabled")), None)):
        sent = await fake.click(user=carol, message=log, custom_id=button["custom_id"])
        log = fake.message_view(log)
        pages += 1
        assert pages < 200
    assert pages > 1, "a whole Duel does not fit on one page"


@pytest.mark.slow
async def test_a_running_game_log_hides_hidden_choices(fake: FakeDiscord) -> None:
    """The Duel's setup: each player puts back one of 3 drawn Order cards, face down. While the game
    runs the log says a card was put back, never which; once the game is over it may say."""
    alice, bob = fake.user("alice"), fake.user("bob")
    duel = await open_table(fake, "duel", alice, bob)
    service = bot_of(fake).service
    game, engine, state = await service.load(duel)
    seat = engine.to_act(state)[0]
    user = game.user_of(seat)
    action = engine.auto_action(state, seat)
    secret = engine.describe(state, action)
    assert secret != engine.public_label(state, action)
    await service.play.act(duel, user, action)
    sent = await fake.command("table log", user=alice, options={"game": duel})
    assert "hidden choices stay hidden" in sent[-1].content
    name = "alice" if user == alice.id else "bob"
    assert f"`1.` **{name}** keeps 2 of 3 Order cards" in sent[-1].content
    assert secret not in sent[-1].content
    await play_out(fake, duel)
    sent = await fake.command("table log", user=alice, options={"game": duel})
    assert secret in sent[-1].content


@pytest.mark.slow
async def test_page_buttons_work_after_a_restart(fake: FakeDiscord) -> None:
    """The Next button carries the game, scope and page in its custom_id (no state in memory)."""
    players = [fake.user(f"p{i}") for i in range(12)]
    for a, b in zip(players[::2], players[1::2], strict=True):
        await play_out(fake, await open_table(fake, "duel", a, b))
    [board] = await fake.command("standings", user=players[0], options={"game": "duel"})
    next_id = next(b["custom_id"] for b in board.buttons() if b["label"] == "Next ▶")
    [page] = await fake.click(next_id, user=players[3])
    assert page.kind == "update" and "page 2 of 2" in page.content
    assert len(re.findall(r"^\*\*\d+\.\*\* <@\d+>", page.content, flags=re.M)) == 2  # players 11 and 12


async def test_bad_input_gets_clear_private_messages(fake: FakeDiscord) -> None:
    alice, newcomer = fake.user("alice"), fake.user("newcomer")
    [nothing] = await fake.command("standings", user=alice, options={"game": "yokohama"})
    assert nothing.ephemeral and "Nobody has a rated" in nothing.content
    sent = await fake.command("profile", user=alice, options={"user": newcomer})
    assert sent[-1].ephemeral and "no finished games" in sent[-1].content
    [empty] = await fake.command("history", user=newcomer)
    assert empty.ephemeral and "no finished" in empty.content
    sent = await fake.command("table log", user=alice, options={"game": 9999})
    assert sent[-1].ephemeral and "There is no game #9999" in sent[-1].content
    [lobby] = await fake.command("table new", user=alice, options={"game": "duel"})
    games = await bot_of(fake).storage.list_games(statuses=("lobby",))
    sent = await fake.command("table log", user=alice, options={"game": games[0].id})
    assert sent[-1].ephemeral and "has not started" in sent[-1].content


async def test_profile_shows_the_daily_record(fake: FakeDiscord) -> None:
    """The daily challenge counts nowhere in ratings, but the profile shows its record: attempts, best, streaks."""
    alice = fake.user("alice")
    await fake.command("daily play", user=alice)
    [attempt] = await bot_of(fake).storage.list_games(statuses=("active",), mode="daily")
    await play_out(fake, attempt.id)
    assert await bot_of(fake).storage.all_ratings() == []
    sent = await fake.command("profile", user=alice)
    assert "**Daily challenge**: 1 attempt, best" in sent[-1].content
    assert "streak 1 day (best 1)" in sent[-1].content
    assert "daily challenge" in sent[-1].content  # the attempt among the recent results
