"""Buttons, selects and modals are routed the way the gateway routes them, DynamicItems included."""

from __future__ import annotations

import pytest

from tests.discord.harness_cog import HarnessBot
from tests.harness.discord_fake import FakeDiscord, FakeUser, InvalidInteraction


async def test_click_a_dynamic_button_in_a_channel_message(fake: FakeDiscord, alice: FakeUser) -> None:
    sent = await fake.command("play post", user=alice)
    [post] = [s for s in sent if s.kind == "channel_message"]
    assert post.content == "Click to count"
    assert not post.ephemeral
    assert [b["label"] for b in post.buttons()] == ["Count 0"]
    assert post.button("Count 0")["custom_id"] == "test:0"

    [update] = await fake.click(user=alice, message=post, label="Count 0")
    assert update.kind == "update"
    assert update.content == "Counted to 1 by alice"
    # The message itself changed: clicking again uses its new button.
    assert fake.message_view(post).button(prefix="test:")["label"] == "Count 1"
    [update] = await fake.click(user=alice, message=post, prefix="test:")
    assert update.content == "Counted to 2 by alice"


async def test_select_values_reach_the_dynamic_select(fake: FakeDiscord, alice: FakeUser) -> None:
    sent = await fake.command("play post", user=alice)
    post = next(s for s in sent if s.kind == "channel_message")
    assert [o["value"] for o in post.select(prefix="pick:")["options"]] == ["0", "1", "2"]
    [answer] = await fake.click("pick:7", user=alice, message=post, values=["2"])
    assert answer.ephemeral
    assert answer.content == "Game 7: you chose ['2']"
    with pytest.raises(InvalidInteraction, match="does not offer"):
        await fake.click("pick:7", user=alice, message=post, values=["9"])


async def test_a_dynamic_item_routes_after_a_restart() -> None:
    """A button sent by an earlier process still works: the custom_id alone carries what it needs."""
    async with FakeDiscord(HarnessBot()) as fresh:
        user = fresh.user("erin")
        [update] = await fresh.click("test:41", user=user)
        assert update.kind == "update"
        assert update.content == "Counted to 42 by erin"
        assert update.button(prefix="test:")["custom_id"] == "test:42"


async def test_clicking_what_is_not_there_is_refused(fake: FakeDiscord, alice: FakeUser) -> None:
    sent = await fake.command("play post", user=alice)
    post = next(s for s in sent if s.kind == "channel_message")
    with pytest.raises(InvalidInteraction, match="expected one component"):
        await fake.click(user=alice, message=post, label="No such button")


async def test_modal_round_trip(fake: FakeDiscord, alice: FakeUser) -> None:
    [modal] = await fake.command("play note", user=alice)
    assert modal.kind == "modal"
    assert modal.body["title"] == "Leave a note"
    [reply] = await fake.submit_modal(modal, user=alice, values={"note": "see you tomorrow"})
    assert reply.ephemeral
    assert reply.content == "Noted: see you tomorrow"
    with pytest.raises(InvalidInteraction, match="length"):
        await fake.submit_modal(modal, user=alice, values={"Note": "x" * 51})


async def test_click_a_button_in_a_dm(fake: FakeDiscord, alice: FakeUser) -> None:
    await fake.command("play dmpanel", user=alice)
    [dm] = fake.dms(alice)
    assert dm.content == "Your private counter"
    [update] = await fake.click(user=alice, message=dm, label="Count 10")
    assert update.content == "Counted to 11 by alice"
    assert update.channel_id == fake.dm_channel_id(alice)
    bob = fake.user("bob")
    with pytest.raises(InvalidInteraction, match="another user"):
        await fake.click(user=bob, message=dm, label="Count 11")


async def test_an_ephemeral_panel_is_only_clickable_by_its_viewer(fake: FakeDiscord, alice: FakeUser) -> None:
    [update] = await fake.click("test:3", user=alice, ephemeral=True)
    assert update.ephemeral
    bob = fake.user("bob")
    with pytest.raises(InvalidInteraction, match="ephemeral"):
        await fake.click(user=bob, message=update, prefix="test:")


async def test_history_lists_the_channel_messages_newest_first(fake: FakeDiscord, alice: FakeUser) -> None:
    await fake.command("play post", user=alice)
    await fake.command("play post", user=alice)
    posted = [s.message_id for s in fake.channel_messages()]
    assert len(posted) == 2
    history = [m.id async for m in fake.channel.history(limit=10)]
    assert history == posted[::-1]
