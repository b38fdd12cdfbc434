"""Turn DMs of a Roll & Write table (its own announcer speaks once per round): a player who chose `dm` gets
one direct message when a new round waits on them (the game, what is asked, the thread's link), none for the
round their own click opened (their panel shows it), and a player whose DMs are closed (50007) is mentioned
in the round's post instead."""

from __future__ import annotations

from tests.bot.discord_app.games.rollwrite.helpers import bot_of, choose_auto, open_panel, owing_users, public_messages
from tests.bot.discord_app.test_table_flow import pinged
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent


def _delivered(fake: FakeDiscord, user: FakeUser) -> list[Sent]:
    return [s for s in fake.dms(user) if s.status == 200]


async def _round(fake: FakeDiscord, game_id: int) -> int:
    _, _, state = await bot_of(fake).service.load(game_id)
    assert state is not None
    return int(state["round"])


async def _play_round(fake: FakeDiscord, game_id: int, order: list[FakeUser], panels: dict[int, Sent]) -> None:
    """Everyone plays the round out through their own panel, one player after the other, in `order`."""
    current = await _round(fake, game_id)
    for user in order:
        while await _round(fake, game_id) == current and user.id in await owing_users(fake, game_id):
            await choose_auto(fake, user, panels[user.id], game_id)
    assert await _round(fake, game_id) == current + 1


async def test_a_new_round_dms_whoever_chose_dms(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol", dms_open=False)
    for user, mode in ((alice, "dm"), (carol, "dm")):
        [answer] = await fake.command("settings me", user=user, options={"notify": mode})
        assert answer.ephemeral
    [lobby] = await fake.command("rollwrite new", user=alice)
    for user in (bob, carol):
        await fake.click(user=user, message=lobby, label="Join")
    sent = await fake.click(user=alice, message=lobby, label="Start")
    [start] = [s for s in sent if "has started. Seat order" in (s.content or "")]
    game_id = int(start.content.split("#", 1)[1].split("*", 1)[0])
    [thread] = fake.threads
    # The start: Alice by DM, Bob (mentions) pinged; Carol's DM fails (closed), so she is mentioned right after.
    assert len(_delivered(fake, alice)) == 1 and pinged(start) == {bob.id}
    [fallback] = [s for s in sent if "could not be delivered" in (s.content or "")]
    assert fallback.channel_id == thread and pinged(fallback) == {carol.id}
    assert [s.error_code for s in fake.dms(carol)] == [50007]
    panels = {u.id: await open_panel(fake, u, start) for u in (alice, bob, carol)}

    # Round 1 ends with Alice's click: her panel shows round 2, so no DM; the post pings Bob and Carol.
    before = len(public_messages(fake))
    await _play_round(fake, game_id, [carol, bob, alice], panels)
    [post] = [m for m in public_messages(fake)[before:] if "Your turn:" in (m.content or "")]
    assert post.channel_id == thread and pinged(post) == {bob.id, carol.id}
    assert alice.mention in post.content  # named in the post, not pinged
    assert len(_delivered(fake, alice)) == 1

    # Round 2 ends with Carol's click: round 3 waits on Alice, who gets one DM (not pinged); Bob is pinged,
    # Carol (the mover) is not; nobody tries Carol's closed DMs again.
    before = len(public_messages(fake))
    await _play_round(fake, game_id, [alice, bob, carol], panels)
    [post] = [m for m in public_messages(fake)[before:] if "Your turn:" in (m.content or "")]
    assert pinged(post) == {bob.id}
    [dm] = _delivered(fake, alice)[1:]
    assert f"Roll & Write #{game_id}** (round 3 of 12) is waiting on you: Choose" in dm.content  # game, what is asked
    assert f"/{thread}" in dm.content  # the link to the table's thread
    assert pinged(dm) == set()
    assert [s.error_code for s in fake.dms(carol)] == [50007]
    assert fake.dms(bob) == []
