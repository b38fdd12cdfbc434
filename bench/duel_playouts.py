"""Yokohama Duel playout benchmark: random playouts per second, and greedy vs random scores.

Run: .venv/bin/python bench/duel_playouts.py [random_games] [greedy_games]
Prints figures only (no assertions); compare runs as ratios on the same machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Rng, random_playout
from engine.duel import GAME


def greedy_seat(seat: int) -> Any:
    def policy(game: Any, state: Any, who: int, rng: Rng) -> Any:
        if who == seat:
            return game.auto_action(state, who)
        return rng.choice(game.legal(state, who))

    return policy


def bench_random(games: int) -> None:
    start = time.perf_counter()
    actions = 0
    totals = []
    for seed in range(games):
        result = random_playout(GAME, 2, seed)
        actions += len(result.log)
        totals += [s["total"] for s in GAME.scores(result.state)]
    elapsed = time.perf_counter() - start
    print(f"random playouts: {games} games in {elapsed:.2f} s = {games / elapsed:.1f} games/s, "
          f"{actions / elapsed:.0f} actions/s, {actions / games:.0f} actions/game")
    print(f"random play scores: mean {statistics.mean(totals):.1f}, "
          f"min {min(totals)}, max {max(totals)}, stdev {statistics.pstdev(totals):.1f}")
    size = len(GAME.dump(result.state))
    print(f"stored size of a finished game state: {size} bytes")


def bench_greedy(games: int) -> None:
    start = time.perf_counter()
    greedy, random_scores, wins = [], [], 0
    for seed in range(games):
        seat = seed % 2
        result = random_playout(GAME, 2, 10_000 + seed, policy=greedy_seat(seat))
        scores = [s["total"] for s in GAME.scores(result.state)]
        greedy.append(scores[seat])
        random_scores.append(scores[1 - seat])
        wins += seat in GAME.winners(result.state)
    elapsed = time.perf_counter() - start
    margins = [g - r for g, r in zip(greedy, random_scores, strict=True)]
    print(f"greedy vs random: {games} games in {elapsed:.2f} s ({elapsed / games:.2f} s/game)")
    print(f"  greedy scores: mean {statistics.mean(greedy):.1f}, min {min(greedy)}, max {max(greedy)}")
    print(f"  random scores: mean {statistics.mean(random_scores):.1f}, "
          f"min {min(random_scores)}, max {max(random_scores)}")
    print(f"  margin: mean {statistics.mean(margins):.1f}, min {min(margins)}, max {max(margins)}; "
          f"greedy wins {wins}/{games}")


def greedy_policy(game: Any, state: Any, who: int, rng: Rng) -> Any:
    return game.auto_action(state, who)


def bench_greedy_pair(games: int) -> None:
    start_wins, totals = 0.0, []
    for seed in range(games):
        result = random_playout(GAME, 2, 20_000 + seed, policy=greedy_policy)
        winners = GAME.winners(result.state)
        start = result.state["options"]["start_seat"]
        first = GAME.new(2, 20_000 + seed)["start_seat"] if start == -1 else start
        start_wins += (first in winners) / len(winners)
        totals += [s["total"] for s in GAME.scores(result.state)]
    print(f"greedy vs greedy: {games} games, scores mean {statistics.mean(totals):.1f} "
          f"(min {min(totals)}, max {max(totals)}); round-1 starting player wins {start_wins:.1f}/{games}")


def main() -> None:
    random_games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    greedy_games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    bench_random(random_games)
    if greedy_games:  # 0: random playouts only
        bench_greedy(greedy_games)
        bench_greedy_pair(greedy_games)


if __name__ == "__main__":
    main()
