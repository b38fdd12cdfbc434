"""Every picture kind of every game as a phone shows it: resized to 390 px wide, written to docs/pictures/phone/.

    .venv/bin/python -m bench.render_gallery [--out docs/pictures/phone]

For each game (a seeded random game part-way through and at its end, players named in several scripts and
one with Markdown in the name): the turn post's lead picture (with a story), the compact own view, the full
private picture, the public pictures, the final scores, and a replay frame; then the charts (a profile with
one game and with many, the daily race, a podium) and the tournament standings. Each is saved as a palette
PNG 390 px wide (what a phone shows), and the script prints each picture's size and bytes as sent.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from engine.core import Rng, get_game
from rendering.charts import Series, Step, line_chart, podium
from rendering.renderers import renderer_for
from rendering.replay import replay_frame
from rendering.tournament import Row, standings_picture

PHONE = 390
PLAYERS = {"duel": 2, "yokohama": 3, "rollwrite": 2}
NAMES = ["田中さくら", "**Benedikt**", "محمد علي"]
STORY = "**田中さくら** sends Power 3 to the Tea Garden, gains 2 Tea, and completes Order 12 for 6 points."


def played(kind: str, seed: int = 11, steps: int = 60) -> tuple[Any, Any]:
    """A state `steps` decisions into a seeded random game, and the same game's end."""
    game = get_game(kind)
    state = game.new(PLAYERS[kind], seed, None)
    rng = Rng(seed)
    middle = state
    n = 0
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        n += 1
        if n == steps:
            middle = state
    return middle, state


def save(out: Path, name: str, data: bytes) -> None:
    image = Image.open(io.BytesIO(data))
    size = image.size
    rgb = image.convert("RGB")
    phone = rgb.resize((PHONE, round(rgb.height * PHONE / rgb.width)), Image.Resampling.LANCZOS)
    path = out / f"{name}.png"
    phone.quantize(colors=64, dither=Image.Dither.NONE).save(path, optimize=True)
    print(f"{name}: {size[0]}x{size[1]}, {len(data) / 1000:.1f} KB sent; {path}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/pictures/phone"))
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for kind in PLAYERS:
        game = get_game(kind)
        renderer = renderer_for(kind)
        assert renderer is not None
        names = NAMES[: PLAYERS[kind]]
        middle, end = played(kind)
        seat = game.to_act(middle)[0]
        public = game.view(middle, None)
        own_view = game.view(middle, seat)
        choices = [game.describe(middle, a) for a in game.legal(middle, seat)]
        save(out, f"{kind}-lead", renderer.lead_picture(public, names=names, story=STORY)())
        save(out, f"{kind}-own", renderer.own_picture(own_view, names=names, name=names[seat], choices=choices)())
        save(out, f"{kind}-own-full", renderer.picture(own_view, names=names, name=names[seat])())
        for label, data in renderer.public_pictures(public, names=names)():
            save(out, f"{kind}-board" + (f"-{label}" if label else ""), data)
        save(out, f"{kind}-final", renderer.scoreboard(game.view(end, None), names=names)())
        frame = replay_frame(kind, public, names, STORY)
        if frame is not None:
            save(out, f"{kind}-replay-frame", frame)
    save(out, "chart-profile-one-game", line_chart("田中さくら — rating history", [Series("Duel", [1016])],
                                                   x_label="rated games", y_label="rating"))
    save(out, "chart-profile", line_chart("田中さくら — rating history",
                                          [Series("Duel", [1000, 1016, 1003, 1030, 1042, 1025]),
                                           Series("Roll & Write", [1000, 990, 1012])],
                                          x_label="rated games", y_label="rating"))
    save(out, "chart-daily-race", line_chart("Daily 2026-12-07: score race",
                                             [Series("You", [3, 8, 14, 20, 27, 33, 40, 44, 50, 55, 61, 66]),
                                              Series("Benedikt", [4, 9, 12, 22, 25, 36, 41, 46, 52, 60, 63, 70])],
                                             x_label="Round", y_label="VP"))
    save(out, "chart-podium", podium("Yokohama Duel — Season 3", [Step(1, "田中さくら", "1,212"),
                                     Step(2, "Benedikt", "1,150"), Step(3, "محمد علي", "1,101")],
                                     subtitle="Season podium"))
    rows = [Row(i + 1, name, str(5 - i), f"{9 - i}.5", str(140 - 10 * i), f"{5 - i}-{i}")
            for i, name in enumerate(["田中さくら", "Benedikt", "محمد علي", "김민준", "Zoë"])]
    save(out, "tournament-standings", standings_picture("Winter Swiss — after round 5", "Yokohama Duel · Swiss",
                                                        ["Pts", "Buch.", "VP", "W-L"], rows))


if __name__ == "__main__":
    main()
