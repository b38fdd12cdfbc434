"""A whole 2-player Roll & Write game in a channel, through slash commands and panel clicks."""

from __future__ import annotations

import pytest

from tests.bot.discord_app.games.rollwrite.helpers import (
    bot_of,
    choose_auto,
    has_renderer,
    open_panel,
    owing_users,
    public_messages,
)
from tests.harness.discord_fake import FakeDiscord, FakeUser, InvalidInteraction, Sent

PANEL_PREFIXES = ("yk:do:", "yk:sel:", "yk:pg:")


def panel_ids(sent: Sent) -> list[str]:
    return [c for c in sent.custom_ids() if c.startswith(PANEL_PREFIXES)]


async def start_table(
    fake: FakeDiscord, alice: FakeUser, bob: FakeUser, options: dict | None = None
) -> tuple[int, Sent]:
    [lobby] = await fake.command("rollwrite new", user=alice, options=options or {})
    assert not lobby.ephemeral and "Yokohama Roll & Write" in lobby.content
    await fake.click(user=bob, message=lobby, label="Join")
    sent = await fake.click(user=alice, message=lobby, label="Start")
    # The start post opens the table's thread (or, without threads, follows up in the channel).
    [start] = [s for s in sent if "has started. Seat order" in (s.content or "")]
    assert not start.ephemeral
    game_id = int(start.content.split("#", 1)[1].split("*", 1)[0])
    return game_id, start


@pytest.mark.slow
async def test_two_players_play_a_whole_game(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob, {"side": "B", "start_player_priority": True})
    assert "Round 1 of 12 — the sets:" in start.content
    assert start.content.count("• **") == 3  # the three dice-and-card sets in words
    assert "sheet side B" in start.content
    if has_renderer():
        assert start.files and start.files[0].data.startswith(b"\x89PNG")

    panels = {alice.id: await open_panel(fake, alice, start), bob.id: await open_panel(fake, bob, start)}
    users = {alice.id: alice, bob.id: bob}
    # Nobody can use another player's private panel: Discord shows it only to its owner.
    with pytest.raises(InvalidInteraction):
        await fake.click(panels[alice.id].custom_ids()[0], user=bob, message=panels[alice.id])

    panel_updates: dict[int, list[Sent]] = {alice.id: [], bob.id: []}
    clicks = 0
    while waiting := await owing_users(fake, game_id):
        user_id = waiting[0]
        sent = await choose_auto(fake, users[user_id], panels[user_id], game_id)
        clicks += 1
        for s in sent:
            if s.kind == "edit_original":
                panel_updates[user_id].append(s)
                assert s.ephemeral
                assert fake.interactions[s.origin].user.id == user_id
    assert clicks > 100  # a real game: every decision was a click

    # Each panel showed its owner's decisions with the round's sets and their own score so far.
    for updates in panel_updates.values():
        assert any("Your sheet so far:" in u.content and "the sets:" in u.content for u in updates)
        assert any("✅" in u.content for u in updates)
    if has_renderer():
        # Pictures only when they tell something new (a new round); text edits in between.
        edits = [u for updates in panel_updates.values() for u in updates]
        assert any(u.files for u in edits) and sum(1 for u in edits if u.files) < len(edits) / 4
    final_panel = fake.message_view(panels[alice.id])
    assert "Final standings" in final_panel.content and not panel_ids(final_panel)

    public = public_messages(fake)
    assert all(not m.ephemeral for m in public)
    assert all(not panel_ids(m) for m in public), "decision buttons only ever go to private panels"
    summaries = [m for m in public if "done." in (m.content or "")]
    assert [int(m.content.split("round ")[1].split(" ")[0]) for m in summaries] == list(range(1, 12))
    for m in summaries:
        assert alice.mention in m.content and bob.mention in m.content  # what each of them did
        assert "the sets:" in m.content and "Your turn:" in m.content
        assert m.button("Open my panel")
    # With start player priority, the others are told when the start player has chosen (unless they were
    # still busy with a round bonus anyway, and so never waited).
    told = [m for m in public if "You may choose now" in (m.content or "")]
    assert told and all("took the **" in m.content and m.button("Open my panel") for m in told)

    row = await bot_of(fake).service.game(game_id)
    assert row.status == "finished"
    [board] = [m for m in public if "final scores" in (m.content or "")]
    lines = board.content.splitlines()
    winner = row.user_of(row.result["ranking"][0])
    assert lines[1].startswith("🥇 1. ") and f"<@{winner}>" in lines[1]
    assert "Achievements" in board.content and "Played side B" in board.content
    if has_renderer():
        [sheets] = [m for m in public if (m.content or "").startswith("Final sheets")]
        assert len(sheets.files) == 2 and board.files


async def test_sheet_command_shows_any_players_sheet(fake: FakeDiscord) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, start = await start_table(fake, alice, bob)
    panel = await open_panel(fake, alice, start)
    await choose_auto(fake, alice, panel, game_id)

    [_, mine] = await fake.command("rollwrite sheet", user=alice)
    assert mine.ephemeral and "alice" not in mine.content and alice.mention in mine.content
    assert "round 1 of 12" in mine.content and "Employees ready:" in mine.content
    [_, theirs] = await fake.command("rollwrite sheet", user=carol, options={"player": bob})
    assert bob.mention in theirs.content
    if has_renderer():
        assert theirs.files
    [_, refused] = await fake.command("rollwrite sheet", user=carol)
    assert "You are not playing" in refused.content and refused.ephemeral


async def test_start_player_priority_tells_the_others_when_to_choose(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob, {"start_player_priority": True})
    waiting = await owing_users(fake, game_id)
    assert len(waiting) == 1  # only the start player may choose at first
    starter = alice if waiting[0] == alice.id else bob
    other = bob if starter is alice else alice
    assert "is the start player and chooses a set first" in start.content

    other_panel = await open_panel(fake, other, start)
    assert "start player" in other_panel.content.lower() and not panel_ids(other_panel)

    panel = await open_panel(fake, starter, start)
    before = len(public_messages(fake))
    await choose_auto(fake, starter, panel, game_id)
    [told] = public_messages(fake)[before:]
    assert f"{other.mention}" in told.content and "You may choose now" in told.content
    assert "took the" in told.content and starter.mention in told.content


async def test_show_my_sheet_sends_a_fresh_picture_between_text_edits(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, start = await start_table(fake, alice, bob)
    panel = await open_panel(fake, alice, start)
    await choose_auto(fake, alice, panel, game_id)
    shown = fake.message_view(panel)
    assert shown.button("Show my sheet") is not None
    sent = await fake.click(user=alice, message=panel, label="Show my sheet")
    [edit] = [s for s in sent if s.kind == "edit_original"]
    assert edit.ephemeral
    if has_renderer():
        assert edit.files and edit.files[0].data.startswith(b"\x89PNG")
