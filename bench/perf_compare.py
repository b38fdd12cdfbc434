"""Before/after speed of the engines: the same measurements on two source trees, alternating.

The machine is shared and noisy, so a figure only means something next to another taken in the
same run. This runs each measurement in a fresh process against a *baseline* tree and against
this tree, alternately, several times, and prints the best (fastest) run of each and their ratio. Each
measurement also prints a digest of what was played (actions, AI decisions); the two trees must
agree on it, which shows a speed-up changed no behaviour.

    git worktree add /tmp/base <commit>              # the baseline source tree
    .venv/bin/python bench/perf_compare.py --base /tmp/base [--rounds 3] [--only yok_ai ...]

Figures only, no assertions. A measurement is run in a tree with `PYTHONPATH=<tree>`, so any
commit with the same engine contract can be the baseline. Playouts and greedy games are timed in
CPU seconds of the measuring process (`time.process_time`), which a busy machine inflates far less
than wall time; AI decisions in wall time (their budget is wall time).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def _digest(values: list[Any]) -> str:
    return hashlib.sha1(json.dumps(values, sort_keys=True).encode()).hexdigest()[:10]


#: Before timing, a playout or greedy measurement plays one untimed game per player count, seeded from
#: here (outside the timed seeds): a process's first game parses the component files and fills the
#: engines' caches (~4 ms, about 2% of the 40 Roll & Write mixed playouts), which is not the rate of
#: playing. Both trees warm up alike, and the timed games and their digest are unchanged.
WARM_UP = 1_000_000


def _random(game_name: str, players: int | tuple[int, ...], games: int, cap: int | None
            ) -> Callable[[], dict[str, Any]]:
    """Random playouts through the contract; `players` a tuple: the counts in turn (mixed)."""
    counts = players if isinstance(players, tuple) else (players,)

    def run() -> dict[str, Any]:
        from engine.core import random_playout
        from engine.core.registry import get_game

        game = get_game(game_name)
        for count in counts:  # untimed: see WARM_UP
            random_playout(game, count, WARM_UP + count, max_actions=cap)
        start = time.process_time()
        logs, actions = [], 0
        for seed in range(games):
            result = random_playout(game, counts[seed % len(counts)], seed, max_actions=cap)
            actions += len(result.log)
            logs.append(game.dump(result.state))
        elapsed = time.process_time() - start
        return {"seconds": elapsed, "rate": games / elapsed, "unit": "playouts/s",
                "note": f"{actions / elapsed:.0f} actions/s", "digest": _digest(logs)}

    return run


def _greedy(game_name: str, players: int, games: int) -> Callable[[], dict[str, Any]]:
    def run() -> dict[str, Any]:
        from engine.core import random_playout
        from engine.core.registry import get_game

        game = get_game(game_name)
        random_playout(game, players, WARM_UP + players, max_actions=20000,  # untimed: see WARM_UP
                       policy=lambda g, s, seat, rng: g.auto_action(s, seat))
        start = time.process_time()
        states = []
        for seed in range(games):
            result = random_playout(game, players, seed, max_actions=20000,
                                    policy=lambda g, s, seat, rng: g.auto_action(s, seat))
            states.append(game.dump(result.state))
        elapsed = time.process_time() - start
        return {"seconds": elapsed, "rate": games / elapsed, "unit": "games/s", "note": "",
                "digest": _digest(states)}

    return run


def _ai(game_name: str, players: int, decisions: int, every: int) -> Callable[[], dict[str, Any]]:
    """`decisions` AI decisions at every `every`-th real decision of greedy games (seeds 1, 2, ...);
    only the AI's own time counts. The budget is large, so it never cuts a search short."""

    def run() -> dict[str, Any]:
        from engine.core.registry import get_game

        game = get_game(game_name)
        times: list[float] = []
        picks: list[Any] = []
        seed = 0
        while len(times) < decisions:
            seed += 1
            state = game.new(players, seed)
            n = 0
            while not game.is_over(state) and len(times) < decisions:
                seat = game.to_act(state)[0]
                options = game.legal(state, seat)
                if len(options) > 1:
                    n += 1
                    if n % every == 0:
                        start = time.perf_counter()
                        picks.append(game.ai_action(state, seat, seed=seed, budget_s=120.0))
                        times.append(time.perf_counter() - start)
                state = game.apply(state, seat, game.auto_action(state, seat))
        total = sum(times)
        return {"seconds": total, "rate": decisions / total, "unit": "decisions/s",
                "note": f"p50 {statistics.median(times) * 1000:.0f} ms", "digest": _digest(picks)}

    return run


MEASURES: dict[str, Callable[[], dict[str, Any]]] = {
    "yok_random_2p": _random("yokohama", 2, 6, 1500),
    "yok_random_3p": _random("yokohama", 3, 6, 1500),
    "yok_random_4p": _random("yokohama", 4, 4, 1500),
    "yok_greedy_3p": _greedy("yokohama", 3, 3),
    "yok_ai_3p": _ai("yokohama", 3, 30, 7),
    "duel_random": _random("duel", 2, 60, None),
    "duel_greedy": _greedy("duel", 2, 4),
    "duel_ai": _ai("duel", 2, 30, 5),
    "rw_random_1p": _random("rollwrite", 1, 60, None),
    "rw_random_4p": _random("rollwrite", 4, 20, None),
    "rw_random_mixed": _random("rollwrite", (1, 2, 3, 4), 40, None),
    "rw_greedy_1p": _greedy("rollwrite", 1, 4),
    "rw_ai_1p": _ai("rollwrite", 1, 20, 3),
}


def _measure_in(tree: Path, name: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure", name],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="the baseline source tree")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per tree")
    parser.add_argument("--only", nargs="*", default=list(MEASURES), help="measurements to run")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(MEASURES[args.measure]()))
        return
    if args.base is None:
        parser.error("--base is required")
    print(f"{'measurement':<15} {'before':>12} {'after':>12} {'ratio':>7}  unit, notes (best of {args.rounds})")
    for name in args.only:
        runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            runs["before"].append(_measure_in(args.base, name))
            runs["after"].append(_measure_in(HERE, name))
        # the fastest run of each tree: on a shared machine the least disturbed one
        before = max(r["rate"] for r in runs["before"])
        after = max(r["rate"] for r in runs["after"])
        digests = {r["digest"] for rs in runs.values() for r in rs}
        same = "same play" if len(digests) == 1 else "PLAY DIFFERS"
        print(f"{name:<15} {before:12.2f} {after:12.2f} {after / before:6.2f}x  {runs['after'][0]['unit']}, "
              f"{same}; before {runs['before'][0]['note']}, after {runs['after'][0]['note']}", flush=True)


if __name__ == "__main__":
    main()
