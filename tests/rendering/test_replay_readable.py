"""A replay reads on a phone: every frame a lead picture at half size (its smallest text 11 px at 390 px), one
height for every frame (no blank band), a whole Duel within 2 MB; a long game gets fewer frames, never narrower
ones."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from rendering import replay
from rendering.kit import png
from rendering.replay import WIDTH, animated_gif, replay_gif


def busy_frame(n: int, height: int = 900) -> bytes:
    """A frame as costly to compress as a board: many small marks, different in every frame."""
    image = Image.new("RGB", (1200, height), (250, 246, 236))
    draw = ImageDraw.Draw(image)
    for k in range(900):
        x, y = (k * 37 + n * 11) % 1180, (k * 53 + n * 7) % (height - 20)
        draw.rectangle((x, y, x + 12, y + 12), fill=((k * 40) % 256, (n * 60 + k) % 256, 120))
        draw.text((x, y + 13), str(k + n), fill=(30, 30, 30))
    return png(image.quantize(colors=64, dither=Image.Dither.NONE))


def gif_facts(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as gif:
        return gif.n_frames, gif.width


@pytest.mark.slow
def test_a_gif_over_its_limit_drops_frames_and_keeps_its_width() -> None:
    frames = [busy_frame(n) for n in range(12)]
    whole = animated_gif(frames)
    assert gif_facts(whole) == (12, WIDTH)
    limit = len(whole) // 3
    small = animated_gif(frames, max_bytes=limit)
    count, width = gif_facts(small)
    assert len(small) <= limit
    assert 2 <= count < 12 and width == WIDTH


def test_a_long_replay_draws_only_the_positions_it_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions are picked before drawing (a frame costs ~0.3 s of drawing and quantizing); each caption
    tells what happened since the frame before; the first and last positions are always shown."""
    drawn: list[tuple[int, str]] = []

    def frame(kind: str, view: dict[str, Any], names: list[str], story: str) -> bytes:
        drawn.append((view["n"], story))
        return busy_frame(view["n"])

    def story(kind: str, before: dict[str, Any] | None, view: dict[str, Any], names: list[str]) -> str:
        return f"{before['n'] if before else '-'}->{view['n']}"

    monkeypatch.setattr(replay, "replay_frame", frame)
    monkeypatch.setattr(replay, "turn_story", story)
    views = [{"n": n} for n in range(40)]
    limit = 6 * len(busy_frame(1))  # a few frames' worth of bytes: the 40 positions cannot all be shown
    gif = replay_gif("yokohama", views, ["Ann"], max_bytes=limit)
    assert gif is not None and len(gif) <= limit
    count, width = gif_facts(gif)
    assert width == WIDTH and 2 <= count < 40
    shown = [n for n, _ in drawn[3:]]  # after the three frames it measured
    assert shown[0] == 0 and shown[-1] == 39 and len(shown) < 12
    captions = [text for _, text in drawn[4:]]
    told = [f"{a}->{b}" for a, b in zip(shown, shown[1:], strict=False)]  # since the frame before
    assert captions[:-1] == told[:-1] and captions[-1].startswith(told[-1])  # the last adds the final scores


def test_a_recorded_duel_replays_as_phone_frames_of_one_height_within_two_megabytes() -> None:
    from bench.render_replay import frames_of
    from rendering.kit.lead import MIN_TEXT
    from tests.engine.recorded import FIXTURES, read_record

    record = read_record(FIXTURES / "duel" / "greedy-0.json")
    views = frames_of(record)
    gif = replay_gif("duel", views, ["**Akiko**", "田中太郎"])
    assert gif is not None and len(gif) <= 2_000_000
    with Image.open(io.BytesIO(gif)) as image:
        assert image.n_frames == len(views) and image.width == WIDTH
        assert MIN_TEXT * WIDTH / 1200 * 390 / WIDTH >= 11  # the lead's smallest text, halved, on a phone
        heights = set()
        for n in range(image.n_frames):
            image.seek(n)
            heights.add(image.size[1])
            bottom = image.convert("RGB").crop((0, image.height - 40, image.width, image.height - 12))
            assert bottom.getcolors(4096) is not None and len(bottom.getcolors(4096) or []) > 2, "no blank band"
        assert len(heights) == 1
