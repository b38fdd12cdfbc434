"""Benchmark: Yokohama random playouts per second by player count, and game lengths.

Prints figures only (no assertions). Random play is aimless and seldom ends the game, so
its playouts are capped; the greedy player's games show how long a purposeful game runs.

    .venv/bin/python bench/yokohama_playouts.py [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# Run as a script from anywhere: make the project root importable (as bench/duel_playouts.py does).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import random_playout
from engine.yokohama import GAME
from engine.yokohama.endgame import rounds_played

RANDOM_CAP = 1500


def greedy(game, state, seat, rng):
    return game.auto_action(state, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random playouts per player count")
    parser.add_argument("--greedy-games", type=int, default=5, help="greedy games per player count")
    args = parser.parse_args()
    print(f"Yokohama random playouts (cap {RANDOM_CAP} actions each)")
    for players in (2, 3, 4):
        start = time.perf_counter()
        actions = turns = finished = 0
        for seed in range(args.games):
            result = random_playout(GAME, players, seed, max_actions=RANDOM_CAP)
            actions += len(result.log)
            turns += result.state["turns"]
            finished += result.finished
        elapsed = time.perf_counter() - start
        print(f"  {players} players: {args.games / elapsed:6.2f} playouts/s, {actions / elapsed:7.0f} actions/s, "
              f"{turns / args.games:5.1f} turns/playout, {finished}/{args.games} reached the end")
    if args.greedy_games:
        print("Yokohama greedy games (to the end)")
    for players in (2, 3, 4) if args.greedy_games else ():  # --greedy-games 0: random playouts only
        start = time.perf_counter()
        lengths, rounds, actions, winners = [], [], 0, []
        for seed in range(args.greedy_games):
            result = random_playout(GAME, players, seed, max_actions=20000, policy=greedy)
            lengths.append(result.state["turns"])
            rounds.append(rounds_played(result.state))
            actions += len(result.log)
            winners.append(max(row["total"] for row in GAME.scores(result.state)))
        elapsed = time.perf_counter() - start
        print(f"  {players} players: {args.greedy_games / elapsed:5.2f} games/s, turns median "
              f"{statistics.median(lengths)} (min {min(lengths)}, max {max(lengths)}), rounds median "
              f"{statistics.median(rounds)}, {actions / args.greedy_games:.0f} decisions/game, "
              f"winning score median {statistics.median(winners)}")
    state = random_playout(GAME, 4, 1, max_actions=400).state
    print(f"Stored size of a 4-player game after 400 actions: {len(GAME.dump(state))} bytes")


if __name__ == "__main__":
    main()
