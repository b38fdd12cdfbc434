"""Yokohama Duel through the real cogs and the fake Discord: the board on every turn post, your own
view on your panel and in `/table status`, the final score at the end, nothing hidden in public, and a
picture that fails to draw never costing a move. The fake checks every payload against Discord's schema.
"""

from __future__ import annotations

import copy
import io
import logging
from typing import Any

import pytest
from PIL import Image

from bot.discord_app.client import YokohamaBot
from bot.discord_app.names import seat_names
from bot.discord_app.panels import pictures
from engine.core.rng import Rng
from rendering.duel import final_picture, lead_picture, render_board, render_private
from rendering.kit.lead import WIDTH as LEAD_WIDTH
from rendering.kit.own import WIDTH as OWN_WIDTH
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent
from tests.harness.renderers import with_renderer
from tests.rendering.test_duel_pictures import hide_swap


def bot_of(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def open_duel(fake: FakeDiscord, *players: FakeUser) -> tuple[int, Sent]:
    [lobby] = await fake.command("table new", user=players[0], options={"game": "duel"})
    for player in players[1:]:
        await fake.click(user=player, message=lobby, label="Join")
    sent = await fake.click(user=players[0], message=lobby, label="Start")
    [game] = await bot_of(fake).storage.list_games(statuses=("active",))
    return game.id, sent[-1]


async def names_of(fake: FakeDiscord, game_id: int) -> list[str]:
    bot = bot_of(fake)
    return await seat_names(bot, await bot.service.game(game_id))


async def click_something(fake: FakeDiscord, panel: Sent, player: FakeUser, rng: Rng) -> list[Sent]:
    """Choose one of the decisions the panel offers (a button or a menu option) at random."""
    choices: list[tuple[str, str | None]] = [
        (b["custom_id"], None) for b in panel.buttons() if b.get("custom_id", "").startswith("yk:do:")
    ]
    for select in panel.selects():
        if select["custom_id"].startswith("yk:sel:"):
            choices += [(select["custom_id"], o["value"]) for o in select["options"]]
    assert choices, f"the panel offers no decision: {panel.content}"
    custom_id, value = rng.choice(choices)
    if value is None:
        return await fake.click(custom_id, user=player, message=panel)
    return await fake.click(custom_id, user=player, message=panel, values=[value])


async def panel_for(fake: FakeDiscord, game_id: int, player: FakeUser) -> Sent:
    panel = (await fake.command("table panel", user=player, options={"game": game_id}))[-1]
    assert panel.ephemeral
    return panel


@pytest.mark.slow
async def test_a_whole_duel_posts_the_board_every_turn_and_your_view_on_every_panel(
    fake: FakeDiscord, discord_schema: Any
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    users = {u.id: u for u in (alice, bob)}
    game_id, start = await open_duel(fake, alice, bob)
    bot = bot_of(fake)
    names = await names_of(fake, game_id)
    assert names == ["alice", "bob"] or sorted(names) == ["alice", "bob"]
    _, engine, state = await bot.service.load(game_id)
    assert [f.data for f in start.files] == [lead_picture(engine.view(state, None), names=names)]
    # the full board is one tap away, privately, as its own message
    [board] = [m for m in await fake.click(user=alice, message=start, label="Full board") if m.files]
    assert board.ephemeral and [f.data for f in board.files] == [render_board(engine.view(state, None), names)]

    rng = Rng(7)
    posts = panels_seen = 0
    for _ in range(2000):
        waiting = (await bot.service.status(game_id)).waiting_on
        if not waiting:
            break
        player = users[waiting[0]]
        seat = (await bot.service.game(game_id)).seat_of(player.id)
        assert seat is not None
        _, engine, state = await bot.service.load(game_id)
        panel = await panel_for(fake, game_id, player)
        # the panel leads with the compact own view made for a phone; the full private board is one tap away
        [own] = [Image.open(io.BytesIO(f.data)) for f in panel.files]
        assert own.width == OWN_WIDTH and panel.button("My full board")
        if not panels_seen:
            [full] = [m for m in await fake.click(user=player, message=panel, label="My full board") if m.files]
            assert full.ephemeral and [f.data for f in full.files] == [render_private(engine.view(state, seat), seat,
                                                                                       names)]
        panels_seen += 1
        sent = await click_something(fake, panel, player, rng)
        row, engine, state = await bot.service.load(game_id)
        for post in (s for s in sent if s.kind == "channel_message" and f" #{game_id}**" in (s.content or "")):
            # one picture, the phone-first lead (whose turn, the last turn, the scores), and a Full board button
            [image] = [Image.open(io.BytesIO(f.data)) for f in post.files]
            assert image.width == LEAD_WIDTH and post.button("Full board"), post.content
            posts += 1
    row, engine, state = await bot.service.load(game_id)
    assert row.status == "finished" and engine.is_over(state)
    assert posts >= 4 * 4 * 2, "a public post for every turn of the four rounds"
    assert panels_seen > posts
    last = [s for s in fake.channel_messages() if f" #{game_id}**" in (s.content or "")][-1]
    [final] = [m for m in await fake.click(user=alice, message=last, label="Full board") if m.files]
    assert final.ephemeral and [f.data for f in final.files] == [final_picture(engine.view(state, None), names)]
    assert alice.mention in (last.content or "") and bob.mention in (last.content or "")


async def test_table_status_shows_the_board_to_anyone_and_a_player_privately_with_own_view(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, _ = await open_duel(fake, alice, bob)
    bot = bot_of(fake)
    names = await names_of(fake, game_id)
    row, engine, state = await bot.service.load(game_id)
    board = render_board(engine.view(state, None), names)

    onlooker = await fake.command("table status", user=carol, options={"game": game_id})
    shown = [s for s in onlooker if s.files]
    assert len(shown) == 1 and not shown[0].ephemeral and shown[0].files[0].data == board

    seat = row.seat_of(alice.id)
    assert seat is not None
    # A seated player is answered privately: the board and their own view, nothing in the channel.
    seated = await fake.command("table status", user=alice, options={"game": game_id})
    assert all(s.ephemeral for s in seated if s.content or s.files)
    assert [s.files[0].data for s in seated if s.files][0] == board
    [own] = [Image.open(io.BytesIO(s.files[0].data)) for s in seated if s.files][1:]
    assert own.width == OWN_WIDTH  # the compact own view; My full board under it gives the whole picture
    assert [s for s in seated if s.files][1].button("My full board")
    # With public: True the board goes to the channel; their own view still only to them.
    shared = await fake.command("table status", user=alice, options={"game": game_id, "public": True})
    public = [s for s in shared if s.files and not s.ephemeral]
    private = [s for s in shared if s.files and s.ephemeral]
    assert [s.files[0].data for s in public] == [board]
    assert [Image.open(io.BytesIO(s.files[0].data)).width for s in private] == [OWN_WIDTH]


@pytest.mark.slow
async def test_hidden_cards_change_no_public_text_or_picture(fake: FakeDiscord, monkeypatch: Any) -> None:
    """Rulebook, General Rules: "All information is public except for Order cards in players' hands
    and face-down Church cards." Swap a seat's hidden cards with unseen ones: what `/table status`
    shows the channel must stay the same, text and picture bytes."""
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, _ = await open_duel(fake, alice, bob)
    bot = bot_of(fake)
    users = {u.id: u for u in (alice, bob)}
    rng = Rng(3)
    real_load = bot.service.load
    checked = 0
    for step in range(60):
        waiting = (await bot.service.status(game_id)).waiting_on
        if not waiting:
            break
        if step % 6 == 0:
            row, engine, state = await real_load(game_id)
            before = await fake.command("table status", user=carol, options={"game": game_id})
            for seat in (0, 1):
                swapped = hide_swap(state, seat)
                assert swapped != state or not state["players"][seat]["hand"]

                async def load_swapped(gid: int, swapped: dict[str, Any] = swapped) -> Any:
                    r, e, _ = await real_load(gid)
                    return r, e, copy.deepcopy(swapped)

                monkeypatch.setattr(bot.service, "load", load_swapped)
                after = await fake.command("table status", user=carol, options={"game": game_id})
                monkeypatch.setattr(bot.service, "load", real_load)
                assert [(s.content, [f.data for f in s.files]) for s in after] == [
                    (s.content, [f.data for f in s.files]) for s in before
                ]
                checked += 1
        player = users[waiting[0]]
        await click_something(fake, await panel_for(fake, game_id, player), player, rng)
    assert checked >= 10


async def test_a_picture_that_fails_to_draw_never_loses_the_move(
    fake: FakeDiscord, monkeypatch: Any, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await open_duel(fake, alice, bob)
    bot = bot_of(fake)
    users = {u.id: u for u in (alice, bob)}

    def broken(method: str, view: dict[str, Any], **names: Any) -> bytes:
        raise RuntimeError("the renderer broke")

    with_renderer(monkeypatch, broken)
    rng = Rng(11)
    caplog.set_level(logging.ERROR, logger=pictures.log.name)
    for _ in range(200):
        waiting = (await bot.service.status(game_id)).waiting_on
        player = users[waiting[0]]
        before = (await bot.service.game(game_id)).version
        panel = await panel_for(fake, game_id, player)
        assert not panel.files and panel.content
        sent = await click_something(fake, panel, player, rng)
        assert (await bot.service.game(game_id)).version > before, "the move was saved"
        posts = [s for s in sent if s.kind == "channel_message" and f" #{game_id}**" in (s.content or "")]
        if posts:
            assert all(not p.files and p.content for p in posts)
            break
    else:
        raise AssertionError("no turn ended in 200 decisions")
    assert "could not draw the duel picture" in caplog.text and "the renderer broke" in caplog.text
