"""Roll & Write rendering benchmark: drawing a picture vs encoding that same finished picture as PNG.

Encoding is the unavoidable part of sending a picture; the aim is that drawing (copying the
cached empty sheet, then the marks) costs no more than encoding. Prints figures only,
medians over repeated runs, compared as ratios within one run on these noisy machines.

    .venv/bin/python bench/render_rollwrite.py [--repeat N] [--samples docs/pictures]

`--samples DIR` also writes the README's sample pictures (a sheet, the sets, the scoreboard)
from a real 4-player game with the expansions.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.render_timing import report
from engine.core import random_playout
from engine.core.rng import Rng
from engine.rollwrite import GAME
from engine.rollwrite.greedy import greedy_action
from rendering.kit import png
from rendering.rollwrite.scoreboard import draw_scoreboard
from rendering.rollwrite.sets import draw_sets
from rendering.rollwrite.sheet import draw_sheet, static_layers

NAMES = ["Akiko", "Benedikt", "Chiara", "Daisuke"]
OPTIONS = {"side": "A", "chinatown": True, "chamber_of_commerce": True}


def mixed_policy(game: Any, state: dict[str, Any], seat: int, rng: Rng) -> Any:
    """Greedy, except that seats after the first now and then pick at random: varied sheets."""
    if seat > 0 and rng.randint(1, 100) <= 12 * seat:
        return rng.choice(game.legal(state, seat))
    return greedy_action(game, state, seat)


def game_views(players: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """(a view in the middle of round 7, the view of the finished game) of one real game."""
    mid = random_playout(GAME, players, seed, OPTIONS, policy=mixed_policy, max_actions=1)
    state = mid.state
    rng = Rng(seed)
    middle = None
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, mixed_policy(GAME, state, seat, rng))
        if middle is None and state["round"] == 7:
            middle = GAME.view(state, 0)
    assert middle is not None
    return middle, GAME.view(state, 0)




def write_samples(folder: Path, middle: dict[str, Any], final: dict[str, Any]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "rollwrite-sheet.png").write_bytes(png(draw_sheet(final, 0)))
    (folder / "rollwrite-sheet-midgame.png").write_bytes(png(draw_sheet(middle, 1)))
    (folder / "rollwrite-sets.png").write_bytes(png(draw_sets(middle)))
    (folder / "rollwrite-scoreboard.png").write_bytes(png(draw_scoreboard(final, NAMES)))
    print(f"samples written to {folder}/")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--samples", type=Path, default=None)
    args = parser.parse_args()

    middle, final = game_views(4, 20261129)
    start = time.perf_counter()
    static_layers.cache_clear()
    draw_sheet(final, 0)
    print(f"empty sheet, drawn once per side (cold first picture): {(time.perf_counter() - start) * 1000:.1f} ms")
    report("sheet, round 7", lambda: draw_sheet(middle, 1), args.repeat)
    report("sheet, final", lambda: draw_sheet(final, 0), args.repeat)
    report("sets (public)", lambda: draw_sets(middle), args.repeat)
    report("scoreboard, 4 players", lambda: draw_scoreboard(final, NAMES), args.repeat)
    if args.samples:
        write_samples(args.samples, middle, final)


if __name__ == "__main__":
    main()
