"""Yokohama Duel rendering benchmark: drawing each picture vs PNG-encoding that same picture.

Encoding is the unavoidable part of sending a picture; the aim is that drawing (copying the cached
empty board, then the marks) costs no more than encoding, and that every picture stays under
150 KiB. Prints figures only: medians over repeated runs, compared as ratios within one run.

    .venv/bin/python bench/render_duel.py [--repeat N] [--samples docs/pictures]

It also draws the private view of the acting seat after every decision of the whole game and
prints the largest PNG seen. `--samples DIR` writes the README's sample pictures.
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
from engine.duel.game import GAME
from engine.duel.greedy import greedy_action
from rendering.duel.board import draw_board, static_board
from rendering.duel.final import draw_final
from rendering.duel.private import draw_private
from rendering.kit import png

NAMES = ["Akiko", "Benedikt"]
LIMIT = 150 * 1024


def play(seed: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every state of one greedy game (with a little randomness) and the last one."""
    state = GAME.new(2, seed)
    rng = Rng(seed)
    states = [state]
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal(state, seat)
        action = rng.choice(legal) if rng.randint(1, 100) <= 15 else greedy_action(state, seat)
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states, state


def pick_middle(states: list[dict[str, Any]]) -> dict[str, Any]:
    """A busy moment: round 3, the most Power cards on the board, the acting seat holding cards."""
    best = states[0]
    for state in states:
        if state["phase"] == "turn" and state["round"] == 3:
            played = sum(len(v) for v in state["played"].values())
            if played >= sum(len(v) for v in best.get("played", {}).values()):
                best = state
    return best




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--samples", type=Path, default=None)
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()

    states, final_state = play(args.seed)
    middle = pick_middle(states)
    public = GAME.view(middle, None)
    seat = middle["current"]
    own = GAME.view(middle, seat)
    final = GAME.view(final_state, None)

    start = time.perf_counter()
    static_board.cache_clear()
    draw_board(public, NAMES)
    print(f"empty board, drawn once (cold first picture): {(time.perf_counter() - start) * 1000:.1f} ms")
    report("board (public), round 3", lambda: draw_board(public, NAMES), args.repeat)
    report(f"private view (seat {seat + 1}), round 3", lambda: draw_private(own, seat, NAMES), args.repeat)
    report("final score", lambda: draw_final(final, NAMES), args.repeat)

    largest = (0, "")
    for state in states[:-1]:
        for viewer in GAME.to_act(state):
            size = len(png(draw_private(GAME.view(state, viewer), viewer, NAMES)))
            if size > largest[0]:
                largest = (size, f"round {state['round']}, seat {viewer + 1}, {len(state['players'][viewer]['hand'])} "
                           "cards in hand")  # fmt: skip
    verdict = "within" if largest[0] <= LIMIT else "OVER"
    print(f"largest private picture of the {len(states)} positions: {largest[0] / 1024:.1f} KiB ({largest[1]}), "
          f"{verdict} 150 KiB")  # fmt: skip

    if args.samples:
        folder = args.samples
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "duel-board.png").write_bytes(png(draw_board(public, NAMES)))
        (folder / "duel-private.png").write_bytes(png(draw_private(own, seat, NAMES)))
        (folder / "duel-final.png").write_bytes(png(draw_final(final, NAMES)))
        print(f"samples written to {folder}/")


if __name__ == "__main__":
    main()
