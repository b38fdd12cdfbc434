"""Roll & Write benchmark: random playouts per second, and the greedy player's scores on sides A and B.

Prints figures only (no assertions): compare them as ratios within one run. The greedy
player's solo scores show whether the reconstructed sheets play like the real ones: the
rulebook's achievements put a strong game at 100-160 VP with 13-18 orders fulfilled.

    .venv/bin/python bench/rollwrite_playouts.py [--random N] [--greedy N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import random_playout
from engine.rollwrite import GAME
from engine.rollwrite.greedy import greedy_policy


def random_rate(games: int, players: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        random_playout(GAME, players, seed)
    return games / (time.perf_counter() - start)


def greedy_games(side: str, games: int) -> None:
    totals, orders, shops, houses, cargo, techs, tech_vp = [], [], [], [], [], [], []
    start = time.perf_counter()
    for seed in range(games):
        state = random_playout(GAME, 1, 1000 + seed, {"side": side}, policy=greedy_policy).state
        score = GAME.scores(state)[0]
        ps = state["sheets"][0]
        totals.append(score["total"])
        orders.append(sum(ps["fulfilled"]))
        shops.append(sum(ps["shops"]))
        houses.append(sum(ps["trading"]))
        cargo.append(ps["cargo"])
        techs.append(len(ps["techs"]))
        tech_vp.append(score["technology"])
    elapsed = time.perf_counter() - start
    q = statistics.quantiles(totals, n=10) if len(totals) >= 2 else [totals[0]] * 9
    print(f"side {side}: {games} greedy solo games in {elapsed:.1f} s ({games / elapsed:.1f} games/s)")
    print(
        f"  total VP: mean {statistics.mean(totals):.1f}, min {min(totals)}, 10% {q[0]:.0f}, "
        f"median {statistics.median(totals):.0f}, 90% {q[-1]:.0f}, max {max(totals)}"
    )
    print(f"  share of games at 100+ VP: {sum(t >= 100 for t in totals) / games:.0%}")
    for label, values in (
        ("orders fulfilled", orders),
        ("shops", shops),
        ("trading houses", houses),
        ("cargo", cargo),
        ("technologies", techs),
        ("technology VP", tech_vp),
    ):
        print(f"  {label}: mean {statistics.mean(values):.1f}, range {min(values)}-{max(values)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=100, help="random playouts per player count")
    parser.add_argument("--greedy", type=int, default=40, help="greedy solo games per side")
    args = parser.parse_args()
    for players in (1, 4):
        rate = random_rate(args.random, players)
        print(f"random playouts, {players} player(s): {rate:.1f} games/s ({rate * players:.1f} sheets/s)")
    for side in ("A", "B") if args.greedy else ():  # --greedy 0: random playouts only
        greedy_games(side, args.greedy)


if __name__ == "__main__":
    main()
