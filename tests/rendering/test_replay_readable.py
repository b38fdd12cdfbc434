"""A long game's replay stays readable: fewer frames, never narrower ones (a 4-player Yokohama
replay of 86 positions was 56 frames 420 px wide, its text 5-6 px)."""

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
    assert captions == [f"{a}->{b}" for a, b in zip(shown, shown[1:], strict=False)]  # since the frame before
