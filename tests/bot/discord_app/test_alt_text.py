"""Every picture the bot sends carries alt text (Discord's attachment description) saying what it shows: the
game, whose turn, the scores, what just happened; the fake Discord fails a test on an attachment without one."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from rendering.kit.own import WIDTH as OWN_WIDTH
from tests.bot.discord_app.test_standings import open_table, play_out
from tests.harness.discord_fake import FakeDiscord


async def test_an_attachment_without_a_description_fails_the_test(fake: FakeDiscord) -> None:
    await fake.channel.send("a picture", file=discord.File(io.BytesIO(b"\x89PNG"), filename="x.png"))  # type: ignore[union-attr]
    with pytest.raises(AssertionError, match="x.png .* has no description"):
        fake.check()
    await fake.channel.send("a picture", file=discord.File(io.BytesIO(b"\x89PNG"), filename="y.png",  # type: ignore[union-attr]
                                                           description="A test picture."))
    fake.check()


async def test_turn_posts_and_panels_describe_their_pictures(fake: FakeDiscord) -> None:
    alice, bob = fake.user("**alice**"), fake.user("bob")
    game = await open_table(fake, "duel", alice, bob)
    await play_out(fake, game, stop_after=4)
    files = [f for request in fake.requests for f in request.files]
    assert files, "the table sent pictures"
    for file in files:
        assert file.description and len(file.description) <= 1024, file.filename
        assert "**" not in file.description  # plain words for a screen reader
    turn = [f.description for f in files if f.filename.endswith("-turn.png")]
    assert turn and all(d is not None and d.startswith("Yokohama Duel:") and "Scores:" in d and "alice" in d
                        and "bob" in d for d in turn), turn


@pytest.mark.parametrize("kind", ["duel", "yokohama"])
async def test_the_panel_shows_the_compact_own_view_and_my_full_board_the_whole(fake: FakeDiscord, kind: str) -> None:
    """A phone-first own view on the panel (780 px, its choices listed), the full private board one tap away."""
    alice, bob = fake.user("alice"), fake.user("bob")
    game = await open_table(fake, kind, alice, bob)
    status = await fake.bot.service.status(game)  # type: ignore[attr-defined]
    mover = alice if alice.id in status.waiting_on else bob
    panel = [s for s in await fake.click(f"yk:open:{game}", user=mover, ephemeral=True) if s.kind == "followup"][-1]
    [own] = panel.files
    with Image.open(io.BytesIO(own.data)) as image:
        assert image.width == OWN_WIDTH
    assert own.description and own.description.startswith("Your own view")
    full = [s for s in await fake.click(user=mover, message=panel, label="My full board") if s.kind == "followup"]
    [board] = full[-1].files
    with Image.open(io.BytesIO(board.data)) as image:
        assert image.width > OWN_WIDTH and image.height > 1000
    assert full[-1].ephemeral and board.description
