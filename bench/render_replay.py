"""Replays of recorded whole games: frames, width, bytes and time of the GIF `/table replay` posts.

    .venv/bin/python -m bench.render_replay [--record tests/fixtures/yokohama/greedy-4p-1.json ...]

Takes the frames the bot takes (`bot.service.replay.replay_frames`: the start, whenever the turn passes
or the round changes, the end) from a recorded game's log, draws `rendering.replay.replay_gif` as the
drawing process would, and prints per game the decisions and positions it had, the frames and size of the
GIF, its bytes (goal: at most 2 MB for a 36-decision Duel) and the CPU time it took (goal: at most 2 s).
With `--formats`, the same frames are also encoded as an animated WebP (lossless) and an APNG, for the bytes
and CPU each format costs.
"""

from __future__ import annotations

import argparse
import io
import time
from pathlib import Path
from typing import Any

from PIL import Image

from engine.core import get_game

HERE = Path(__file__).resolve().parent.parent
RECORDS = ["tests/fixtures/yokohama/techs-use-nochurch-4p-1.json", "tests/fixtures/yokohama/mixed-3p-5.json",
           "tests/fixtures/duel/greedy-0.json", "tests/fixtures/rollwrite/basic-2p-10.json"]
NAMES = ["Akiko", "Benedikt", "Chiara", "Daisuke"]


def frames_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The public views of the frames the bot takes of this game."""
    engine = get_game(record["game"])
    state = engine.new(record["players"], record["seed"], record["options"])

    def mark(s: dict[str, Any]) -> Any:
        marker = engine.turn_marker(s)
        return (marker, ()) if marker is not None else (None, tuple(engine.to_act(s)))

    views = [engine.view(state, None)]
    now = mark(state)
    for seat, action in record["actions"]:
        state = engine.apply(state, int(seat), action)
        if mark(state) != now:
            now = mark(state)
            views.append(engine.view(state, None))
    views.append(engine.view(state, None))
    return views


def main() -> None:
    import json

    from rendering.replay import replay_gif

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", nargs="+", default=RECORDS)
    parser.add_argument("--save", type=Path, default=None, help="a folder to write the GIFs to")
    parser.add_argument("--formats", action="store_true", help="also encode the frames as WebP and APNG")
    args = parser.parse_args()
    for name in args.record:
        path = HERE / name
        if not path.exists():
            print(f"{name}: not found")
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        views = frames_of(record)
        start = time.process_time()
        gif = replay_gif(record["game"], views, NAMES[: record["players"]])
        took = time.process_time() - start
        if gif is None:
            print(f"{name}: no pictures")
            continue
        if args.save is not None:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / (Path(name).stem + ".gif")).write_bytes(gif)
        with Image.open(io.BytesIO(gif)) as image:
            frames, size = image.n_frames, image.size
        print(f"{name}: {len(record['actions'])} decisions, {len(views)} positions, GIF {frames} frames "
              f"{size[0]}x{size[1]}, {len(gif) / 1e6:.2f} MB, {took:.2f} s CPU", flush=True)
        if args.formats:
            compare_formats(gif)


def compare_formats(gif: bytes) -> None:
    """The GIF's frames encoded as animated WebP (lossless) and APNG: bytes and CPU of the encoding alone."""
    with Image.open(io.BytesIO(gif)) as image:
        frames = []
        durations = []
        for n in range(image.n_frames):
            image.seek(n)
            frames.append(image.convert("RGB"))
            durations.append(image.info.get("duration", 3000))
    for fmt, options in (("GIF", {"optimize": False, "disposal": 1}),
                         ("WEBP", {"lossless": True, "method": 4, "quality": 80}),
                         ("PNG", {})):
        start = time.process_time()
        buffer = io.BytesIO()
        if fmt == "GIF":
            palette = frames[0].quantize(colors=255, dither=Image.Dither.NONE)
            still = [palette] + [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames[1:]]
            still[0].save(buffer, fmt, save_all=True, append_images=still[1:], duration=durations, loop=0, **options)
        else:
            frames[0].save(buffer, fmt, save_all=True, append_images=frames[1:], duration=durations, loop=0,
                           **options)
        took = time.process_time() - start
        label = {"PNG": "APNG", "WEBP": "animated WebP (lossless)"}.get(fmt, "GIF")
        print(f"    {label}: {len(buffer.getvalue()) / 1e6:.2f} MB, encoded in {took:.2f} s CPU", flush=True)


if __name__ == "__main__":
    main()
