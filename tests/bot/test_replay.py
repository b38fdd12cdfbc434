"""Replays of finished games as animated GIFs: a frame per turn or round, within the limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.service import ServiceError, TableService
from bot.service.replay import replay_frames
from engine.core import Rng
from rendering import replay
from rendering.replay import animated_gif
from rendering.rollwrite import render_sheet


async def _finished_rollwrite(service: TableService) -> int:
    game = await service.lobby.create("rollwrite", creator_id=1, seed=3)
    await service.lobby.start(game.id, 1)
    rng = Rng(1)
    while (await service.game(game.id)).status == "active":
        decision = await service.play.decision(game.id, 1)
        await service.play.act_by_index(game.id, 1, decision.version, rng.below(len(decision.options)))
    return game.id


async def test_a_finished_rollwrite_game_gives_a_frame_per_round(service: TableService, storage) -> None:
    game_id = await _finished_rollwrite(service)
    engine, frames = await replay_frames(storage, await service.game(game_id))
    assert len(frames) == 13  # the start, then the end of each of the 12 rounds
    assert [f.state["round"] for f in frames[1:-1]] == list(range(2, 13))
    assert engine.is_over(frames[-1].state)


async def test_a_running_game_cannot_be_replayed(service: TableService, storage) -> None:
    game = await service.lobby.create("rollwrite", creator_id=1, seed=3)
    await service.lobby.start(game.id, 1)
    with pytest.raises(ServiceError, match="not finished yet"):
        await replay_frames(storage, await service.game(game.id))


def _frames_of(gif: bytes) -> int:
    return Image.open(io.BytesIO(gif)).n_frames


@pytest.mark.slow
async def test_the_gif_fits_the_upload_limit_by_scaling_then_thinning(service: TableService, storage) -> None:
    game_id = await _finished_rollwrite(service)
    engine, frames = await replay_frames(storage, await service.game(game_id))
    pictures = [render_sheet(engine.view(f.state, None), 0, "Ann") for f in frames]
    full = animated_gif(pictures)
    assert _frames_of(full) == 13 and Image.open(io.BytesIO(full)).width == replay.WIDTH
    small = animated_gif(pictures, max_bytes=len(full) // 6)
    assert len(small) <= len(full) // 6
    assert 2 <= _frames_of(small) < 13


@pytest.mark.slow
async def test_each_frame_is_captioned_with_what_happened(service: TableService, storage) -> None:
    """A caption per frame (round, player, what they did, points): each frame a lead picture of one height
    whatever its story's length (no blank band), frames differing in their captions, the GIF within its limit."""
    from rendering.kit import recording_drawn_text
    from rendering.kit.lead import WIDTH
    from rendering.replay import MAX_BYTES, replay_frame, replay_gif, turn_story

    game_id = await _finished_rollwrite(service)
    engine, frames = await replay_frames(storage, await service.game(game_id))
    views = [engine.view(f.state, None) for f in frames]
    story = turn_story("rollwrite", views[2], views[3], ["Ann"])
    assert story.startswith("Ann: ")
    with recording_drawn_text() as drawn:
        frame = Image.open(io.BytesIO(replay_frame("rollwrite", views[3], ["Ann"], story) or b""))
    told = Image.open(io.BytesIO(replay_frame("rollwrite", views[3], ["Ann"], "") or b""))
    assert frame.width == WIDTH and frame.size == told.size  # one height for every frame
    assert any(line and story.startswith(line.rstrip(".")) for line in drawn)  # the caption's story
    assert frame.tobytes() != told.tobytes()
    gif = replay_gif("rollwrite", views, ["Ann"])
    assert gif is not None and len(gif) <= MAX_BYTES and _frames_of(gif) == len(frames)


def test_a_captions_story_is_what_the_log_gained_also_when_the_log_keeps_only_its_latest_lines() -> None:
    from rendering.replay import turn_story

    before = {"log": ["{seat:0} buys 1 Tea", "{seat:1} sends Power 4 to Copper Mine"]}
    after = {"log": ["{seat:1} sends Power 4 to Copper Mine", "{seat:1} builds a Trading House"]}
    assert turn_story("duel", before, after, ["Ann", "Bo"]) == "Bo builds a Trading House."


def test_a_yokohama_caption_names_people_not_colours() -> None:
    from rendering.replay import turn_story

    before = {"log": [], "seats": [{"colour": "Red"}, {"colour": "Blue"}]}
    after = {"log": ["Blue placed assistants in Chinatown"], "seats": before["seats"]}
    assert turn_story("yokohama", before, after, ["Ann", "Bo"]) == "Bo placed assistants in Chinatown."
