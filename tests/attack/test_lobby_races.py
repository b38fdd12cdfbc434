"""Probe: Join (and Add the bot) racing Start, through the real buttons.

Guarantee: start, join, leave, add and remove the bot are compare-and-set on the lobby's version; a
joiner told "You joined" is seated in the game that starts, and a join that loses to Start is told the
game started without them (no ghost seat: nobody is left seated without a seat number).
"""

from __future__ import annotations

import asyncio

from tests.attack.conftest import Scene, texts

PAIRS = 8


async def test_join_clicked_with_start_never_leaves_a_ghost_seat(scene: Scene) -> None:
    fake = scene.fake
    joined = refused = 0
    for pair in range(PAIRS):
        channel = fake.add_text_channel(f"race-{pair}")
        joiner = fake.user(f"joiner {pair}")
        [lobby] = await fake.command("table new", user=scene.alice, channel=channel, options={"game": "counting"})
        await fake.click(user=scene.bob, message=lobby, label="Join")
        clicks = [(joiner, "Join"), (scene.alice, "Start")]
        if pair % 2:
            clicks.reverse()
        before = len(fake.sent)
        # Both clicks arrive before either is answered (the second is dispatched while the first is busy).
        await asyncio.gather(*(fake.click(user=user, message=lobby, label=label) for user, label in clicks))
        told = texts([s for s in fake.sent[before:] if s.ephemeral])
        [game] = [g for g in await scene.bot.storage.list_games(channel_id=channel.id, statuses=("active",))]
        assert [s.user_id for s in game.seats if s.seat is None] == [], "a ghost seat"
        if "You joined" in told:
            assert game.is_seated(joiner.id)
            joined += 1
        else:
            assert not game.is_seated(joiner.id) and "started" in told, told
            refused += 1
    assert joined + refused == PAIRS
