"""Benchmark: how many decisions a Yokohama turn asks of a player (greedy games).

A turn should take a few clicks. This plays greedy games to the end and prints,
per game, decisions per turn (every action after the setup keeps, divided by the turns
played) and the share of decisions that had a single option. Figures only, no assertions.
The bot plays a formality (`is_formality`) for the player, so the "clicks" column leaves
those out: it is what a human actually clicks.

    .venv/bin/python bench/yokohama_decisions.py [--games 20] [--players 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.yokohama import GAME


def play(players: int, seed: int) -> tuple[float, float, float]:
    """One greedy game: (decisions per turn, clicks per turn, share of single-option decisions)."""
    state = GAME.new(players, seed)
    decisions = single = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        setup = state["stage"] == "keep"
        if not setup:
            decisions += 1
            single += len(GAME.legal(state, seat)) == 1
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    turns = max(1, state["turns"])
    return decisions / turns, (decisions - single) / turns, single / max(1, decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="greedy games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[3], help="player counts")
    args = parser.parse_args()
    for players in args.players:
        start = time.perf_counter()
        rows = [play(players, seed) for seed in range(args.games)]
        elapsed = time.perf_counter() - start
        per_turn = statistics.median(r[0] for r in rows)
        clicks = statistics.median(r[1] for r in rows)
        single = statistics.median(r[2] for r in rows)
        print(f"Yokohama {players} players, {args.games} greedy games ({elapsed:.0f} s): decisions per turn "
              f"median {per_turn:.2f} (min {min(r[0] for r in rows):.2f}, max {max(r[0] for r in rows):.2f}); "
              f"clicks per turn (single-option decisions left out) median {clicks:.2f}; "
              f"single-option share median {100 * single:.0f}%")


if __name__ == "__main__":
    main()
