"""Yokohama rendering benchmark: drawing each picture vs encoding that same finished picture as PNG.

Encoding is the unavoidable part of sending a picture; the aim is that drawing (copying the
cached printed frame, pasting the game's boards, then the pieces, cards and names) costs no
more than encoding, and that every picture stays under 200 KiB, for 4 players. Prints figures
only: medians over repeated runs, compared as ratios within one run on these noisy machines.

    .venv/bin/python bench/render_yokohama.py [--repeat N] [--samples docs/pictures]

`--samples DIR` also writes the README's sample pictures from the same real 4-player game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.render_timing import report
from engine.core.rng import Rng
from engine.yokohama import GAME
from rendering.kit import png
from rendering.yokohama import draw_private
from rendering.yokohama.board_map import draw_map, frame
from rendering.yokohama.boards import draw_boards
from rendering.yokohama.final import draw_final

NAMES = ["Akiko", "Benedikt", "Chiara", "Daisuke"]
SEED = 4


def mixed_policy(state: dict[str, Any], seat: int, rng: Rng) -> Any:
    """Greedy, now and then a random legal action: a varied board (assistants left out, buildings, tokens)."""
    if rng.randint(1, 100) <= 35:
        return rng.choice(GAME.legal(state, seat))
    return GAME.auto_action(state, seat)


def game_states(players: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """(a state two thirds into the game, the finished state) of one real game."""
    state = GAME.new(players, seed)
    rng = Rng(seed * 7919 + 17)
    states = [state]
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, mixed_policy(state, seat, rng))
        states.append(state)
    middle = next(s for s in states[len(states) * 2 // 3:] if s["stage"] in ("place", "first"))
    return middle, state




def write_samples(folder: Path, middle: dict[str, Any], final: dict[str, Any]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    public = GAME.view(middle, None)
    (folder / "yokohama-map.png").write_bytes(png(draw_map(public, NAMES)))
    (folder / "yokohama-boards.png").write_bytes(png(draw_boards(public, NAMES)))
    (folder / "yokohama-private.png").write_bytes(png(draw_private(GAME.view(middle, middle["seat"]), NAMES)))
    (folder / "yokohama-final.png").write_bytes(png(draw_final(GAME.view(final, None), NAMES)))
    print(f"samples written to {folder}/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--samples", type=Path, default=None)
    args = parser.parse_args()

    middle, final = game_states(4, SEED)
    public = GAME.view(middle, None)
    own = GAME.view(middle, middle["seat"])
    over = GAME.view(final, None)
    print(f"4 players, seed {SEED}: middle view in round {middle['round']}, game over after round {final['round'] - 1}")
    frame.cache_clear()
    start = time.perf_counter()
    draw_map(public, NAMES)
    cold = (time.perf_counter() - start) * 1000
    print(f"printed map's frame, drawn once per layout (cold first picture): {cold:.1f} ms")
    report("map (public)", lambda: draw_map(public, NAMES), args.repeat)
    report("player boards (public)", lambda: draw_boards(public, NAMES), args.repeat)
    report("private (own board + map)", lambda: draw_private(own, NAMES), args.repeat)
    report("map, game over", lambda: draw_map(over, NAMES), args.repeat)
    report("final scores", lambda: draw_final(over, NAMES), args.repeat)
    if args.samples:
        write_samples(args.samples, middle, final)


if __name__ == "__main__":
    main()
