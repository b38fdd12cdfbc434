"""The table flow through the real cogs and the fake Discord, with the test-only Turns game
(tests/toygame.py): pick 1-3, a bonus point that is the only legal action (a formality), then draw
(randomness: closes the undo window) or end the turn.
"""

from __future__ import annotations

import discord

from bot.discord_app.client import YokohamaBot
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def _table(fake: FakeDiscord, *players: FakeUser, game: str = "turns", options: str = "") -> tuple[int, Sent]:
    [lobby] = await fake.command("table new", user=players[0],
                                 options={"game": game, **({"options": options} if options else {})})
    for player in players[1:]:
        await fake.click(user=player, message=lobby, label="Join")
    sent = await fake.click(user=players[0], message=lobby, label="Start")
    [start] = [s for s in sent if "has started. Seat order" in (s.content or "")]
    [row] = await _bot(fake).storage.list_games(statuses=("active",))
    return row.id, start


def pinged(sent: Sent) -> set[int]:
    """Who a message notifies: the users its allowed_mentions lets through (the bot never parses users)."""
    allowed = sent.payload.get("allowed_mentions") or {}
    assert "users" not in allowed.get("parse", []), "a post must list whom it pings, not ping every mention"
    return {int(u) for u in allowed.get("users", [])}


def labels(panel: Sent) -> list[str]:
    return [b["label"] for b in panel.buttons()]


async def _waiting(fake: FakeDiscord, game_id: int) -> list[int]:
    return (await _bot(fake).service.status(game_id)).waiting_on


async def test_three_players_the_mover_is_named_never_pinged_and_only_the_next_is(fake: FakeDiscord) -> None:
    users = [fake.user("alice"), fake.user("bob"), fake.user("carol")]
    by_id = {u.id: u for u in users}
    game_id, post = await _table(fake, *users)
    assert pinged(post) == set(await _waiting(fake, game_id))
    turn_posts = 0
    while waiting := await _waiting(fake, game_id):
        mover = by_id[waiting[0]]
        panel = [s for s in await fake.click(user=mover, message=post, label="Open my panel")
                 if s.kind == "followup"][-1]
        # A forced formality never reaches a panel: every panel offers a real choice.
        assert "Take the bonus point" not in labels(panel)
        sent = await fake.click(user=mover, message=panel, label="Take 2")
        edit = next(s for s in sent if s.kind == "edit_original")
        # The panel shows the next decision in place, and says what was played for the player.
        assert "played for you" in edit.content and "Draw a bonus" in labels(edit)
        sent = await fake.click(user=mover, message=edit, label="End the turn")
        posts = [s for s in sent if s.kind == "channel_message"]
        assert posts, "the end of a turn is posted"
        post = posts[0]
        if (await _bot(fake).service.game(game_id)).status != "active":
            break
        turn_posts += 1
        nxt = await _waiting(fake, game_id)
        assert mover.id not in pinged(post) and pinged(post) == set(nxt)
        assert mover.mention not in post.content and f"**{mover.name}**" in post.content
        # The story tells the whole turn, in order, with the formality: not only the last click.
        story = post.content
        assert story.index("take 2") < story.index("take the bonus point") < story.index("end the turn")
    assert turn_posts >= 4
    # The end of the game pings every seated player but the one whose click ended it, in the channel.
    assert pinged(post) == {u.id for u in users} - {mover.id} and post.channel_id == fake.channel.id
    assert "Final standings" in post.content and "Game over: **" in post.content


async def test_undo_restores_the_options_and_is_refused_after_a_draw(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, post = await _table(fake, alice, bob)
    first = {alice.id: alice, bob.id: bob}[(await _waiting(fake, game_id))[0]]
    panel = [s for s in await fake.click(user=first, message=post, label="Open my panel") if s.kind == "followup"][-1]
    before = labels(panel)
    assert "Undo" not in before
    edit = next(s for s in await fake.click(user=first, message=panel, label="Take 3") if s.kind == "edit_original")
    assert "Undo" in labels(edit)
    undone = next(s for s in await fake.click(user=first, message=edit, label="Undo") if s.kind == "edit_original")
    assert "Taken back" in undone.content and labels(undone) == before
    log = await _bot(fake).storage.actions(game_id)
    assert [e.origin for e in log] == ["player", "formality", "undo"]
    # After a draw (randomness), nothing can be taken back: no button, and a crafted click is refused.
    edit = next(s for s in await fake.click(user=first, message=undone, label="Take 1") if s.kind == "edit_original")
    after = [s for s in await fake.click(user=first, message=edit, label="Draw a bonus")]
    assert all("Undo" not in labels(s) for s in after if s.kind == "edit_original")
    [refused] = [s for s in await fake.click(f"yk:undo:{game_id}", user=first, ephemeral=True)
                 if s.kind == "followup"]
    assert refused.ephemeral and "nothing you can take back" in refused.content


async def test_a_thread_is_used_when_allowed(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await _table(fake, alice, bob)
    [thread] = fake.threads
    assert start.channel_id == thread and fake.threads[thread] == fake.channel.id
    lobby = fake.channel_messages()
    assert not any("has started. Seat order" in (m.content or "") for m in lobby)


async def test_the_channel_is_used_when_threads_are_not_allowed(fake: FakeDiscord) -> None:
    fake.bot_permissions = discord.Permissions(fake.bot_permissions.value)
    fake.bot_permissions.create_public_threads = False
    alice, bob = fake.user("alice"), fake.user("bob")
    _, start = await _table(fake, alice, bob)
    assert not fake.threads and start.channel_id == fake.channel.id


async def test_a_server_can_turn_threads_off(fake: FakeDiscord) -> None:
    admin = fake.user("admin", admin=True)
    [answer] = await fake.command("settings threads", user=admin, options={"on": False})
    assert answer.ephemeral
    _, start = await _table(fake, fake.user("alice"), fake.user("bob"))
    assert not fake.threads and start.channel_id == fake.channel.id


async def test_status_of_a_private_game_is_refused_privately(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    row = await _bot(fake).service.lobby.create("turns", creator_id=alice.id, guild_id=fake.guild.id,
                                          channel_id=fake.channel.id, mode="solo")
    [refused] = await fake.command("table status", user=bob, options={"game": row.id})
    # Someone else's private game does not exist for bob: the words for a number nobody used.
    assert refused.ephemeral and refused.content == f"There is no game #{row.id}."


async def test_join_when_seated_at_a_full_table_says_already_seated(fake: FakeDiscord) -> None:
    users = [fake.user(n) for n in ("a", "b", "c", "d")]
    [lobby] = await fake.command("table new", user=users[0], options={"game": "turns"})
    for user in users[1:]:
        await fake.click(user=user, message=lobby, label="Join")
    [again] = await fake.click(user=users[1], message=lobby, label="Join")
    assert again.ephemeral and "already seated" in again.content


async def test_lobby_speaks_to_people(fake: FakeDiscord) -> None:
    [lobby] = await fake.command("table new", user=fake.user("alice"), options={"game": "turns"})
    assert "for 2 to 4 players" in lobby.content and "Seated (1 of 4)" in lobby.content
    [duel] = await fake.command("table new", user=fake.user("bob"), options={"game": "duel"})
    assert "for 2 players" in duel.content and "2–2" not in duel.content


async def test_table_new_offers_every_games_options_from_their_declarations(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    [lobby] = await fake.command("table new", user=alice,
                                 options={"game": "rollwrite", "options": "side: B, chinatown: yes"})
    assert not lobby.ephemeral and "Sheet side: Side B" in lobby.content and "Chinatown: On" in lobby.content
    assert "=" not in lobby.content  # no raw option keys
    [row] = await _bot(fake).storage.list_games(statuses=("lobby",))
    assert row.options == {"side": "B", "chinatown": True}
    [refused] = await fake.command("table new", user=fake.user("bob"),
                                   options={"game": "rollwrite", "options": "side: C"})
    assert refused.ephemeral and "Side A, Side B" in refused.content
    choices = await fake.autocomplete("table new", user=alice, focused="options",
                                      options={"game": "rollwrite", "options": "cham"})
    assert "Chamber of Commerce: On" in [c["name"] for c in choices]


async def test_a_resignation_pings_the_remaining_players_not_the_resigner(fake: FakeDiscord) -> None:
    users = [fake.user("alice"), fake.user("bob"), fake.user("carol")]
    game_id, _ = await _table(fake, *users)
    sent = await fake.command("table resign", user=users[1], options={"game": game_id, "confirm": "yes"})
    [notice] = [s for s in sent if s.kind == "channel_message" and "resigned" in (s.content or "")]
    assert pinged(notice) == {users[0].id, users[2].id}
    assert "**bob** resigned" in notice.content and users[1].mention not in notice.content


async def test_a_lone_end_of_turn_is_played_for_the_player_who_may_still_take_it_back(fake: FakeDiscord) -> None:
    """With ending the turn the only option left, no panel asks for it: the click before it ends the
    turn (the next player is pinged), and the mover's panel keeps Undo until the next player acts; taking it
    back tells the table the turn is the mover's again."""
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, post = await _table(fake, alice, bob, options="draw: no")
    users = {alice.id: alice, bob.id: bob}
    first = users[(await _waiting(fake, game_id))[0]]
    second = bob if first is alice else alice
    panel = [s for s in await fake.click(user=first, message=post, label="Open my panel") if s.kind == "followup"][-1]
    sent = await fake.click(user=first, message=panel, label="Take 2")
    edit = next(s for s in sent if s.kind == "edit_original")
    assert "played for you: Take the bonus point; End the turn" in edit.content
    assert "Undo" in labels(edit) and "End the turn" not in labels(edit)
    [turn_post] = [s for s in sent if s.kind == "channel_message"]
    assert pinged(turn_post) == {second.id}
    assert await _waiting(fake, game_id) == [second.id]
    undone = next(s for s in await fake.click(user=first, message=edit, label="Undo") if s.kind == "edit_original")
    assert "Taken back" in undone.content and "Take 1" in labels(undone)
    assert await _waiting(fake, game_id) == [first.id]
    told = [s for s in fake.sent
            if s.kind == "channel_message" and "took back the end of their turn" in (s.content or "")]
    assert len(told) == 1 and pinged(told[0]) == set() and f"**{first.name}**" in (told[0].content or "")
    # Played again; once the next player acts, the turn can no longer be taken back.
    edit = next(s for s in await fake.click(user=first, message=undone, label="Take 3") if s.kind == "edit_original")
    assert "Undo" in labels(edit)
    await _bot(fake).service.play.act(game_id, second.id, {"pick": 1})
    refreshed = next(s for s in await fake.click(user=first, message=edit, label="Refresh")
                     if s.kind == "edit_original")
    assert "Undo" not in labels(refreshed)
