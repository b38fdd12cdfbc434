"""Benchmark: does each AI keep its time budget as a cap? Time per decision by budget.

For each game, mid-game positions are drawn from greedy games (every decision with more than one
option is a candidate; a seeded draw keeps about one in `--every`), the same positions for every
budget. Each AI decision is timed on the real clock; the table gives p50 / p95 / p99 / max per game
and budget (ms), how many decisions ran past budget + 10 % (the goal: p99 within budget + 10 %), the
decision's CPU time (p99), how late the AI noticed the deadline (p99: a stretch of work without a
check, or the process not scheduled at all), the most time it took after noticing, and the longest
CPU time between two readings of the clock in any decision (how fine the checks are).
Figures only, no assertions; the machine is shared, so a loaded moment shows in the tail.

    .venv/bin/python -m bench.ai_time_cap [--decisions 200] [--budgets 0.15 0.5 2] [--games yokohama duel rollwrite]
        [--level easy|hard]   (a game without the level is left out)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Game, Rng, get_game
from engine.core.deadline import pausing_the_collector

#: Player counts the positions are drawn from, per game (mixed).
PLAYERS = {"yokohama": (2, 3, 4), "duel": (2,), "rollwrite": (1, 2, 3, 4)}


def positions(game: Game, count: int, every: int, seed: int = 2025) -> list[tuple[Any, int]]:
    """`count` positions where the seat to act has a real choice, from greedy games on seeded draws."""
    rng = Rng(seed)
    out: list[tuple[Any, int]] = []
    game_seed = 0
    while len(out) < count:
        game_seed += 1
        state = game.new(rng.choice(list(PLAYERS[game.name])), 50_000 + game_seed)
        while not game.is_over(state) and len(out) < count:
            seat = rng.choice(game.to_act(state))
            if len(game.legal(state, seat)) > 1 and rng.below(every) == 0:
                out.append((state, seat))
            state = game.apply(state, seat, game.auto_action(state, seat))
    return out


def quantile(values: list[float], q: float) -> float:
    """The q-quantile by the nearest rank (p99 of 200 values is the second largest)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q * len(ordered) + 0.5)))
    return ordered[rank - 1]


class WatchedClock:
    """`time.perf_counter`, noting the first reading past the deadline (the moment the AI notices
    its time is up). Tells where an overrun comes from: noticed late (a stretch of work with no
    check, or the process not running at all on a busy machine), or work after noticing."""

    def __init__(self, budget_s: float) -> None:
        self.budget_s = budget_s
        self.deadline: float | None = None
        self.noticed: float | None = None
        self.cpu = time.process_time()
        self.gap = 0.0  # the longest CPU time between two readings: the granularity of the checks

    def __call__(self) -> float:
        now, cpu = time.perf_counter(), time.process_time()
        self.gap = max(self.gap, cpu - self.cpu)
        self.cpu = cpu
        if self.deadline is None:
            self.deadline = now + self.budget_s
        elif self.noticed is None and now > self.deadline:
            self.noticed = now
        return now


def main() -> None:
    pausing_the_collector()  # this process only searches: a collection must not eat a small budget
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200, help="AI decisions per game and budget")
    parser.add_argument("--budgets", type=float, nargs="*", default=[0.15, 0.5, 2.0])
    parser.add_argument("--games", nargs="*", default=["yokohama", "duel", "rollwrite"])
    parser.add_argument("--every", type=int, default=6, help="keep about one decision in this many")
    parser.add_argument("--level", default="easy", help="the AI level timed; games without it are left out")
    args = parser.parse_args()
    print(f"AI time per decision, {args.decisions} decisions per game and budget (ms); "
          f"over = decisions past budget + 10 %; level {args.level}")
    print(f"{'game':<10} {'budget':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} {'over':>6} {'p99/budget':>10} "
          f"{'cpu p99':>8} {'late p99':>8} {'after max':>9} {'gap max':>8}")
    for name in args.games:
        game = get_game(name)
        if args.level not in game.ai_levels:
            continue
        drawn = positions(game, args.decisions, args.every)
        for budget in args.budgets:
            times, cpu, late, after, gaps = [], [], [0.0], [0.0], []
            for index, (state, seat) in enumerate(drawn):
                clock = WatchedClock(budget)
                start, start_cpu = time.perf_counter(), time.process_time()
                game.ai_action(state, seat, seed=index, budget_s=budget, clock=clock, level=args.level)
                end = time.perf_counter()
                times.append(end - start)
                cpu.append(time.process_time() - start_cpu)
                gaps.append(clock.gap)
                if clock.noticed is not None and clock.deadline is not None:
                    late.append(clock.noticed - clock.deadline)
                    after.append(end - clock.noticed)
            over = sum(t > budget * 1.1 for t in times)
            p99 = quantile(times, 0.99)
            print(f"{name:<10} {budget:7.2f} {quantile(times, 0.5) * 1e3:7.0f} {quantile(times, 0.95) * 1e3:7.0f} "
                  f"{p99 * 1e3:7.0f} {max(times) * 1e3:7.0f} {over:>6} {p99 / budget:10.2f} "
                  f"{quantile(cpu, 0.99) * 1e3:8.0f} {quantile(late, 0.99) * 1e3:8.1f} {max(after) * 1e3:9.1f} "
                  f"{max(gaps) * 1e3:8.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
