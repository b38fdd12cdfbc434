"""A compiled copy of the Yokohama engine, for benchmarks that run for CPU-hours (the AI samples).

A 3-player game with the AI in every seat costs minutes of CPU, and a calibration sample is 200 of them at each
player count. The same source compiled with mypyc (which ships with mypy, a test dependency) plays the
same games about twice as fast. This builds such a copy *outside* the project tree, so the tests, the bot
and CI always run the plain Python, and then proves the copy plays the same: whole greedy games at 2, 3
and 4 players and AI decisions on fixed seeds, in the source tree and in the copy, each in a fresh
process, must give the same digest. It prints both CPU times and exits 1 if the play differs.

    python -m bench.compiled_engine DIR [--games 10] [--decisions 30]
    cd DIR && python -m bench.yokohama_calibration ... --log /absolute/path.jsonl --resume

Only modules mypyc compiles as they are go in `MODULES`; the rest of the engine stays Python in the copy.
Figures only, no assertions beyond "same play".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import TypedDict

HERE = Path(__file__).resolve().parent.parent

#: Compiled in the copy: the Yokohama rules, the greedy player and the AI (the hot path of a look-ahead),
#: and the core helpers they call on every move. `engine/core/steps.py` stays Python: the Duel's and Roll
#: & Write's interpreted steps inherit from it, and an interpreted class cannot inherit a compiled one.
MODULES = (
    *(f"engine/yokohama/{name}.py" for name in (
        "greedy", "board", "copying", "endgame", "ai", "movement", "placement", "flow", "additional",
        "areas", "rewards", "port", "agency", "chinatown", "church", "construction", "laboratory", "step",
        "achievements", "components")),
    "engine/core/deadline.py", "engine/core/jsoncopy.py", "engine/core/rng.py",
)
#: What the copy needs to run the benchmarks: the engine, its component data and the benchmarks.
COPIED = ("engine", "data", "bench")


class Played(TypedDict):
    """What one tree played: a digest of it and the CPU seconds it took."""

    digest: str
    greedy_cpu: float
    ai_cpu: float


def build(target: Path) -> None:
    """Copy the tree's engine, data and benchmarks to `target` and compile `MODULES` there."""
    if target.resolve() == HERE or HERE in target.resolve().parents:
        raise SystemExit("build the compiled copy outside the project tree")
    target.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.rmtree(target / name, ignore_errors=True)
        shutil.copytree(HERE / name, target / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "results"))
    mypyc = Path(sys.executable).with_name("mypyc")
    subprocess.run([str(mypyc), *MODULES], cwd=target, check=True, stdout=subprocess.DEVNULL)


def play_digest(games: int, decisions: int) -> Played:
    """The calibration's own games (`bench.yokohama_calibration.run_game`): `games` greedy games at 2, 3
    and 4 players, and the first `decisions` decisions of 3-player AI game 5001 (`--budget 10`, never
    binding); a digest of every state they stop at, and the CPU time each part took."""
    from bench.yokohama_calibration import run_game

    digest = hashlib.sha1()
    started = time.process_time()
    for players in (2, 3, 4):
        for seed in range(games):
            digest.update(json.dumps(run_game(players, seed, "greedy", 10.0)[0], sort_keys=True).encode())
    greedy_cpu = time.process_time() - started
    started = time.process_time()
    state = run_game(3, 5001, "ai", 10.0, max_decisions=decisions)[0]
    digest.update(json.dumps(state, sort_keys=True).encode())
    return {"digest": digest.hexdigest()[:12], "greedy_cpu": greedy_cpu, "ai_cpu": time.process_time() - started}


def measure(tree: Path, games: int, decisions: int) -> Played:
    """`play_digest` in a fresh process that imports the engine from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = (f"import json; from bench.compiled_engine import play_digest; "
            f"print(json.dumps(play_digest({games}, {decisions})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, check=True, capture_output=True, text=True)
    result: Played = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("target", type=Path, help="where the compiled copy goes (outside the project tree)")
    parser.add_argument("--games", type=int, default=10, help="greedy games per player count in the check")
    parser.add_argument("--decisions", type=int, default=30, help="AI decisions of a 3-player game in the check")
    args = parser.parse_args()
    target = args.target.resolve()
    started = time.perf_counter()
    build(target)
    print(f"compiled {len(MODULES)} modules into {target} in {time.perf_counter() - started:.0f} s")
    source, compiled = measure(HERE, args.games, args.decisions), measure(target, args.games, args.decisions)
    for name, row in (("source", source), ("compiled", compiled)):
        print(f"{name:9} digest {row['digest']}  greedy games {row['greedy_cpu']:.1f} s  "
              f"AI decisions {row['ai_cpu']:.1f} s (CPU)")
    same = source["digest"] == compiled["digest"]
    ratio_greedy = source["greedy_cpu"] / compiled["greedy_cpu"]
    ratio_ai = source["ai_cpu"] / compiled["ai_cpu"]
    print(f"same play: {'yes' if same else 'NO'}; faster: greedy {ratio_greedy:.2f}x, AI {ratio_ai:.2f}x")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
